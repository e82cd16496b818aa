package tracks

import (
	"container/heap"
	"math/rand/v2"
	"slices"
	"testing"
)

// refPlan is a literal reading of the reference planner of rules §3.2
// (AbstractAStar + AutobuildAStar): states that carry their own set of
// planned cells, g scores and parents in maps keyed by (cursor, kind),
// container/heap ordered by (g, tie), successors pushed in generation order,
// no closed set. It is slow and allocates freely; it is the oracle the
// optimised planner of autoplace.go must agree with on every board, ties
// included.
type refState struct {
	x, y   int
	kind   uint8 // kindBuilt, kindEmpty (BUILDABLE in the reference), kindBroken
	tracks map[[2]int]bool
	money  int
	build  bool // this state builds at its cursor
}

type refKey struct {
	x, y int
	kind uint8
}

type refNode struct {
	s   *refState
	g   int
	tie int
}

type refOpen []refNode

func (h refOpen) Len() int { return len(h) }
func (h refOpen) Less(i, j int) bool {
	if h[i].g != h[j].g {
		return h[i].g < h[j].g
	}
	return h[i].tie < h[j].tie
}
func (h refOpen) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *refOpen) Push(x any)   { *h = append(*h, x.(refNode)) }
func (h *refOpen) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

func refPlan(b *Board, fx, fy, tx, ty int) []int {
	solid := func(x, y int) bool { return b.in(x, y) && b.solid(b.cell(x, y)) }
	allowed := func(x, y int) bool {
		c := b.cell(x, y)
		return !b.inked(c) || b.TownAt[c] >= 0
	}
	neighbours := func(x, y int) [][2]int {
		var out [][2]int
		for d := range 4 {
			if nx, ny := x+dirX[d], y+dirY[d]; b.in(nx, ny) {
				out = append(out, [2]int{nx, ny})
			}
		}
		return out
	}
	// The reference's getAllNeighboursOfRailBlock.
	blockFrontier := func(x, y int) [][2]int {
		var out [][2]int
		seen := map[[2]int]bool{{x, y}: true}
		q := [][2]int{{x, y}}
		for len(q) > 0 {
			c := q[0]
			q = q[1:]
			if !solid(c[0], c[1]) {
				out = append(out, c)
				continue
			}
			for _, n := range neighbours(c[0], c[1]) {
				if !seen[n] {
					seen[n] = true
					q = append(q, n)
				}
			}
		}
		return out
	}
	// The reference's isPartOfRailBlock.
	inBlock := func(x, y int) bool {
		seen := map[[2]int]bool{{x, y}: true}
		q := [][2]int{{x, y}}
		for len(q) > 0 {
			c := q[0]
			q = q[1:]
			if c == [2]int{tx, ty} {
				return true
			}
			for _, n := range neighbours(c[0], c[1]) {
				if !seen[n] && solid(n[0], n[1]) {
					seen[n] = true
					q = append(q, n)
				}
			}
		}
		return false
	}
	isGoal := func(s *refState) bool {
		if s.x == tx && s.y == ty {
			return true
		}
		return solid(s.x, s.y) && inBlock(s.x, s.y)
	}
	successors := func(s *refState) []*refState {
		if s.kind == kindBroken || !b.in(tx, ty) {
			return nil
		}
		var scope [][2]int
		switch {
		case s.tracks[[2]int{s.x, s.y}]:
			scope = neighbours(s.x, s.y)
		case solid(s.x, s.y):
			scope = blockFrontier(s.x, s.y)
		default:
			scope = [][2]int{{s.x, s.y}}
		}
		var out []*refState
		for _, n := range scope {
			if !allowed(n[0], n[1]) || s.tracks[n] {
				continue
			}
			if solid(n[0], n[1]) {
				if n == [2]int{s.x, s.y} {
					continue
				}
				out = append(out, &refState{x: n[0], y: n[1], kind: kindBuilt, tracks: s.tracks, money: s.money})
				continue
			}
			tracks := maps(s.tracks)
			tracks[n] = true
			out = append(out, &refState{x: n[0], y: n[1], kind: kindBuilt, tracks: tracks,
				money: s.money + b.Terrain[b.cell(n[0], n[1])].Cost(), build: true})
		}
		return out
	}
	tie := func(a, z *refState) int {
		dx, dy := z.x-a.x, z.y-a.y
		for d := range 4 {
			if dx == dirX[d] && dy == dirY[d] {
				return d
			}
		}
		return noDir
	}
	key := func(s *refState) refKey { return refKey{s.x, s.y, s.kind} }

	start := &refState{x: fx, y: fy, kind: kindBroken, tracks: map[[2]int]bool{}}
	if b.in(fx, fy) {
		start.kind = kindEmpty
		if solid(fx, fy) {
			start.kind = kindBuilt
		}
	}
	g := map[refKey]int{key(start): 0}
	parent := map[refKey]*refState{}
	open := &refOpen{{s: start}}
	for open.Len() > 0 {
		cur := heap.Pop(open).(refNode).s
		if isGoal(cur) {
			var path []*refState
			for s := cur; s != nil; s = parent[key(s)] {
				path = append(path, s)
			}
			var steps []int
			for i := len(path) - 1; i >= 0; i-- {
				if path[i].build {
					steps = append(steps, b.cell(path[i].x, path[i].y))
				}
			}
			return steps
		}
		for _, n := range successors(cur) {
			ng := g[key(cur)] + n.money - cur.money
			if old, ok := g[key(n)]; ok && ng >= old {
				continue
			}
			g[key(n)] = ng
			parent[key(n)] = cur
			heap.Push(open, refNode{s: n, g: ng, tie: tie(cur, n)})
		}
	}
	return nil
}

