// Cats & Mouse (Cod'INSA 2025 final) protocol code for the Go starter kit:
// you should not need to change it. Write your strategy in bot.go.
//
// It reads the referee's messages into typed state and speaks the protocol
// (docs/games/catmouse.md), so that your bot only writes one function, as
// the original SDK asked:
//
//	func Tick(state *State, dbg *Dbg) Orders
//
// dbg is the debug drawing pad: every call appends one DBG line, sent
// before your MOVE line and shown in the viewer (F5: the cats' drawings,
// F6: the mouse's).
//
// Directions, counter-clockwise from east: 0 E (+1,0), 1 NE (+1,-1),
// 2 NW (0,-1), 3 W (-1,0), 4 SW (-1,+1), 5 SE (0,+1). Coordinates are
// axial (q, r), q first, centre (0, 0).
package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Cell is a cell in axial coordinates.
type Cell struct{ Q, R int }

var dq = [6]int{1, 1, 0, -1, -1, 0}
var dr = [6]int{0, -1, -1, 0, 1, 1}

// Add is the neighbour of c in direction d.
func (c Cell) Add(d int) Cell { return Cell{c.Q + dq[d], c.R + dr[d]} }

// HexDistance is the distance between two cells, ignoring terrain and walls.
func HexDistance(a, b Cell) int {
	q, r := a.Q-b.Q, a.R-b.R
	return max(abs(q), abs(r), abs(q+r))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Board is the map: terrain ('.' plain, '~' ocean, 'R' rock, 'M' mountain)
// and the walls between cells.
type Board struct {
	Radius  int
	Terrain map[Cell]byte
	Walls   map[[2]Cell]bool // both ways
}

// Plain tells whether c is a plain cell of the map.
func (b *Board) Plain(c Cell) bool { return b.Terrain[c] == '.' }

// CanStep tells whether a step from c in direction d is legal: onto a plain
// cell of the map with no wall between.
func (b *Board) CanStep(c Cell, d int) bool {
	n := c.Add(d)
	return b.Plain(n) && !b.Walls[[2]Cell{c, n}]
}

// Move is a legal step or dash: its direction(s) and the cell it ends on.
type Move struct {
	Dirs string // "3" for a step, "05" for a dash
	To   Cell
}

// Neighbours lists every legal step from c, by direction.
func (b *Board) Neighbours(c Cell) []Move {
	var out []Move
	for d := range 6 {
		if b.CanStep(c, d) {
			out = append(out, Move{strconv.Itoa(d), c.Add(d)})
		}
	}
	return out
}

// Dashes lists every legal dash from c (two steps, not coming back).
func (b *Board) Dashes(c Cell) []Move {
	var out []Move
	for _, m1 := range b.Neighbours(c) {
		for _, m2 := range b.Neighbours(m1.To) {
			if int(m2.Dirs[0]-'0') != (int(m1.Dirs[0]-'0')+3)%6 {
				out = append(out, Move{m1.Dirs + m2.Dirs, m2.To})
			}
		}
	}
	return out
}

// Distances counts the legal steps from start to every reachable cell.
func (b *Board) Distances(start Cell) map[Cell]int {
	dist := map[Cell]int{start: 0}
	queue := []Cell{start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, m := range b.Neighbours(c) {
			if _, ok := dist[m.To]; !ok {
				dist[m.To] = dist[c] + 1
				queue = append(queue, m.To)
			}
		}
	}
	return dist
}

// State is what the referee told us: from INIT the role ("CATS" or
// "MOUSE", a new process plays each leg), the board and the settings; from
// each STATE the pieces, the dash counters, what each piece did at the
// previous turn and the errors of our previous answer.
type State struct {
	Role                       string
	Game, Leg, NCats, MaxTurns int
	TimeoutMs                  int
	Board                      Board
	Turn                       int
	Cats                       []Cell // C0, C1, ...
	Mouse                      Cell
	DashCooldown, DashUses     int64 // a dash is allowed when DashCooldown is 0
	Last                       map[string]string
	Errors                     []string
}

// Orders of one turn: piece ("C0", "C1", ..., "M") to action: "S" to stay,
// "3" for one step, "05" for a dash. Pieces left out stay.
type Orders map[string]string

// Stay keeps a piece where it is.
func (o Orders) Stay(piece string) { o[piece] = "S" }

// Step moves a piece one cell in direction d.
func (o Orders) Step(piece string, d int) { o[piece] = strconv.Itoa(d) }

// Dash moves the mouse two cells, d1 then d2.
func (o Orders) Dash(d1, d2 int) { o["M"] = strconv.Itoa(d1) + strconv.Itoa(d2) }

// Dbg collects debug drawings, in fractional axial coordinates (a cell's
// centre is its (q, r)); lengths in cell-to-cell units; angles in degrees,
// counter-clockwise from east. Colours: "#RRGGBB", "#RRGGBBAA" or red
// green blue yellow orange purple cyan magenta white black gray pink
// brown. At most 500 drawings per turn.
type Dbg struct{ Lines []string }

func num(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

func (d *Dbg) add(shape string, color string, v ...float64) {
	s := "DBG " + shape
	for _, x := range v {
		s += " " + num(x)
	}
	d.Lines = append(d.Lines, s+" "+color)
}

// Segment draws a segment.
func (d *Dbg) Segment(q1, r1, q2, r2 float64, color string) { d.add("SEGMENT", color, q1, r1, q2, r2) }

// Line draws an infinite line through both points.
func (d *Dbg) Line(q1, r1, q2, r2 float64, color string) { d.add("LINE", color, q1, r1, q2, r2) }

// Arrow draws an arrow from (q1, r1), its head at (q2, r2).
func (d *Dbg) Arrow(q1, r1, q2, r2 float64, color string) { d.add("ARROW", color, q1, r1, q2, r2) }

// Polygon draws a filled polygon of 3 to 32 vertices (q, r pairs).
func (d *Dbg) Polygon(color string, qr ...float64) {
	s := "DBG POLYGON " + color
	for _, x := range qr {
		s += " " + num(x)
	}
	d.Lines = append(d.Lines, s)
}

// Circle draws a circle of radius 0 < radius <= 50, filled if fill.
func (d *Dbg) Circle(q, r, radius float64, color string, fill bool) {
	s := "DBG CIRCLE " + num(q) + " " + num(r) + " " + num(radius) + " " + color
	if fill {
		s += " FILL"
	}
	d.Lines = append(d.Lines, s)
}

// Arc draws an arc counter-clockwise from angle start to angle end.
func (d *Dbg) Arc(q, r, radius, start, end float64, color string) {
	d.Lines = append(d.Lines, "DBG ARC "+num(q)+" "+num(r)+" "+num(radius)+" "+num(start)+" "+num(end)+" "+color)
}

// Text writes up to 80 bytes of text at (q, r).
func (d *Dbg) Text(q, r float64, text, color string) {
	d.Lines = append(d.Lines, "DBG TEXT "+num(q)+" "+num(r)+" "+color+" "+text)
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func atoi64(s string) int64 {
	n, _ := strconv.ParseInt(s, 10, 64)
	return n
}

// readInit fills the state from the INIT block.
func readInit(s *State, block []string) {
	var rows []string
	s.Board = Board{Terrain: map[Cell]byte{}, Walls: map[[2]Cell]bool{}}
	for _, line := range block {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "ROLE" && len(f) > 1:
			s.Role = f[1]
		case f[0] == "GAME" && len(f) > 3:
			s.Game, s.Leg = atoi(f[1]), atoi(f[3])
		case f[0] == "RADIUS" && len(f) > 1:
			s.Board.Radius = atoi(f[1])
		case f[0] == "ROW" && len(f) > 2:
			rows = append(rows, f[2])
		case f[0] == "WALL" && len(f) > 4:
			a, b := Cell{atoi(f[1]), atoi(f[2])}, Cell{atoi(f[3]), atoi(f[4])}
			s.Board.Walls[[2]Cell{a, b}] = true
			s.Board.Walls[[2]Cell{b, a}] = true
		case f[0] == "CATS" && len(f) > 1:
			s.NCats = atoi(f[1])
		case f[0] == "MAXTURNS" && len(f) > 1:
			s.MaxTurns = atoi(f[1])
		case f[0] == "TIMEOUT" && len(f) > 1:
			s.TimeoutMs = atoi(f[1])
		}
	}
	rad := s.Board.Radius
	for k, row := range rows {
		r := k - rad
		qmin := max(-rad, -rad-r)
		for j := range len(row) {
			s.Board.Terrain[Cell{qmin + j, r}] = row[j]
		}
	}
}

// readState fills the state from a STATE block.
func readState(s *State, block []string) {
	s.Cats, s.Errors, s.Last = nil, nil, map[string]string{}
	for _, line := range block {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "STATE" && len(f) > 1:
			s.Turn = atoi(f[1])
		case f[0] == "CAT" && len(f) > 3:
			s.Cats = append(s.Cats, Cell{atoi(f[2]), atoi(f[3])})
		case f[0] == "MOUSE" && len(f) > 2:
			s.Mouse = Cell{atoi(f[1]), atoi(f[2])}
		case f[0] == "DASH" && len(f) > 2:
			s.DashCooldown, s.DashUses = atoi64(f[1]), atoi64(f[2])
		case f[0] == "LAST":
			for _, tok := range f[1:] {
				if piece, action, ok := strings.Cut(tok, ":"); ok {
					s.Last[piece] = action
				}
			}
		case f[0] == "ERROR":
			s.Errors = append(s.Errors, line)
		}
	}
}

// answer is the drawings and the MOVE line, pieces in order.
func answer(dbg *Dbg, orders Orders) string {
	var b strings.Builder
	for _, l := range dbg.Lines {
		b.WriteString(l + "\n")
	}
	pieces := make([]string, 0, len(orders))
	for p := range orders {
		pieces = append(pieces, p)
	}
	sort.Strings(pieces)
	b.WriteString("MOVE")
	for _, p := range pieces {
		b.WriteString(" " + p + ":" + orders[p])
	}
	return b.String()
}

// main plays one leg: it answers INIT with READY, every STATE with Tick's
// drawings and orders, and stops at GAMEOVER.
func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 1<<20)
	var state State
	var block []string
	for in.Scan() {
		line := strings.TrimRight(in.Text(), "\r")
		if strings.HasPrefix(line, "GAMEOVER") {
			fmt.Fprintln(os.Stderr, line)
			return
		}
		block = append(block, line)
		if strings.TrimSpace(line) != "END" {
			continue
		}
		if strings.HasPrefix(block[0], "INIT") {
			readInit(&state, block)
			fmt.Println("READY")
		} else {
			readState(&state, block)
			for _, e := range state.Errors {
				fmt.Fprintf(os.Stderr, "turn %d: %s\n", state.Turn, e)
			}
			dbg := &Dbg{}
			orders := Tick(&state, dbg)
			// fmt.Println writes straight to stdout: the answer leaves at once.
			fmt.Println(answer(dbg, orders))
		}
		block = block[:0]
	}
}
