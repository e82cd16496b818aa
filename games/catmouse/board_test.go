package catmouse

import (
	"strings"
	"testing"
)

func TestBoardGeometry(t *testing.T) {
	b, _ := NewBoard(8)
	if b.Len() != 217 || CellCount(8) != 217 {
		t.Fatalf("radius 8 has %d cells, want 217", b.Len())
	}
	// Map-file order: r ascending, then q ascending; index and cell agree.
	prev := Hex{-100, -100}
	for i := range b.Len() {
		h := b.Cell(i)
		if b.Index(h) != i {
			t.Fatalf("Index(Cell(%d)) = %d", i, b.Index(h))
		}
		if h.R < prev.R || h.R == prev.R && h.Q <= prev.Q {
			t.Fatalf("cell %d %v does not follow %v in map-file order", i, h, prev)
		}
		prev = h
	}
	if b.Cell(0) != (Hex{0, -8}) || b.Cell(216) != (Hex{0, 8}) || b.Index(Hex{}) != 108 {
		t.Errorf("first %v last %v centre index %d", b.Cell(0), b.Cell(216), b.Index(Hex{}))
	}
	if b.Index(Hex{9, 0}) != -1 || b.Index(Hex{5, 4}) != -1 || b.Index(Hex{-8, 8}) != 216-8 {
		t.Errorf("off-board cells must have index -1; (-8,8) is the first of the last row")
	}
	for _, c := range []struct {
		a, b Hex
		d    int
	}{{Hex{}, Hex{}, 0}, {Hex{}, Hex{8, 0}, 8}, {Hex{3, -3}, Hex{-3, 0}, 6}, {Hex{1, 1}, Hex{-1, -1}, 4}, {Hex{2, -1}, Hex{0, 0}, 2}} {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%v, %v) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
	// Directions: counter-clockwise from east, opposites three apart.
	want := []Hex{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}
	for d := range Dir(6) {
		if (Hex{}).Add(d) != want[d] || (Hex{}).Add(d).Add(d.Opposite()) != (Hex{}) {
			t.Errorf("direction %v", d)
		}
	}
}

func TestStepRulesAndErrorOrder(t *testing.T) {
	b, _ := NewBoard(3)
	b.SetTerrain(Hex{1, 0}, Rock)
	b.AddWall(Hex{0, 0}, Hex{1, 0}) // a wall in front of a rock: "wall" is checked first (D13)
	b.AddWall(Hex{0, 0}, Hex{0, 1})
	cases := []struct {
		from Hex
		d    Dir
		want string
	}{
		{Hex{0, 0}, East, ErrWall},
		{Hex{0, 0}, SouthEast, ErrWall},
		{Hex{0, 1}, NorthWest, ErrWall}, // walls block both ways
		{Hex{1, -1}, SouthWest, ""},
		{Hex{1, -1}, SouthEast, ErrObstacle},
		{Hex{3, 0}, East, ErrOffmap},
		{Hex{3, -3}, NorthEast, ErrOffmap},
		{Hex{-1, 0}, East, ""},
	}
	for _, c := range cases {
		if got := b.stepError(c.from, c.d); got != c.want {
			t.Errorf("step %v %v: %q, want %q", c.from, c.d, got, c.want)
		}
	}
}

func TestCanonicalWallOrder(t *testing.T) {
	b, _ := NewBoard(3)
	// Added in any order and direction, written sorted by first then second
	// cell, each wall's first cell first in map-file order (D21).
	b.AddWall(Hex{1, 0}, Hex{0, 0})
	b.AddWall(Hex{0, 0}, Hex{-1, 0})
	b.AddWall(Hex{0, 1}, Hex{0, 0})
	b.AddWall(Hex{-1, 1}, Hex{0, 0})
	b.AddWall(Hex{1, 0}, Hex{0, 0}) // the same wall again
	var got []string
	for _, w := range b.Walls() {
		got = append(got, w[0].String()+" "+w[1].String())
	}
	want := "-1 0 0 0|0 0 1 0|0 0 -1 1|0 0 0 1"
	if strings.Join(got, "|") != want {
		t.Errorf("walls %s, want %s", strings.Join(got, "|"), want)
	}
	if len(b.Walls()) != 4 {
		t.Errorf("%d walls, want 4", len(b.Walls()))
	}
}
