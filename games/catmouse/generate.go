package catmouse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/game"
)

// GenOptions are the parameters of the map generator (§2.4, D1).
type GenOptions struct {
	Seed   uint64
	Radius int
	// Obstacle density bounds, in thousandths of the number of cells
	// (0.12 is 120): the spec's densities have at most three decimals and
	// are multiplied exactly.
	DensityMin, DensityMax int
	WallsMin, WallsMax     int
}

// DefaultGenOptions are the spec's suggested parameters: radius 8,
// density 0.12:0.20, 12 to 24 walls.
func DefaultGenOptions(seed uint64) GenOptions {
	return GenOptions{Seed: seed, Radius: DefaultRadius, DensityMin: 120, DensityMax: 200, WallsMin: 12, WallsMax: 24}
}

// ParseDensity reads "0.12:0.20" as thousandths (120, 200).
func ParseDensity(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, ":")
	if !ok {
		return 0, 0, fmt.Errorf("density %q: write it MIN:MAX, e.g. 0.12:0.20", s)
	}
	if lo, err = parseThousandths(a); err == nil {
		hi, err = parseThousandths(b)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("density %q: %v", s, err)
	}
	if lo > hi {
		return 0, 0, fmt.Errorf("density %q: the minimum is above the maximum", s)
	}
	return lo, hi, nil
}

// parseThousandths reads a decimal from 0 to 1 with at most three digits
// after the point, exactly.
func parseThousandths(s string) (int, error) {
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" {
		whole = "0"
	}
	if len(frac) > 3 || strings.ContainsAny(whole+frac, "+-") {
		return 0, fmt.Errorf("%q must be a decimal from 0 to 1 with at most three digits after the point", s)
	}
	frac += strings.Repeat("0", 3-len(frac))
	w, err1 := strconv.Atoi(whole)
	f, err2 := strconv.Atoi(frac)
	if err1 != nil || err2 != nil || w*1000+f > 1000 {
		return 0, fmt.Errorf("%q must be a decimal from 0 to 1 with at most three digits after the point", s)
	}
	return w*1000 + f, nil
}

// ParseRange reads "12:24".
func ParseRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, ":")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || lo < 0 || lo > hi {
		return 0, 0, fmt.Errorf("%q: write MIN:MAX with 0 <= MIN <= MAX, e.g. 12:24", s)
	}
	return lo, hi, nil
}

// Generate builds the point-symmetric map of §2.4 (D1): the same options
// always give the same map, in any language that follows the spec, because
// every draw comes from SplitMix64 in the spec's exact order.
func Generate(o GenOptions) (*Board, error) {
	b, err := NewBoard(o.Radius)
	if err != nil {
		return nil, err
	}
	if o.DensityMin < 0 || o.DensityMin > o.DensityMax || o.DensityMax > 1000 {
		return nil, fmt.Errorf("densities must satisfy 0 <= min <= max <= 1")
	}
	if o.WallsMin < 0 || o.WallsMin > o.WallsMax {
		return nil, fmt.Errorf("wall counts must satisfy 0 <= min <= max")
	}
	b.Name = "gen-" + strconv.FormatUint(o.Seed, 10)
	rng := game.NewSplitMix64(o.Seed)
	below := func(k int) int { return int(rng.Uint64() % uint64(k)) }
	cells := b.Len()
	centre := b.Index(Hex{})

	// 1. Obstacle target.
	lo := (o.DensityMin*cells + 999) / 1000
	hi := o.DensityMax * cells / 1000
	if hi < lo {
		return nil, fmt.Errorf("no whole number of obstacles lies between the densities %d/1000 and %d/1000 of %d cells", o.DensityMin, o.DensityMax, cells)
	}
	target := (lo + below(hi-lo+1)) &^ 1

	// 2. Obstacle blobs.
	count := 0
	for attempt := 0; attempt < 5000 && count < target; attempt++ {
		c := below(cells)
		if c == centre || b.terrain[c] != Plain {
			continue
		}
		size := 1 + below(3)
		kind := Ocean
		if Distance(b.cells[c], Hex{}) != b.Radius {
			if below(2) == 0 {
				kind = Mountain
			} else {
				kind = Rock
			}
		}
		blob := []int{c}
		for range size - 1 {
			from := blob[below(len(blob))]
			d := Dir(below(6))
			n := b.nb[from][d]
			if n < 0 || n == centre || b.terrain[n] != Plain || contains(blob, n) || contains(blob, b.mirror(n)) {
				continue
			}
			blob = append(blob, n)
		}
		if count+2*len(blob) > target {
			continue
		}
		for _, i := range blob {
			b.terrain[i], b.terrain[b.mirror(i)] = kind, kind
		}
		count += 2 * len(blob)
		if !b.validForGeneration() {
			for _, i := range blob {
				b.terrain[i], b.terrain[b.mirror(i)] = Plain, Plain
			}
			count -= 2 * len(blob)
		}
	}

	// 3. Wall target.
	wallTarget := (o.WallsMin + below(o.WallsMax-o.WallsMin+1)) &^ 1

	// 4. Walls.
	walls := 0
	for attempt := 0; attempt < 5000 && walls < wallTarget; attempt++ {
		c := below(cells)
		d := Dir(below(6))
		n := b.nb[c][d]
		if n < 0 || b.terrain[c] != Plain || b.terrain[n] != Plain || b.walls[c]&(1<<d) != 0 {
			continue
		}
		a, z := b.cells[c], b.cells[n]
		b.AddWall(a, z)
		b.AddWall(a.Neg(), z.Neg())
		walls += 2
		if !b.validForGeneration() {
			b.RemoveWall(a, z)
			b.RemoveWall(a.Neg(), z.Neg())
			walls -= 2
		}
	}
	return b, nil
}

func (b *Board) mirror(i int) int { return b.Index(b.cells[i].Neg()) }

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// validForGeneration is §2.4 item 5: centre plain, plain cells connected,
// no plain cell with fewer than two legal steps.
func (b *Board) validForGeneration() bool {
	return b.Terrain(Hex{}).Passable() && b.Connected() && len(b.DeadEnds()) == 0
}
