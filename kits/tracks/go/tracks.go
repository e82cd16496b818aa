// Back Track King (tracks) protocol code for the Go starter kit: you should
// not need to change it. Write your strategy in bot.go.
//
// It reads the whole input into typed state (the map and the towns once,
// then the board every turn) and gives the game's actions as functions.
// The rules and the protocol are in docs/games/tracks.md.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Terrain never changes; it sets the cost of a track.
type Terrain int

// The terrains and their track costs: 1, 2, 3, 3.
const (
	Plains Terrain = iota
	River
	Mountain
	PointOfInterest
)

// Track owners besides the player ids 0 and 1.
const (
	NoTrack = -1
	Neutral = 2
)

// Cell is one cell of the map.
type Cell struct {
	X, Y        int
	Region      int
	Terrain     Terrain
	TrackOwner  int // NoTrack, 0 or 1 (a player), or Neutral
	Instability int // of the cell's region
	Inked       bool
	Connections []string // the active connections whose path holds the cell, "T-U"
}

// Town is a town and the towns it wants to be connected to.
type Town struct {
	ID, X, Y int
	Desired  []int
}

// Game is everything the referee said so far.
type Game struct {
	MyID, Width, Height int
	Cells               []Cell // row by row, x fastest: Cells[y*Width+x]
	Towns               []Town // by id
	Turn                int    // 1 on the first turn
	MyScore, FoeScore   int
	in                  *bufio.Scanner
}

// NewGame reads from r.
func NewGame(r io.Reader) *Game {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 1<<16), 1<<20)
	s.Split(bufio.ScanWords)
	return &Game{in: s}
}

// At is the cell (x, y).
func (g *Game) At(x, y int) *Cell { return &g.Cells[y*g.Width+x] }

// Inside tells whether (x, y) is on the map.
func (g *Game) Inside(x, y int) bool { return x >= 0 && y >= 0 && x < g.Width && y < g.Height }

// Active tells whether the connection t-u (t requesting) is active: it
// holds t's town cell.
func (g *Game) Active(t, u int) bool {
	name := fmt.Sprintf("%d-%d", t, u)
	for _, c := range g.At(g.Towns[t].X, g.Towns[t].Y).Connections {
		if c == name {
			return true
		}
	}
	return false
}

func (g *Game) word() (string, error) {
	if !g.in.Scan() {
		if err := g.in.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return g.in.Text(), nil
}

func (g *Game) ints(dst ...*int) error {
	for _, p := range dst {
		w, err := g.word()
		if err != nil {
			return err
		}
		if *p, err = strconv.Atoi(w); err != nil {
			return fmt.Errorf("bad number %q", w)
		}
	}
	return nil
}

// ReadInit reads the initialisation block.
func (g *Game) ReadInit() error {
	if err := g.ints(&g.MyID, &g.Width, &g.Height); err != nil {
		return err
	}
	g.Cells = make([]Cell, g.Width*g.Height)
	for i := range g.Cells {
		c := &g.Cells[i]
		var terrain int
		if err := g.ints(&c.Region, &terrain); err != nil {
			return err
		}
		c.X, c.Y, c.Terrain, c.TrackOwner = i%g.Width, i/g.Width, Terrain(terrain), NoTrack
	}
	var n int
	if err := g.ints(&n); err != nil {
		return err
	}
	g.Towns = make([]Town, n)
	for range n {
		var t Town
		if err := g.ints(&t.ID, &t.X, &t.Y); err != nil {
			return err
		}
		desired, err := g.word()
		if err != nil {
			return err
		}
		if desired != "x" {
			for _, f := range strings.Split(desired, ",") {
				u, err := strconv.Atoi(f)
				if err != nil {
					return fmt.Errorf("bad town list %q", desired)
				}
				t.Desired = append(t.Desired, u)
			}
		}
		if t.ID < 0 || t.ID >= n {
			return fmt.Errorf("bad town id %d", t.ID)
		}
		g.Towns[t.ID] = t
	}
	return nil
}

// ReadTurn reads one turn (io.EOF at the end of the game).
func (g *Game) ReadTurn() error {
	if err := g.ints(&g.MyScore, &g.FoeScore); err != nil {
		return err
	}
	g.Turn++
	for i := range g.Cells {
		c := &g.Cells[i]
		var inked int
		if err := g.ints(&c.TrackOwner, &c.Instability, &inked); err != nil {
			return err
		}
		conns, err := g.word()
		if err != nil {
			return err
		}
		c.Inked, c.Connections = inked != 0, nil
		if conns != "x" {
			c.Connections = strings.Split(conns, ",")
		}
	}
	return nil
}

// Autoplace builds the cheapest plan from (fromX, fromY) to (toX, toY).
func Autoplace(fromX, fromY, toX, toY int) string {
	return fmt.Sprintf("AUTOPLACE %d %d %d %d", fromX, fromY, toX, toY)
}

// PlaceTracks builds a track on (x, y).
func PlaceTracks(x, y int) string { return fmt.Sprintf("PLACE_TRACKS %d %d", x, y) }

// Disrupt raises the instability of a region by one.
func Disrupt(region int) string { return fmt.Sprintf("DISRUPT %d", region) }

// DisruptAt disrupts the region of (x, y).
func DisruptAt(x, y int) string { return fmt.Sprintf("DISRUPT %d %d", x, y) }

// Wait does nothing.
func Wait() string { return "WAIT" }

// Message is shown in the viewer (one line).
func Message(text string) string { return "MESSAGE " + text }

// Answer joins a turn's actions with ';', WAIT when there is none.
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
