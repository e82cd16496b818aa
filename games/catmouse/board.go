package catmouse

import (
	"errors"
	"fmt"
)

// Terrain is what covers a cell (§2.2). Only plain cells can be entered;
// the three others behave alike and differ only in the viewer.
type Terrain byte

// Terrains, written as in map files.
const (
	Plain    Terrain = '.'
	Ocean    Terrain = '~'
	Rock     Terrain = 'R'
	Mountain Terrain = 'M'
)

// Passable reports whether a piece may stand on the terrain.
func (t Terrain) Passable() bool { return t == Plain }

// String is the terrain's name, as frames write it.
func (t Terrain) String() string {
	switch t {
	case Plain:
		return "plain"
	case Ocean:
		return "ocean"
	case Rock:
		return "rock"
	case Mountain:
		return "mountain"
	}
	return fmt.Sprintf("Terrain(%q)", byte(t))
}

func validTerrain(c byte) bool {
	switch Terrain(c) {
	case Plain, Ocean, Rock, Mountain:
		return true
	}
	return false
}

// MinRadius and MaxRadius bound the boards the referee accepts; the
// official game uses DefaultRadius.
const (
	MinRadius     = 2
	MaxRadius     = 20
	DefaultRadius = 8
)

// Board is the map of a game: a hexagon of cells of some radius, the
// terrain of each cell and the walls between cells. Cells are indexed in
// map-file order (r ascending, then q ascending, §2.1).
type Board struct {
	Name   string
	Radius int

	terrain []Terrain
	walls   []uint8  // per cell, bit d: a wall on the edge towards direction d
	nb      [][6]int // per cell and direction: the neighbour's index, -1 off the map
	cells   []Hex    // index -> cell
	rowBase []int    // per row r+Radius: index of its first cell
}

// NewBoard returns a board of radius R with every cell plain and no wall.
func NewBoard(radius int) (*Board, error) {
	if radius < MinRadius || radius > MaxRadius {
		return nil, fmt.Errorf("radius %d is outside %d..%d", radius, MinRadius, MaxRadius)
	}
	b := &Board{Radius: radius}
	n := CellCount(radius)
	b.terrain = make([]Terrain, n)
	b.walls = make([]uint8, n)
	b.nb = make([][6]int, n)
	b.cells = make([]Hex, 0, n)
	for r := -radius; r <= radius; r++ {
		b.rowBase = append(b.rowBase, len(b.cells))
		for q := rowMin(radius, r); q <= rowMax(radius, r); q++ {
			b.cells = append(b.cells, Hex{q, r})
		}
	}
	for i, h := range b.cells {
		b.terrain[i] = Plain
		for d := range Dir(6) {
			b.nb[i][d] = b.Index(h.Add(d))
		}
	}
	return b, nil
}

// CellCount is the number of cells of a board of radius R: 3R(R+1)+1.
func CellCount(radius int) int { return 3*radius*(radius+1) + 1 }

func rowMin(radius, r int) int { return max(-radius, -radius-r) }
func rowMax(radius, r int) int { return min(radius, radius-r) }

// Contains reports whether h is on the board.
func (b *Board) Contains(h Hex) bool {
	return Distance(h, Hex{}) <= b.Radius
}

// Index returns h's position in map-file order, or -1 when h is off the board.
func (b *Board) Index(h Hex) int {
	if !b.Contains(h) {
		return -1
	}
	return b.rowBase[h.R+b.Radius] + h.Q - rowMin(b.Radius, h.R)
}

// Cell returns the cell with map-file index i.
func (b *Board) Cell(i int) Hex { return b.cells[i] }

// Len is the number of cells.
func (b *Board) Len() int { return len(b.cells) }

// Terrain returns the terrain of h; cells off the board are ocean.
func (b *Board) Terrain(h Hex) Terrain {
	i := b.Index(h)
	if i < 0 {
		return Ocean
	}
	return b.terrain[i]
}

// SetTerrain changes the terrain of h, which must be on the board.
func (b *Board) SetTerrain(h Hex, t Terrain) {
	b.terrain[b.Index(h)] = t
}

// Wall reports whether a wall lies between h and its neighbour in direction d.
func (b *Board) Wall(h Hex, d Dir) bool {
	i := b.Index(h)
	return i >= 0 && b.walls[i]&(1<<d) != 0
}

// AddWall puts a wall between two adjacent cells of the board; adding an
// existing wall changes nothing.
func (b *Board) AddWall(a, c Hex) error {
	i, j := b.Index(a), b.Index(c)
	if i < 0 || j < 0 {
		return fmt.Errorf("wall %v - %v: both cells must be on the board", a, c)
	}
	d, ok := dirBetween(a, c)
	if !ok {
		return fmt.Errorf("wall %v - %v: the cells are not adjacent", a, c)
	}
	b.walls[i] |= 1 << d
	b.walls[j] |= 1 << d.Opposite()
	return nil
}

