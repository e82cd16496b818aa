package ants

import (
	"fmt"
	"slices"
)

// Board is the cell graph of a map: cells in index order, their neighbours
// in direction order, and the all-pairs distances. It never changes during
// a game.
type Board struct {
	Coords    []Coord  // cell index -> coordinates
	Neighbors [][6]int // cell index -> neighbour index per direction, -1 for none

	byIndex [][]int // neighbours in ascending index order (the BFS order of LINE)
	dist    []int16 // n*n shortest-path lengths; -1 when unreachable
	index   map[Coord]int
}

// NewBoard builds the board of the given cells, in index order. Neighbours
// come from the coordinates: two cells are neighbours when their hexagons
// touch.
func NewBoard(coords []Coord) *Board {
	n := len(coords)
	b := &Board{
		Coords:    slices.Clone(coords),
		Neighbors: make([][6]int, n),
		byIndex:   make([][]int, n),
		index:     make(map[Coord]int, n),
	}
	for i, c := range coords {
		if _, dup := b.index[c]; dup {
			panic(fmt.Sprintf("ants: cell %v listed twice", c))
		}
		b.index[c] = i
	}
	for i, c := range coords {
		for d := range Directions {
			j, ok := b.index[c.Neighbor(d)]
			if !ok {
				j = -1
			}
			b.Neighbors[i][d] = j
			if j >= 0 {
				b.byIndex[i] = append(b.byIndex[i], j)
			}
		}
		slices.Sort(b.byIndex[i])
	}
	b.dist = distances(b.Neighbors)
	return b
}

// Len is the number of cells.
func (b *Board) Len() int { return len(b.Coords) }

// Index returns the index of the cell at c.
func (b *Board) Index(c Coord) (int, bool) {
	i, ok := b.index[c]
	return i, ok
}

// Mirror returns the index of the cell point-symmetric to i, or -1 when the
// board has none (test boards are not symmetric).
func (b *Board) Mirror(i int) int {
	j, ok := b.index[b.Coords[i].Neg()]
	if !ok {
		return -1
	}
	return j
}

// Dist is the number of steps between cells a and c (-1 if unreachable).
func (b *Board) Dist(a, c int) int { return int(b.dist[a*len(b.Coords)+c]) }

// Connected reports whether every cell can be reached from cell 0.
func (b *Board) Connected() bool {
	for c := range b.Coords {
		if b.Dist(0, c) < 0 {
			return false
		}
	}
	return true
}

// distances is the all-pairs shortest-path lengths of the graph whose
// cell i has the neighbours nb[i] (-1 entries are no neighbour): n*n
// entries, row-major, -1 when unreachable. The Board and the bots' View
// both use it.
func distances(nb [][6]int) []int16 {
	n := len(nb)
	dist := make([]int16, n*n)
	for i := range dist {
		dist[i] = -1
	}
	queue := make([]int, 0, n)
	for s := range n {
		row := dist[s*n : (s+1)*n]
		row[s] = 0
		queue = append(queue[:0], s)
		for k := 0; k < len(queue); k++ {
			h := queue[k]
			for _, m := range nb[h] {
				if m >= 0 && row[m] < 0 {
					row[m] = row[h] + 1
					queue = append(queue, m)
				}
			}
		}
	}
	return dist
}

// LinePath is the path a LINE command marks: a breadth-first search from
// `from` that visits neighbours in ascending index, stopped as soon as `to`
// is reached; the path includes both ends. It returns nil when `to` cannot
// be reached.
func (b *Board) LinePath(from, to int) []int {
	n := len(b.Coords)
	prev := make([]int, n)
	for i := range prev {
		prev[i] = -2 // unvisited
	}
	prev[from] = -1
	queue := make([]int, 0, n)
	queue = append(queue, from)
	for k := 0; k < len(queue) && prev[to] == -2; k++ {
		h := queue[k]
		for _, m := range b.byIndex[h] {
			if prev[m] == -2 {
				prev[m] = h
				queue = append(queue, m)
			}
		}
	}
	if prev[to] == -2 {
		return nil
	}
	var path []int
	for c := to; c != -1; c = prev[c] {
		path = append(path, c)
	}
	slices.Reverse(path)
	return path
}
