package catmouse

import (
	"fmt"
	"strconv"
	"strings"
)

// MapHeader is the first line of a map file.
const MapHeader = "CATMOUSE-MAP 1"

// ParseMap reads a map file (§2.3) and checks the rules the referee
// enforces at load: every ROW present with the right length, only the four
// terrain characters, walls between adjacent cells of the board, at least
// one plain cell, all plain cells connected.
func ParseMap(text string) (*Board, error) {
	f := newTextFile("map", text)
	b, err := parseMapBlock(f)
	if err != nil {
		return nil, err
	}
	if _, more := f.next(); more {
		return nil, f.errorf("unexpected text after END")
	}
	return b, nil
}

func parseMapBlock(f *textFile) (*Board, error) {
	fields, ok := f.next()
	if !ok {
		return nil, f.errorf("empty file; a map starts with %q", MapHeader)
	}
	if strings.Join(fields, " ") != MapHeader {
		return nil, f.errorf("a map starts with %q", MapHeader)
	}
	name := ""
	fields, ok = f.next()
	if ok && fields[0] == "NAME" {
		name = f.rest()
		fields, ok = f.next()
	}
	if !ok {
		return nil, f.errorf("missing RADIUS")
	}
	if err := f.want(fields, "RADIUS", 2, "RADIUS R"); err != nil {
		return nil, err
	}
	radius, err := strconv.Atoi(fields[1])
	if err != nil || radius < MinRadius || radius > MaxRadius {
		return nil, f.errorf("RADIUS must be an integer from %d to %d", MinRadius, MaxRadius)
	}
	b, _ := NewBoard(radius)
	b.Name = name
	for r := -radius; r <= radius; r++ {
		fields, ok = f.next()
		if !ok {
			return nil, f.errorf("missing ROW %d", r)
		}
		if fields[0] != "ROW" || len(fields) != 3 {
			return nil, f.errorf("expected \"ROW %d CELLS\"", r)
		}
		if fields[1] != strconv.Itoa(r) {
			return nil, f.errorf("expected ROW %d (rows go from %d to %d in order)", r, -radius, radius)
		}
		s := fields[2]
		qmin, qmax := rowMin(radius, r), rowMax(radius, r)
		if len(s) != qmax-qmin+1 {
			return nil, f.errorf("ROW %d has %d cells, want %d (q from %d to %d)", r, len(s), qmax-qmin+1, qmin, qmax)
		}
		for j := 0; j < len(s); j++ {
			if !validTerrain(s[j]) {
				return nil, f.errorf("ROW %d, cell %d is not a terrain (use . ~ R M)", r, j+1)
			}
			b.SetTerrain(Hex{qmin + j, r}, Terrain(s[j]))
		}
	}
	for {
		fields, ok = f.next()
		if !ok {
			return nil, f.errorf("missing END")
		}
		if fields[0] == "END" && len(fields) == 1 {
			break
		}
		if err := f.want(fields, "WALL", 5, "WALL q1 r1 q2 r2"); err != nil {
			return nil, err
		}
		n, err := f.ints(fields[1:])
		if err != nil {
			return nil, err
		}
		if err := b.AddWall(Hex{n[0], n[1]}, Hex{n[2], n[3]}); err != nil {
			return nil, f.errorf("%v", err)
		}
	}
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("map %q: %w", b.Name, err)
	}
	return b, nil
}

// MapFile writes b as a map file, walls in canonical order (D21).
func (b *Board) MapFile() string {
	var sb strings.Builder
	sb.WriteString(MapHeader + "\n")
	if b.Name != "" {
		fmt.Fprintf(&sb, "NAME %s\n", b.Name)
	}
	fmt.Fprintf(&sb, "RADIUS %d\n", b.Radius)
	for k, row := range b.Rows() {
		fmt.Fprintf(&sb, "ROW %d %s\n", k-b.Radius, row)
	}
	for _, w := range b.Walls() {
		fmt.Fprintf(&sb, "WALL %v %v\n", w[0], w[1])
	}
	sb.WriteString("END\n")
	return sb.String()
}
