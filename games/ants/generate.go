package ants

import (
	"math/rand/v2"
	"slices"

	"github.com/seed27749672/arena/game"
)

// CellType is what a cell holds. It is fixed by the generator and never
// changes, not even when the resources run out.
type CellType int

// Cell types, numbered as in the bots' input.
const (
	Empty   CellType = 0
	Egg     CellType = 1
	Crystal CellType = 2
)

// String names the type as the viewer frames do: empty, egg, crystal.
func (t CellType) String() string {
	switch t {
	case Egg:
		return "egg"
	case Crystal:
		return "crystal"
	}
	return "empty"
}

// Map is a generated map: the board, what each cell holds, and the bases.
type Map struct {
	Board     *Board
	Types     []CellType
	Resources []int    // initial amounts
	Bases     [2][]int // per player, in order; player 1's i-th base mirrors player 0's
	StartAnts int      // ants on every base at the start

	// How the map was drawn (shown in the initial frame, used by tests).
	Rings   int    // ring count of the shape walk
	Hills   int    // bases per player
	Food    string // "normal", "surplus", "hungry" or "famine"
	Layouts string // "", "corridor", "noblob" or "corridor+noblob"
}

// InitialCrystal is the sum of the crystal resources of a fresh map.
func (m *Map) InitialCrystal() int { return crystalTotal(m.Types, m.Resources) }

// crystalTotal is the sum of the resources of the crystal cells.
func crystalTotal(types []CellType, res []int) int {
	total := 0
	for c, t := range types {
		if t == Crystal {
			total += res[c]
		}
	}
	return total
}

// draws are the random primitives the generator is written with.
type draws struct{ r *rand.Rand }

// Int, Float, Bool, large and small are the draws of §2.3.
func (d draws) Int(n int) int  { return d.r.IntN(n) }
func (d draws) Float() float64 { return d.r.Float64() }
func (d draws) Bool() bool     { return d.r.IntN(2) == 1 }
func (d draws) large() int     { return 40 + d.Int(20) }
func (d draws) small() int     { return 10 + d.Int(30) }

