package tracks

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

// planNode is one state of the search, stored in the planner's arena.
// prev is the state it was generated from: the cells built along that
// chain are "this state's own plan".
type planNode struct {
	cell  int32 // -1 off the grid
	kind  uint8
	build bool  // reaching this state builds at cell
	prev  int32 // arena index, -1 for the start
}

type planEntry struct {
	node int32
	g    int32
	tie  int32
}

// planHeap is a binary min-heap on (g, tie) with exactly container/heap's
// sift rules (which are java.util.PriorityQueue's), written out to avoid
// boxing every entry in an interface.
type planHeap []planEntry

func (e planEntry) less(o planEntry) bool {
	if e.g != o.g {
		return e.g < o.g
	}
	return e.tie < o.tie
}

// push is heap.Push: append, then sift up.
func (h *planHeap) push(e planEntry) {
	*h = append(*h, e)
	q := *h
	j := len(q) - 1
	for {
		i := (j - 1) / 2 // parent
		if i == j || !q[j].less(q[i]) {
			break
		}
		q[i], q[j] = q[j], q[i]
		j = i
	}
}

// pop is heap.Pop: swap the root with the last entry, sift down among the
// others, remove the last.
func (h *planHeap) pop() planEntry {
	q := *h
	n := len(q) - 1
	q[0], q[n] = q[n], q[0]
	i := 0
	for {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 {
			break
		}
		j := j1 // left child
		if j2 := j1 + 1; j2 < n && q[j2].less(q[j1]) {
			j = j2 // right child
		}
		if !q[j].less(q[i]) {
			break
		}
		q[i], q[j] = q[j], q[i]
		i = j
	}
	e := q[n]
	*h = q[:n]
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
	best     []int32   // per key: best g, -1 for none
	parent   []int32   // per key: arena index of the parent state, -1 for none
	touched  []int32
	nodes    []planNode
	ok       []bool  // per cell: a plan may enter it
	mark     []int32 // cells built on the chain of the state being expanded
	markID   int32
	h        planHeap
	queue    []int32
	seen     []int32
	stamp    int32
	goals    []planGoal
	blockFr  [][]int32 // per block: its frontier (blockFrontier)
}

func newPlanner(b *Board) *planner {
	p := &planner{}
	p.reset(b)
	return p
}

// reset makes p a planner of board b, keeping the memory of its earlier
// board (a bot plans on a board of the same size every turn).
func (p *planner) reset(b *Board) {
	n := b.W * b.H
	p.b = b
	p.block, p.done = resize(p.block, n), resize(p.done, n)
	p.seen, p.mark, p.ok = resize(p.seen, n), resize(p.mark, n), resize(p.ok, n)
	p.best, p.parent = resize(p.best, (n+1)*numKinds), resize(p.parent, (n+1)*numKinds)
	if len(p.frontier) != n {
		p.frontier = make([][]int32, n)
	}
	p.touched, p.markID, p.stamp = p.touched[:0], 0, 0
	for c := range n {
		p.ok[c] = !b.inked(c) || b.TownAt[c] >= 0
		p.done[c], p.seen[c], p.mark[c] = false, 0, 0
		p.frontier[c] = p.frontier[c][:0]
	}
	for i := range p.best {
		p.best[i], p.parent[i] = -1, -1
	}
	for i := range p.block {
		p.block[i] = -1
	}
	for i := range p.blockFr {
		p.blockFr[i] = nil
	}
	id := int32(0)
	for c := range n {
		if p.block[c] >= 0 || !b.solid(c) {
			continue
		}
		p.block[c] = id
		q := append(p.queue[:0], int32(c))
		for i := 0; i < len(q); i++ {
			for _, m := range b.adj[q[i]] {
				if m >= 0 && p.block[m] < 0 && b.solid(int(m)) {
					p.block[m] = id
					q = append(q, m)
				}
			}
		}
		p.queue = q[:0]
		id++
	}
}