// RemoveWall removes the wall between two adjacent cells, if any.
func (b *Board) RemoveWall(a, c Hex) {
	i, j := b.Index(a), b.Index(c)
	d, ok := dirBetween(a, c)
	if i < 0 || j < 0 || !ok {
		return
	}
	b.walls[i] &^= 1 << d
	b.walls[j] &^= 1 << d.Opposite()
}

func dirBetween(a, c Hex) (Dir, bool) {
	for d := range Dir(6) {
		if a.Add(d) == c {
			return d, true
		}
	}
	return 0, false
}

// Walls returns every wall in canonical order (D21): each wall as the pair
// (first cell, second cell) in map-file order, sorted by first then second
// cell.
func (b *Board) Walls() [][2]Hex {
	var out [][2]Hex
	for i := range b.cells {
		// Neighbours with a larger index come later in map-file order, and
		// directions E, SW, SE are exactly those, in increasing index order:
		// SW (q-1, r+1) < SE (q, r+1) on the next row, E on the same row.
		for _, d := range []Dir{East, SouthWest, SouthEast} {
			if b.walls[i]&(1<<d) != 0 {
				out = append(out, [2]Hex{b.cells[i], b.cells[b.nb[i][d]]})
			}
		}
	}
	return out
}

// stepError names why a step from h in direction d is illegal (§2.2), in
// the order of D13: "offmap", "wall", "obstacle"; "" for a legal step.
func (b *Board) stepError(h Hex, d Dir) string {
	i := b.Index(h)
	if i < 0 {
		return "offmap"
	}
	n := b.nb[i][d]
	switch {
	case n < 0:
		return "offmap"
	case b.walls[i]&(1<<d) != 0:
		return "wall"
	case !b.terrain[n].Passable():
		return "obstacle"
	}
	return ""
}

// step is the cell index reached by a legal step from cell i in direction
// d, or -1 when the step is illegal: stepError on indices, for the search
// loops of bots and checks.
func (b *Board) step(i int, d Dir) int {
	n := b.nb[i][d]
	if n < 0 || b.walls[i]&(1<<d) != 0 || !b.terrain[n].Passable() {
		return -1
	}
	return n
}

// Distances returns the number of legal steps from h to every cell (by
// map-file index), -1 for cells that cannot be reached.
func (b *Board) Distances(h Hex) []int {
	dist := make([]int, len(b.cells))
	b.distancesInto(b.Index(h), dist, make([]int, 0, len(b.cells)))
	return dist
}

func (b *Board) distancesInto(src int, dist, queue []int) {
	for i := range dist {
		dist[i] = -1
	}
	if src < 0 || !b.terrain[src].Passable() {
		return
	}
	dist[src] = 0
	queue = append(queue[:0], src)
	for k := 0; k < len(queue); k++ {
		i := queue[k]
		for d := range Dir(6) {
			if n := b.step(i, d); n >= 0 && dist[n] < 0 {
				dist[n] = dist[i] + 1
				queue = append(queue, n)
			}
		}
	}
}

// PlainCount is the number of plain cells.
func (b *Board) PlainCount() int {
	n := 0
	for _, t := range b.terrain {
		if t.Passable() {
			n++
		}
	}
	return n
}

// Connected reports whether every plain cell can be reached from every
// other through legal steps.
func (b *Board) Connected() bool {
	first := -1
	for i, t := range b.terrain {
		if t.Passable() {
			first = i
			break
		}
	}
	if first < 0 {
		return false
	}
	reached := 0
	for _, d := range b.Distances(b.cells[first]) {
		if d >= 0 {
			reached++
		}
	}
	return reached == b.PlainCount()
}

// DeadEnds returns the plain cells with fewer than 2 legal steps.
func (b *Board) DeadEnds() []Hex {
	var out []Hex
	for i, t := range b.terrain {
		if !t.Passable() {
			continue
		}
		exits := 0
		for d := range Dir(6) {
			if b.step(i, d) >= 0 {
				exits++
			}
		}
		if exits < 2 {
			out = append(out, b.cells[i])
		}
	}
	return out
}

// Validate applies the map rules the referee enforces at load (§2.3): at
// least one plain cell, all plain cells connected.
func (b *Board) Validate() error {
	if b.PlainCount() == 0 {
		return errors.New("the map has no plain cell")
	}
	if !b.Connected() {
		return errors.New("the plain cells of the map are not all connected through legal steps (check walls and obstacles)")
	}
	return nil
}

// Rows returns the terrain rows as map files and INIT write them: one
// string per r from -R to R, q ascending.
func (b *Board) Rows() []string {
	rows := make([]string, 0, 2*b.Radius+1)
	for k, base := range b.rowBase {
		r := k - b.Radius
		n := rowMax(b.Radius, r) - rowMin(b.Radius, r) + 1
		buf := make([]byte, n)
		for j := range buf {
			buf[j] = byte(b.terrain[base+j])
		}
		rows = append(rows, string(buf))
	}
	return rows
}
