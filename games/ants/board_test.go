package ants

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// S1: the shape walk.
func TestS1ShapeWalk(t *testing.T) {
	for n, count := range shapeCells {
		if got := len(ringWalk(n)); got != count {
			t.Errorf("n=%d: %d cells, want %d", n, got, count)
		}
	}
	first := []Coord{
		{0, 0, 0},
		{1, -1, 0}, {-1, 1, 0}, {1, 0, -1}, {-1, 0, 1}, {0, 1, -1}, {0, -1, 1},
		{2, -2, 0}, {-2, 2, 0}, {2, -1, -1}, {-2, 1, 1}, {2, 0, -2}, {-2, 0, 2}, {1, 1, -2}, {-1, -1, 2}, {0, 2, -2}, {0, -2, 2}, {-1, 2, -1}, {1, -2, 1},
		{3, -3, 0},
	}
	if got := ringWalk(4)[:len(first)]; !slices.Equal(got, first) {
		t.Errorf("first cells\n got %v\nwant %v", got, first)
	}
	for _, c := range ringWalk(7) {
		if c.X+c.Y+c.Z != 0 {
			t.Errorf("%v is not a cube coordinate", c)
		}
	}
}

// S2: HEX7 serialises to the reference's neighbour lines.
func TestS2Hex7Neighbours(t *testing.T) {
	m := &Map{Board: hex7(), Types: make([]CellType, 7), Resources: make([]int, 7), Bases: [2][]int{{1}, {4}}}
	got := string(appendInit(nil, m, 0))
	want := `7
0 0 1 2 3 4 5 6
0 0 -1 -1 2 0 6 -1
0 0 -1 -1 -1 3 0 1
0 0 2 -1 -1 -1 4 0
0 0 0 3 -1 -1 -1 5
0 0 6 0 4 -1 -1 -1
0 0 -1 1 0 5 -1 -1
1
1
4
`
	if got != want {
		t.Errorf("init block\n got:\n%s\nwant:\n%s", got, want)
	}
}

func TestScenarioBoards(t *testing.T) {
	nb := func(b *Board) string {
		var lines []string
		for _, n := range b.Neighbors {
			lines = append(lines, strings.Trim(fmt.Sprint(n), "[]"))
		}
		return strings.Join(lines, "|")
	}
	if got, want := nb(line6()), "1 -1 -1 -1 -1 -1|2 -1 -1 0 -1 -1|3 -1 -1 1 -1 -1|4 -1 -1 2 -1 -1|5 -1 -1 3 -1 -1|-1 -1 -1 4 -1 -1"; got != want {
		t.Errorf("LINE6 neighbours %s, want %s", got, want)
	}
	r := ring6()
	for i := range 6 {
		if r.Neighbors[i][(i+2)%6] != (i+1)%6 || r.Neighbors[i][(i+4)%6] != (i+5)%6 {
			t.Errorf("RING6 cell %d neighbours %v", i, r.Neighbors[i])
		}
	}
	if got := fmt.Sprint(r.Neighbors[0]); got != "[-1 -1 1 -1 5 -1]" {
		t.Errorf("RING6 cell 0: %s", got)
	}
}

// S18: LINE paths on RING6.
func TestS18LinePath(t *testing.T) {
	b := ring6()
	cases := []struct {
		from, to int
		want     []int
	}{
		{0, 3, []int{0, 1, 2, 3}},
		{1, 4, []int{1, 0, 5, 4}},
		{4, 1, []int{4, 3, 2, 1}},
		{5, 2, []int{5, 0, 1, 2}},
		{2, 2, []int{2}},
	}
	for _, c := range cases {
		if got := b.LinePath(c.from, c.to); !slices.Equal(got, c.want) {
			t.Errorf("%d->%d: %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

func TestDistances(t *testing.T) {
	b := line6()
	for a := range 6 {
		for c := range 6 {
			if got := b.Dist(a, c); got != abs(a-c) {
				t.Errorf("LINE6 dist(%d,%d) = %d", a, c, got)
			}
		}
	}
	h := hex7()
	if h.Dist(1, 4) != 2 || h.Dist(0, 5) != 1 || h.Dist(2, 2) != 0 {
		t.Errorf("HEX7 distances wrong")
	}
}