// resize returns s with length n, reusing its memory when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// frontierOf returns the free cells 4-adjacent to the block of solid cell c,
// in BFS discovery order from c.
func (p *planner) frontierOf(c int32) []int32 {
	if p.done[c] {
		return p.frontier[c]
	}
	b := p.b
	p.stamp++
	p.seen[c] = p.stamp
	q := append(p.queue[:0], c)
	out := p.frontier[c][:0]
	for i := 0; i < len(q); i++ {
		x := q[i]
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

// blockFrontier returns the free cells 4-adjacent to the block of solid
// cell c, in no particular order (computed once per block).
func (p *planner) blockFrontier(c int32) []int32 {
	id := p.block[c]
	for int(id) >= len(p.blockFr) {
		p.blockFr = append(p.blockFr, nil)
	}
	if p.blockFr[id] != nil {
		return p.blockFr[id]
	}
	fr := p.frontierOf(c)
	p.blockFr[id] = fr[:len(fr):len(fr)]
	if fr == nil {
		p.blockFr[id] = []int32{}
	}
	return p.blockFr[id]
}

func key(cell int32, kind uint8) int32 { return (cell+1)*numKinds + int32(kind) }

// markChain marks the cells built on the chain of state i (its own plan),
// so that planned answers in constant time while i is expanded.
func (p *planner) markChain(i int32) {
	p.markID++
	for ; i >= 0; i = p.nodes[i].prev {
		if n := &p.nodes[i]; n.build {
			p.mark[n.cell] = p.markID
		}
	}
}

// planned reports whether cell c is built on the marked chain. Solid cells
// never are: plans only build on free cells.
func (p *planner) planned(c int32) bool { return p.mark[c] == p.markID }

// allowed: a plan may enter a cell whose region is not inked, or a town.
func (p *planner) allowed(c int32) bool { return p.ok[c] }

// direction of the step a -> b, noDir when not a unit step.
func (p *planner) direction(a, b int32) int32 {
	if a >= 0 {
		for d, n := range p.b.adj[a] {
			if n == b {
				return int32(d)
			}
		}
	}
	return noDir
}

// plan returns the cells an AUTOPLACE from (fx, fy) to (tx, ty) builds, in
// order, and their total cost. No steps when no plan exists or when from
// already reaches to.
func (p *planner) plan(fx, fy, tx, ty int) (steps []int, cost int) {
	p.planAll(fx, fy, []int{tx, ty}, func(_ int, s []int, c int) { steps, cost = s, c })
	return steps, cost
}

// planAll plans from (fx, fy) to every target of to (x, y pairs) in one
// search, calling found(i, steps, cost) for target i when its plan is
// known, in the order the plans are found; a target without a plan is not
// reported. The target only decides when a search stops, never what it
// pops next: each target's plan is the one plan() finds for it alone.
func (p *planner) planAll(fx, fy int, to []int, found func(i int, steps []int, cost int)) {
	b := p.b
	for _, k := range p.touched {
		p.best[k], p.parent[k] = -1, -1
	}
	p.touched, p.nodes, p.h = p.touched[:0], p.nodes[:0], p.h[:0]

	// goals: the target cells (-1 off the grid) still to reach.
	goals := p.goals[:0]
	for i := 0; i+1 < len(to); i += 2 {
		c := int32(-1)
		if b.in(to[i], to[i+1]) {
			c = int32(b.cell(to[i], to[i+1]))
		}
		goals = append(goals, planGoal{i: i / 2, cell: c, x: to[i], y: to[i+1]})
	}
	p.goals = goals
	start := planNode{cell: -1, kind: kindBroken, prev: -1}
	if b.in(fx, fy) {
		start.cell = int32(b.cell(fx, fy))
		start.kind = kindEmpty
		if b.solid(int(start.cell)) {
			start.kind = kindBuilt
		}
	}
	isGoal := func(n *planNode, g planGoal) bool {
		if n.cell < 0 {
			return fx == g.x && fy == g.y // both off the grid at the same place
		}
		if n.cell == g.cell {
			return true
		}
		return g.cell >= 0 && p.block[g.cell] >= 0 && p.block[n.cell] == p.block[g.cell]
	}
	// offer records a successor of state cur if it improves its key.
	var g0 int32
	var cur int32
	offer := func(cell int32, build bool) {
		g := g0
		if build {
			g += int32(b.Terrain[cell].Cost())
		}
		k := key(cell, kindBuilt)
		if old := p.best[k]; old >= 0 && g >= old {
			return
		}
		if p.best[k] < 0 {
			p.touched = append(p.touched, k)
		}
		p.nodes = append(p.nodes, planNode{cell: cell, kind: kindBuilt, build: build, prev: cur})
		i := int32(len(p.nodes) - 1)
		p.best[k], p.parent[k] = g, cur
		p.h.push(planEntry{node: i, g: g, tie: p.direction(p.nodes[cur].cell, cell)})
	}
	// improves: offering cell (built when build) could succeed, the
	// chain aside; a state none of whose successors could is expanded
	// without marking its chain.
	improves := func(cell int32, build bool) bool {
		g := g0
		if build {
			g += int32(b.Terrain[cell].Cost())
		}
		old := p.best[key(cell, kindBuilt)]
		return old < 0 || g < old
	}
	p.nodes = append(p.nodes, start)
	k0 := key(start.cell, start.kind)
	p.best[k0] = 0
	p.touched = append(p.touched, k0)
	p.h.push(planEntry{node: 0})
	for len(p.h) > 0 && len(goals) > 0 {
		cur = p.h.pop().node
		n := p.nodes[cur]
		// A target's search ends at its first goal; the others go on from
		// the same heap, as if that pop were not a goal. A search towards
		// a target off the grid expands nothing: it ends after its first
		// pop, the start.
		kept := goals[:0]
		for _, g := range goals {
			if isGoal(&n, g) {
				steps, cost := p.reconstruct(cur)
				found(g.i, steps, cost)
			} else if g.cell >= 0 {
				kept = append(kept, g)
			}
		}
		goals = kept
		if len(goals) == 0 || n.kind == kindBroken {
			continue
		}
		g0 = p.best[key(n.cell, n.kind)]
		c := n.cell
		switch {
		case n.kind == kindEmpty:
			if p.allowed(c) {
				offer(c, true)
			}
		case n.build:
			any := false
			for _, m := range b.adj[c] {
				if m >= 0 && p.allowed(m) && improves(m, !b.solid(int(m))) {
					any = true
					break
				}
			}
			if !any {
				continue
			}
			p.markChain(cur)
			for _, m := range b.adj[c] {
				if m >= 0 && p.allowed(m) && !p.planned(m) {
					offer(m, !b.solid(int(m)))
				}
			}
		default: // a pre-existing solid cell: jump to any cell of its frontier
			// Every cell of a block has the same frontier, in another
			// order: the block's, in any order, tells whether c's is
			// worth computing.
			any := false
			for _, m := range p.blockFrontier(c) {
				if p.allowed(m) && improves(m, true) {
					any = true
					break
				}
			}
			if !any {
				continue
			}
			p.markChain(cur)
			for _, m := range p.frontierOf(c) {
				if p.allowed(m) && !p.planned(m) {
					offer(m, true)
				}
			}
		}
	}
}

// planGoal is a target of planAll: its index, cell and coordinates.
type planGoal struct {
	i, x, y int
	cell    int32
}

// reconstruct follows the parents recorded by key from the goal back to
// the start, as the reference does (the start is the one key without a
// parent).
func (p *planner) reconstruct(goal int32) (steps []int, cost int) {
	var path []int32
	for i := goal; i >= 0 && len(path) <= len(p.best); {
		path = append(path, i)
		n := &p.nodes[i]
		i = p.parent[key(n.cell, n.kind)]
	}
	for i := len(path) - 1; i >= 0; i-- {
		if n := &p.nodes[path[i]]; n.build {
			steps = append(steps, int(n.cell))
			cost += p.b.Terrain[n.cell].Cost()
		}
	}
	return steps, cost
}
