package jungle

import (
	"fmt"
	"sort"
)

// Map is a loaded jungle map: its tiles and where its diamonds start.
type Map struct {
	Name        string
	Author      string
	Description string
	W, H        int
	art         []Art // index y*W+x; diamond pixels are stored as ArtFloor
	// Diamonds lists the starting diamonds in the reference's diamond-list
	// order: x from 0 to W-1, and within each x, y from 0 to H-1.
	Diamonds []Pos
	// Units maps a team count to the units each team gets on this map (the
	// text format's "units" header, or the official table for official BMPs).
	Units map[int]int
}

// newMap builds a map from its viewer codes, given row by row (art[y][x]);
// ArtDiamond places a diamond on a floor tile.
func newMap(name string, rows [][]Art) (*Map, error) {
	h := len(rows)
	if h == 0 {
		return nil, fmt.Errorf("the map has no rows")
	}
	w := len(rows[0])
	m := &Map{Name: name, W: w, H: h, art: make([]Art, w*h)}
	for y, row := range rows {
		if len(row) != w {
			return nil, fmt.Errorf("row %d has %d tiles, the first row has %d", y+1, len(row), w)
		}
		for x, a := range row {
			if a.Tile() == NoTile {
				return nil, fmt.Errorf("tile (%d, %d) has unknown code %d", x, y, a)
			}
			if a == ArtDiamond {
				a = ArtFloor
			}
			m.art[y*w+x] = a
		}
	}
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			if rows[y][x] == ArtDiamond {
				m.Diamonds = append(m.Diamonds, Pos{x, y})
			}
		}
	}
	return m, nil
}

// In reports whether p is on the map.
func (m *Map) In(p Pos) bool { return p.X >= 0 && p.Y >= 0 && p.X < m.W && p.Y < m.H }

// Tile returns the tile type at p, NoTile outside the map.
func (m *Map) Tile(p Pos) Tile {
	if !m.In(p) {
		return NoTile
	}
	return m.art[p.Y*m.W+p.X].Tile()
}

// Art returns the viewer code at p (ArtFloor outside the map).
func (m *Map) Art(p Pos) Art {
	if !m.In(p) {
		return ArtFloor
	}
	return m.art[p.Y*m.W+p.X]
}

// UnitsPerTeam is the default number of units per team for a game of that
// many teams (spec §1): the exact entry when the map has one, else the
// 2-team entry for 1-2 teams and the 4-team entry for 3-4 teams, else 3.
func (m *Map) UnitsPerTeam(teams int) int {
	if n, ok := m.Units[teams]; ok {
		return n
	}
	col := 2
	if teams > 2 {
		col = 4
	}
	if n, ok := m.Units[col]; ok {
		return n
	}
	return 3
}

// Spawns lists the spawn tiles in column-major order.
func (m *Map) Spawns() []Pos {
	var out []Pos
	for x := 0; x < m.W; x++ {
		for y := 0; y < m.H; y++ {
			if m.art[y*m.W+x] == ArtSpawn {
				out = append(out, Pos{x, y})
			}
		}
	}
	return out
}

// Count returns how many tiles have type t.
func (m *Map) Count(t Tile) int {
	n := 0
	for _, a := range m.art {
		if a.Tile() == t {
			n++
		}
	}
	return n
}

// SpawnZones groups the spawn tiles into 4-connected zones, each sorted in
// column-major order, zones ordered by their first tile.
func (m *Map) SpawnZones() [][]Pos {
	seen := make([]bool, len(m.art))
	var zones [][]Pos
	for _, s := range m.Spawns() {
		if seen[s.Y*m.W+s.X] {
			continue
		}
		zone := []Pos{}
		stack := []Pos{s}
		seen[s.Y*m.W+s.X] = true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			zone = append(zone, p)
			for _, q := range p.neighbours() {
				if m.Tile(q) == Spawn && !seen[q.Y*m.W+q.X] {
					seen[q.Y*m.W+q.X] = true
					stack = append(stack, q)
				}
			}
		}
		sort.Slice(zone, func(i, j int) bool {
			if zone[i].X != zone[j].X {
				return zone[i].X < zone[j].X
			}
			return zone[i].Y < zone[j].Y
		})
		zones = append(zones, zone)
	}
	return zones
}

// rows returns the viewer codes row by row with the diamonds put back, the
// form the text encoder and the generator work on.
func (m *Map) rows() [][]Art {
	rows := make([][]Art, m.H)
	for y := range rows {
		rows[y] = append([]Art(nil), m.art[y*m.W:(y+1)*m.W]...)
	}
	for _, d := range m.Diamonds {
		rows[d.Y][d.X] = ArtDiamond
	}
	return rows
}
