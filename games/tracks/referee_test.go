package tracks

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

func TestSettings(t *testing.T) {
	cases := []struct {
		opts []string
		want settings
	}{
		{nil, settings{inkThreshold: 3, sideQuest: true, interruptAny: true, league: 5}},
		{[]string{"ruleset=reference"}, settings{inkThreshold: 4, sideQuest: false, interruptAny: false, league: 5}},
		{[]string{"ruleset=reference", "ink_threshold=3", "side_quest=true"}, settings{inkThreshold: 3, sideQuest: true, interruptAny: false, league: 5}},
		{[]string{"autoplace_interrupt=paint_only", "ink_threshold=7"}, settings{inkThreshold: 7, sideQuest: true, interruptAny: false, league: 5}},
	}
	for _, c := range cases {
		got := settingsFrom(game.Config{Options: game.MustOptions(options, c.opts...)})
		if got != c.want {
			t.Errorf("%v: %+v, want %+v", c.opts, got, c.want)
		}
	}
	if got := settingsFrom(game.Config{League: 2, Options: game.MustOptions(options)}); got.league != 2 {
		t.Errorf("league %d, want 2", got.league)
	}
	if _, err := game.ParseOptions(options, []string{"ink_threshold=0"}); err == nil {
		t.Errorf("ink_threshold=0 accepted")
	}
	if _, err := game.ParseOptions(options, []string{"ruleset=codingame"}); err == nil {
		t.Errorf("an unknown ruleset accepted")
	}
}

func TestNewChecksPlayers(t *testing.T) {
	if _, err := (Game{}).New(game.Config{Players: 3, Options: game.MustOptions(options)}); err == nil {
		t.Fatal("3 players accepted")
	}
	ref, err := (Game{}).New(game.Config{Seed: 9, Players: 2, Options: game.MustOptions(options, "side_quest=false")})
	if err != nil {
		t.Fatal(err)
	}
	for _, ter := range ref.(*referee).b.Terrain {
		if ter == POI {
			t.Fatal("side_quest=false must generate no point of interest")
		}
	}
}

func answer(s string) game.Reply {
	return game.Reply{Status: game.Answered, Lines: []game.Line{{Text: s}}}
}

// Prompt and Frame must not change the state: the replay verifier calls
// them again.
func TestPromptAndFrameArePure(t *testing.T) {
	b, _ := generate(5, true)
	r := newReferee(b, settingsFrom(game.Config{Options: game.MustOptions(options)}), nil)
	r.Play([]game.Reply{answer("AUTOPLACE " + townPair(b, 0)), answer("AUTOPLACE " + townPair(b, 1) + ";DISRUPT 3")})
	f1, p1 := r.Frame(), promptOf(r, 0)
	for range 3 {
		r.Prompt(0)
		r.Prompt(1)
		r.Frame()
		r.Result()
		r.Over()
	}
	if string(r.Frame()) != string(f1) || promptOf(r, 0) != p1 {
		t.Fatal("Prompt, Frame, Result or Over changed the state")
	}
}

func promptOf(r *referee, p int) string {
	m, _ := r.Prompt(p)
	return string(m)
}

func TestInitialFrameHasTheMap(t *testing.T) {
	b, _ := generate(11, true)
	r := newReferee(b, settingsFrom(game.Config{Options: game.MustOptions(options)}), []string{"x", "y"})
	var f frameJSON
	if err := json.Unmarshal(r.Frame(), &f); err != nil {
		t.Fatal(err)
	}
	m := f.Map
	if m == nil || m.Width != b.W || m.Height != b.H || len(m.Terrain) != b.H || len(m.RegionOf) != b.H ||
		len(m.Towns) != len(b.Towns) || len(m.Regions) != len(b.Regions) || len(m.POIs) < 2 {
		t.Fatalf("initial frame map incomplete: %+v", m)
	}
	for y, row := range m.Terrain {
		for x := range row {
			c := b.cell(x, y)
			if int(row[x]-'0') != int(b.Terrain[c]) || m.RegionOf[y][x] != b.Region[c] {
				t.Fatalf("cell (%d, %d) differs", x, y)
			}
		}
	}
	if len(f.Tracks) != b.H || len(f.Regions) != len(b.Regions) || len(f.Players) != 2 || f.Players[1].Name != "y" {
		t.Fatalf("initial frame state incomplete")
	}
	r.Play([]game.Reply{answer("WAIT"), answer("WAIT")})
	var g frameJSON
	json.Unmarshal(r.Frame(), &g)
	if g.Map != nil {
		t.Fatal("later frames repeat the static map")
	}
}

