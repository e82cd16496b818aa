package ants

// Harvest is one harvest chain of a turn: Player took Amount from the
// resource on Cell along Path (the resource cell first, one of the player's
// bases last).
type Harvest struct {
	Player int      `json:"player"`
	Kind   CellType `json:"-"`
	Cell   int      `json:"cell"`
	Amount int      `json:"amount"`
	Path   []int    `json:"path"`
}

// widest computes, for every cell, the best bottleneck of a path from one of
// the sources to it through cells with w > 0 (both ends included): the
// largest value v such that a path exists whose every cell has w >= v. It
// is a maximum-bottleneck Dijkstra from all sources at once; 0 means no
// path. out and done are scratch of the board's size.
func widest(b *Board, w []int, sources []int, out []int, done []bool) {
	for i := range out {
		out[i], done[i] = 0, false
	}
	for _, s := range sources {
		if w[s] > out[s] {
			out[s] = w[s]
		}
	}
	for {
		h := -1
		for c := range out {
			if !done[c] && out[c] > 0 && (h < 0 || out[c] > out[h]) {
				h = c
			}
		}
		if h < 0 {
			return
		}
		done[h] = true
		for _, n := range b.byIndex[h] {
			if done[n] || w[n] <= 0 {
				continue
			}
			if v := min(out[h], w[n]); v > out[n] {
				out[n] = v
			}
		}
	}
}

// chains holds one phase's harvest computation for both players.
type chains struct {
	attack [2][]int // attack value of each player on each cell
	usable [2][]int // ants of the player on the cells its chains may use, else 0
	value  [2][]int // best chain value from each cell to the player's bases
}

// scratch is the working memory of the harvest computation, kept between
// turns so that a turn allocates little.
type scratch struct {
	ch    chains
	done  []bool
	prev  []int
	depth []int
	queue []int
}

// work returns the state's harvest scratch, allocated on first use.
func (s *State) work() *scratch {
	if s.scr == nil {
		n := s.Board.Len()
		w := &scratch{done: make([]bool, n), prev: make([]int, n), depth: make([]int, n), queue: make([]int, 0, n)}
		for p := range 2 {
			w.ch.attack[p], w.ch.usable[p], w.ch.value[p] = make([]int, n), make([]int, n), make([]int, n)
		}
		s.scr = w
	}
	return s.scr
}

// computeChains evaluates every player's chains on the current state. With
// attack chains on, a cell where the opponent's attack value beats the
// player's own is not usable by the player (a tie keeps it for both).
func (s *State) computeChains(attackOn bool) *chains {
	n := s.Board.Len()
	w := s.work()
	ch := &w.ch
	for p := range 2 {
		clear(ch.attack[p])
		if attackOn {
			widest(s.Board, s.Ants[p], s.Bases[p], ch.attack[p], w.done)
		}
	}
	for p := range 2 {
		for c := range n {
			ch.usable[p][c] = 0
			if s.Ants[p][c] > 0 && !(attackOn && ch.attack[1-p][c] > ch.attack[p][c]) {
				ch.usable[p][c] = s.Ants[p][c]
			}
		}
		widest(s.Board, ch.usable[p], s.Bases[p], ch.value[p], w.done)
	}
	return ch
}

// harvests lists what each player harvests from the cells of one kind, in
// player order then cell order, on the current state; nothing is applied.
func (s *State) harvests(kind CellType, attackOn bool) []Harvest {
	var ch *chains
	var out []Harvest
	for p := range 2 {
		for c, t := range s.Types {
			if t != kind || s.Res[c] <= 0 {
				continue
			}
			if ch == nil {
				ch = s.computeChains(attackOn)
			}
			v := ch.value[p][c]
			if v <= 0 {
				continue
			}
			out = append(out, Harvest{Player: p, Kind: kind, Cell: c, Amount: min(v, s.Res[c]),
				Path: s.displayPath(ch.usable[p], p, c, v)})
		}
	}
	return out
}

// displayPath is the chain drawn for a harvest of value v from cell r:
// among the bases reached through usable cells holding at least v ants, the
// one with the shortest path (ties: the earlier base), along the
// breadth-first path that visits neighbours in ascending index.
func (s *State) displayPath(usable []int, p, r, v int) []int {
	b := s.Board
	w := s.work()
	prev, depth := w.prev, w.depth
	for i := range prev {
		prev[i] = -2
	}
	prev[r], depth[r] = -1, 0
	queue := append(w.queue[:0], r)
	for k := 0; k < len(queue); k++ {
		h := queue[k]
		for _, m := range b.byIndex[h] {
			if prev[m] == -2 && usable[m] >= v {
				prev[m], depth[m] = h, depth[h]+1
				queue = append(queue, m)
			}
		}
	}
	best := -1
	for _, base := range s.Bases[p] {
		if prev[base] != -2 && (best < 0 || depth[base] < depth[best]) {
			best = base
		}
	}
	if best < 0 {
		return []int{r} // cannot happen: v > 0 means some base is reached
	}
	path := make([]int, depth[best]+1)
	for c, i := best, depth[best]; c != -1; c, i = prev[c], i-1 {
		path[i] = c
	}
	return path
}
