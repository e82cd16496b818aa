package territory

import (
	"fmt"
	"math/big"
)

// fraction pairs of §2.4, per player count and shape; "x A × y B" tables
// are expanded row by row (each y of B, each x of A).
func startFractions(players int, shape Shape) [][2]string {
	grid := func(xs, ys []string) [][2]string {
		var out [][2]string
		for _, y := range ys {
			for _, x := range xs {
				out = append(out, [2]string{x, y})
			}
		}
		return out
	}
	switch players {
	case 4:
		switch shape {
		case Wide:
			return grid([]string{".25", ".75"}, []string{".2", ".8"})
		case Narrow:
			return grid([]string{".2", ".8"}, []string{".25", ".75"})
		}
		return [][2]string{{".25", ".25"}, {".75", ".25"}, {".25", ".75"}, {".75", ".75"}}
	case 6:
		switch shape {
		case Wide:
			return grid([]string{".15", ".5", ".85"}, []string{".25", ".75"})
		case Narrow:
			return grid([]string{".25", ".75"}, []string{".15", ".5", ".85"})
		}
		return [][2]string{{".35", ".2"}, {".65", ".2"}, {".15", ".5"}, {".85", ".5"}, {".35", ".8"}, {".65", ".8"}}
	case 8:
		switch shape {
		case Wide:
			return grid([]string{".12", ".37", ".63", ".88"}, []string{".25", ".75"})
		case Narrow:
			return grid([]string{".25", ".75"}, []string{".12", ".37", ".63", ".88"})
		case XShape:
			return [][2]string{{".15", ".15"}, {".85", ".15"}, {".15", ".85"}, {".85", ".85"},
				{".5", ".25"}, {".75", ".5"}, {".5", ".75"}, {".25", ".5"}}
		}
		return [][2]string{{".2", ".2"}, {".5", ".12"}, {".8", ".2"}, {".88", ".5"},
			{".8", ".8"}, {".5", ".88"}, {".2", ".8"}, {".12", ".5"}}
	}
	return nil
}

// maxShrinks is how many times the fractions may be pulled towards the
// centre before an arena is rejected (§2.4).
const maxShrinks = 40

// StartBlocks places the start blocks of a generated arena (§2.4, D3): the
// fractions of the table, in exact arithmetic, pulled towards the centre
// by 95% while a block touches a shape wall or comes within 3 tiles of
// another. It also returns how many times the fractions were pulled.
func StartBlocks(n, players int, shape Shape) ([]Start, int, error) {
	fr := startFractions(players, shape)
	if fr == nil {
		return nil, 0, fmt.Errorf("no start table for %d players", players)
	}
	x0, x1, y0, y1 := n, -1, n, -1
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if !shapeWall(shape, n, x, y) {
				x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
			}
		}
	}
	fs := make([][2]*big.Rat, len(fr))
	for i, f := range fr {
		for k := range 2 {
			r, ok := new(big.Rat).SetString(f[k])
			if !ok {
				panic("bad start fraction " + f[k])
			}
			fs[i][k] = r
		}
	}
	half := big.NewRat(1, 2)
	shrink := big.NewRat(95, 100)
	for try := 0; try <= maxShrinks; try++ {
		starts := make([]Start, len(fs))
		for i, f := range fs {
			bx := blockCoord(f[0], x0, x1)
			by := blockCoord(f[1], y0, y1)
			b := blockAt(bx, by)
			starts[i] = Start{Block: b, Head: headOf(b, n)}
		}
		if startsFit(n, shape, starts) {
			return starts, try, nil
		}
		for _, f := range fs {
			for k := range 2 {
				// f = 1/2 + (95/100)·(f - 1/2)
				d := new(big.Rat).Sub(f[k], half)
				d.Mul(d, shrink)
				f[k].Add(half, d)
			}
		}
	}
	return nil, maxShrinks, fmt.Errorf("no fair start positions for %d players on a %d×%d %s arena", players, n, n, shape)
}

// blockCoord is the left column (or bottom row) of a block for fraction f
// in the span [lo, hi]: lo+floor(f·(w-2)+1/2) when f <= 1/2, else
// hi-1-floor((1-f)·(w-2)+1/2), with w = hi-lo+1.
func blockCoord(f *big.Rat, lo, hi int) int {
	w2 := big.NewRat(int64(hi-lo+1-2), 1)
	half := big.NewRat(1, 2)
	floor := func(r *big.Rat) int {
		q := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean division: floor for a positive denominator
		return int(q.Int64())
	}
	if f.Cmp(half) <= 0 {
		v := new(big.Rat).Mul(f, w2)
		return lo + floor(v.Add(v, half))
	}
	v := new(big.Rat).Sub(big.NewRat(1, 1), f)
	v.Mul(v, w2)
	return hi - 1 - floor(v.Add(v, half))
}

// startsFit checks the requirements of §2.4: no shape wall within
// Chebyshev distance 1 of a block, and blocks at Chebyshev distance >= 4
// from each other.
func startsFit(n int, shape Shape, starts []Start) bool {
	for i, s := range starts {
		b := s.Block[0]
		for y := b.Y - 1; y <= b.Y+2; y++ {
			for x := b.X - 1; x <= b.X+2; x++ {
				if x < 0 || y < 0 || x >= n || y >= n || shapeWall(shape, n, x, y) {
					return false
				}
			}
		}
		for _, t := range starts[:i] {
			if blockDistance(s, t) < 4 {
				return false
			}
		}
	}
	return true
}

// blockDistance is the smallest Chebyshev distance between a tile of one
// 2×2 block and a tile of the other.
func blockDistance(a, b Start) int {
	dx := max(0, abs(a.Block[0].X-b.Block[0].X)-1)
	dy := max(0, abs(a.Block[0].Y-b.Block[0].Y)-1)
	return max(dx, dy)
}
