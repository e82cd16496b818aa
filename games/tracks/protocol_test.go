package tracks

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// Checklist 48: connection names are sorted as strings.
func TestCellConnectionsSortedAsText(t *testing.T) {
	conns := []Connection{
		{From: 2, To: 3, Path: []int{0, 1}},
		{From: 10, To: 2, Path: []int{1, 2}},
		{From: 1, To: 5, Path: []int{1}},
	}
	got := cellConnections(4, conns)
	want := []string{"2-3", "1-5,10-2,2-3", "10-2", "x"}
	if !slices.Equal(got, want) {
		t.Fatalf("cell strings %q, want %q", got, want)
	}
}

func smallReferee(t *testing.T, grid []string, regions []string, desired ...string) *referee {
	t.Helper()
	b, err := scenarioBoard(grid, regions, desired)
	if err != nil {
		t.Fatal(err)
	}
	return newReferee(b, settingsFrom(game.Config{Options: game.MustOptions(options)}), []string{"a", "b"})
}

func TestPromptBytes(t *testing.T) {
	r := smallReferee(t, []string{"0 ~ *", "^ . 1"}, []string{"A A B", "A A A"}, "0>1", "1>0")
	msg, ask := r.Prompt(1)
	want := "1\n3\n2\n0 0\n0 1\n1 3\n0 2\n0 0\n0 0\n2\n0 0 0 1\n1 2 1 0\n" +
		"0\n0\n" + strings.Repeat("-1 0 0 x\n", 6)
	if !ask || string(msg) != want {
		t.Fatalf("turn-1 input of player 1:\n%q\nwant\n%q", msg, want)
	}
	r.Play([]game.Reply{
		{Status: game.Answered, Lines: []game.Line{{Text: "PLACE_TRACKS 1 0;PLACE_TRACKS 1 1"}}},
		{Status: game.Answered, Lines: []game.Line{{Text: "DISRUPT 1"}}},
	})
	msg, _ = r.Prompt(0)
	want = "4\n0\n" +
		"-1 0 0 0-1,1-0\n0 0 0 0-1,1-0\n-1 1 0 x\n" +
		"-1 0 0 x\n0 0 0 0-1,1-0\n-1 0 0 0-1,1-0\n"
	if string(msg) != want {
		t.Fatalf("turn-2 input of player 0:\n%q\nwant\n%q", msg, want)
	}
	msg, _ = r.Prompt(1)
	if !strings.HasPrefix(string(msg), "0\n4\n") {
		t.Fatalf("player 1's input starts %q, want its score then the opponent's", msg[:6])
	}
}

// The builtins' reader rebuilds exactly the board the referee sends.
func TestViewReadsPrompt(t *testing.T) {
	b, _ := generate(7, true)
	r := newReferee(b, settingsFrom(game.Config{Options: game.MustOptions(options)}), nil)
	for turn := 0; turn < 5; turn++ {
		r.Play([]game.Reply{
			{Status: game.Answered, Lines: []game.Line{{Text: "AUTOPLACE " + townPair(b, 0)}}},
			{Status: game.Answered, Lines: []game.Line{{Text: "AUTOPLACE " + townPair(b, 1) + ";DISRUPT 5"}}},
		})
	}
	r2 := newReferee(b, r.set, nil) // a fresh referee on the same board prints the init block
	var v view
	first, _ := r2.Prompt(1)
	init := first[:len(first)-len(r2.body)-len("0\n0\n")]
	msg, _ := r.Prompt(1)
	if err := v.read(append(append([]byte{}, init...), msg...)); err != nil {
		t.Fatal(err)
	}
	if v.me != 1 || v.turn != 1 || v.myScore != r.pl[1].score || v.foeScore != r.pl[0].score {
		t.Fatalf("view: me %d turn %d scores %d/%d", v.me, v.turn, v.myScore, v.foeScore)
	}
	if !slices.Equal(v.b.Track, b.Track) || !slices.Equal(v.b.Terrain, b.Terrain) || !slices.Equal(v.b.Region, b.Region) {
		t.Fatalf("the view's board differs from the referee's")
	}
	for i := range b.Regions {
		if v.b.Regions[i].Instability != b.Regions[i].Instability || v.b.Regions[i].Inked != b.Regions[i].Inked ||
			v.b.Regions[i].Town != b.Regions[i].Town || !slices.Equal(v.b.Regions[i].Neighbours, b.Regions[i].Neighbours) {
			t.Fatalf("region %d differs", i)
		}
	}
	for i, town := range b.Towns {
		if !slices.Equal(v.b.Towns[i].Desired, town.Desired) || v.b.Towns[i].Cell != town.Cell {
			t.Fatalf("town %d differs", i)
		}
	}
	if !slices.Equal(v.conns, r.cellConns) {
		t.Fatalf("connections differ")
	}
	if err := (&view{}).read([]byte("0\n3\n")); err == nil {
		t.Fatalf("a truncated input must be an error")
	}
}

// townPair is "x y x y" of the k-th desired connection of the map.
func townPair(b *Board, k int) string {
	for _, t := range b.Towns {
		for _, d := range t.Desired {
			if k == 0 {
				u := b.Towns[d]
				return strings.Join([]string{strconv.Itoa(t.X), strconv.Itoa(t.Y), strconv.Itoa(u.X), strconv.Itoa(u.Y)}, " ")
			}
			k--
		}
	}
	return "0 0 0 0"
}

// Rules §4.1: a town that desires no other town prints "x", and the desired
// ids are ascending, joined by ",".
func TestInitTownLines(t *testing.T) {
	r := smallReferee(t, []string{"0 . . . 1", ". . . . .", "2 . . . 3"}, nil, "0>3", "0>1", "2>0")
	msg, _ := r.Prompt(0)
	lines := strings.Split(string(msg), "\n")
	at := 3 + 15 // myId, width, height, then one line per cell
	want := []string{"4", "0 0 0 1,3", "1 4 0 x", "2 0 2 0", "3 4 2 x"}
	if got := lines[at : at+len(want)]; !slices.Equal(got, want) {
		t.Fatalf("town lines %q, want %q", got, want)
	}
}
