// Territory starter bot in Go: start here. Write your strategy in Play;
// territory.go reads the turn JSON and writes the moves.
//
// The strategy is deliberately simple (the Python kit's, move for move):
// walk a square loop out of the body and come back before MovementLeft
// runs out; never step on a wall, a bomb or our own neck.
//
// Build: go build -o bot *.go
// Run:   arena play territory --bot ./bot --bot builtin:greedy --bot builtin:random --bot builtin:hunter
// Debug on os.Stderr: stderr is kept in the replay.
package main

// Bot keeps what it needs from turn to turn.
type Bot struct {
	loops int
	legs  []Move // the moves left in the current loop
}

// NewBot creates the bot once, before the first turn.
func NewBot() *Bot { return &Bot{} }

// plan is a loop from the head: straight out of the body, across, and
// back. Its side grows with MaxMovement.
func (bot *Bot) plan(b *Board) []Move {
	side := max(2, b.MaxMovement/4)
	bestInside, bestMove := -1, None
	for k := range 4 {
		d := Moves[(bot.loops+k)%4]
		t, inside := b.Head, 0
		for { // walk through our body to its edge
			t = t.Step(d)
			if !b.Body[t] {
				break
			}
			inside++
		}
		if !b.Avoid(t) && (bestInside < 0 || inside < bestInside) {
			bestInside, bestMove = inside, d
		}
	}
	if bestInside < 0 {
		return nil
	}
	d, inside := bestMove, bestInside
	bot.loops++
	across := d.TurnRight()
	if bot.loops%2 == 0 {
		across = d.TurnRight().TurnRight().TurnRight()
	}
	back := d.TurnRight().TurnRight()
	var legs []Move
	for range inside + side {
		legs = append(legs, d)
	}
	for range side {
		legs = append(legs, across)
	}
	for range side + inside {
		legs = append(legs, back)
	}
	return legs
}

// Play returns this turn's move.
func (bot *Bot) Play(b *Board) Move {
	dist := b.DistanceHome()
	if b.AtHome() && len(bot.legs) == 0 {
		bot.legs = bot.plan(b)
	}
	if len(bot.legs) > 0 {
		m := bot.legs[0]
		t := b.Head.Step(m)
		if b.Safe(t, dist) && !b.Avoid(t) {
			bot.legs = bot.legs[1:]
			if !b.AtHome() && b.Body[t] {
				bot.legs = nil // back home: the loop is closed
			}
			return m
		}
		bot.legs = nil
	}
	// Head home by the shortest way, or anywhere safe.
	best, bestD := None, 0
	for _, m := range Moves {
		t := b.Head.Step(m)
		if !b.Safe(t, dist) {
			continue
		}
		d := 99
		if b.Body[t] {
			d = 0
		} else if n, ok := dist[t]; ok {
			d = n
		}
		if best == None || d < bestD {
			best, bestD = m, d
		}
	}
	return best
}
