package ants

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/seed27749672/arena/game"
)

// specMap is a map drawn by specGenerate.
type specMap struct {
	coords    []Coord
	types     []CellType
	res       []int
	bases     [2][]int
	startAnts int
}

// specGenerate is shared/rules/ants.md §2.3, steps A to K, transcribed line
// by line with plain slices and maps, and with the same random primitives
// as the generator (draws). Comparing it with Generate pins the exact
// order and number of the random draws and every step's details, which the
// map properties alone cannot see.
func specGenerate(seed int64, league, ringMax int) specMap {
	d := draws{game.NewRand(seed, 1)}
	for {
		// A. Shape.
		n := 4 + d.Int(ringMax-4+1)
		L := int(math.Ceil(0.6 * float64(n)))
		list := []Coord{{0, 0, 0}}
		cur := Coord{1, -1, 0}
		for r := 1; r <= n; r++ {
			for o := 0; o <= 5; o++ {
				for range r {
					if -L < cur.Z && cur.Z < L && !slices.Contains(list, cur) {
						list = append(list, cur, cur.Neg())
					}
					cur = cur.Add(Directions[(o+2)%6])
				}
			}
			cur = cur.Add(Directions[0])
		}

		// B. Holes.
		p := 10 + d.Int(11)
		wanted := p * len(list) / 100
		removed := map[Coord]bool{}
		for len(removed) < wanted {
			c := list[d.Int(len(list))]
			removed[c], removed[c.Neg()] = true, true
		}
		list = slices.DeleteFunc(list, func(c Coord) bool { return removed[c] })

		full := func(c Coord) bool {
			for dir := range 6 {
				if !slices.Contains(list, c.Neighbor(dir)) {
					return false
				}
			}
			return true
		}
		// C. Corridor mode.
		if d.Float() < 0.05 {
			var inner []Coord
			for _, c := range list {
				if full(c) {
					inner = append(inner, c)
				}
			}
			list = slices.DeleteFunc(list, func(c Coord) bool { return slices.Contains(inner, c) })
		}
		// D. No-blob mode.
		if d.Float() < 0.70 {
			for {
				i := slices.IndexFunc(list, full)
				if i < 0 {
					break
				}
				var around []Coord
				for dir := 0; dir <= 5; dir++ {
					around = append(around, list[i].Neighbor(dir))
				}
				for j := len(around) - 1; j >= 1; j-- {
					k := d.Int(j + 1)
					around[j], around[k] = around[k], around[j]
				}
				x := around[0]
				list = slices.DeleteFunc(list, func(c Coord) bool { return c == x || c == x.Neg() })
			}
		}
		// E. Connectivity from list[0].
		seen := map[Coord]bool{list[0]: true}
		stack := []Coord{list[0]}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for dir := range 6 {
				if nb := c.Neighbor(dir); slices.Contains(list, nb) && !seen[nb] {
					seen[nb] = true
					stack = append(stack, nb)
				}
			}
		}
		if len(seen) != len(list) {
			continue
		}

		cells := len(list)
		m := specMap{coords: list, types: make([]CellType, cells), res: make([]int, cells)}
		mirror := func(i int) int { return slices.Index(list, list[i].Neg()) }
		put := func(c int, t CellType, amount int) {
			m.types[c], m.res[c] = t, amount
			m.types[mirror(c)], m.res[mirror(c)] = t, amount
		}
		large := func() int { return 40 + d.Int(20) }
		small := func() int { return 10 + d.Int(30) }

		// F. Centre crystal.
		if d.Bool() && list[0] == (Coord{}) {
			put(0, Crystal, large())
		}

		// G. Bases.
		hills := 1
		if league >= 3 && d.Float() < 0.33 {
			hills = 2
		}
		var chosen []int
		found := false
		for try := 0; try < 1000 && !found; try++ {
			var avail []int
			for c := 1; c < cells; c++ {
				if !(m.res[c] > 0) {
					avail = append(avail, c)
				}
			}
			chosen = nil
			for k := 0; k < hills && len(avail) > 0; k++ {
				c := avail[d.Int(len(avail))]
				avail = slices.DeleteFunc(avail, func(x int) bool {
					return HexDistance(list[x], list[c]) <= 2 || HexDistance(list[x], list[c].Neg()) <= 2
				})
				chosen = append(chosen, c)
			}
			found = len(chosen) == hills
		}
		if !found {
			continue // regenerate the whole map from A
		}
		for _, c := range chosen {
			m.bases[0] = append(m.bases[0], c)
			m.bases[1] = append(m.bases[1], mirror(c))
		}
		isBase := func(c int) bool { return slices.Contains(m.bases[0], c) || slices.Contains(m.bases[1], c) }

		// H. Food modes.
		surplus, hungry, famine := true, false, false
		if league >= 3 {
			surplus = d.Float() < 0.1
			hungry = !surplus && d.Float() < 0.08
			famine = !surplus && !hungry && d.Float() < 0.04
		}

		// I. Crystals.
		if !famine {
			var valid []int
			for c := range cells {
				if !isBase(c) {
					valid = append(valid, c)
				}
			}
			wanted := max(2, (10+d.Int(21))*len(valid)/100)
			shuffle(d, valid)
			for i := 0; i < wanted; i += 2 {
				c := valid[i]
				roll := d.Float()
				var amount int
				switch {
				case roll < 0.65 && hungry:
					amount = small()
				case roll < 0.65:
					amount = large()
				case hungry:
					amount = small()
				default:
					amount = small() / 2
				}
				if surplus {
					if league <= 2 {
						amount *= 5
					} else {
						amount *= 10
					}
				}
				put(c, Crystal, amount)
			}
		}
		if !slices.Contains(m.types, Crystal) {
			var empty []int
			for c := range cells {
				if !isBase(c) && m.types[c] == Empty {
					empty = append(empty, c)
				}
			}
			put(empty[d.Int(len(empty))], Crystal, large())
		}

		// J. Eggs.
		potential := 0
		if league != 1 {
			var valid []int
			for c := range cells {
				if !isBase(c) && m.res[c] == 0 {
					valid = append(valid, c)
				}
			}
			wanted := (10 + d.Int(19)) * len(valid) / 100
			shuffle(d, valid)
			for i := 0; i < wanted; i += 2 {
				c := valid[i]
				var amount int
				if d.Float() < 0.4 {
					amount = 20 + d.Int(20)
				} else {
					amount = 10 + d.Int(10)
				}
				put(c, Egg, amount)
				potential += 2 * amount
			}
		}

		// K. Starting ants.
		m.startAnts = max(10, 60-potential)
		return m
	}
}

