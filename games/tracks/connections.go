package tracks

import (
	"slices"
	"strconv"
	"strings"
)

// Connection is an active connection of one turn: the shortest track path
// from a town to a town it desires (rules §3.7).
type Connection struct {
	From, To int
	Path     []int  // cells from the requesting town to the desired one, both included
	Points   [2]int // what each player earned from it this turn
}

// Name is the connection as the protocol prints it: "T-U", requester first.
func (c Connection) Name() string { return strconv.Itoa(c.From) + "-" + strconv.Itoa(c.To) }

// searcher holds the buffers of the breadth-first searches, reused across
// turns so that a game allocates little.
type searcher struct {
	parent []int32
	seen   []int32
	stamp  int32
	queue  []int32
}

func (s *searcher) reset(n int) {
	if len(s.seen) != n {
		s.parent = make([]int32, n)
		s.seen = make([]int32, n)
		s.stamp = 0
	}
	s.stamp++
	if s.stamp == 1<<31-1 {
		clear(s.seen)
		s.stamp = 1
	}
}

// trainPath is the reference's TrainBFS: a breadth-first search from town
// cell from to town cell to over towns and tracks of any owner, neighbours
// in the order N, E, S, W. Among the shortest paths it returns the one whose
// move sequence is smallest with N < E < S < W. nil when there is none.
func (s *searcher) trainPath(b *Board, from, to int) []int {
	s.reset(len(b.Terrain))
	s.seen[from] = s.stamp
	s.parent[from] = -1
	q := append(s.queue[:0], int32(from))
	found := false
	for i := 0; i < len(q); i++ {
		c := q[i]
		if int(c) == to {
			found = true
			break
		}
		for _, n := range b.adj[c] {
			if n >= 0 && s.seen[n] != s.stamp && b.solid(int(n)) {
				s.seen[n] = s.stamp
				s.parent[n] = c
				q = append(q, n)
			}
		}
	}
	s.queue = q[:0]
	if !found {
		return nil
	}
	var path []int
	for c := int32(to); c >= 0; c = s.parent[c] {
		path = append(path, int(c))
	}
	slices.Reverse(path)
	return path
}

// activeConnections finds every active connection, towns in id order and
// each town's desired towns in id order, with the points each pays.
func (s *searcher) activeConnections(b *Board) []Connection {
	var out []Connection
	for _, t := range b.Towns {
		for _, u := range t.Desired {
			path := s.trainPath(b, t.Cell, b.Towns[u].Cell)
			if path == nil {
				continue
			}
			c := Connection{From: t.ID, To: u, Path: path}
			for _, cell := range path {
				if o := b.Track[cell]; o == 0 || o == 1 {
					c.Points[o]++
				}
			}
			out = append(out, c)
		}
	}
	return out
}

// cellConnections returns, per cell, the protocol's partOfActiveConnections
// field: the names of the connections whose path holds the cell, sorted as
// strings and joined by ",", or "x".
func cellConnections(n int, conns []Connection) []string {
	lists := make([][]string, n)
	for _, c := range conns {
		name := c.Name()
		for _, cell := range c.Path {
			lists[cell] = append(lists[cell], name)
		}
	}
	out := make([]string, n)
	for i, l := range lists {
		if len(l) == 0 {
			out[i] = "x"
			continue
		}
		slices.Sort(l)
		out[i] = strings.Join(l, ",")
	}
	return out
}

// anyConnectionPossible reports whether some desired connection can still
// be completed: a 4-connected path from the town to the desired town through
// cells of regions that are not inked (terrain, tracks and other towns do
// not matter; reference TerrainAStar).
func (s *searcher) anyConnectionPossible(b *Board) bool {
	comp := make([]int32, len(b.Terrain))
	for i := range comp {
		comp[i] = -1
	}
	id := int32(0)
	for c := range comp {
		if comp[c] >= 0 || b.inked(c) {
			continue
		}
		comp[c] = id
		q := append(s.queue[:0], int32(c))
		for i := 0; i < len(q); i++ {
			for _, n := range b.adj[q[i]] {
				if n >= 0 && comp[n] < 0 && !b.inked(int(n)) {
					comp[n] = id
					q = append(q, n)
				}
			}
		}
		s.queue = q[:0]
		id++
	}
	for _, t := range b.Towns {
		for _, u := range t.Desired {
			a, z := comp[t.Cell], comp[b.Towns[u].Cell]
			if a >= 0 && a == z {
				return true
			}
		}
	}
	return false
}

// servedPOIs returns the points of interest that serve player p's side
// quest now: the POI holds a track of p or a neutral one, and a search from
// it over towns and tracks of p or neutral reaches a town (rules §3.9).
func (s *searcher) servedPOIs(b *Board, p int) []int {
	var out []int
	mine := func(c int) bool { o := b.Track[c]; return o == int8(p) || o == Neutral }
	for c, t := range b.Terrain {
		if t != POI || !mine(c) {
			continue
		}
		s.reset(len(b.Terrain))
		s.seen[c] = s.stamp
		q := append(s.queue[:0], int32(c))
		reached := false
		for i := 0; i < len(q) && !reached; i++ {
			for _, n := range b.adj[q[i]] {
				if n < 0 || s.seen[n] == s.stamp {
					continue
				}
				if b.TownAt[n] >= 0 {
					reached = true
					break
				}
				if mine(int(n)) {
					s.seen[n] = s.stamp
					q = append(q, n)
				}
			}
		}
		s.queue = q[:0]
		if reached {
			out = append(out, c)
		}
	}
	return out
}
