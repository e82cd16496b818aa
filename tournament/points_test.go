package tournament

import (
	"context"
	"slices"
	"testing"
)

// Five bots in 4-bot games: five games a round, each bot in four of them,
// points 15/10/5/0 times the multiplier.
func TestPointRoundsLadder(t *testing.T) {
	pr := PointRounds{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3, 4, 5), Seed: 7}, Size: 4, Rounds: 2, Multipliers: []float64{1, 2}}
	o, err := pr.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if o.Finished != 10 {
		t.Errorf("%d games, want 5 a round", o.Finished)
	}
	ns, ps := names(o)
	if !slices.Equal(ns, []string{"c5", "c4", "c3", "c2", "c1"}) || !slices.Equal(ps, []int{1, 2, 3, 4, 5}) {
		t.Errorf("ladder %v %v", ns, ps)
	}
	// A round: c5 wins its 4 games (60), c4 is second in the 3 with c5 and
	// first in the one without (45), then 30, 15, 0; the second round
	// counts twice.
	for i, want := range []float64{180, 135, 90, 45, 0} {
		if s := o.Standings[i]; s.LadderPoints != want || s.Played != 8 {
			t.Errorf("%s: %v points in %d games, want %v in 8", s.Name, s.LadderPoints, s.Played, want)
		}
	}
	if o.Standings[0].FirstPlaces != 8 || o.Standings[0].MeanScore != 25 {
		t.Errorf("c5: %+v (5 turns of 5: score 25)", o.Standings[0])
	}
}

// Tied bots both earn the shared place's points, and share the ladder
// place when everything ties.
func TestPointRoundsTies(t *testing.T) {
	pr := PointRounds{Setup: Setup{Game: "strength", Bots: []string{"a=builtin:c5", "b=builtin:c5", "builtin:c1", "builtin:c2"}, Seed: 1}, Size: 4}
	o, err := pr.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if a, b := o.Standings[0], o.Standings[1]; a.LadderPoints != 15 || b.LadderPoints != 15 || a.Place != 1 || b.Place != 1 || a.FirstPlaces != 1 {
		t.Errorf("tied firsts: %+v %+v", a, b)
	}
	if _, err := (PointRounds{Setup: Setup{Game: "strength", Bots: cs(1, 2, 3)}, Size: 4}).Play(context.Background()); err == nil {
		t.Error("3 bots for 4-bot games accepted")
	}
	if _, err := (PointRounds{Setup: Setup{Game: "strength", Bots: cs(1, 2)}, Size: 2, Multipliers: []float64{0}}).Play(context.Background()); err == nil {
		t.Error("multiplier 0 accepted")
	}
}

// Territory end to end: Ready AI Code's rounds of 4-player games with the
// builtin bots, and a 4-player groups tournament.
func TestTerritoryEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("plays territory games")
	}
	bots := []string{"builtin:greedy", "builtin:hunter", "builtin:random", "builtin:greedy", "builtin:hunter", "builtin:random"}
	pr := PointRounds{Setup: Setup{Game: "territory", Bots: bots, Seed: 2}, Rounds: 2, Multipliers: []float64{1, 3}}
	o, err := pr.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// 6 bots in 4-bot games: 3 games a round, each bot in 2.
	total := 0.0
	for _, s := range o.Standings {
		if s.Played != 4 {
			t.Errorf("%s played %d games, want 4", s.Name, s.Played)
		}
		total += s.LadderPoints
	}
	// Each game hands out 15+10+5+0 = 30 points, more when bots tie
	// (each gets the shared place's points): 3 games x1 + 3 games x3.
	if total < 360 || total > 720 {
		t.Errorf("ladder points total %v, 360 to 720 expected", total)
	}
	g := Groups{Setup: Setup{Game: "territory", Bots: append(bots, "builtin:greedy", "builtin:hunter"), Seed: 2}, Size: 4, Rounds: 2}
	o, err = g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Rounds) != 2 || len(o.Rounds[0].Matches) != 2 || len(o.Standings) != 8 || o.Finished != 4 {
		t.Errorf("groups: %+v", o)
	}
}

// TestLadderPiecesExported: the pieces the platform's ranked rounds share
// with PointRounds: the draw gives every bot the same number of games,
// the points of shared places are shared, and the order breaks ties by
// first places, then mean score, sharing what is still equal.
func TestLadderPiecesExported(t *testing.T) {
	games := RoundGroups(6, 4, 42, 1)
	count := map[int]int{}
	for _, g := range games {
		if len(g) != 4 {
			t.Fatalf("game %v", g)
		}
		for _, b := range g {
			count[b]++
		}
	}
	for b := range 6 {
		if count[b] != 2 { // 4/gcd(6,4)
			t.Errorf("bot %d plays %d games: %v", b, count[b], games)
		}
	}
	if got := LadderPoints(8, 1, 2); got != 70 {
		t.Errorf("first of 8, x2: %g", got)
	}
	if a, b := LadderPoints(4, 2, 1), LadderPoints(4, 2, 1); a != 10 || b != 10 {
		t.Errorf("shared second of 4: %g %g", a, b)
	}
	order, place := LadderOrder([]LadderKey{{10, 0, 5}, {20, 1, 1}, {10, 1, 0}, {10, 0, 5}, {10, 0, 6}})
	if want := []int{1, 2, 4, 0, 3}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if want := []int{1, 2, 3, 4, 4}; !slices.Equal(place, want) {
		t.Errorf("places %v, want %v", place, want)
	}
}
