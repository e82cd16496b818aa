// Back Track King (tracks) starter bot in Go: start here. Write your
// strategy in Play; tracks.go reads the input and writes the answers.
//
// This bot AUTOPLACEs the nearest desired connection that is not active
// yet (the same answers as the other kits' starting bots). Ideas: DISRUPT
// the regions where the opponent's tracks pay it the most, avoid building
// in regions about to be inked, PLACE_TRACKS toward points of interest.
//
// Build: go build -o bot *.go
// Run:   arena play tracks --bot ./bot --bot builtin:boss3
// Debug on os.Stderr: stderr is kept in the replay. Answer within 50 ms
// (1000 ms on the first turn).
package main

// Play returns this turn's actions.
func Play(g *Game) []string {
	// The nearest desired connection that is not active yet: the least
	// (distance, town, desired town).
	bestT, bestU, bestDist := -1, -1, 1<<30
	for _, t := range g.Towns {
		for _, u := range t.Desired {
			if g.Active(t.ID, u) {
				continue
			}
			d := abs(t.X-g.Towns[u].X) + abs(t.Y-g.Towns[u].Y)
			if d < bestDist || (d == bestDist && t.ID == bestT && u < bestU) {
				bestDist, bestT, bestU = d, t.ID, u
			}
		}
	}
	var actions []string
	if bestT >= 0 {
		t, u := g.Towns[bestT], g.Towns[bestU]
		actions = append(actions, Autoplace(t.X, t.Y, u.X, u.Y))
	}
	return actions // WAIT when there is no action
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
