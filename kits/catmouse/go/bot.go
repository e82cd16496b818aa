// Cats & Mouse starter bot in Go: start here. Write your strategy in Tick;
// catmouse.go reads the referee's messages and writes the answers.
//
// The example's cats walk shortest paths to the mouse; its mouse runs away
// from the nearest cat and dashes when cornered; both draw what they think.
//
// Build: go build -o bot *.go
// Run:   arena play catmouse --bot ./bot --bot builtin:pursuit
// Debug on os.Stderr (kept in the replay) or with dbg (drawn in the viewer).
package main

import (
	"fmt"
	"strconv"
)

// Tick returns the orders of this turn.
func Tick(state *State, dbg *Dbg) Orders {
	board := &state.Board
	orders := Orders{}
	if state.Role == "CATS" {
		// Every cat walks a shortest path to the mouse.
		toMouse := board.Distances(state.Mouse)
		for i, cat := range state.Cats {
			best, bestD := -1, 1<<30
			if d, ok := toMouse[cat]; ok {
				bestD = d
			}
			for _, m := range board.Neighbours(cat) {
				if d, ok := toMouse[m.To]; ok && d < bestD {
					best, bestD = atoi(m.Dirs), d
				}
			}
			if best >= 0 {
				orders.Step("C"+strconv.Itoa(i), best)
				n := cat.Add(best)
				dbg.Arrow(float64(cat.Q), float64(cat.R), float64(n.Q), float64(n.R), "orange")
			}
		}
		dbg.Circle(float64(state.Mouse.Q), float64(state.Mouse.R), 0.6, "#ff000080", false)
		return orders
	}
	// The mouse goes where the nearest cat is farthest, and dashes only
	// when every step leaves a cat next to it.
	var fromCats []map[Cell]int
	for _, c := range state.Cats {
		fromCats = append(fromCats, board.Distances(c))
	}
	nearestCat := func(c Cell) int {
		best := 1 << 30
		for _, d := range fromCats {
			if n, ok := d[c]; ok {
				best = min(best, n)
			}
		}
		return best
	}
	move, bestCell := "", state.Mouse
	for _, m := range board.Neighbours(state.Mouse) {
		if nearestCat(m.To) > nearestCat(bestCell) {
			move, bestCell = m.Dirs, m.To
		}
	}
	if nearestCat(bestCell) <= 1 && state.DashCooldown == 0 {
		for _, m := range board.Dashes(state.Mouse) {
			if nearestCat(m.To) > nearestCat(bestCell) {
				move, bestCell = m.Dirs, m.To
			}
		}
	}
	switch len(move) {
	case 2:
		orders.Dash(atoi(move[:1]), atoi(move[1:]))
	case 1:
		orders.Step("M", atoi(move))
	}
	dbg.Text(float64(bestCell.Q), float64(bestCell.R), fmt.Sprintf("run (%d)", nearestCat(bestCell)), "yellow")
	return orders
}
