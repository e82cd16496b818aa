// Ants & Crystals protocol code for the Go starter kit: you should not need
// to change it. Write your strategy in bot.go.
//
// It reads the whole input into typed state (the map once, then every turn)
// and gives the game's actions as functions. The rules and the protocol are
// in docs/games/ants.md.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// CellType never changes during a game.
type CellType int

// The cell types.
const (
	Empty   CellType = 0
	Egg     CellType = 1
	Crystal CellType = 2
)

// Cell is one hexagonal cell.
type Cell struct {
	Index            int
	Type             CellType
	InitialResources int
	Neighbors        [6]int // per direction (0 east, counter-clockwise), -1 when none
	Resources        int    // what is left, updated every turn
	MyAnts, OppAnts  int
}

// Game is everything the referee said so far.
type Game struct {
	Cells             []Cell
	MyBases, OppBases []int
	Turn              int     // 1 on the first turn
	MyScore, OppScore int     // sent in league 4 only (0 otherwise)
	Dist              [][]int // all-pairs distances in steps, -1 when unreachable
	in                *bufio.Reader
}

// NewGame reads from r.
func NewGame(r io.Reader) *Game { return &Game{in: bufio.NewReaderSize(r, 1<<16)} }

func (g *Game) ints() ([]int, error) {
	line, err := g.in.ReadString('\n')
	if err != nil && (err != io.EOF || line == "") {
		return nil, err
	}
	var v []int
	for _, f := range strings.Fields(line) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("bad number %q in %q", f, line)
		}
		v = append(v, n)
	}
	return v, nil
}

func (g *Game) need(k int) ([]int, error) {
	v, err := g.ints()
	if err == nil && len(v) < k {
		err = fmt.Errorf("want %d numbers, got %v", k, v)
	}
	return v, err
}

// ReadInit reads the initialisation block.
func (g *Game) ReadInit() error {
	v, err := g.need(1)
	if err != nil {
		return err
	}
	g.Cells = make([]Cell, v[0])
	for i := range g.Cells {
		v, err := g.need(8)
		if err != nil {
			return err
		}
		c := &g.Cells[i]
		c.Index, c.Type, c.InitialResources, c.Resources = i, CellType(v[0]), v[1], v[1]
		copy(c.Neighbors[:], v[2:8])
	}
	v, err = g.need(1)
	if err != nil {
		return err
	}
	if g.MyBases, err = g.need(v[0]); err != nil {
		return err
	}
	if g.OppBases, err = g.need(v[0]); err != nil {
		return err
	}
	g.Dist = make([][]int, len(g.Cells))
	for i := range g.Cells {
		g.Dist[i] = g.bfs(i)
	}
	return nil
}

// ReadTurn reads one turn (io.EOF at the end of the game). The score line
// is sent in league 4 only: it is the only line of two numbers.
func (g *Game) ReadTurn() error {
	v, err := g.ints()
	if err != nil {
		return err
	}
	g.Turn++
	if len(v) == 2 {
		g.MyScore, g.OppScore = v[0], v[1]
		if v, err = g.need(3); err != nil {
			return err
		}
	}
	for i := range g.Cells {
		if i > 0 {
			if v, err = g.need(3); err != nil {
				return err
			}
		}
		if len(v) < 3 {
			return fmt.Errorf("want 3 numbers for cell %d, got %v", i, v)
		}
		g.Cells[i].Resources, g.Cells[i].MyAnts, g.Cells[i].OppAnts = v[0], v[1], v[2]
	}
	return nil
}

func (g *Game) bfs(src int) []int {
	d := make([]int, len(g.Cells))
	for i := range d {
		d[i] = -1
	}
	d[src] = 0
	queue := []int{src}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, m := range g.Cells[h].Neighbors {
			if m >= 0 && d[m] < 0 {
				d[m] = d[h] + 1
				queue = append(queue, m)
			}
		}
	}
	return d
}

// MyAntTotal and OppAntTotal count the ants on the board.
func (g *Game) MyAntTotal() int {
	n := 0
	for _, c := range g.Cells {
		n += c.MyAnts
	}
	return n
}

// OppAntTotal counts the opponent's ants.
func (g *Game) OppAntTotal() int {
	n := 0
	for _, c := range g.Cells {
		n += c.OppAnts
	}
	return n
}

// NearestBase is the base of ours nearest to cell c.
func (g *Game) NearestBase(c int) int {
	best := g.MyBases[0]
	for _, b := range g.MyBases {
		if g.Dist[b][c] >= 0 && (g.Dist[best][c] < 0 || g.Dist[b][c] < g.Dist[best][c]) {
			best = b
		}
	}
	return best
}

// The actions; Answer joins them with ';'.
func Beacon(cell, strength int) string { return fmt.Sprintf("BEACON %d %d", cell, strength) }

// Line places beacons on a shortest path from one cell to another.
func Line(from, to, strength int) string { return fmt.Sprintf("LINE %d %d %d", from, to, strength) }

// Wait does nothing.
func Wait() string { return "WAIT" }

// Message is shown in the viewer: one line, up to 46 characters.
func Message(text string) string { return "MESSAGE " + text }

// Answer joins a turn's actions, WAIT when there is none.
func Answer(actions []string) string {
	if len(actions) == 0 {
		return Wait()
	}
	return strings.Join(actions, ";")
}

func main() {
	g := NewGame(os.Stdin)
	if err := g.ReadInit(); err != nil {
		fmt.Fprintln(os.Stderr, "reading the map:", err)
		return
	}
	for {
		if err := g.ReadTurn(); err != nil {
			if err != io.EOF {
				fmt.Fprintln(os.Stderr, "reading a turn:", err)
			}
			return
		}
		// fmt.Println writes straight to stdout: each answer leaves at once.
		fmt.Println(Answer(Play(g)))
	}
}
