package tournament

import (
	"context"
	"testing"

	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/catmouse"
	"github.com/seed27749672/arena/replay"
)

// series gives a 2-bot series result: ranks, and each bot's game wins and
// turn difference.
func series(r0, r1, w0, w1, d0 int) *replay.Result {
	res := &replay.Result{}
	for _, p := range [][3]int{{r0, w0, d0}, {r1, w1, -d0}} {
		pr := replay.PlayerResult{}
		pr.Rank, pr.Status = p[0], game.OK
		pr.Stats = map[string]any{"wins": p[1], "turnDifference": float64(p[2])}
		res.Players = append(res.Players, pr)
	}
	return res
}

func TestSeriesTable(t *testing.T) {
	tb := NewTable([]string{"a", "b", "c", "d"})
	st := newSeriesTable(tb)
	// a and b: 3 points each from the same game wins and turn difference;
	// b beat a. c drew everything; d lost everything.
	add := func(k int, seats []int, res *replay.Result) { tb.Add(k, seats, res); st.add(seats, res) }
	add(0, []int{0, 1}, series(2, 1, 1, 2, -5)) // b beats a
	add(1, []int{0, 2}, series(1, 2, 2, 1, 10)) // a beats c
	add(2, []int{1, 2}, series(2, 1, 1, 2, -5)) // c beats b
	add(3, []int{0, 3}, series(1, 2, 2, 0, 0))  // a beats d
	add(4, []int{1, 3}, series(1, 2, 2, 0, 5))  // b beats d
	add(5, []int{2, 3}, series(1, 1, 1, 1, 0))  // c draws d
	lines := st.standings()
	var got []string
	for _, l := range lines {
		got = append(got, l.Name)
	}
	// a: 6 points, 5 game wins, turn difference 5; b the same; c: 4;
	// d: 1. a and b tie on everything: b won their match.
	if got[0] != "b" || got[1] != "a" || lines[0].Place != 1 || lines[1].Place != 2 || lines[0].MatchPoints != 6 || got[2] != "c" || lines[3].MatchPoints != 1 {
		t.Errorf("table %v %+v", got, lines)
	}
}

// Cod'INSA's round robin with catmouse's builtin bots: one three-game
// match per pair.
func TestCatmouseRoundRobin(t *testing.T) {
	if testing.Short() {
		t.Skip("plays catmouse matches")
	}
	var games int
	rr := RoundRobin{Setup: Setup{Game: "catmouse", Bots: []string{"builtin:random", "builtin:pursuit", "builtin:evasive"}, Seed: 4,
		OnMatch: func(p Played) { games += len(p.Replays) }}}
	o, err := rr.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if o.Finished != 3 || games != 9 || o.Format != "series round robin" {
		t.Errorf("%d matches of %d games, format %q", o.Finished, games, o.Format)
	}
	points := 0
	for _, s := range o.Standings {
		points += s.MatchPoints
		if s.Played != 2 {
			t.Errorf("%s played %d matches", s.Name, s.Played)
		}
	}
	if points < 6 || points > 9 {
		t.Errorf("3 matches hand out 6 to 9 points, not %d", points)
	}
}
