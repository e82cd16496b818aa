package jungle

// The path search is the reference's exactly (spec §4.4): npm a-star 0.2.0
// over npm heap 0.2.7 (a port of Python's heapq), with a step cost of 1 and
// a constant heuristic of 1, so every record's f is g+1. Shortest paths tie
// often; which one comes out depends on the heap's tie order, the
// re-parenting of open records on an equal cost, and the full heap rebuild
// that follows, so all three are reproduced as they are.

// searchRec is one node record of the search; records refer to each other
// by their index in the search's slice (no pointers: nothing for the
// garbage collector to follow or a write barrier to record).
type searchRec struct {
	cell   int32 // the tile's index in the bordered grid
	g      int32 // cost from the start (f is g+1)
	parent int32 // index of the parent record, -1 for the start
}

// heapItem is an open record in the heap, with its f beside it so that
// comparisons need not look the record up.
type heapItem struct{ f, rec int32 }

// recHeap is heapq's heap of open records, ordered by f alone.
type recHeap struct{ a []heapItem }

// up is heapq's _siftdown: move a[i] towards the root while strictly
// smaller than its parent, not above index s.
func (h *recHeap) up(s, i int) {
	a := h.a
	x := a[i]
	for i > s {
		p := (i - 1) >> 1
		if x.f < a[p].f {
			a[i] = a[p]
			i = p
			continue
		}
		break
	}
	a[i] = x
}

// down is heapq's _siftup: move the smaller child up until a leaf, then
// sift the item back up.
func (h *recHeap) down(i int) {
	a := h.a
	e := len(a)
	s := i
	x := a[i]
	c := 2*i + 1
	if c >= e || x.f < a[c].f && (c+1 == e || x.f < a[c+1].f) {
		// Smaller than both children (whose subtrees are heaps): the
		// children would move up to a leaf and x sift back to i, every
		// item where it was.
		return
	}
	for c < e {
		if c+1 < e && !(a[c].f < a[c+1].f) {
			c++
		}
		a[i] = a[c]
		i = c
		c = 2*i + 1
	}
	a[i] = x
	h.up(s, i)
}

func (h *recHeap) push(it heapItem) {
	h.a = append(h.a, it)
	h.up(0, len(h.a)-1)
}

func (h *recHeap) pop() heapItem {
	a := h.a
	last := a[len(a)-1]
	a = a[:len(a)-1]
	h.a = a
	if len(a) == 0 {
		return last
	}
	top := a[0]
	a[0] = last
	h.down(0)
	return top
}

func (h *recHeap) rebuild() {
	for i := len(h.a)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// setF gives record r's heap item the f f.
func (h *recHeap) setF(r, f int32) {
	for i := range h.a {
		if h.a[i].rec == r {
			h.a[i].f = f
		}
	}
}

// searcher holds the buffers of path searches on one board.
type searcher struct {
	open recHeap
	recs []searchRec
	// cells is, per tile of the board with a border of one tile around
	// it, the tile's open record's index + 1, or offTile once closed, on
	// the border or found not walkable, or 0 while never reached; blank is
	// what it is at the start of a search.
	cells, blank []int32
	w, h         int   // the board of blank
	path         []Pos // the last path found
	count        int   // searches run, for tests of the stored-path reuse
}

const offTile = -1

// The bits of a tile in a search's grid of blocks (State.blk): the mover
// may not enter a tile with one of the bits its search is given. blkOff is
// the border, a wall or no tile; blkDiamond is a free diamond lying there.
const (
	blkOff uint8 = 1 << iota
	blkSpawn
	blkUnit
	blkDiamond
)

// blockGrid is a grid of blocks for a w x h board, with a border of one
// tile (blkOff) around it: bits(p) for every tile p of the board.
func blockGrid(w, h int, bits func(Pos) uint8) []uint8 {
	stride := w + 2
	g := make([]uint8, stride*(h+2))
	for i := range g {
		x, y := i%stride-1, i/stride-1
		if x < 0 || y < 0 || x >= w || y >= h {
			g[i] = blkOff
			continue
		}
		g[i] = bits(Pos{x, y})
	}
	return g
}

// findPath returns the reference's path from start to target, start and
// target included, or nil when there is none. ok(p) says whether the mover
// may enter tile p; it is the walkable predicate, judged once for the whole
// search (spec §4.4): here, for every tile before it starts. The path is
// good until the next search.
func (s *searcher) findPath(w, h int, start, target Pos, ok func(Pos) bool) []Pos {
	blk := blockGrid(w, h, func(p Pos) uint8 {
		if ok(p) {
			return 0
		}
		return blkOff
	})
	return s.find(w, h, start, target, blk, blkOff)
}

// find is findPath on a grid of blocks (State.blk's layout): the mover
// may enter a tile without any of the bits of block. The grid does not
// change during the search, so each tile is judged once, when first
// reached (spec §4.4: the predicate holds for the whole search).
func (s *searcher) find(w, h int, start, target Pos, blk []uint8, block uint8) []Pos {
	s.count++
	n, stride := w*h, w+2
	if s.w != w || s.h != h || s.blank == nil {
		s.w, s.h = w, h
		s.blank = make([]int32, stride*(h+2))
		for i := range s.blank {
			if x, y := i%stride, i/stride; x == 0 || y == 0 || x == w+1 || y == h+1 {
				s.blank[i] = offTile
			}
		}
		s.cells = make([]int32, len(s.blank))
	}
	cells := s.cells
	copy(cells, s.blank)
	blk = blk[:len(cells)]
	// A tile gets at most one record (a closed tile is never opened
	// again), so n records are enough.
	if len(s.recs) < n {
		s.recs = make([]searchRec, n)
	}
	recs := s.recs[:n]
	nrec := int32(1)
	s.open.a = s.open.a[:0]
	tc := int32((target.Y+1)*stride + target.X + 1)
	sc := int32((start.Y+1)*stride + start.X + 1)
	recs[0] = searchRec{cell: sc, g: 0, parent: -1}
	s.open.push(heapItem{f: 1, rec: 0})
	cells[sc] = 1
	// The neighbours in the reference's order: up, down, left, right.
	steps := [4]int32{-int32(stride), int32(stride), -1, 1}
	for len(s.open.a) > 0 {
		ci := s.open.pop().rec
		cur := recs[ci]
		if cur.cell == tc {
			return s.pathTo(ci, stride)
		}
		cells[cur.cell] = offTile
		g := cur.g + 1
		for _, step := range steps {
			nc := cur.cell + step
			switch st := cells[nc]; {
			case st == offTile:
			case st > 0:
				// Open: a path as short re-parents it, and the heap is
				// rebuilt, as the reference does.
				o := &recs[st-1]
				if o.g < g {
					continue
				}
				if o.g != g {
					s.open.setF(st-1, g+1)
				}
				o.parent, o.g = ci, g
				s.open.rebuild()
			case blk[nc]&block == 0:
				recs[nrec] = searchRec{cell: nc, g: g, parent: ci}
				cells[nc] = nrec + 1
				s.open.push(heapItem{f: g + 1, rec: nrec})
				nrec++
			default:
				cells[nc] = offTile // judged once: it stays not walkable
			}
		}
	}
	return nil
}

// pathTo is the path from the start to record ci, in s.path.
func (s *searcher) pathTo(ci int32, stride int) []Pos {
	rev := s.path[:0]
	for c := ci; c >= 0; c = s.recs[c].parent {
		p := int(s.recs[c].cell)
		rev = append(rev, Pos{p%stride - 1, p/stride - 1})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	s.path = rev
	return rev
}
