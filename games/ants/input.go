package ants

import (
	"bytes"
	"fmt"
	"strconv"
)

// View is what a bot knows, parsed from the text it receives: the map from
// the initialisation input, and the state of the latest turn. The builtin
// bots use it, so that they read exactly what a process bot reads.
type View struct {
	Cells     int
	Types     []CellType
	Initial   []int
	Neighbors [][6]int
	MyBases   []int
	OppBases  []int

	Turn      int  // turns read so far: 1 on the first
	HasScores bool // the turn input starts with the score line
	MyScore   int
	OppScore  int
	Res       []int
	MyAnts    []int
	OppAnts   []int

	dist []int16 // all-pairs distances, n*n
}

// Read parses one prompt: on the first call the initialisation block
// followed by a turn block, afterwards a turn block.
func (v *View) Read(msg []byte) error {
	lines := bytes.Split(bytes.TrimSuffix(msg, []byte("\n")), []byte("\n"))
	if v.Cells == 0 {
		rest, err := v.readInit(lines)
		if err != nil {
			return err
		}
		lines = rest
	}
	v.Turn++
	switch len(lines) {
	case v.Cells + 1:
		var sc [2]int
		if err := parseInts(lines[0], sc[:]); err != nil {
			return fmt.Errorf("score line: %w", err)
		}
		v.HasScores, v.MyScore, v.OppScore = true, sc[0], sc[1]
		lines = lines[1:]
	case v.Cells:
	default:
		return fmt.Errorf("turn input has %d lines, want %d or %d", len(lines), v.Cells, v.Cells+1)
	}
	var x [3]int
	for c, l := range lines {
		if err := parseInts(l, x[:]); err != nil {
			return fmt.Errorf("cell %d: %w", c, err)
		}
		v.Res[c], v.MyAnts[c], v.OppAnts[c] = x[0], x[1], x[2]
	}
	return nil
}

// readInit parses the initialisation block and returns the lines after it.
func (v *View) readInit(lines [][]byte) ([][]byte, error) {
	if len(lines) == 0 {
		return nil, fmt.Errorf("empty input")
	}
	n, err := strconv.Atoi(string(lines[0]))
	if err != nil || n <= 0 {
		return nil, fmt.Errorf("numberOfCells: %q", lines[0])
	}
	if len(lines) < n+4 {
		return nil, fmt.Errorf("initial input has %d lines, want at least %d", len(lines), n+4)
	}
	v.Cells = n
	v.Types, v.Initial, v.Neighbors = make([]CellType, n), make([]int, n), make([][6]int, n)
	v.Res, v.MyAnts, v.OppAnts = make([]int, n), make([]int, n), make([]int, n)
	var x [8]int
	for c := range n {
		if err := parseInts(lines[1+c], x[:]); err != nil {
			return nil, fmt.Errorf("cell %d: %w", c, err)
		}
		v.Types[c], v.Initial[c] = CellType(x[0]), x[1]
		copy(v.Neighbors[c][:], x[2:])
	}
	k, err := strconv.Atoi(string(lines[n+1]))
	if err != nil {
		return nil, fmt.Errorf("numberOfBases: %q", lines[n+1])
	}
	if k < 1 || k > n {
		return nil, fmt.Errorf("numberOfBases: %d", k)
	}
	v.MyBases, v.OppBases = make([]int, k), make([]int, k)
	if err := parseInts(lines[n+2], v.MyBases); err != nil {
		return nil, fmt.Errorf("my bases: %w", err)
	}
	if err := parseInts(lines[n+3], v.OppBases); err != nil {
		return nil, fmt.Errorf("opponent bases: %w", err)
	}
	v.dist = distances(v.Neighbors)
	return lines[n+4:], nil
}

// Dist is the number of steps between two cells.
func (v *View) Dist(a, b int) int { return int(v.dist[a*v.Cells+b]) }

// parseInts reads exactly len(dst) integers separated by spaces from
// line, without allocating (the builtin bots parse every turn).
func parseInts(line []byte, dst []int) error {
	i, k := 0, 0
	for {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		if i == len(line) {
			break
		}
		if k == len(dst) {
			return fmt.Errorf("%q has more than %d numbers", line, len(dst))
		}
		neg := line[i] == '-'
		if neg {
			i++
		}
		start, n := i, 0
		for i < len(line) && line[i] >= '0' && line[i] <= '9' {
			n = n*10 + int(line[i]-'0')
			i++
		}
		if i == start || (i < len(line) && line[i] != ' ') {
			return fmt.Errorf("%q: not a list of integers", line)
		}
		if neg {
			n = -n
		}
		dst[k] = n
		k++
	}
	if k != len(dst) {
		return fmt.Errorf("%q has %d numbers, want %d", line, k, len(dst))
	}
	return nil
}
