package catmouse

import "fmt"

// Hex is a cell in axial coordinates, always written q then r (§2.1). The
// centre of the board is (0,0); on screen the centre of (q,r) is at
// x = q + r/2, y = r·√3/2 with y growing downwards.
type Hex struct{ Q, R int }

// String writes the cell as the protocol does: "q r".
func (h Hex) String() string { return fmt.Sprintf("%d %d", h.Q, h.R) }

// Add returns the neighbour of h in direction d.
func (h Hex) Add(d Dir) Hex {
	v := dirDelta[d]
	return Hex{h.Q + v.Q, h.R + v.R}
}

// Neg is the mirror of h through the centre (point symmetry of generated maps).
func (h Hex) Neg() Hex { return Hex{-h.Q, -h.R} }

// Distance is the hex distance between a and b, ignoring terrain and walls.
func Distance(a, b Hex) int {
	dq, dr := a.Q-b.Q, a.R-b.R
	return max(abs(dq), abs(dr), abs(dq+dr))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Dir is one of the six directions, numbered counter-clockwise on screen
// from east (§2.1).
type Dir int8

// The six directions.
const (
	East Dir = iota
	NorthEast
	NorthWest
	West
	SouthWest
	SouthEast
)

var dirDelta = [6]Hex{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

var dirNames = [6]string{"E", "NE", "NW", "W", "SW", "SE"}

// String is the direction's short name, "E" to "SE".
func (d Dir) String() string {
	if d >= 0 && d < 6 {
		return dirNames[d]
	}
	return fmt.Sprintf("Dir(%d)", int(d))
}

// Opposite is the direction pointing back.
func (d Dir) Opposite() Dir { return (d + 3) % 6 }
