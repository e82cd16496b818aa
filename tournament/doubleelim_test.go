package tournament

import (
	"context"
	"slices"
	"testing"
)

// Four bots of known strength: the losers drop, go out on a second loss,
// and the winners' champion takes the grand final (no reset).
func TestDoubleElimination(t *testing.T) {
	d := DoubleElimination{Setup: Setup{Game: "strength", Bots: cs(4, 3, 2, 1)}}
	o, err := d.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ns, ps := names(o)
	if !slices.Equal(ns, []string{"c4", "c3", "c2", "c1"}) || !slices.Equal(ps, []int{1, 2, 3, 4}) {
		t.Errorf("standings %v %v", ns, ps)
	}
	var rounds []string
	for _, r := range o.Rounds {
		rounds = append(rounds, r.Name)
	}
	want := []string{"winners round 1", "losers round 1", "winners round 2", "losers round 2", "grand final"}
	if !slices.Equal(rounds, want) {
		t.Errorf("rounds %v, want %v", rounds, want)
	}
	// c3 lost to c4 in the winners' final, won the losers' bracket, lost
	// the grand final: each bot but the champion lost twice.
	for _, s := range o.Standings[1:] {
		if s.Losses != 2 {
			t.Errorf("%s lost %d matches", s.Name, s.Losses)
		}
	}
	// Five bots: byes in both brackets, everybody still goes out on a
	// second loss.
	d.Bots = cs(5, 4, 3, 2, 1)
	if o, err = d.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	if ns, _ := names(o); !slices.Equal(ns, []string{"c5", "c4", "c3", "c2", "c1"}) {
		t.Errorf("five bots: %v", ns)
	}
}

// When the losers' bracket champion wins the grand final, it is played
// again. Coin-flip bots on a range of seeds: some tournament resets, and
// then the reset's winner is the champion.
func TestDoubleEliminationReset(t *testing.T) {
	resets := 0
	for seed := int64(1); seed <= 40 && resets == 0; seed++ {
		d := DoubleElimination{Setup: Setup{Game: "strength", Bots: []string{"a=builtin:coin", "b=builtin:coin", "c=builtin:coin"}, Seed: seed}}
		o, err := d.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		last := o.Rounds[len(o.Rounds)-1]
		if last.Name != "grand final reset" {
			continue
		}
		resets++
		gf := o.Rounds[len(o.Rounds)-2].Matches[0]
		if gf.Ranking[0] != gf.Bots[1] {
			t.Errorf("seed %d: a reset after the winners' champion won: %+v", seed, gf)
		}
		if o.Standings[0].Name != last.Matches[0].Ranking[0] || o.Standings[1].Name != last.Matches[0].Ranking[1] {
			t.Errorf("seed %d: standings %+v after reset %+v", seed, o.Standings, last.Matches[0])
		}
	}
	if resets == 0 {
		t.Error("no grand final reset in 40 tournaments of coin flips")
	}
}