func maps(m map[[2]int]bool) map[[2]int]bool {
	out := make(map[[2]int]bool, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// TestPlannerMatchesReference compares the planner with the literal
// reading of the reference on generated maps with tracks of every owner and
// inked regions, between towns, free cells, track cells and off-grid
// points: the plans must be the same cells in the same order.
func TestPlannerMatchesReference(t *testing.T) {
	plans := 0
	for seed := int64(0); seed < 12; seed++ {
		b, _ := generate(seed, seed%2 == 0)
		rng := rand.New(rand.NewPCG(uint64(seed), 77))
		for range 25 + int(seed)*10 {
			c := rng.IntN(len(b.Terrain))
			if b.TownAt[c] < 0 {
				b.Track[c] = int8(rng.IntN(3))
			}
		}
		for id := range b.Regions {
			if b.Regions[id].Town < 0 && rng.IntN(6) == 0 {
				b.Regions[id].Inked = true
				for _, c := range b.Regions[id].Cells {
					b.Track[c] = NoTrack
				}
			}
		}
		p := newPlanner(b)
		point := func() (int, int) {
			switch rng.IntN(6) {
			case 0:
				t := b.Towns[rng.IntN(len(b.Towns))]
				return t.X, t.Y
			case 1:
				return rng.IntN(b.W + 3), rng.IntN(b.H + 3) // sometimes off the grid
			}
			return rng.IntN(b.W), rng.IntN(b.H)
		}
		for range 40 {
			fx, fy := point()
			tx, ty := point()
			if rng.IntN(10) == 0 {
				tx, ty = fx, fy
			}
			got, _ := p.plan(fx, fy, tx, ty)
			want := refPlan(b, fx, fy, tx, ty)
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d: AUTOPLACE %d %d %d %d\n got %v\nwant %v", seed, fx, fy, tx, ty, cellsXY(b, got), cellsXY(b, want))
			}
			plans++
		}
	}
	if plans == 0 {
		t.Fatal("no plan compared")
	}
}

func cellsXY(b *Board, cells []int) [][2]int {
	out := [][2]int{}
	for _, c := range cells {
		x, y := b.xy(c)
		out = append(out, [2]int{x, y})
	}
	return out
}
