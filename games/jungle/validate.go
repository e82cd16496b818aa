package jungle

import (
	"fmt"
	"sort"
)

// Symmetry is the kind of symmetry a map has.
type Symmetry int

// Map symmetries, from none to the strongest the generator makes.
const (
	NoSymmetry    Symmetry = iota
	PointSymmetry          // 180° rotation: fair for 2 teams
	MirrorBoth             // both mirror axes (hence also 180°): fair for 2 and 4 teams
)

// String describes the symmetry for humans.
func (s Symmetry) String() string {
	return [...]string{"none", "180° rotation", "both mirror axes"}[s]
}

// Symmetry reports the strongest symmetry of the map's tiles and diamonds
// (trap decoration and the kind of wall do not count).
func (m *Map) Symmetry() Symmetry {
	rows := m.rows()
	same := func(f func(x, y int) (int, int)) bool {
		for y := 0; y < m.H; y++ {
			for x := 0; x < m.W; x++ {
				x2, y2 := f(x, y)
				a, b := rows[y][x], rows[y2][x2]
				if a != b && !(a.Tile() == b.Tile() && a != ArtDiamond && b != ArtDiamond) {
					return false
				}
			}
		}
		return true
	}
	rot := same(func(x, y int) (int, int) { return m.W - 1 - x, m.H - 1 - y })
	mx := same(func(x, y int) (int, int) { return m.W - 1 - x, y })
	my := same(func(x, y int) (int, int) { return x, m.H - 1 - y })
	switch {
	case mx && my:
		return MirrorBoth
	case rot:
		return PointSymmetry
	}
	return NoSymmetry
}

// maxTeams is the largest team count the map's units header plans for (2
// when it has none).
func (m *Map) maxTeams() int {
	n := 2
	for t := range m.Units {
		n = max(n, t)
	}
	return n
}

// Validate checks the playability rules our maps must pass (spec §2.3,
// symmetry aside): enough spawn zones and tiles, every zone with an exit,
// one connected floor, every diamond reachable from every zone. It returns
// the problems found, none for a good map.
func (m *Map) Validate() []string {
	var probs []string
	zones := m.SpawnZones()
	teams := m.maxTeams()
	if len(zones) < teams {
		probs = append(probs, fmt.Sprintf("%d spawn zones for up to %d teams (one per team at least)", len(zones), teams))
	}
	spawns := len(m.Spawns())
	entries := []int{}
	for t := range m.Units {
		entries = append(entries, t)
	}
	sort.Ints(entries)
	if len(entries) == 0 {
		if need := 2 * teams * 3; spawns < need {
			probs = append(probs, fmt.Sprintf("%d spawn tiles; %d teams of 3 units need %d", spawns, teams, need))
		}
	}
	for _, t := range entries {
		if need := 2 * t * m.Units[t]; spawns < need {
			probs = append(probs, fmt.Sprintf("%d spawn tiles; %d teams of %d units need %d", spawns, t, m.Units[t], need))
		}
	}
	// One connected floor.
	comp := m.emptyComponents()
	n := 0
	for _, c := range comp {
		n = max(n, c)
	}
	if n > 1 {
		probs = append(probs, fmt.Sprintf("the empty tiles form %d separate areas; they must form one", n))
	}
	if len(m.Diamonds) == 0 {
		probs = append(probs, "no diamonds")
	}
	for i, z := range zones {
		reach := map[int]bool{}
		for _, s := range z {
			for _, q := range s.neighbours() {
				if m.Tile(q) == Empty {
					reach[comp[q.Y*m.W+q.X]] = true
				}
			}
		}
		if len(reach) == 0 {
			probs = append(probs, fmt.Sprintf("spawn zone %d (at %v) has no empty neighbour", i+1, z[0]))
			continue
		}
		for _, d := range m.Diamonds {
			if !reach[comp[d.Y*m.W+d.X]] {
				probs = append(probs, fmt.Sprintf("the diamond at %v cannot be reached from spawn zone %d (at %v)", d, i+1, z[0]))
			}
		}
	}
	return probs
}

// emptyComponents numbers the 4-connected areas of EMPTY tiles from 1;
// other tiles get 0.
func (m *Map) emptyComponents() []int {
	comp := make([]int, m.W*m.H)
	n := 0
	for y := 0; y < m.H; y++ {
		for x := 0; x < m.W; x++ {
			if m.Tile(Pos{x, y}) != Empty || comp[y*m.W+x] != 0 {
				continue
			}
			n++
			comp[y*m.W+x] = n
			stack := []Pos{{x, y}}
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, q := range p.neighbours() {
					if m.Tile(q) == Empty && comp[q.Y*m.W+q.X] == 0 {
						comp[q.Y*m.W+q.X] = n
						stack = append(stack, q)
					}
				}
			}
		}
	}
	return comp
}
