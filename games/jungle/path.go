package jungle

// The path search is the reference's exactly (spec §4.4): npm a-star 0.2.0
// over npm heap 0.2.7 (a port of Python's heapq), with a step cost of 1 and
// a constant heuristic of 1, so every record's f is g+1. Shortest paths tie
// often; which one comes out depends on the heap's tie order, the
// re-parenting of open records on an equal cost, and the full heap rebuild
// that follows, so all three are reproduced as they are.

// searchRec is one node record of the search.
type searchRec struct {
	pos    int // tile index y*W+x
	g, f   int
	parent *searchRec
}

type recHeap []*searchRec

// up is heapq's _siftdown: move a[i] towards the root while strictly
// smaller than its parent, not above index s.
func (a recHeap) up(s, i int) {
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
func (a recHeap) down(i int) {
	e := len(a)
	s := i
	x := a[i]
	c := 2*i + 1
	for c < e {
		if c+1 < e && !(a[c].f < a[c+1].f) {
			c++
		}
		a[i] = a[c]
		i = c
		c = 2*i + 1
	}
	a[i] = x
	a.up(s, i)
}

func (h *recHeap) push(r *searchRec) {
	*h = append(*h, r)
	h.up(0, len(*h)-1)
}

func (h *recHeap) pop() *searchRec {
	a := *h
	last := a[len(a)-1]
	a = a[:len(a)-1]
	*h = a
	if len(a) == 0 {
		return last
	}
	top := a[0]
	a[0] = last
	a.down(0)
	return top
}

func (a recHeap) rebuild() {
	for i := len(a)/2 - 1; i >= 0; i-- {
		a.down(i)
	}
}

// searcher holds the buffers of path searches on one board.
type searcher struct {
	open   recHeap
	inOpen []*searchRec
	closed []bool
	recs   []searchRec
	count  int // searches run, for tests of the stored-path reuse
}

// findPath returns the reference's path from start to target, start and
// target included, or nil when there is none. ok(p) says whether the mover
// may enter tile p; it is the walkable predicate, judged once for the whole
// search (spec §4.4).
func (s *searcher) findPath(w, h int, start, target Pos, ok func(Pos) bool) []Pos {
	s.count++
	n := w * h
	if len(s.inOpen) != n {
		s.inOpen = make([]*searchRec, n)
		s.closed = make([]bool, n)
	} else {
		clear(s.inOpen)
		clear(s.closed)
	}
	// Records live in one slice for the whole search: a tile gets at most
	// one record while open, and a closed tile is never opened again, so n
	// records are enough and the pointers stay valid.
	if cap(s.recs) < n {
		s.recs = make([]searchRec, 0, n)
	}
	s.recs = s.recs[:0]
	s.open = s.open[:0]
	newRec := func(pos, g int, parent *searchRec) *searchRec {
		s.recs = append(s.recs, searchRec{pos: pos, g: g, f: g + 1, parent: parent})
		return &s.recs[len(s.recs)-1]
	}
	si := start.Y*w + start.X
	ti := target.Y*w + target.X
	r := newRec(si, 0, nil)
	s.open.push(r)
	s.inOpen[si] = r
	for len(s.open) > 0 {
		cur := s.open.pop()
		s.inOpen[cur.pos] = nil
		if cur.pos == ti {
			var rev []Pos
			for c := cur; c != nil; c = c.parent {
				rev = append(rev, Pos{c.pos % w, c.pos / w})
			}
			for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
				rev[i], rev[j] = rev[j], rev[i]
			}
			return rev
		}
		s.closed[cur.pos] = true
		p := Pos{cur.pos % w, cur.pos / w}
		for _, nb := range p.neighbours() {
			if nb.X < 0 || nb.Y < 0 || nb.X >= w || nb.Y >= h || !ok(nb) {
				continue
			}
			ni := nb.Y*w + nb.X
			if s.closed[ni] {
				continue
			}
			g := cur.g + 1
			if o := s.inOpen[ni]; o != nil {
				if o.g < g {
					continue
				}
				o.parent, o.g, o.f = cur, g, g+1
				s.open.rebuild()
				continue
			}
			nr := newRec(ni, g, cur)
			s.inOpen[ni] = nr
			s.open.push(nr)
		}
	}
	return nil
}
