package tracks

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
)

// view is what a built-in bot knows: it reads the same bytes a process bot
// reads (init block on the first turn, then the turn block) and rebuilds a
// Board from them, so the bots can use the game's own searches.
type view struct {
	me       int
	turn     int // turns read so far: the current turn's number
	b        *Board
	myScore  int
	foeScore int
	conns    []string // partOfActiveConnections of each cell

	// gen counts the changes of the board: it grows on every turn whose
	// cell lines differ from the last turn's (grid holds those).
	gen  int
	grid []byte

	// The bosses' planners and board copy, kept from turn to turn.
	pl, safePl bossPlanner
	safe       *Board
	adv        []int // advantage's answer on the board of generation advGen
	advOK      []bool
	advGen     int
}

var errInput = errors.New("tracks bot: malformed input")

// lineReader walks the lines of one message.
type lineReader struct{ rest string }

func (l *lineReader) next() (string, error) {
	if len(l.rest) == 0 {
		return "", errInput
	}
	i := strings.IndexByte(l.rest, '\n')
	if i < 0 {
		i = len(l.rest)
	}
	s := l.rest[:i]
	l.rest = l.rest[min(i+1, len(l.rest)):]
	return s, nil
}

func (l *lineReader) ints(n int) ([]int, error) {
	s, err := l.next()
	if err != nil {
		return nil, err
	}
	f := strings.Fields(s)
	if len(f) < n {
		return nil, errInput
	}
	out := make([]int, n)
	for i := range n {
		if out[i], err = strconv.Atoi(f[i]); err != nil {
			return nil, errInput
		}
	}
	return out, nil
}

