package catmouse

import (
	"fmt"
	"strconv"
	"strings"
)

// view is what a builtin bot knows of its leg. It is read from the INIT
// and STATE text, exactly as a process bot reads it: builtins get no
// shortcut into the referee.
type view struct {
	board    *Board
	role     Role
	ncats    int
	maxTurns int

	turn     int
	cats     []int // cell indices
	mouse    int
	cooldown int64
	uses     int64

	dist [][]int16 // legal-step distances between every pair of cells (-1: unreachable); see table

	// What builtin:pursuit remembers between turns: the smallest room it
	// has left the mouse, for how many turns it has not beaten it, and
	// whether it is closing in.
	bestRoom, stale int
	closing         bool
}

// readInit parses an INIT block and prepares the distance table.
func (v *view) readInit(msg string) error {
	lines := strings.Split(strings.TrimRight(msg, "\n"), "\n")
	var rows []string
	var walls [][4]int
	radius := 0
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "ROLE":
			v.role = Cats
			if len(f) > 1 && f[1] == "MOUSE" {
				v.role = Mouse
			}
		case "RADIUS":
			radius, _ = strconv.Atoi(f[1])
		case "ROW":
			rows = append(rows, f[2])
		case "WALL":
			var w [4]int
			for i := range 4 {
				w[i], _ = strconv.Atoi(f[i+1])
			}
			walls = append(walls, w)
		case "CATS":
			v.ncats, _ = strconv.Atoi(f[1])
		case "MAXTURNS":
			v.maxTurns, _ = strconv.Atoi(f[1])
		}
	}
	b, err := NewBoard(radius)
	if err != nil {
		return err
	}
	if len(rows) != 2*radius+1 {
		return fmt.Errorf("INIT has %d rows for radius %d", len(rows), radius)
	}
	for k, row := range rows {
		r := k - radius
		for j := 0; j < len(row); j++ {
			b.SetTerrain(Hex{rowMin(radius, r) + j, r}, Terrain(row[j]))
		}
	}
	for _, w := range walls {
		b.AddWall(Hex{w[0], w[1]}, Hex{w[2], w[3]})
	}
	v.board = b
	v.dist = nil
	return nil
}

// table returns the legal-step distances between every pair of cells,
// computed on first use (the random bot never needs them).
func (v *view) table() [][]int16 {
	if v.dist != nil {
		return v.dist
	}
	b := v.board
	n := b.Len()
	v.dist = make([][]int16, n)
	d := make([]int, n)
	queue := make([]int, 0, n)
	for i := range n {
		b.distancesInto(i, d, queue)
		row := make([]int16, n)
		for j, x := range d {
			row[j] = int16(x)
		}
		v.dist[i] = row
	}
	return v.dist
}

// readState parses a STATE block.
func (v *view) readState(msg string) {
	v.cats = v.cats[:0]
	for _, l := range strings.Split(msg, "\n") {
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "STATE":
			v.turn, _ = strconv.Atoi(f[1])
		case "CAT":
			q, _ := strconv.Atoi(f[2])
			r, _ := strconv.Atoi(f[3])
			v.cats = append(v.cats, v.board.Index(Hex{q, r}))
		case "MOUSE":
			q, _ := strconv.Atoi(f[1])
			r, _ := strconv.Atoi(f[2])
			v.mouse = v.board.Index(Hex{q, r})
		case "DASH":
			v.cooldown, _ = strconv.ParseInt(f[1], 10, 64)
			v.uses, _ = strconv.ParseInt(f[2], 10, 64)
		}
	}
}

// d is the legal-step distance between two cells, a large number when
// there is no path.
func (v *view) d(a, b int) int {
	x := v.table()[a][b]
	if x < 0 {
		return 1 << 20
	}
	return int(x)
}

// move is one option of a piece: its action and the cell it ends on.
type move struct {
	act Action
	to  int
}

// catMoves lists a cat's legal actions: stay first, then the steps.
func (v *view) catMoves(from int) []move {
	out := []move{{Stay, from}}
	for d := range Dir(6) {
		if n := v.board.step(from, d); n >= 0 {
			out = append(out, move{Action{Steps: 1, Dirs: [2]Dir{d}}, n})
		}
	}
	return out
}

// mouseMoves lists the mouse's legal actions: stay, steps, and dashes when
// the cooldown allows one (the middle cell may hold a cat).
func (v *view) mouseMoves(from int, dash bool) []move {
	out := v.catMoves(from)
	if !dash {
		return out
	}
	for d1 := range Dir(6) {
		mid := v.board.step(from, d1)
		if mid < 0 {
			continue
		}
		for d2 := range Dir(6) {
			if d2 == d1.Opposite() {
				continue
			}
			if n := v.board.step(mid, d2); n >= 0 {
				out = append(out, move{Action{Steps: 2, Dirs: [2]Dir{d1, d2}}, n})
			}
		}
	}
	return out
}

// nearest fills buf with, for every cell, the legal-step distance from
// the nearest cat (a large number when no cat can reach it).
func (v *view) nearest(cats []int, buf []int16) []int16 {
	n := v.board.Len()
	if cap(buf) < n {
		buf = make([]int16, n)
	}
	buf = buf[:n]
	for c := range buf {
		buf[c] = 1<<15 - 1
	}
	for _, k := range cats {
		for c, x := range v.table()[k] {
			if x >= 0 && x < buf[c] {
				buf[c] = x
			}
		}
	}
	return buf
}

// room counts the cells the mouse on m reaches strictly before every cat
// (near from nearest): the room it has left. Cutting off escape routes is
// making it small.
func (v *view) room(m int, near []int16) int {
	n := 0
	for c, x := range v.table()[m] {
		if x >= 0 && x < near[c] {
			n++
		}
	}
	return n
}

// threatened reports whether some cat can end its move on cell c (which
// also covers every exchange of positions: a cat on c can stay).
func (v *view) threatened(c int, cats []int) bool {
	for _, k := range cats {
		if k == c || v.table()[k][c] == 1 {
			return true
		}
	}
	return false
}

// orders writes a MOVE line.
func orders(cats []Action, mouse *Action) string {
	var sb strings.Builder
	sb.WriteString("MOVE")
	for i, a := range cats {
		fmt.Fprintf(&sb, " C%d:%s", i, a)
	}
	if mouse != nil {
		sb.WriteString(" M:" + mouse.String())
	}
	return sb.String()
}
