package tracks

// Terrain is the type of a cell, as the protocol numbers it.
type Terrain uint8

// Terrain types (protocol values 0..3).
const (
	Plains   Terrain = iota // cost 1
	River                   // cost 2
	Mountain                // cost 3
	POI                     // point of interest (side quest), cost 3
)

var terrainNames = [...]string{"plains", "river", "mountain", "poi"}

// String names the terrain: "plains", "river", "mountain" or "poi".
func (t Terrain) String() string {
	if int(t) < len(terrainNames) {
		return terrainNames[t]
	}
	return "terrain?"
}

// Cost is the paint a track costs on this terrain.
func (t Terrain) Cost() int {
	switch t {
	case River:
		return 2
	case Mountain, POI:
		return 3
	}
	return 1
}

// Track owners as the protocol prints them: -1 none, 0 and 1 the players,
// 2 neutral (both players built the cell on the same turn).
const (
	NoTrack = -1
	Neutral = 2
)

// Directions in the order every search of the game tries them.
const (
	North = iota
	East
	South
	West
	noDir // not a unit step (AUTOPLACE tie value 4)
)

var dirX = [4]int{0, 1, 0, -1}
var dirY = [4]int{-1, 0, 1, 0}

// Region is a group of neighbouring cells that players disrupt and ink.
type Region struct {
	ID          int
	Cells       []int // cell indexes: the seed first, then in growth order
	Instability int
	Inked       bool
	Town        int   // id of the town in the region, -1 if none
	Neighbours  []int // ids of the 4-adjacent regions, ascending
}

// Town is a town of the map with the towns it wants to be connected to.
type Town struct {
	ID      int
	X, Y    int
	Cell    int
	Desired []int // town ids, ascending
}

// Board is the map and the tracks on it. Cells are indexed y*W+x.
type Board struct {
	W, H    int
	Terrain []Terrain
	Region  []int  // region id of each cell
	TownAt  []int  // town id of each cell, -1 if none
	Track   []int8 // owner of the track on each cell (NoTrack, 0, 1, Neutral)
	Regions []Region
	Towns   []Town

	adj [][4]int32 // neighbour cell in each direction, -1 off the grid
}

// newBoard returns a w×h board of plains without regions or towns.
func newBoard(w, h int) *Board {
	n := w * h
	b := &Board{W: w, H: h, Terrain: make([]Terrain, n), Region: make([]int, n),
		TownAt: make([]int, n), Track: make([]int8, n)}
	for i := range n {
		b.TownAt[i] = -1
		b.Track[i] = NoTrack
	}
	b.link()
	return b
}

// link computes the neighbour table.
func (b *Board) link() {
	b.adj = make([][4]int32, b.W*b.H)
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			for d := range 4 {
				nx, ny := x+dirX[d], y+dirY[d]
				if b.in(nx, ny) {
					b.adj[y*b.W+x][d] = int32(ny*b.W + nx)
				} else {
					b.adj[y*b.W+x][d] = -1
				}
			}
		}
	}
}

func (b *Board) in(x, y int) bool { return x >= 0 && y >= 0 && x < b.W && y < b.H }

// cell returns the index of (x, y); the caller checks in.
func (b *Board) cell(x, y int) int { return y*b.W + x }

func (b *Board) xy(c int) (int, int) { return c % b.W, c / b.W }

// solid reports whether a cell is a town or holds a track: the cells that
// trains travel and AUTOPLACE crosses for free.
func (b *Board) solid(c int) bool { return b.TownAt[c] >= 0 || b.Track[c] != NoTrack }

// inked reports whether the cell's region is inked.
func (b *Board) inked(c int) bool { return b.Regions[b.Region[c]].Inked }

// clone returns a deep copy of the dynamic parts (tracks, regions) sharing
// the static ones, so that a bot can plan on a modified board.
func (b *Board) clone() *Board {
	c := *b
	c.Track = append([]int8(nil), b.Track...)
	c.Regions = append([]Region(nil), b.Regions...)
	return &c
}

// finish derives what follows from the cell data: the neighbour table,
// and each region's id, town and neighbours.
func (b *Board) finish() {
	if b.adj == nil {
		b.link()
	}
	n := len(b.Regions)
	for i := range b.Regions {
		b.Regions[i].ID, b.Regions[i].Town, b.Regions[i].Neighbours = i, -1, nil
	}
	for _, t := range b.Towns {
		if r := &b.Regions[b.Region[t.Cell]]; r.Town < 0 {
			r.Town = t.ID
		}
	}
	adjacent := make([]bool, n*n) // [r*n+o]: regions r and o touch
	for c, r := range b.Region {
		for _, m := range b.adj[c] {
			if m >= 0 && b.Region[m] != r {
				adjacent[r*n+b.Region[m]] = true
			}
		}
	}
	for r := range b.Regions {
		for o := range b.Regions {
			if adjacent[r*n+o] {
				b.Regions[r].Neighbours = append(b.Regions[r].Neighbours, o)
			}
		}
	}
}
