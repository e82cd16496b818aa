// Territory (Ready AI Code 2020) protocol code for the Go starter kit, in
// stdin/stdout mode: you should not need to change it. Write your strategy
// in bot.go.
//
// Every turn Arena writes one line, the turn JSON (docs/games/territory.md)
// with "Turn" and "Final" appended; the kit reads it into a Board and
// writes the move Play returns. After the last turn a line with "Final":
// true arrives; no answer is expected.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// Tile is a tile of the arena: X grows to the right, Y upwards, (0, 0) is
// the bottom-left tile.
type Tile struct{ X, Y int }

// Move is an answer: one of the four moves, or None to stay (six stays in
// a game, or four in a row, eliminate).
type Move string

// The moves.
const (
	Up    Move = "UP"
	Down  Move = "DOWN"
	Left  Move = "LEFT"
	Right Move = "RIGHT"
	None  Move = "NONE"
)

// Moves lists the four moves in a fixed order.
var Moves = []Move{Up, Down, Left, Right}

// Delta is the tile offset of a move.
func (m Move) Delta() Tile {
	switch m {
	case Up:
		return Tile{0, 1}
	case Down:
		return Tile{0, -1}
	case Left:
		return Tile{-1, 0}
	case Right:
		return Tile{1, 0}
	}
	return Tile{}
}

// TurnRight is the move a quarter turn clockwise.
func (m Move) TurnRight() Move {
	return map[Move]Move{Up: Right, Right: Down, Down: Left, Left: Up, None: None}[m]
}

// Step is the tile one move away.
func (t Tile) Step(m Move) Tile { d := m.Delta(); return Tile{t.X + d.X, t.Y + d.Y} }

// TurnMessage is the turn JSON as Arena sends it.
type TurnMessage struct {
	SelfID        string   `json:"SelfId"`
	Map           []string `json:"Map"`
	MapWidth      int      `json:"MapWidth"`
	MaxMovement   int      `json:"MaxMovement"`
	MovementLeft  int      `json:"MovementLeft"`
	OccupiedTiles struct {
		Head, Neck, Body []Tile
	} `json:"OccupiedTiles"`
	Turn  int  `json:"Turn"`
	Final bool `json:"Final"`
}

// Board is one turn's state, read into tiles.
type Board struct {
	N            int               // the arena is N×N
	Me           string            // our body token, "P<id>"
	NeckToken    string            // our neck token, "p<id>"
	Tokens       map[Tile][]string // the parts of each tile's token: body, neck, head, obstacle (W B I D)
	Head         Tile              // our head
	Body, Neck   map[Tile]bool     // our territory and our trail
	MaxMovement  int               // L: the longest trip out of the body
	MovementLeft int               // ML: moves left on this trip
	Turn         int
}

// NewBoard reads the turn JSON into tiles. Map is row by row from the top:
// element i is tile (i mod N, N-1-i/N).
func NewBoard(m *TurnMessage) *Board {
	b := &Board{
		N: m.MapWidth, Me: "P" + m.SelfID, NeckToken: "p" + m.SelfID,
		Tokens: map[Tile][]string{}, Body: map[Tile]bool{}, Neck: map[Tile]bool{},
		MaxMovement: m.MaxMovement, MovementLeft: m.MovementLeft, Turn: m.Turn,
	}
	for i, tok := range m.Map {
		var parts []string
		if tok != "" {
			parts = strings.Split(tok, "-")
		}
		b.Tokens[Tile{i % b.N, b.N - 1 - i/b.N}] = parts
	}
	if len(m.OccupiedTiles.Head) > 0 {
		b.Head = m.OccupiedTiles.Head[0]
	}
	for _, t := range m.OccupiedTiles.Body {
		b.Body[t] = true
	}
	for _, t := range m.OccupiedTiles.Neck {
		b.Neck[t] = true
	}
	return b
}

// Has tells whether the tile's token holds the part ("W", "B", "P1", ...).
func (b *Board) Has(t Tile, part string) bool {
	for _, p := range b.Tokens[t] {
		if p == part {
			return true
		}
	}
	return false
}

// Inside tells whether the tile is on the grid.
func (b *Board) Inside(t Tile) bool { _, ok := b.Tokens[t]; return ok }

// AtHome tells whether our head is on our body.
func (b *Board) AtHome() bool { return b.Body[b.Head] }

// Deadly tiles kill us at once: off the grid, walls, bombs, our neck (and
// the tile we stand on, which becomes neck when we are out).
func (b *Board) Deadly(t Tile) bool {
	if !b.Inside(t) || b.Has(t, "W") || b.Has(t, "B") {
		return true
	}
	if b.Neck[t] || b.Has(t, b.NeckToken) {
		return true
	}
	return t == b.Head && !b.AtHome()
}

// Avoid is Deadly, plus ice (frozen 3 turns) and decay (a countdown).
func (b *Board) Avoid(t Tile) bool { return b.Deadly(t) || b.Has(t, "I") || b.Has(t, "D") }

// DistanceHome is the fewest moves from each tile to our body, around what
// we avoid.
func (b *Board) DistanceHome() map[Tile]int {
	dist := map[Tile]int{}
	var queue []Tile
	for t := range b.Body {
		dist[t] = 0
		queue = append(queue, t)
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, m := range Moves {
			t := c.Step(m)
			if _, seen := dist[t]; !seen && b.Inside(t) && !b.Avoid(t) {
				dist[t] = dist[c] + 1
				queue = append(queue, t)
			}
		}
	}
	return dist
}

// Safe tells whether moving to t keeps a way home within the movement left.
func (b *Board) Safe(t Tile, dist map[Tile]int) bool {
	if b.Deadly(t) {
		return false
	}
	if b.Body[t] {
		return true
	}
	d, ok := dist[t]
	return ok && d >= 1 && d <= b.MovementLeft-1 // a move that ends outside costs one
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 1<<24)
	bot := NewBot()
	for in.Scan() {
		var m TurnMessage
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			fmt.Fprintln(os.Stderr, "bad turn JSON:", err)
			fmt.Println(None)
			continue
		}
		if m.Final {
			fmt.Fprintf(os.Stderr, "final turn %d\n", m.Turn)
			continue
		}
		// fmt.Println writes straight to stdout: the answer leaves at once.
		fmt.Println(bot.Play(NewBoard(&m)))
	}
}
