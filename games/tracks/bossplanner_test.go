package tracks

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestBossPlannerKeepsPlans: the plans a boss keeps from board to board
// (a town's search while the board changes only in cells it did not read)
// are the plans a fresh planner makes, turn after turn of whole games.
func TestBossPlannerKeepsPlans(t *testing.T) {
	for _, names := range [][2]string{{"boss5", "random"}, {"boss3", "random"}, {"boss5", "boss4"}, {"boss5", "boss2"}} {
		boss := names[0]
		for seed, game := range gameInputs(t, names, 100, 106) {
			v := &view{}
			for turn, msg := range game {
				if err := v.read(msg); err != nil {
					t.Fatal(err)
				}
				// The greedy planner on the board, the planner's on the
				// safe board: kept, then made afresh.
				greedyMove(v, nil)
				plannerMove(v, nil)
				for _, bp := range []*bossPlanner{&v.pl, &v.safePl} {
					fresh := &bossPlanner{}
					fresh.on(bp.pl.b, v.gen)
					if got, want := planMissing(v, bp, nil), planMissing(v, fresh, nil); !reflect.DeepEqual(got, want) {
						t.Fatalf("%s seed %d turn %d: kept plans %v, fresh %v", boss, seed, turn, got, want)
					}
					if got, want := cheapestMissing(v, bp), cheapestMissing(v, fresh); got != want {
						t.Fatalf("%s seed %d turn %d: kept choice %v, fresh %v", boss, seed, turn, got, want)
					}
				}
			}
		}
	}
}

// TestBossPlannerKeepsSearches: on a board changed a few cells at a time
// (tracks built, regions inked and uninked at random), every town's kept
// search finds what a fresh planner finds, within a limit or not.
func TestBossPlannerKeepsSearches(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 36))
	kept := 0
	for seed := range int64(6) {
		b, _ := generate(seed, true)
		bp := &bossPlanner{keep: true}
		for gen := 1; gen <= 60; gen++ {
			for range 1 + rng.IntN(3) {
				if c := rng.IntN(len(b.Track)); rng.IntN(4) > 0 && b.TownAt[c] < 0 {
					b.Track[c] = int8(rng.IntN(3))
				} else {
					reg := &b.Regions[rng.IntN(len(b.Regions))]
					reg.Inked = !reg.Inked
				}
			}
			bp.on(b, gen)
			for _, town := range b.Towns {
				var to, want []int
				for _, u := range b.Towns {
					if u.ID != town.ID {
						to, want = append(to, u.X, u.Y), append(want, u.ID)
					}
				}
				limit := int32(math.MaxInt32)
				if rng.IntN(2) == 0 {
					limit = int32(rng.IntN(30))
				}
				before := bp.towns[town.ID].valid
				got, _ := bp.search(town, to, want, limit)
				if before && bp.towns[town.ID].valid {
					kept++
				}
				fresh := &bossPlanner{}
				fresh.on(b, gen)
				want2, _ := fresh.search(town, to, want, limit)
				for i := range got {
					g, w := got[i], want2[i]
					if int32(g.cost) > limit {
						g = missingPlan{} // beyond the limit: not asked for
					}
					if !reflect.DeepEqual(g, w) {
						t.Fatalf("seed %d board %d town %d -> %d: kept %v, fresh %v", seed, gen, town.ID, want[i], g, w)
					}
				}
			}
		}
	}
	if kept == 0 {
		t.Fatal("no search was kept: the test tests nothing")
	}
	t.Logf("%d searches kept", kept)
}

// TestViewReadsOnlyChanges: a view that skips the cell lines repeated from
// the last turn holds the board a view reading the whole turn holds.
func TestViewReadsOnlyChanges(t *testing.T) {
	for seed, game := range gameInputs(t, [2]string{"random", "boss5"}, 0, 3) {
		kept := &view{}
		for turn, msg := range game {
			if err := kept.read(msg); err != nil {
				t.Fatal(err)
			}
			whole := &view{}
			// The first turn's init block, then this turn whole.
			if err := whole.read(game[0]); err != nil {
				t.Fatal(err)
			}
			if turn > 0 {
				whole.grid = nil
				if err := whole.read(msg); err != nil {
					t.Fatal(err)
				}
			}
			if !reflect.DeepEqual(kept.b.Track, whole.b.Track) || !reflect.DeepEqual(kept.b.Regions, whole.b.Regions) ||
				!reflect.DeepEqual(kept.conns, whole.conns) {
				t.Fatalf("seed %d turn %d: the board read in part differs from the board read whole", seed, turn)
			}
		}
	}
}
