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
