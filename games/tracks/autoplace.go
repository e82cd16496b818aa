package tracks

import "container/heap"

// The AUTOPLACE planner (rules §3.2). It is the reference's A* with a zero
// heuristic, that is Dijkstra over cursor states, and it reproduces the
// reference's pop order exactly: states keyed by (cursor, kind), successors
// pushed in generation order, ties broken by the direction of the step, a
// binary heap with container/heap's sift rules (which are
// java.util.PriorityQueue's), no closed set, and g computed from the best
// value of the popped state's key.

// Cursor kinds of a planner state.
const (
	kindBuilt  = iota // standing on a solid cell or on a cell built by the plan
	kindEmpty         // the start, on a free cell
	kindBroken        // the start, off the grid
	numKinds
)

// planNode is one state of the search. prev is the state it was generated
// from: the cells built along that chain are "this state's own plan".
type planNode struct {
	cell  int // -1 off the grid
	kind  int
	build bool // reaching this state builds at cell
	prev  *planNode
}

func (n *planNode) planned(c int) bool {
	for s := n; s != nil; s = s.prev {
		if s.build && s.cell == c {
			return true
		}
	}
	return false
}

type planEntry struct {
	node *planNode
	g    int
	tie  int
}

type planHeap []planEntry

func (h planHeap) Len() int { return len(h) }
func (h planHeap) Less(i, j int) bool {
	if h[i].g != h[j].g {
		return h[i].g < h[j].g
	}
	return h[i].tie < h[j].tie
}
func (h planHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *planHeap) Push(x any)   { *h = append(*h, x.(planEntry)) }
func (h *planHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

// planner plans AUTOPLACE commands on one board state. It caches the solid
// blocks and their frontiers, so that a bot can plan many pairs on the same
// board cheaply. The board must not change while the planner is used.
type planner struct {
	b        *Board
	block    []int32   // block id of each solid cell, -1 for free cells
	frontier [][]int32 // per solid cell: the block's frontier in BFS order from it
	done     []bool    // frontier computed
	best     []int     // per key: best g, -1 for none
	parent   []*planNode
	touched  []int
	h        planHeap
	queue    []int32
	seen     []int32
	stamp    int32
}

func newPlanner(b *Board) *planner {
	n := b.W * b.H
	p := &planner{b: b, block: make([]int32, n), frontier: make([][]int32, n), done: make([]bool, n),
		best: make([]int, (n+1)*numKinds), parent: make([]*planNode, (n+1)*numKinds), seen: make([]int32, n)}
	for i := range p.best {
		p.best[i] = -1
	}
	for i := range p.block {
		p.block[i] = -1
	}
	id := int32(0)
	for c := range n {
		if p.block[c] >= 0 || !b.solid(c) {
			continue
		}
		p.block[c] = id
		q := append(p.queue[:0], int32(c))
		for len(q) > 0 {
			x := q[0]
			q = q[1:]
			for _, m := range b.adj[x] {
				if m >= 0 && p.block[m] < 0 && b.solid(int(m)) {
					p.block[m] = id
					q = append(q, m)
				}
			}
		}
		id++
	}
	return p
}

// frontierOf returns the free cells 4-adjacent to the block of solid cell c,
// in BFS discovery order from c.
func (p *planner) frontierOf(c int) []int32 {
	if p.done[c] {
		return p.frontier[c]
	}
	b := p.b
	p.stamp++
	p.seen[c] = p.stamp
	q := append(p.queue[:0], int32(c))
	var out []int32
	for len(q) > 0 {
		x := q[0]
		q = q[1:]
		if !b.solid(int(x)) {
			out = append(out, x)
			continue
		}
		for _, m := range b.adj[x] {
			if m >= 0 && p.seen[m] != p.stamp {
				p.seen[m] = p.stamp
				q = append(q, m)
			}
		}
	}
	p.queue = q[:0]
	p.done[c], p.frontier[c] = true, out
	return out
}

func (p *planner) key(n *planNode) int { return (n.cell+1)*numKinds + n.kind }

// allowed: a plan may enter a cell whose region is not inked, or a town.
func (p *planner) allowed(c int) bool { return !p.b.inked(c) || p.b.TownAt[c] >= 0 }

// direction of the step a -> b, noDir when not a unit step.
func (p *planner) direction(a, b int) int {
	if a >= 0 {
		for d, n := range p.b.adj[a] {
			if int(n) == b {
				return d
			}
		}
	}
	return noDir
}

// plan returns the cells an AUTOPLACE from (fx, fy) to (tx, ty) builds, in
// order, and their total cost. No steps when no plan exists or when from
// already reaches to.
func (p *planner) plan(fx, fy, tx, ty int) (steps []int, cost int) {
	b := p.b
	for _, k := range p.touched {
		p.best[k], p.parent[k] = -1, nil
	}
	p.touched = p.touched[:0]
	p.h = p.h[:0]

	to := -1
	if b.in(tx, ty) {
		to = b.cell(tx, ty)
	}
	start := &planNode{cell: -1, kind: kindBroken}
	if b.in(fx, fy) {
		start.cell = b.cell(fx, fy)
		start.kind = kindEmpty
		if b.solid(start.cell) {
			start.kind = kindBuilt
		}
	}
	goal := func(n *planNode) bool {
		if n.cell < 0 {
			return fx == tx && fy == ty // both off the grid at the same place
		}
		if n.cell == to {
			return true
		}
		return to >= 0 && b.solid(n.cell) && p.block[to] >= 0 && p.block[n.cell] == p.block[to]
	}
	set := func(n *planNode, g int, parent *planNode) {
		k := p.key(n)
		if p.best[k] < 0 && p.parent[k] == nil {
			p.touched = append(p.touched, k)
		}
		p.best[k], p.parent[k] = g, parent
	}
	set(start, 0, nil)
	heap.Push(&p.h, planEntry{node: start})
	var succ []*planNode
	for p.h.Len() > 0 {
		cur := heap.Pop(&p.h).(planEntry).node
		if goal(cur) {
			return p.reconstruct(cur)
		}
		if cur.kind == kindBroken || to < 0 {
			continue
		}
		succ = p.successors(cur, succ[:0])
		g0 := p.best[p.key(cur)]
		for _, s := range succ {
			g := g0
			if s.build {
				g += b.Terrain[s.cell].Cost()
			}
			k := p.key(s)
			if old := p.best[k]; old >= 0 && g >= old {
				continue
			}
			set(s, g, cur)
			heap.Push(&p.h, planEntry{node: s, g: g, tie: p.direction(cur.cell, s.cell)})
		}
	}
	return nil, 0
}

func (p *planner) successors(cur *planNode, out []*planNode) []*planNode {
	b := p.b
	c := cur.cell
	switch {
	case cur.kind == kindEmpty:
		if p.allowed(c) {
			out = append(out, &planNode{cell: c, kind: kindBuilt, build: true, prev: cur})
		}
	case cur.build:
		for _, n := range b.adj[c] {
			if n < 0 || !p.allowed(int(n)) || cur.planned(int(n)) {
				continue
			}
			out = append(out, &planNode{cell: int(n), kind: kindBuilt, build: !b.solid(int(n)), prev: cur})
		}
	default: // a pre-existing solid cell: jump to any cell of its frontier
		for _, n := range p.frontierOf(c) {
			if !p.allowed(int(n)) || cur.planned(int(n)) {
				continue
			}
			out = append(out, &planNode{cell: int(n), kind: kindBuilt, build: true, prev: cur})
		}
	}
	return out
}

// reconstruct follows the parents recorded by key from the goal back to
// the start, as the reference does.
func (p *planner) reconstruct(goal *planNode) (steps []int, cost int) {
	var path []*planNode
	for n := goal; n != nil && len(path) <= len(p.b.Terrain)*numKinds; n = p.parent[p.key(n)] {
		path = append(path, n)
	}
	for i := len(path) - 1; i >= 0; i-- {
		if path[i].build {
			steps = append(steps, path[i].cell)
			cost += p.b.Terrain[path[i].cell].Cost()
		}
	}
	return steps, cost
}
