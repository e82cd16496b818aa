package territory

import "fmt"

// Size is an arena size class of §2.3.
type Size string

// The two size classes.
const (
	Small Size = "small"
	Large Size = "large"
)

// Shape is an arena outline of §2.3 (D2).
type Shape string

// The five outlines.
const (
	Square Shape = "square"
	Cut    Shape = "cut"    // corners cut diagonally, notches in the middle of each side (2020 replays)
	XShape Shape = "x"      // X-like: notches in the middle of each side (not with 6 players)
	Wide   Shape = "wide"   // walls along the top and bottom: wider than high
	Narrow Shape = "narrow" // walls along the left and right: higher than wide
)

// Shapes lists every shape in the order options and tests use.
var Shapes = []Shape{Square, Cut, XShape, Wide, Narrow}

// Sizes lists both size classes.
var Sizes = []Size{Small, Large}

// ArenaSize returns N for a player count and size class (§2.3).
func ArenaSize(players int, size Size) (int, error) {
	table := map[int][2]int{4: {18, 20}, 6: {24, 26}, 8: {28, 30}}
	s, ok := table[players]
	if !ok {
		return 0, fmt.Errorf("generated arenas are for 4, 6 or 8 players, not %d (give an arena file with --opt arena=FILE)", players)
	}
	switch size {
	case Small:
		return s[0], nil
	case Large:
		return s[1], nil
	}
	return 0, fmt.Errorf("unknown arena size %q (small or large)", size)
}

// ShapeAllowed reports whether a shape is used with that player count.
func ShapeAllowed(shape Shape, players int) bool {
	return !(shape == XShape && players == 6)
}

// shapeWall reports whether tile (x, y) of an N×N arena of that shape is a
// shape wall (§2.3).
func shapeWall(shape Shape, n, x, y int) bool {
	u, v := min(x, n-1-x), min(y, n-1-y)
	if u == 0 || v == 0 {
		return true
	}
	a, b := abs(2*x-(n-1)), abs(2*y-(n-1))
	f5, f8 := n/5, n/8
	switch shape {
	case Cut:
		k := (2*n + 8) / 16 // floor(N/8 + 1/2)
		return u+v <= f5 || (v == 1 && a <= 2*k-1) || (u == 1 && b <= 2*k-1)
	case XShape:
		return v+(a-1)/2 <= f5 || u+(b-1)/2 <= f5
	case Wide:
		return v <= f8
	case Narrow:
		return u <= f8
	}
	return false
}