// shuffle is Fisher-Yates from the end, as the reference's
// Collections.shuffle.
func shuffle[T any](d draws, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := d.Int(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// rowLimit is L = ceil(0.6*n): the shape keeps the cells with -L < z < L.
var rowLimit = map[int]int{4: 3, 5: 3, 6: 4, 7: 5}

// Generate draws the map of a match from its seed, for a league (1 to 4)
// and a maximum ring count (4 to 7). The same arguments always give the
// same map.
func Generate(seed int64, league, ringMax int) *Map {
	d := draws{game.NewRand(seed, 1)}
	for {
		coords, rings, layouts := drawShape(d, ringMax)
		if m := fill(d, coords, league); m != nil {
			m.Rings, m.Layouts = rings, layouts
			return m
		}
		// No base placement after 1000 tries: draw a new map (the reference
		// falls back to edge cells, which can give both players one cell).
	}
}

// ringWalk is step A: the cells of n rings, within the row limit, as
// mirrored pairs after the centre.
func ringWalk(n int) []Coord {
	limit := rowLimit[n]
	list := []Coord{{0, 0, 0}}
	var in coordSet
	in.add(Coord{})
	cur := Coord{1, -1, 0}
	for r := 1; r <= n; r++ {
		for o := range 6 {
			for range r {
				if -limit < cur.Z && cur.Z < limit && !in.has(cur) {
					list = append(list, cur, cur.Neg())
					in.add(cur)
					in.add(cur.Neg())
				}
				cur = cur.Add(Directions[(o+2)%6])
			}
		}
		cur = cur.Add(Directions[0])
	}
	return list
}

// drawShape is steps A to E: it draws shapes until one is connected.
func drawShape(d draws, ringMax int) (list []Coord, rings int, layouts string) {
	for {
		rings = 4 + d.Int(ringMax-4+1)
		list = ringWalk(rings)
		// B. Holes, removed in mirrored pairs.
		wanted := (10 + d.Int(11)) * len(list) / 100
		var removed coordSet
		nRemoved := 0
		for nRemoved < wanted {
			c := list[d.Int(len(list))]
			for _, x := range []Coord{c, c.Neg()} {
				if !removed.has(x) {
					removed.add(x)
					nRemoved++
				}
			}
		}
		list = keep(list, func(c Coord) bool { return !removed.has(c) })
		var in coordSet
		for _, c := range list {
			in.add(c)
		}
		full := func(c Coord) bool {
			for dir := range Directions {
				if !in.has(c.Neighbor(dir)) {
					return false
				}
			}
			return true
		}
		layouts = ""
		// C. Corridor mode: every cell with six neighbours goes at once.
		if d.Float() < 0.05 {
			var inner []Coord
			for _, c := range list {
				if full(c) {
					inner = append(inner, c)
				}
			}
			for _, c := range inner {
				in.remove(c)
			}
			list = keep(list, in.has)
			layouts = "corridor"
		}
		// D. No-blob mode: break up every cell with six neighbours.
		if d.Float() < 0.70 {
			for {
				blob := -1
				for i, c := range list {
					if full(c) {
						blob = i
						break
					}
				}
				if blob < 0 {
					break
				}
				around := make([]Coord, 6)
				for dir := range Directions {
					around[dir] = list[blob].Neighbor(dir)
				}
				shuffle(d, around)
				in.remove(around[0])
				in.remove(around[0].Neg())
				list = keep(list, in.has)
			}
			if layouts != "" {
				layouts += "+"
			}
			layouts += "noblob"
		}
		// E. Every cell must be reachable.
		if connected(list, &in) {
			return list, rings, layouts
		}
	}
}

// keep filters list in place, keeping the order of the cells where ok holds.
func keep(list []Coord, ok func(Coord) bool) []Coord {
	out := list[:0]
	for _, c := range list {
		if ok(c) {
			out = append(out, c)
		}
	}
	return out
}

// connected reports whether every cell of list (whose members are in) can
// be reached from list[0] (step E).
func connected(list []Coord, in *coordSet) bool {
	if len(list) == 0 {
		return false
	}
	var seen coordSet
	seen.add(list[0])
	queue := []Coord{list[0]}
	for k := 0; k < len(queue); k++ {
		for dir := range Directions {
			n := queue[k].Neighbor(dir)
			if in.has(n) && !seen.has(n) {
				seen.add(n)
				queue = append(queue, n)
			}
		}
	}
	return len(queue) == len(list)
}

// fill is steps F to K on a connected shape. It returns nil when no base
// placement was found in 1000 tries.
func fill(d draws, coords []Coord, league int) *Map {
	b := NewBoard(coords)
	n := b.Len()
	m := &Map{Board: b, Types: make([]CellType, n), Resources: make([]int, n)}
	mirror := make([]int, n)
	for i := range mirror {
		mirror[i] = b.Mirror(i)
	}
	set := func(c int, t CellType, amount int) {
		for _, x := range []int{c, mirror[c]} {
			m.Types[x], m.Resources[x] = t, amount
		}
	}

	// F. Centre crystal.
	centre := coords[0] == Coord{}
	if d.Bool() && centre {
		set(0, Crystal, d.large())
	}

	// G. Bases.
	hills := 1
	if league >= 3 && d.Float() < 0.33 {
		hills = 2
	}
	var chosen []int
	for try := 0; ; try++ {
		if try == 1000 {
			return nil
		}
		var avail []int
		for c := 1; c < n; c++ {
			if m.Resources[c] == 0 {
				avail = append(avail, c)
			}
		}
		chosen = chosen[:0]
		for len(chosen) < hills && len(avail) > 0 {
			c := avail[d.Int(len(avail))]
			cc, mc := coords[c], coords[c].Neg()
			avail = slices.DeleteFunc(avail, func(x int) bool {
				return HexDistance(coords[x], cc) <= 2 || HexDistance(coords[x], mc) <= 2
			})
			chosen = append(chosen, c)
		}
		if len(chosen) == hills {
			break
		}
	}
	isBase := make([]bool, n)
	for _, c := range chosen {
		m.Bases[0] = append(m.Bases[0], c)
		m.Bases[1] = append(m.Bases[1], mirror[c])
		isBase[c], isBase[mirror[c]] = true, true
	}
	m.Hills = hills

	// H. Food modes.
	surplus, hungry, famine := true, false, false
	if league >= 3 {
		surplus = d.Float() < 0.1
		hungry = !surplus && d.Float() < 0.08
		famine = !surplus && !hungry && d.Float() < 0.04
	}
	switch {
	case surplus:
		m.Food = "surplus"
	case hungry:
		m.Food = "hungry"
	case famine:
		m.Food = "famine"
	default:
		m.Food = "normal"
	}

	// I. Crystals.
	if !famine {
		var valid []int
		for c := range n {
			if !isBase[c] {
				valid = append(valid, c)
			}
		}
		wanted := max(2, (10+d.Int(21))*len(valid)/100)
		shuffle(d, valid)
		for i := 0; i < wanted && i < len(valid); i += 2 {
			c := valid[i]
			var amount int
			if d.Float() < 0.65 {
				if hungry {
					amount = d.small()
				} else {
					amount = d.large()
				}
			} else {
				if hungry {
					amount = d.small()
				} else {
					amount = d.small() / 2
				}
			}
			if surplus {
				if league <= 2 {
					amount *= 5
				} else {
					amount *= 10
				}
			}
			set(c, Crystal, amount)
		}
	}
	if !slices.Contains(m.Types, Crystal) {
		var empty []int
		for c := range n {
			if !isBase[c] && m.Types[c] == Empty {
				empty = append(empty, c)
			}
		}
		set(empty[d.Int(len(empty))], Crystal, d.large())
	}

	// J. Eggs.
	potential := 0
	if league >= 2 {
		var valid []int
		for c := range n {
			if !isBase[c] && m.Resources[c] == 0 {
				valid = append(valid, c)
			}
		}
		wanted := (10 + d.Int(19)) * len(valid) / 100
		shuffle(d, valid)
		for i := 0; i < wanted && i < len(valid); i += 2 {
			c := valid[i]
			var amount int
			if d.Float() < 0.4 {
				amount = 20 + d.Int(20)
			} else {
				amount = 10 + d.Int(10)
			}
			set(c, Egg, amount)
			potential += 2 * amount
		}
	}

	// K. Starting ants.
	m.StartAnts = max(10, 60-potential)
	return m
}
