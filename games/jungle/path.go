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
	pos, g, f int32 // tile index y*w+x, cost from the start, g+1
	parent    int32 // index of the parent record, -1 for the start
	x, y      int32 // the tile (no division to get them back from pos)
}

// recHeap holds record indices; recs are the records they index.
type recHeap struct {
	a    []int32
	recs []searchRec
}

func (h *recHeap) f(i int) int32 { return h.recs[h.a[i]].f }

// up is heapq's _siftdown: move a[i] towards the root while strictly
// smaller than its parent, not above index s.
func (h *recHeap) up(s, i int) {
	a := h.a
	x := a[i]
	xf := h.recs[x].f
	for i > s {
		p := (i - 1) >> 1
		if xf < h.f(p) {
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
	for c < e {
		if c+1 < e && !(h.f(c) < h.f(c+1)) {
			c++
		}
		a[i] = a[c]
		i = c
		c = 2*i + 1
	}
	a[i] = x
	h.up(s, i)
}

func (h *recHeap) push(r int32) {
	h.a = append(h.a, r)
	h.up(0, len(h.a)-1)
}

func (h *recHeap) pop() int32 {
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

// searcher holds the buffers of path searches on one board.
type searcher struct {
	open   recHeap
	inOpen []int32 // per tile: its open record's index + 1, 0 for none
	closed []bool
	path   []Pos // the last path found
	count  int   // searches run, for tests of the stored-path reuse
}

// walker is the walkable predicate of a search: the board's own (spec
// §4.1, State.walkable) read from its tiles, units and free diamonds, or
// fn when it is set.
type walker struct {
	tiles            []Tile
	occ              []int
	free             []uint8
	spawnOK, carrier bool
	fn               func(Pos) bool
}

// ok says whether the mover may enter tile p, of index i. A tile with a
// unit is never walkable, so the unit's diamond does not count here as
// it does in diamondAt.
func (k *walker) ok(i int, p Pos) bool {
	if k.fn != nil {
		return k.fn(p)
	}
	switch k.tiles[i] {
	case NoTile, Wall:
		return false
	case Spawn:
		if !k.spawnOK {
			return false
		}
	}
	return k.occ[i] == 0 && !(k.carrier && k.free[i] > 0)
}

// findPath returns the reference's path from start to target, start and
// target included, or nil when there is none. ok(p) says whether the mover
// may enter tile p; it is the walkable predicate, judged once for the whole
// search (spec §4.4). The path is good until the next search.
func (s *searcher) findPath(w, h int, start, target Pos, ok func(Pos) bool) []Pos {
	return s.find(w, h, start, target, &walker{fn: ok})
}

// find is findPath with the predicate k.
func (s *searcher) find(w, h int, start, target Pos, k *walker) []Pos {
	s.count++
	n := w * h
	if len(s.inOpen) != n {
		s.inOpen = make([]int32, n)
		s.closed = make([]bool, n)
	} else {
		clear(s.inOpen)
		clear(s.closed)
	}
	// A tile gets at most one record while open, and a closed tile is
	// never opened again, so n records are enough.
	if cap(s.open.recs) < n {
		s.open.recs = make([]searchRec, 0, n)
	}
	s.open.recs = s.open.recs[:0]
	s.open.a = s.open.a[:0]
	si := int32(start.Y*w + start.X)
	ti := int32(target.Y*w + target.X)
	s.open.recs = append(s.open.recs, searchRec{pos: si, g: 0, f: 1, parent: -1, x: int32(start.X), y: int32(start.Y)})
	s.open.push(0)
	s.inOpen[si] = 1
	steps := [4]int32{-int32(w), int32(w), -1, 1} // as neighbours: up, down, left, right
	for len(s.open.a) > 0 {
		ci := s.open.pop()
		cur := s.open.recs[ci]
		s.inOpen[cur.pos] = 0
		if cur.pos == ti {
			return s.pathTo(ci)
		}
		s.closed[cur.pos] = true
		p := Pos{int(cur.x), int(cur.y)}
		for d, nb := range p.neighbours() {
			if nb.X < 0 || nb.Y < 0 || nb.X >= w || nb.Y >= h {
				continue
			}
			ni := cur.pos + steps[d]
			if !k.ok(int(ni), nb) || s.closed[ni] {
				continue
			}
			g := cur.g + 1
			if oi := s.inOpen[ni]; oi != 0 {
				o := &s.open.recs[oi-1]
				if o.g < g {
					continue
				}
				o.parent, o.g, o.f = ci, g, g+1
				s.open.rebuild()
				continue
			}
			s.open.recs = append(s.open.recs, searchRec{pos: ni, g: g, f: g + 1, parent: ci, x: int32(nb.X), y: int32(nb.Y)})
			nr := int32(len(s.open.recs) - 1)
			s.inOpen[ni] = nr + 1
			s.open.push(nr)
		}
	}
	return nil
}

// pathTo is the path from the start to record ci, in s.path.
func (s *searcher) pathTo(ci int32) []Pos {
	rev := s.path[:0]
	for c := ci; c >= 0; c = s.open.recs[c].parent {
		r := &s.open.recs[c]
		rev = append(rev, Pos{int(r.x), int(r.y)})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	s.path = rev
	return rev
}
