package territory

// floodScratch is reused by every flood fill of a state, so that a capture
// allocates nothing: mark[i] == gen means tile i was reached by the
// current fill.
type floodScratch struct {
	mark  []uint32
	gen   uint32
	stack []int32
}

// enclosed computes Enclosed(P) of Phase D1: flood 4-connected from a
// virtual ring of tiles around the grid through every tile that is not in
// P's body or neck; the tiles not reached and not in P's body are
// enclosed (P's neck included, obstacles included: walls are not P's, so
// they never help to enclose). The result is written to out (one bool per
// tile), which is returned.
func (s *State) enclosed(p *Player, out []bool) []bool {
	n := s.N
	sc := &s.scratch
	if len(sc.mark) != n*n {
		sc.mark = make([]uint32, n*n)
		sc.gen = 0
	}
	sc.gen++
	if sc.gen == 0 { // wrapped: start afresh
		clear(sc.mark)
		sc.gen = 1
	}
	gen, id := sc.gen, int8(p.ID)
	mark := sc.mark
	stack := sc.stack[:0]
	open := func(i int) bool { return s.Body[i] != id && s.Neck[i] != id }
	push := func(i int) {
		if mark[i] != gen && open(i) {
			mark[i] = gen
			stack = append(stack, int32(i))
		}
	}
	// The virtual ring touches every border tile.
	for x := 0; x < n; x++ {
		push(x)
		push((n-1)*n + x)
	}
	for y := 1; y < n-1; y++ {
		push(y * n)
		push(y*n + n - 1)
	}
	for len(stack) > 0 {
		i := int(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		x := i % n
		if x > 0 {
			push(i - 1)
		}
		if x < n-1 {
			push(i + 1)
		}
		if i >= n {
			push(i - n)
		}
		if i < n*(n-1) {
			push(i + n)
		}
	}
	sc.stack = stack
	if len(out) != n*n {
		out = make([]bool, n*n)
	}
	for i := range out {
		out[i] = mark[i] != gen && s.Body[i] != id
	}
	return out
}
