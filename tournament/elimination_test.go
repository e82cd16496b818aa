package tournament

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// Five bots in 2-bot matches: the top seed gets the byes, the rest meet 2
// against 5 and 3 against 4; the losers of the first round share a place.
func TestEliminationSeedingAndByes(t *testing.T) {
	e := Elimination{Setup: Setup{Game: "strength", Bots: cs(9, 8, 7, 6, 5), Seed: 1}}
	o, err := e.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ns, ps := names(o)
	if !slices.Equal(ns, []string{"c9", "c8", "c7", "c6", "c5"}) || !slices.Equal(ps, []int{1, 2, 3, 4, 4}) {
		t.Errorf("standings %v places %v", ns, ps)
	}
	r1 := o.Rounds[0].Matches
	if len(r1) != 3 || r1[0].Note != "bye" || !slices.Equal(r1[0].Bots, []string{"c9"}) ||
		!slices.Equal(r1[1].Bots, []string{"c8", "c5"}) || !slices.Equal(r1[2].Bots, []string{"c7", "c6"}) {
		t.Errorf("round 1: %+v", r1)
	}
	if r2 := o.Rounds[1].Matches; r2[0].Note != "bye" || !slices.Equal(r2[1].Bots, []string{"c8", "c7"}) {
		t.Errorf("round 2: %+v", r2)
	}
	if last := o.Rounds[len(o.Rounds)-1]; last.Name != "grand final" || !slices.Equal(last.Matches[0].Ranking, []string{"c9", "c8"}) {
		t.Errorf("final: %+v", last)
	}
	if o.Finished != 4 {
		t.Errorf("%d matches played, want 4 (2 + 1 + the final)", o.Finished)
	}
}

// A best-of-3 stops when a bot has won 2; the seats turn each game and a
// seating pair shares a seed.
func TestEliminationBestOfStopsEarly(t *testing.T) {
	var seen []string
	e := Elimination{Setup: Setup{Game: "strength", Bots: cs(3, 7), Seed: 5, OnMatch: func(p Played) {
		seen = append(seen, fmt.Sprintf("%v@%d", p.Seats, p.Seed))
	}}, BestOf: 3}
	o, err := e.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	m := o.Rounds[0].Matches[0]
	if m.Games != 2 || !slices.Equal(m.Wins, []int{0, 2}) || o.Standings[0].Name != "c7" {
		t.Errorf("match %+v", m)
	}
	if !slices.Equal(seen, []string{"[0 1]@5", "[1 0]@5"}) {
		t.Errorf("games %v: both seats on one seed", seen)
	}
	// Draws all the way: three games, and the higher seed goes on.
	e = Elimination{Setup: Setup{Game: "strength", Bots: []string{"a=builtin:c4", "b=builtin:c4"}}, BestOf: 3}
	if o, err = e.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	if m := o.Rounds[0].Matches[0]; m.Games != 3 || o.Standings[0].Name != "a" {
		t.Errorf("drawn match %+v: the top seed wins it", m)
	}
}

// The Blitz final's shape: 4-bot sudden-death matches, top 2 on, then a
// 2-bot best-of-three grand final.
func TestEliminationBlitzShape(t *testing.T) {
	e := Elimination{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3, 4, 5, 6, 7, 8)}, Size: 4, Advance: 2, FinalBestOf: 3}
	o, err := e.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	r1 := o.Rounds[0].Matches
	// Snake: seeds 1, 4, 5, 8 against 2, 3, 6, 7.
	if !slices.Equal(r1[0].Bots, []string{"c1", "c4", "c5", "c8"}) || !slices.Equal(r1[0].Advanced, []string{"c8", "c5"}) {
		t.Errorf("round 1: %+v", r1)
	}
	ns, ps := names(o)
	if ns[0] != "c8" || ns[1] != "c7" || !slices.Equal(ps, []int{1, 2, 3, 3, 5, 5, 5, 5}) {
		t.Errorf("standings %v %v", ns, ps)
	}
	final := o.Rounds[len(o.Rounds)-1].Matches[0]
	if final.Games != 2 || len(final.Bots) != 2 {
		t.Errorf("grand final %+v", final)
	}
}

func TestEliminationRefusals(t *testing.T) {
	for _, e := range []Elimination{
		{Setup: Setup{Game: "strength", Bots: cs(1)}},
		{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3)}, Size: 2, Advance: 2},
		{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3)}, BestOf: -1},
		{Setup: Setup{Game: "ants", Bots: []string{"builtin:wait", "builtin:wait", "builtin:wait"}}, Size: 3},
	} {
		if _, err := e.Play(context.Background()); err == nil {
			t.Errorf("%+v accepted", e)
		}
	}
}
