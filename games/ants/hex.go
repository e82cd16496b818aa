package ants

// Coord is a hexagon in cube coordinates: X+Y+Z == 0. The map is
// point-symmetric around (0,0,0), the centre.
type Coord struct{ X, Y, Z int }

// Directions holds the six neighbour offsets, indexed by direction number
// (0 east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east,
// with the screen's y axis pointing down). The bots' neighbour lists use this
// order.
var Directions = [6]Coord{
	{+1, -1, 0},
	{+1, 0, -1},
	{0, +1, -1},
	{-1, +1, 0},
	{-1, 0, +1},
	{0, -1, +1},
}

// Add returns c moved by d.
func (c Coord) Add(d Coord) Coord { return Coord{c.X + d.X, c.Y + d.Y, c.Z + d.Z} }

// Neg returns the mirror of c through the centre.
func (c Coord) Neg() Coord { return Coord{-c.X, -c.Y, -c.Z} }

// Neighbor returns the hexagon next to c in direction d.
func (c Coord) Neighbor(d int) Coord { return c.Add(Directions[d]) }

// HexDistance is the number of steps between two hexagons on an unbounded
// grid (holes ignored).
func HexDistance(a, b Coord) int {
	return (abs(a.X-b.X) + abs(a.Y-b.Y) + abs(a.Z-b.Z)) / 2
}

// Q and R are the axial coordinates the viewer lays hexagons out with
// (pointy-top): px = size*(sqrt3*q + sqrt3/2*r), py = size*1.5*r.
func (c Coord) Q() int { return c.X }

// R is the axial row of c; see Q.
func (c Coord) R() int { return c.Z }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// coordSet is a set of coordinates within maxRing of the centre, stored as
// a flat array: the generator tests membership millions of times over a
// test run, and a map would dominate its cost.
type coordSet struct{ in [setSide * setSide]bool }

const (
	maxRing = 7
	setSide = 2*maxRing + 3 // one spare ring so that neighbours of ring 7 cells are addressable
)

func (s *coordSet) slot(c Coord) (int, bool) {
	x, z := c.X+maxRing+1, c.Z+maxRing+1
	if x < 0 || z < 0 || x >= setSide || z >= setSide {
		return 0, false
	}
	return x*setSide + z, true
}

func (s *coordSet) has(c Coord) bool {
	i, ok := s.slot(c)
	return ok && s.in[i]
}

func (s *coordSet) add(c Coord) {
	if i, ok := s.slot(c); ok {
		s.in[i] = true
	}
}

func (s *coordSet) remove(c Coord) {
	if i, ok := s.slot(c); ok {
		s.in[i] = false
	}
}
