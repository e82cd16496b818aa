package tracks

import "math"

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

// planEntry is a heap entry: a state and its rank, g*8 + tie (the tie is
// a direction, 0 to 4), so that one comparison orders by g, then tie.
type planEntry struct {
	node int32
	rank int32
}

// planRank is the rank of an entry of cost g and tie value tie.
func planRank(g, tie int32) int32 { return g<<3 | tie }

// planHeap is a binary min-heap on rank with exactly container/heap's
// sift rules (which are java.util.PriorityQueue's), written out to avoid
// boxing every entry in an interface.
type planHeap []planEntry

func (e planEntry) less(o planEntry) bool { return e.rank < o.rank }

// push is heap.Push: append, then sift up. The entry moves into the hole
// its parents leave, which places every entry where container/heap's swaps
// would.
func (h *planHeap) push(e planEntry) {
	*h = append(*h, e)
	q := *h
	j := len(q) - 1
	for j > 0 {
		i := (j - 1) / 2 // parent
		if !e.less(q[i]) {
			break
		}
		q[j] = q[i]
		j = i
	}
	q[j] = e
}

// pop is heap.Pop: swap the root with the last entry, sift down among the
// others, remove the last; the last entry moves down into the hole its
// children leave, as container/heap's swaps would move it.
func (h *planHeap) pop() planEntry {
	q := *h
	n := len(q) - 1
	root, e := q[0], q[n]
	i := 0
	for {
		j := 2*i + 1 // left child
		if j >= n {
			break
		}
		if j2 := j + 1; j2 < n && q[j2].less(q[j]) {
			j = j2 // right child
		}
		if !q[j].less(e) {
			break
		}
		q[i] = q[j]
		i = j
	}
	q[i] = e
	*h = q[:n]
	return root
}

// planner plans AUTOPLACE commands on one board state. It caches the solid
// blocks and their frontiers, so that a bot can plan many pairs on the same
// board cheaply. The board must not change while the planner is used.
type planner struct {
	b        *Board
	block    []int32   // block id of each solid cell, -1 for free cells
	frontier [][]int32 // per solid cell: the block's frontier in BFS order from it
	done     []int32   // frontier computed on the board of this boardGen
	boardGen int32     // counts the boards (reset)
	best     []int32   // per key: best g, -1 for none
	parent   []int32   // per key: arena index of the parent state, -1 for none
	touched  []int32
	nodes    []planNode
	ok       []bool  // per cell: a plan may enter it (its region is not inked, or it is a town)
	solid    []bool  // per cell: b.solid, read once per board
	step     []int32 // per cell: the cost of stepping on it, 0 for solid cells
	enter    []int32 // per cell: step, or -1 when no plan may enter it (one read for both)
	mark     []int32 // cells built on the chain of the state being expanded
	markID   int32
	h        planHeap
	queue    []int32
	seen     []int32
	stamp    int32
	goals    []planGoal
	// search counts the searches; goalCell and goalBlock hold the count
	// of the search that targets a cell or a block.
	search              int32
	goalCell, goalBlock []int32
	blockFr             [][]int32 // per block: its frontier (blockFrontier)
	area                []int32   // per cell: its area (areas), once per board
	areaDone            bool

	// With track set, a search records the cells whose solidity or access
	// it read (reads, a bit per cell), so that a bot can tell whether it
	// would search alike on another board; wide: it read them all.
	track       bool
	reads       []uint64
	wide        bool
	stopped     bool     // the last search stopped at its limit
	members     []int32  // the solid cells, block by block
	memberStart []int32  // per block: where its cells start in members; one more at the end
	blockRead   []int32  // per block: the search that recorded it
	popped      []uint64 // the cells the search popped, whose neighbours it read
	blockJump   []int32  // per block: the search that popped one of its cells
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
	// The stamps (boardGen, stamp, markID, search) only grow: what an
	// earlier board or search stamped never matches the current one.
	p.boardGen++
	p.block, p.done = resize(p.block, n), resize(p.done, n)
	p.seen, p.mark, p.ok = resize(p.seen, n), resize(p.mark, n), resize(p.ok, n)
	p.solid, p.step, p.enter = resize(p.solid, n), resize(p.step, n), resize(p.enter, n)
	p.goalCell = resize(p.goalCell, n)
	if len(p.best) != (n+1)*numKinds {
		// A search clears the keys the last one touched; new arrays
		// start clear.
		p.best, p.parent = make([]int32, (n+1)*numKinds), make([]int32, (n+1)*numKinds)
		for i := range p.best {
			p.best[i], p.parent[i] = -1, -1
		}
		p.touched = p.touched[:0]
	}
	if len(p.frontier) != n {
		p.frontier = make([][]int32, n)
	}
	for c := range n {
		p.ok[c] = !b.inked(c) || b.TownAt[c] >= 0
		p.solid[c], p.step[c] = b.solid(c), 0
		if !p.solid[c] {
			p.step[c] = int32(b.Terrain[c].Cost())
		}
		p.enter[c] = p.step[c]
		if !p.ok[c] {
			p.enter[c] = -1
		}
		p.block[c] = -1
	}
	for i := range p.blockFr {
		p.blockFr[i] = nil
	}
	// Blocks, by breadth-first search over solid cells: the queues follow
	// each other in members.
	id := int32(0)
	q := p.members[:0]
	p.memberStart = p.memberStart[:0]
	for c := range n {
		if p.block[c] >= 0 || !b.solid(c) {
			continue
		}
		p.block[c] = id
		p.memberStart = append(p.memberStart, int32(len(q)))
		q = append(q, int32(c))
		for i := len(q) - 1; i < len(q); i++ {
			for _, m := range b.adj[q[i]] {
				if m >= 0 && p.block[m] < 0 && b.solid(int(m)) {
					p.block[m] = id
					q = append(q, m)
				}
			}
		}
		id++
	}
	p.members, p.memberStart = q, append(p.memberStart, int32(len(q)))
	p.goalBlock, p.blockRead = resize(p.goalBlock, int(id)), resize(p.blockRead, int(id))
	clear(p.goalBlock)
	clear(p.blockRead)
	p.blockJump = resize(p.blockJump, int(id))
	clear(p.blockJump)
	p.popped = resize(p.popped, (n+63)/64)
	p.reads = resize(p.reads, (n+63)/64)
	p.areaDone = false
}

