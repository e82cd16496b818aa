package ants

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// S3 and the generator's properties over 1,000 seeds per league (and with
// the reference's 7 rings): point symmetry, index order, connectivity, the
// cell-count bound, the base rules and the resource rules.
func TestGeneratorProperties(t *testing.T) {
	variants := []struct {
		league, rings int
	}{{1, 4}, {2, 5}, {3, 5}, {4, 5}, {4, 7}}
	for _, v := range variants {
		t.Run(fmt.Sprintf("league %d rings %d", v.league, v.rings), func(t *testing.T) {
			t.Parallel()
			bound := shapeCells[v.rings] - shapeCells[v.rings]*10/100
			stats := map[string]int{}
			for seed := range int64(1000) {
				m := Generate(seed, v.league, v.rings)
				if err := checkMap(m, v.league); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				n := m.Board.Len()
				if n > bound || (v.rings <= 5 && n >= 50) {
					t.Fatalf("seed %d: %d cells, bound %d", seed, n, bound)
				}
				stats[m.Food]++
				stats[fmt.Sprintf("hills %d", m.Hills)]++
				if m.Board.Coords[0] != (Coord{}) {
					stats["no centre"]++
				}
			}
			// The draws must actually vary the maps the way the rules say.
			if v.league >= 3 {
				for _, k := range []string{"normal", "surplus", "hungry", "hills 1", "hills 2", "no centre"} {
					if stats[k] == 0 {
						t.Errorf("no map with %s in 1000 seeds: %v", k, stats)
					}
				}
			} else if stats["surplus"] != 1000 || stats["hills 1"] != 1000 {
				t.Errorf("leagues 1-2 must have surplus and one base: %v", stats)
			}
		})
	}
}

// shapeCells is the number of cells of the shape walk before holes, for a
// ring count of 4 to 7 (§2.3 A).
var shapeCells = map[int]int{4: 39, 5: 49, 6: 79, 7: 115}

func checkMap(m *Map, league int) error {
	b := m.Board
	n := b.Len()
	if !b.Connected() {
		return fmt.Errorf("not connected")
	}
	// Index order: the centre first if present, then mirrored pairs.
	start := 0
	if b.Coords[0] == (Coord{}) {
		start = 1
	}
	if (n-start)%2 != 0 {
		return fmt.Errorf("%d cells cannot be centre + pairs", n)
	}
	for i := start; i < n; i += 2 {
		if b.Coords[i+1] != b.Coords[i].Neg() {
			return fmt.Errorf("cells %d and %d are not mirrored", i, i+1)
		}
	}
	// Point symmetry of cells, neighbours and resources.
	for c := range n {
		mc := b.Mirror(c)
		if mc < 0 {
			return fmt.Errorf("cell %d has no mirror", c)
		}
		for d := range 6 {
			x, y := b.Neighbors[c][d], b.Neighbors[mc][(d+3)%6]
			if (x < 0) != (y < 0) || (x >= 0 && b.Mirror(x) != y) {
				return fmt.Errorf("neighbours of %d and %d are not symmetric", c, mc)
			}
		}
		if m.Types[c] != m.Types[mc] || m.Resources[c] != m.Resources[mc] {
			return fmt.Errorf("resources of %d and %d differ", c, mc)
		}
	}
	// Bases.
	hills := len(m.Bases[0])
	if hills != len(m.Bases[1]) || hills < 1 || hills > 2 || (league <= 2 && hills != 1) {
		return fmt.Errorf("bases %v", m.Bases)
	}
	for i := range hills {
		a, o := m.Bases[0][i], m.Bases[1][i]
		if b.Mirror(a) != o {
			return fmt.Errorf("base %d of player 1 (%d) does not mirror player 0's (%d)", i, o, a)
		}
		if a == 0 || m.Resources[a] != 0 || m.Types[a] != Empty || m.Types[o] != Empty {
			return fmt.Errorf("base %d on cell %d (type %v, %d resources)", i, a, m.Types[a], m.Resources[a])
		}
	}
	if hills == 2 {
		first, second := b.Coords[m.Bases[0][0]], b.Coords[m.Bases[0][1]]
		if HexDistance(first, second) < 3 || HexDistance(first.Neg(), second) < 3 {
			return fmt.Errorf("second base %v too close to %v or its mirror", second, first)
		}
	}
	// Resources.
	crystals := 0
	for c := range n {
		t, r := m.Types[c], m.Resources[c]
		switch t {
		case Empty:
			if r != 0 {
				return fmt.Errorf("empty cell %d has %d resources", c, r)
			}
		case Egg:
			if league == 1 || r < 10 || r > 39 {
				return fmt.Errorf("egg cell %d with %d in league %d", c, r, league)
			}
		case Crystal:
			crystals++
			if !crystalAmountOK(m.Food, league, r) {
				return fmt.Errorf("crystal %d on cell %d in a %s map (league %d)", r, c, m.Food, league)
			}
		}
	}
	if crystals == 0 {
		return fmt.Errorf("no crystal")
	}
	if m.StartAnts < 10 || m.StartAnts > 60 || (league == 1 && m.StartAnts != 60) {
		return fmt.Errorf("%d starting ants", m.StartAnts)
	}
	if !slices.Contains(m.Types, Egg) && m.StartAnts != 60 {
		return fmt.Errorf("%d starting ants without eggs", m.StartAnts)
	}
	return nil
}

// crystalAmountOK: the amounts a crystal cell can hold in each food mode
// (the centre crystal, 40..59, is never multiplied; the failsafe crystal is
// 40..59 too).
func crystalAmountOK(food string, league, r int) bool {
	in := func(lo, hi, step int) bool { return r >= lo && r <= hi && r%step == 0 }
	if in(40, 59, 1) {
		return true
	}
	switch food {
	case "surplus":
		k := 10
		if league <= 2 {
			k = 5
		}
		return in(40*k, 59*k, k) || in(5*k, 19*k, k)
	case "hungry":
		return in(10, 39, 1)
	case "normal":
		return in(5, 19, 1)
	}
	return false
}

func TestGenerateIsDeterministic(t *testing.T) {
	for seed := range int64(50) {
		a, b := Generate(seed, 4, 7), Generate(seed, 4, 7)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d gives two maps", seed)
		}
	}
	if reflect.DeepEqual(Generate(1, 4, 5).Resources, Generate(2, 4, 5).Resources) {
		t.Errorf("seeds 1 and 2 give the same map")
	}
}
