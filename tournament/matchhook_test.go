package tournament

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/seed27749672/arena/match"
)

// A format with Setup.Match plays the matches the hook builds (the
// platform's bots), and every job's seats index Setup.Bots, the Blitz
// final's included (it deals the bots again in ranking order).
func TestMatchHookBuildsEveryMatch(t *testing.T) {
	bots := cs(1, 2, 3, 4, 5, 6)
	var mu sync.Mutex // the hook and OnMatch run from the matches' goroutines
	calls := 0
	built := map[int][]int{} // seats by match index, as the hook saw them
	// The hook plays bot i as c(6-i): the strengths are reversed, so the
	// hook's bots, not the specs', decide.
	hook := func(j Job) (match.Match, error) {
		mu.Lock()
		calls++
		built[j.Index] = j.Seats
		mu.Unlock()
		var specs []string
		for _, b := range j.Seats {
			if b < 0 || b >= len(bots) {
				t.Errorf("job %d seats %v: not indices into Bots", j.Index, j.Seats)
				b = 0
			}
			specs = append(specs, cs(6 - b)[0])
		}
		return match.Setup{Game: "strength", Bots: specs, Seed: &j.Seed}.Build()
	}
	onMatch := func(p Played) {
		mu.Lock()
		defer mu.Unlock()
		if !slices.Equal(built[p.Index], p.Seats) {
			t.Errorf("match %d: the hook built seats %v, the format played %v", p.Index, built[p.Index], p.Seats)
		}
	}
	g := Groups{Setup: Setup{Game: "strength", Bots: bots, Match: hook, OnMatch: onMatch}, Size: 2, Rounds: 6,
		Final: &Elimination{Size: 2, FinalBestOf: 3}}
	o, err := g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if calls != o.Finished {
		t.Errorf("the hook built %d matches of %d", calls, o.Finished)
	}
	// c1 plays as the strongest: it wins the final, c6 (the weakest) is last.
	if ns, _ := names(o); ns[0] != "c1" || ns[len(ns)-1] != "c6" {
		t.Errorf("standings %v: the hook's bots did not play", ns)
	}
}