// read records that the search read cell c.
func (p *planner) read(c int32) {
	if p.track && c >= 0 {
		p.reads[c>>6] |= 1 << (c & 63)
	}
}

// readAround records that the search read cell c and, when it is solid,
// its block and the block's frontier (where the block ends); popped: c is
// a cell the search popped, whose neighbours it reads (they are recorded
// with all the popped cells' when the search ends).
func (p *planner) readAround(c int32, popped bool) {
	if !p.track || c < 0 {
		return
	}
	if popped {
		p.popped[c>>6] |= 1 << (c & 63)
	} else {
		p.read(c)
	}
	id := p.block[c]
	if id < 0 || p.blockRead[id] == p.search {
		return
	}
	p.blockRead[id] = p.search
	cells := p.members[p.memberStart[id]:p.memberStart[id+1]]
	for _, m := range cells {
		p.read(m)
	}
	for _, m := range p.blockFrontier(cells[0]) {
		p.read(m)
	}
}

// dilate adds to dst the bits of src and of their 4 neighbours on a grid
// w cells wide: src shifted by one and by w, either way (a shift by one
// past a row's end sets a cell that is no neighbour: more, never less).
func dilate(dst, src []uint64, w int) {
	for i, x := range src {
		dst[i] |= x
	}
	for _, k := range []int{1, w} {
		q, r := k/64, uint(k%64)
		for i := range dst {
			// Up: bit j of src sets bit j+k; down: bit j-k.
			if j := i - q; j >= 0 {
				dst[i] |= src[j] << r
				if r > 0 && j > 0 {
					dst[i] |= src[j-1] >> (64 - r)
				}
			}
			if j := i + q; j < len(src) {
				dst[i] |= src[j] >> r
				if r > 0 && j+1 < len(src) {
					dst[i] |= src[j+1] << (64 - r)
				}
			}
		}
	}
}