// Generate draws exactly the maps of the spec's pseudo-code (§2.3 A-K), in
// every league and with every ring maximum.
func TestGenerateFollowsSpecDrawOrder(t *testing.T) {
	variants := []struct{ league, rings, seeds int }{
		{1, 4, 300}, {2, 5, 300}, {3, 5, 300}, {4, 5, 300}, {3, 7, 150}, {4, 6, 150}, {4, 7, 150},
	}
	for _, v := range variants {
		t.Run(fmt.Sprintf("league %d rings %d", v.league, v.rings), func(t *testing.T) {
			t.Parallel()
			for seed := range int64(v.seeds) {
				got, want := Generate(seed, v.league, v.rings), specGenerate(seed, v.league, v.rings)
				switch {
				case !slices.Equal(got.Board.Coords, want.coords):
					t.Fatalf("seed %d: cells\n got %v\nwant %v", seed, got.Board.Coords, want.coords)
				case !slices.Equal(got.Types, want.types) || !slices.Equal(got.Resources, want.res):
					t.Fatalf("seed %d: resources\n got %v %v\nwant %v %v", seed, got.Types, got.Resources, want.types, want.res)
				case !slices.Equal(got.Bases[0], want.bases[0]) || !slices.Equal(got.Bases[1], want.bases[1]):
					t.Fatalf("seed %d: bases %v, want %v", seed, got.Bases, want.bases)
				case got.StartAnts != want.startAnts:
					t.Fatalf("seed %d: %d starting ants, want %d", seed, got.StartAnts, want.startAnts)
				}
			}
		})
	}
}
