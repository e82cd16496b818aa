package territory

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/game"
)

// stream is the game's random stream of §2.4-2.5: SplitMix64 seeded with
// the match seed, below(k) = next() mod k. Its first draws shuffle the
// players; obstacle placement continues it.
type stream struct{ sm *game.SplitMix64 }

func newStream(seed int64) *stream { return &stream{game.NewSplitMix64(uint64(seed))} }

func (s *stream) below(k int) int { return int(s.sm.Uint64() % uint64(k)) }

// shuffle returns a Fisher-Yates permutation of 0..n-1 (i from n-1 down to
// 1, j = below(i+1), swap i and j): element k is the bot that gets id k.
func (s *stream) shuffle(n int) []int {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	for i := n - 1; i >= 1; i-- {
		j := s.below(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	return perm
}

// Mix is the relative weight of walls, bombs, ice and decay among the
// random obstacles (D4: 2:1:1:1).
type Mix struct{ W, B, I, D int }

// DefaultMix is the seed's mix: bombs, ice and decay a fifth each, walls
// the rest.
var DefaultMix = Mix{2, 1, 1, 1}

// ParseMix reads a mix written W:B:I:D, e.g. "2:1:1:1".
func ParseMix(s string) (Mix, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 4 {
		return Mix{}, fmt.Errorf("%q is not W:B:I:D, e.g. 2:1:1:1", s)
	}
	var v [4]int
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 1000 {
			return Mix{}, fmt.Errorf("%q is not W:B:I:D with whole weights from 0 to 1000", s)
		}
		v[i] = n
	}
	if v[0]+v[1]+v[2]+v[3] == 0 {
		return Mix{}, fmt.Errorf("%q: the weights cannot all be 0", s)
	}
	return Mix{v[0], v[1], v[2], v[3]}, nil
}

// counts splits count obstacles: bombs, ice and decay get floor(count·w/total),
// walls the rest.
func (m Mix) counts(count int) (w, b, i, d int) {
	total := m.W + m.B + m.I + m.D
	b, i, d = count*m.B/total, count*m.I/total, count*m.D/total
	return count - b - i - d, b, i, d
}

// DefaultObstacles is the seed's obstacle count: 5% of the N×N square.
func DefaultObstacles(n int) int { return n * n / 20 }

// placeObstacles puts count random obstacles on a generated arena (D4).
// Candidates are the empty tiles outside the start blocks at Chebyshev
// distance >= 3 from every start tile, in map order, shuffled; one cursor
// runs through them: each wall takes the next candidate that keeps the
// non-wall tiles connected (a refused one is dropped), then each bomb, ice
// and decay takes the next one. When the candidates run out, fewer
// obstacles are placed.
func (a *Arena) placeObstacles(s *stream, count int, mix Mix) {
	n := a.N
	var cands []int
	for y := n - 1; y >= 0; y-- {
		for x := 0; x < n; x++ {
			if a.Tiles[y*n+x] != Empty || a.nearStart(Point{x, y}) {
				continue
			}
			cands = append(cands, y*n+x)
		}
	}
	for i := len(cands) - 1; i >= 1; i-- {
		j := s.below(i + 1)
		cands[i], cands[j] = cands[j], cands[i]
	}
	nw, nb, ni, nd := mix.counts(count)
	cur := 0
	for k := 0; k < nw && cur < len(cands); {
		t := cands[cur]
		cur++
		a.Tiles[t] = Wall
		if connected(n, func(i int) bool { return a.Tiles[i] != Wall }) {
			k++
			continue
		}
		a.Tiles[t] = Empty
	}
	for kind, want := range []int{nb, ni, nd} {
		ob := []Obstacle{Bomb, Ice, Decay}[kind]
		for k := 0; k < want && cur < len(cands); k++ {
			a.Tiles[cands[cur]] = ob
			cur++
		}
	}
}

// nearStart reports whether p is within Chebyshev distance 2 of a start tile.
func (a *Arena) nearStart(p Point) bool {
	for _, s := range a.Starts {
		for _, b := range s.Block {
			if max(abs(p.X-b.X), abs(p.Y-b.Y)) < 3 {
				return true
			}
		}
	}
	return false
}

// GenerateArena builds a generated arena for a player count (§2.3-2.5) and
// draws the player order: perm[k] is the bot (in the order given) that
// gets id and slot k. count < 0 means DefaultObstacles.
func GenerateArena(seed int64, players int, size Size, shape Shape, count int, mix Mix) (*Arena, []int, error) {
	n, err := ArenaSize(players, size)
	if err != nil {
		return nil, nil, err
	}
	if !ShapeAllowed(shape, players) {
		return nil, nil, fmt.Errorf("the %s shape is not used with %d players", shape, players)
	}
	starts, _, err := StartBlocks(n, players, shape)
	if err != nil {
		return nil, nil, err
	}
	a := &Arena{Name: fmt.Sprintf("%s-%s-%d", shape, size, players), N: n, Shape: shape, Size: size,
		Tiles: make([]Obstacle, n*n), Starts: starts}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if shapeWall(shape, n, x, y) {
				a.Tiles[y*n+x] = Wall
			}
		}
	}
	s := newStream(seed)
	perm := s.shuffle(players)
	if count < 0 {
		count = DefaultObstacles(n)
	}
	a.placeObstacles(s, count, mix)
	if err := a.validate(); err != nil {
		return nil, nil, err
	}
	return a, perm, nil
}
