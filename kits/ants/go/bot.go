// Ants & Crystals starter bot in Go: start here. Write your strategy in
// Play; ants.go reads the input and writes the answers.
//
// This bot places LINEs from its bases to the nearest resources, eggs first
// early on or while it has fewer ants than its opponent, as many targets as
// its ants can hold in a chain.
//
// Build: go build -o bot *.go
// Run:   arena play ants --bot ./bot --bot builtin:boss4
// Debug on os.Stderr: stderr is kept in the replay.
package main

import (
	"fmt"
	"sort"
)

// Play returns this turn's actions.
func Play(g *Game) []string {
	myAnts := g.MyAntTotal()
	wantEggs := g.Turn <= 8 || myAnts < g.OppAntTotal()
	type target struct{ group, dist, cell int }
	var targets []target
	for _, c := range g.Cells {
		d := g.Dist[g.NearestBase(c.Index)][c.Index]
		if c.Resources > 0 && d >= 0 && (c.Type == Crystal || wantEggs) {
			group := 1
			if c.Type == Egg && wantEggs {
				group = 0 // eggs first
			}
			targets = append(targets, target{group, d, c.Index})
		}
	}
	sort.Slice(targets, func(i, j int) bool {
		a, b := targets[i], targets[j]
		if a.group != b.group {
			return a.group < b.group
		}
		if a.dist != b.dist {
			return a.dist < b.dist
		}
		return a.cell < b.cell
	})
	var actions []string
	budget, chosen := myAnts/2, 0
	for _, t := range targets {
		if t.dist+1 > budget && chosen > 0 {
			continue
		}
		budget -= t.dist + 1
		actions = append(actions, Line(g.NearestBase(t.cell), t.cell, 1))
		chosen++
	}
	return append(actions, Message(fmt.Sprintf("%d ants, %d targets", myAnts, chosen)))
}