func TestSideQuestInResultAndFrame(t *testing.T) {
	r := smallReferee(t, []string{"0 . *", ". . 1"}, nil, "0>1")
	r.Play([]game.Reply{answer("PLACE_TRACKS 1 0;PLACE_TRACKS 2 0"), answer("WAIT")})
	if r.pl[0].sideQuest {
		t.Fatal("3 paint cannot pay 1 + 3")
	}
	r.Play([]game.Reply{answer("PLACE_TRACKS 2 0"), answer("PLACE_TRACKS 1 1")})
	res := r.Result()
	st := res.Players[0].Stats
	if st["sideQuestPoints"] != 1 || st["poisServed"] != 1 || st["sideQuestTurn"] != 2 || res.Players[1].Stats["sideQuestPoints"] != 0 {
		t.Fatalf("stats %v / %v", st, res.Players[1].Stats)
	}
	var f frameJSON
	json.Unmarshal(r.Frame(), &f)
	if !f.Players[0].SideQuest || f.Players[0].SideQuestTurn != 2 || len(f.Players[0].POIsServed) != 1 ||
		f.Players[0].POIsServed[0] != [2]int{2, 0} || f.Players[1].SideQuest {
		t.Fatalf("frame players %+v", f.Players)
	}
}

func TestEliminationMessages(t *testing.T) {
	r := smallReferee(t, []string{"0 . 1"}, nil, "0>1")
	long := game.Reply{Status: game.Answered, Lines: []game.Line{{Text: strings.Repeat("W", 64), TooLong: true}}}
	r.Play([]game.Reply{long, {Status: game.Gone, Error: "exited with status 2"}})
	res := r.Result()
	if res.Players[0].Status != game.Disqualified || !strings.HasPrefix(res.Players[0].Message, "Invalid Input:") {
		t.Errorf("too long line: %+v", res.Players[0])
	}
	if res.Players[1].Status != game.Crashed || res.Players[1].Message != "b has not provided 1 lines in time on turn 1 (exited with status 2)" {
		t.Errorf("crash: %+v", res.Players[1])
	}
	// Rules §4: the game summary keeps CodinGame's words, "$<id> has not
	// provided 1 lines in time" (the result message names the bot instead).
	if !slices.Contains(r.ev.summary, "$1 has not provided 1 lines in time") {
		t.Errorf("game summary %q", r.ev.summary)
	}
	if !r.Over() || res.Players[0].Score != -1 || res.Players[1].Score != -1 || res.Players[0].Rank != 1 || res.Players[1].Rank != 1 {
		t.Errorf("both eliminated: over %v, %+v", r.Over(), res.Players)
	}
	if _, ask := r.Prompt(0); ask {
		t.Errorf("a finished game still prompts")
	}
	var f frameJSON
	json.Unmarshal(r.Frame(), &f)
	if len(f.Final) != 2 || f.Final[0].Score != -1 || f.Players[1].Reason == "" {
		t.Errorf("final frame: %+v %+v", f.Final, f.Players)
	}
}

// Rules §7: a "|" of a MESSAGE is shown as "∣" (U+2223) in the replay data,
// as the reference viewer shows it; the referee keeps the text it read.
func TestFrameMessagePipe(t *testing.T) {
	r := smallReferee(t, []string{"0 . 1"}, nil, "0>1")
	r.Play([]game.Reply{answer("MESSAGE a|b||c;WAIT"), answer("MESSAGE plain")})
	var f frameJSON
	if err := json.Unmarshal(r.Frame(), &f); err != nil {
		t.Fatal(err)
	}
	if got := f.Players[0].Message; got != "a∣b∣∣c" {
		t.Errorf("frame message %q, want %q", got, "a∣b∣∣c")
	}
	if got := f.Players[1].Message; got != "plain" {
		t.Errorf("frame message %q, want %q", got, "plain")
	}
	if r.pl[0].message != "a|b||c" {
		t.Errorf("the referee's message %q changed", r.pl[0].message)
	}
}
