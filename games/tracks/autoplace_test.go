package tracks

import (
	"container/heap"
	"math/rand/v2"
	"testing"
)

// refHeap is container/heap over planEntry: the reference semantics the
// planner's own heap must reproduce entry for entry (ties included), since
// the pop order of equal entries decides between equal-cost plans.
type refHeap []planEntry

func (h refHeap) Len() int           { return len(h) }
func (h refHeap) Less(i, j int) bool { return h[i].less(h[j]) }
func (h refHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *refHeap) Push(x any)        { *h = append(*h, x.(planEntry)) }
func (h *refHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

func TestPlanHeapIsContainerHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		var mine planHeap
		var ref refHeap
		for op := range 500 {
			if len(mine) > 0 && rng.IntN(3) == 0 {
				a, b := mine.pop(), heap.Pop(&ref).(planEntry)
				if a != b {
					t.Fatalf("round %d op %d: popped %+v, container/heap %+v", round, op, a, b)
				}
				continue
			}
			// Few distinct keys: many ties, told apart by the node index.
			e := planEntry{node: int32(op), rank: planRank(int32(rng.IntN(4)), int32(rng.IntN(5)))}
			mine.push(e)
			heap.Push(&ref, e)
		}
		for len(mine) > 0 {
			if a, b := mine.pop(), heap.Pop(&ref).(planEntry); a != b {
				t.Fatalf("round %d: drained %+v, container/heap %+v", round, a, b)
			}
		}
	}
}

// The planner reuses its buffers: planning several pairs in a row must give
// the same plans as fresh planners.
func TestPlannerReuse(t *testing.T) {
	b, _ := generate(3, true)
	shared := newPlanner(b)
	for _, t1 := range b.Towns {
		for _, t2 := range b.Towns {
			s1, c1 := shared.plan(t1.X, t1.Y, t2.X, t2.Y)
			s2, c2 := newPlanner(b).plan(t1.X, t1.Y, t2.X, t2.Y)
			if c1 != c2 || len(s1) != len(s2) {
				t.Fatalf("towns %d->%d: reused planner %v (%d), fresh %v (%d)", t1.ID, t2.ID, s1, c1, s2, c2)
			}
			for i := range s1 {
				if s1[i] != s2[i] {
					t.Fatalf("towns %d->%d: plans differ", t1.ID, t2.ID)
				}
			}
		}
	}
}

// Every plan is a chain of free, allowed cells that joins from to to through
// existing solid blocks, and costs the sum of its terrain.
func TestPlansAreValid(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		b, _ := generate(seed, true)
		rng := rand.New(rand.NewPCG(uint64(seed), 9))
		// Some tracks and an inked region to plan around.
		for range 40 {
			c := rng.IntN(len(b.Terrain))
			if b.TownAt[c] < 0 {
				b.Track[c] = int8(rng.IntN(3))
			}
		}
		for id := range b.Regions {
			if b.Regions[id].Town < 0 && rng.IntN(8) == 0 {
				b.Regions[id].Inked = true
				for _, c := range b.Regions[id].Cells {
					b.Track[c] = NoTrack
				}
			}
		}
		p := newPlanner(b)
		for range 30 {
			fx, fy, tx, ty := rng.IntN(b.W), rng.IntN(b.H), rng.IntN(b.W), rng.IntN(b.H)
			steps, cost := p.plan(fx, fy, tx, ty)
			sum := 0
			after := b.clone()
			for _, c := range steps {
				if b.solid(c) || (b.inked(c) && b.TownAt[c] < 0) {
					t.Fatalf("seed %d: plan builds on a solid or inked cell", seed)
				}
				sum += b.Terrain[c].Cost()
				after.Track[c] = 0
			}
			if sum != cost {
				t.Fatalf("seed %d: cost %d, cells cost %d", seed, cost, sum)
			}
			if len(steps) == 0 {
				continue
			}
			from, to := b.cell(fx, fy), b.cell(tx, ty)
			var s searcher
			// A free from is built first; a free to is built last.
			if !after.solid(from) || !after.solid(to) || s.trainPath(after, from, to) == nil {
				t.Fatalf("seed %d: the plan (%d,%d)->(%d,%d) does not join them", seed, fx, fy, tx, ty)
			}
		}
	}
}