// cutInt reads a decimal integer (with an optional minus sign) and the
// single space after it.
func cutInt(s string) (n int, rest string, ok bool) {
	i, neg := 0, false
	if i < len(s) && s[i] == '-' {
		neg, i = true, 1
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i == start || i-start > 9 {
		return 0, "", false
	}
	if neg {
		n = -n
	}
	if i < len(s) {
		if s[i] != ' ' {
			return 0, "", false
		}
		i++
	}
	return n, s[i:], true
}

// read updates the view from one message.
func (v *view) read(msg []byte) error {
	// The cell lines often repeat last turn's (nobody built, disrupted or
	// inked): then the board, and all the bosses derive from it, stand,
	// and only the score lines are read (and copied).
	l := &lineReader{}
	same := false
	if i := afterLines(msg, 2); v.b != nil && v.grid != nil && i >= 0 && bytes.Equal(msg[i:], v.grid) {
		l.rest, same = string(msg[:i]), true
	} else {
		l.rest = string(msg)
	}
	if v.b == nil {
		if err := v.readInit(l); err != nil {
			return err
		}
	}
	v.turn++
	s, err := l.ints(1)
	if err != nil {
		return err
	}
	f, err := l.ints(1)
	if err != nil {
		return err
	}
	v.myScore, v.foeScore = s[0], f[0]
	if same {
		return nil
	}
	v.gen++
	cells := l.rest
	// The lines up to the first that differs from last turn's are not
	// read again.
	skip := 0
	if v.grid != nil {
		i := commonPrefix(cells, v.grid)
		skip = min(strings.Count(cells[:i], "\n"), len(v.b.Terrain))
		l.rest = cells[strings.LastIndexByte(cells[:i], '\n')+1:]
	}
	if err := v.readCells(l, skip); err != nil {
		v.grid = nil // the board is half read: next turn reads it whole
		return err
	}
	v.grid = append(v.grid[:0], cells...)
	return nil
}

// afterLines returns the index after the first n lines of msg, -1 when it
// has fewer.
func afterLines(msg []byte, n int) int {
	i := 0
	for range n {
		j := bytes.IndexByte(msg[i:], '\n')
		if j < 0 {
			return -1
		}
		i += j + 1
	}
	return i
}

// commonPrefix returns the length of the longest common prefix of a and b
// (by halves: comparisons of whole ranges are the fast ones).
func commonPrefix(a string, b []byte) int {
	lo, hi := 0, min(len(a), len(b))
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if a[lo:mid] == string(b[lo:mid]) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// readCells reads the cell lines of a turn into the board, from cell skip
// on: the lines before it are last turn's, already read. A region takes
// the values of its last cell's line (every line sets them); one whose
// cells all come before skip keeps last turn's, read from the same lines.
func (v *view) readCells(l *lineReader, skip int) error {
	b := v.b
	if skip == 0 {
		for i := range b.Regions {
			b.Regions[i].Instability, b.Regions[i].Inked = 0, false
		}
	}
	for c := skip; c < len(b.Terrain); c++ {
		line, err := l.next()
		if err != nil {
			return err
		}
		// "owner instability inked connections", parsed without allocating
		// (every builtin reads width*height such lines a turn).
		owner, rest, ok1 := cutInt(line)
		inst, rest, ok2 := cutInt(rest)
		ink, conns, ok3 := cutInt(rest)
		if !ok1 || !ok2 || !ok3 || conns == "" {
			return errInput
		}
		b.Track[c] = int8(owner)
		reg := &b.Regions[b.Region[c]]
		reg.Instability, reg.Inked = inst, ink == 1
		if v.conns[c] != conns {
			v.conns[c] = conns
		}
	}
	return nil
}

func (v *view) readInit(l *lineReader) error {
	head, err := l.ints(1)
	if err != nil {
		return err
	}
	w, err := l.ints(1)
	if err != nil {
		return err
	}
	h, err := l.ints(1)
	if err != nil {
		return err
	}
	if w[0] <= 0 || h[0] <= 0 || w[0]*h[0] > 1<<16 {
		return errInput
	}
	v.me = head[0]
	b := newBoard(w[0], h[0])
	regions := 0
	for c := range b.Terrain {
		rt, err := l.ints(2)
		if err != nil || rt[0] < 0 || rt[0] >= len(b.Terrain) || rt[1] < 0 || rt[1] > int(POI) {
			return errInput
		}
		b.Region[c], b.Terrain[c] = rt[0], Terrain(rt[1])
		regions = max(regions, rt[0]+1)
	}
	b.Regions = make([]Region, regions)
	for c, id := range b.Region {
		b.Regions[id].Cells = append(b.Regions[id].Cells, c)
	}
	n, err := l.ints(1)
	if err != nil || n[0] < 0 || n[0] > len(b.Terrain) {
		return errInput
	}
	for range n[0] {
		line, err := l.next()
		if err != nil {
			return err
		}
		f := strings.Fields(line)
		if len(f) != 4 {
			return errInput
		}
		var t Town
		var e1, e2, e3 error
		t.ID, e1 = strconv.Atoi(f[0])
		t.X, e2 = strconv.Atoi(f[1])
		t.Y, e3 = strconv.Atoi(f[2])
		if e1 != nil || e2 != nil || e3 != nil || t.ID != len(b.Towns) || !b.in(t.X, t.Y) {
			return errInput
		}
		if f[3] != "x" {
			for _, s := range strings.Split(f[3], ",") {
				id, err := strconv.Atoi(s)
				if err != nil || id < 0 || id >= n[0] {
					return errInput
				}
				t.Desired = append(t.Desired, id)
			}
		}
		t.Cell = b.cell(t.X, t.Y)
		b.TownAt[t.Cell] = t.ID
		b.Towns = append(b.Towns, t)
	}
	b.finish()
	v.b = b
	v.conns = make([]string, len(b.Terrain))
	return nil
}

// active reports whether the connection t-u was active last turn: "t-u" is
// one of the comma-separated names of the town's cell.
func (v *view) active(t, u int) bool {
	var buf [24]byte
	name := strconv.AppendInt(buf[:0], int64(t), 10)
	name = strconv.AppendInt(append(name, '-'), int64(u), 10)
	for s := v.conns[v.b.Towns[t].Cell]; ; {
		item, rest, more := strings.Cut(s, ",")
		if item == string(name) {
			return true
		}
		if !more {
			return false
		}
		s = rest
	}
}
