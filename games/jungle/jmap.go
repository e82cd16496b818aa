package jungle

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The text map format (.jmap, spec §2.3):
//
//	jungle-map 1
//	name: twin-rivers
//	units: 2=4 4=2
//	---
//	S....#....S
//	..D.....D..
//
// Characters: '.' empty, ',' empty drawn as a trap, '#' stone wall,
// '~' water wall, 'S' spawn, 'D' empty with one diamond.

const jmapMagic = "jungle-map 1"

var (
	jmapChars = map[byte]Art{'.': ArtFloor, ',': ArtTrap, '#': ArtStoneWall, '~': ArtWaterWall, 'S': ArtSpawn, 'D': ArtDiamond}
	artChars  = map[Art]byte{ArtFloor: '.', ArtTrap: ',', ArtStoneWall: '#', ArtWaterWall: '~', ArtSpawn: 'S', ArtDiamond: 'D'}
	mapName   = regexp.MustCompile(`^[a-z0-9_-]+$`)
)

// ParseText reads a map in the text format. Errors name the line (and the
// column for a bad character).
func ParseText(data []byte) (*Map, error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 || strings.TrimSuffix(lines[0], "\r") != jmapMagic {
		return nil, fmt.Errorf("line 1: a jungle map starts with %q", jmapMagic)
	}
	var name, author, desc string
	units := map[int]int{}
	i := 1
	for ; i < len(lines); i++ {
		l := strings.TrimSuffix(lines[i], "\r")
		if l == "---" {
			break
		}
		if strings.HasPrefix(l, ";") || strings.TrimSpace(l) == "" {
			continue
		}
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			return nil, fmt.Errorf("line %d: a header line is written \"key: value\"", i+1)
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "name":
			if !mapName.MatchString(v) {
				return nil, fmt.Errorf("line %d: the name must use only a-z, 0-9, '_' and '-'", i+1)
			}
			name = v
		case "author":
			author = v
		case "description":
			desc = v
		case "units":
			for _, f := range strings.Fields(v) {
				t, n, ok := strings.Cut(f, "=")
				teams, err1 := strconv.Atoi(t)
				count, err2 := strconv.Atoi(n)
				if !ok || err1 != nil || err2 != nil || teams < 1 || count < 1 {
					return nil, fmt.Errorf("line %d: units are written teams=count, e.g. \"units: 2=4 4=2\"", i+1)
				}
				units[teams] = count
			}
		default:
			return nil, fmt.Errorf("line %d: unknown header key (name, units, author, description)", i+1)
		}
	}
	if i >= len(lines) {
		return nil, fmt.Errorf("line %d: the header must end with a line \"---\"", len(lines)+1)
	}
	if name == "" {
		return nil, fmt.Errorf("line %d: the header needs a \"name:\" line", i+1)
	}
	first := i + 2 // line number of the first row
	var rows [][]Art
	for j, l := range lines[i+1:] {
		l = strings.TrimSuffix(l, "\r")
		row := make([]Art, len(l))
		for x := 0; x < len(l); x++ {
			a, ok := jmapChars[l[x]]
			if !ok {
				return nil, fmt.Errorf("line %d, column %d: not a tile ('.' ',' '#' '~' 'S' 'D')", first+j, x+1)
			}
			row[x] = a
		}
		if len(rows) > 0 && len(row) != len(rows[0]) {
			return nil, fmt.Errorf("line %d: the row has %d tiles, the first row has %d", first+j, len(row), len(rows[0]))
		}
		rows = append(rows, row)
	}
	if len(rows) < 5 || len(rows) > 50 || len(rows[0]) < 5 || len(rows[0]) > 50 {
		w := 0
		if len(rows) > 0 {
			w = len(rows[0])
		}
		return nil, fmt.Errorf("line %d: the map is %dx%d; width and height must be 5 to 50", first, w, len(rows))
	}
	m, err := newMap(name, rows)
	if err != nil {
		return nil, err
	}
	m.Author, m.Description = author, desc
	if len(units) > 0 {
		m.Units = units
	}
	return m, nil
}

// Text encodes m in the text format; ParseText(m.Text()) gives m back.
func (m *Map) Text() []byte {
	var b bytes.Buffer
	b.WriteString(jmapMagic + "\n")
	fmt.Fprintf(&b, "name: %s\n", textName(m.Name))
	if m.Author != "" {
		fmt.Fprintf(&b, "author: %s\n", m.Author)
	}
	if m.Description != "" {
		fmt.Fprintf(&b, "description: %s\n", m.Description)
	}
	if len(m.Units) > 0 {
		var keys []int
		for k := range m.Units {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%d=%d", k, m.Units[k]))
		}
		fmt.Fprintf(&b, "units: %s\n", strings.Join(parts, " "))
	}
	b.WriteString("---\n")
	for _, row := range m.rows() {
		for _, a := range row {
			b.WriteByte(artChars[a])
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// textName turns any map name (an official file name, say) into one the
// text format accepts: "adv-1_14x20_5D.bmp" becomes "adv-1_14x20_5d".
func textName(name string) string {
	if mapName.MatchString(name) {
		return name
	}
	name = strings.ToLower(strings.TrimSuffix(name, ".bmp"))
	var b strings.Builder
	for _, r := range name {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '_' || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "map"
	}
	return b.String()
}