// areas labels the cells with the components of a graph through which
// every search step goes: two neighbours are joined when both are solid
// (a block, whose frontier a search jumps to), or when one is a free cell
// a plan may enter and the other is solid or may be entered too. That is,
// the cells a plan may enter or that are solid, joined to such neighbours;
// a free cell no plan may enter is an area alone. A search never reaches
// a cell of another area than its start's.
func (p *planner) areas() {
	if p.areaDone {
		return
	}
	p.areaDone = true
	p.area = resize(p.area, len(p.ok))
	for c := range p.area {
		p.area[c] = -1
	}
	for c := range p.area {
		if p.area[c] >= 0 {
			continue
		}
		p.area[c] = int32(c)
		if !p.solid[c] && !p.ok[c] {
			continue
		}
		q := append(p.queue[:0], int32(c))
		for i := 0; i < len(q); i++ {
			for _, m := range p.b.adj[q[i]] {
				if m >= 0 && p.area[m] < 0 && (p.solid[m] || p.ok[m]) {
					p.area[m] = int32(c)
					q = append(q, m)
				}
			}
		}
		p.queue = q[:0]
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
	if p.done[c] == p.boardGen {
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
	p.done[c], p.frontier[c] = p.boardGen, out
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
	p.planAll(fx, fy, []int{tx, ty}, math.MaxInt32, func(_ int, s []int, c int) { steps, cost = s, c })
	return steps, cost
}

// planAll plans from (fx, fy) to every target of to (x, y pairs) in one
// search, calling found(i, steps, cost) for target i when its plan is
// known, in the order the plans are found; a target without a plan, or
// whose plan costs more than limit, is not reported. The target only
// decides when a search stops, never what it pops next: each target's plan
// is the one plan() finds for it alone.
//
// The search is Dijkstra's, although the reference's states carry their
// own plans: a state expanded again from an older heap entry (a "stale"
// pop, at a cost above its key's best) offers nothing better. The entry
// that set the key's best popped before it, with the same cost, cell and
// successors; it skipped only the cells built on its own chain, and those
// were reached at no more than its cost (costs never decrease along a
// chain whose states all popped at their best, which holds by induction
// since only such pops offer anything). So a stale pop is skipped, the
// costs popped never decrease, a key's best is final when it first pops,
// and a target's plan costs what its pop costs: a search stops at the
// first pop costing more than limit.
func (p *planner) planAll(fx, fy int, to []int, limit int32, found func(i int, steps []int, cost int)) {
	b := p.b
	for _, k := range p.touched {
		p.best[k], p.parent[k] = -1, -1
	}
	p.touched, p.nodes, p.h = p.touched[:0], p.nodes[:0], p.h[:0]
	p.search++
	p.stopped = false
	if p.track {
		clear(p.reads)
		clear(p.popped)
		p.wide = false
	}

	// goals: the target cells (-1 off the grid) still to reach, but for
	// those out of the start's area (never reached).
	onGrid := b.in(fx, fy)
	if onGrid {
		p.areas()
	}
	goals := p.goals[:0]
	for i := 0; i+1 < len(to); i += 2 {
		g := planGoal{i: i / 2, cell: -1, block: -1, x: to[i], y: to[i+1]}
		if b.in(g.x, g.y) {
			g.cell = int32(b.cell(g.x, g.y))
			if onGrid && p.area[g.cell] != p.area[b.cell(fx, fy)] {
				p.wide = true
				continue
			}
			p.readAround(g.cell, false)
			g.block = p.block[g.cell]
			p.goalCell[g.cell] = p.search
			if g.block >= 0 {
				p.goalBlock[g.block] = p.search
			}
		}
		goals = append(goals, g)
	}
	p.goals = goals
	start := planNode{cell: -1, kind: kindBroken, prev: -1}
	if b.in(fx, fy) {
		start.cell = int32(b.cell(fx, fy))
		start.kind = kindEmpty
		if p.solid[start.cell] {
			start.kind = kindBuilt
		}
	}
	p.readAround(start.cell, true)
	p.nodes = append(p.nodes, start)
	k0 := key(start.cell, start.kind)
	p.best[k0] = 0
	p.touched = append(p.touched, k0)
	p.h.push(planEntry{node: 0})
	for len(p.h) > 0 && len(goals) > 0 {
		e := p.h.pop()
		cur := e.node
		n := p.nodes[cur]
		g0 := p.best[key(n.cell, n.kind)]
		if g := e.rank >> 3; g > limit {
			p.stopped = true
			break
		} else if g > g0 {
			continue // stale
		}
		p.readAround(n.cell, true)
		// A target's search ends at its first goal; the others go on from
		// the same heap, as if that pop were not a goal. A search towards
		// a target off the grid expands nothing: it ends after its first
		// pop, the start. Other pops are goals only on a target's cell or
		// block.
		if cur == 0 || p.goalCell[n.cell] == p.search ||
			p.block[n.cell] >= 0 && p.goalBlock[p.block[n.cell]] == p.search {
			kept := goals[:0]
			for _, g := range goals {
				if p.isGoal(&n, &g, fx, fy) {
					steps, cost := p.reconstruct(cur)
					found(g.i, steps, cost)
				} else if g.cell >= 0 {
					kept = append(kept, g)
				}
			}
			goals = kept
		}
		if len(goals) == 0 || n.kind == kindBroken {
			continue
		}
		c := n.cell
		switch {
		case n.kind == kindEmpty:
			if p.ok[c] {
				p.offer(c, g0+p.step[c], true, cur, noDir)
			}
		case n.build:
			// worth, written out: this is the planner's hottest loop.
			marked := false
			for d, m := range b.adj[c] {
				if m < 0 || p.enter[m] < 0 {
					continue
				}
				g := g0 + p.enter[m]
				if old := p.best[key(m, kindBuilt)]; old >= 0 {
					if g >= old {
						continue
					}
					if !marked {
						p.markChain(cur)
						marked = true
					}
					if p.planned(m) {
						continue
					}
				}
				p.offer(m, g, p.enter[m] > 0, cur, int32(d))
			}
		default: // a pre-existing solid cell: jump to any cell of its frontier
			// A cell of the block popped before, at no higher cost (pops
			// never cost less than the last), offered the same frontier:
			// no cell of it can improve now.
			if id := p.block[c]; p.blockJump[id] == p.search {
				continue
			} else {
				p.blockJump[id] = p.search
			}
			// Every cell of a block has the same frontier, in another
			// order: the block's, in any order, tells whether c's is
			// worth computing.
			any := false
			for _, m := range p.blockFrontier(c) {
				if p.ok[m] && p.improves(m, g0+p.step[m]) {
					any = true
					break
				}
			}
			if !any {
				continue
			}
			marked := false
			for _, m := range p.frontierOf(c) {
				if p.ok[m] && p.worth(m, g0+p.step[m], cur, &marked) {
					p.offer(m, g0+p.step[m], true, cur, p.direction(c, m))
				}
			}
		}
	}
	if p.track {
		dilate(p.reads, p.popped, p.b.W)
	}
}

// isGoal reports whether state n reaches goal g of a search from (fx, fy).
func (p *planner) isGoal(n *planNode, g *planGoal, fx, fy int) bool {
	if n.cell < 0 {
		return fx == g.x && fy == g.y // both off the grid at the same place
	}
	return n.cell == g.cell || g.block >= 0 && p.block[n.cell] == g.block
}

// improves reports whether reaching cell (as a built cursor) at cost g
// would improve its best cost.
func (p *planner) improves(cell, g int32) bool {
	old := p.best[key(cell, kindBuilt)]
	return old < 0 || g < old
}

// worth reports whether state cur offers cell at cost g: the cost improves
// the cell's, and the cell is not built on cur's own plan. A cell never
// reached is on no plan (every state of a chain set its cell's best), so
// cur's chain is marked, once, only for the cells it might hold.
func (p *planner) worth(cell, g, cur int32, marked *bool) bool {
	old := p.best[key(cell, kindBuilt)]
	if old < 0 {
		return true
	}
	if g >= old {
		return false
	}
	if !*marked {
		p.markChain(cur)
		*marked = true
	}
	return !p.planned(cell)
}

// offer records the successor of state cur on cell (a built cursor, which
// builds there when build) at cost g, with heap tie value tie; the caller
// checked that g improves the cell's best.
func (p *planner) offer(cell, g int32, build bool, cur, tie int32) {
	k := key(cell, kindBuilt)
	if p.best[k] < 0 {
		p.touched = append(p.touched, k)
	}
	p.nodes = append(p.nodes, planNode{cell: cell, kind: kindBuilt, build: build, prev: cur})
	i := int32(len(p.nodes) - 1)
	p.best[k], p.parent[k] = g, cur
	p.h.push(planEntry{node: i, rank: planRank(g, tie)})
}

// planGoal is a target of planAll: its index, cell and coordinates.
type planGoal struct {
	i, x, y     int
	cell, block int32 // block -1 for a free cell or a target off the grid
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
