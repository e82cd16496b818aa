package main

import "math/rand/v2"

// Bot is your bot. Like the 2022 starter kits' bot, this one spawns its
// units on random spawn tiles, then sends each to a random tile; units that
// step on a diamond pick it up, and this bot then drops it to score.
type Bot struct{}

// NewBot creates the bot once, before the first tick.
func NewBot() *Bot { return &Bot{} }

// NextMove returns one action per unit for this tick.
func (b *Bot) NextMove(msg *GameMessage) []Action {
	var spawns []Position
	for x := 0; x < msg.Width(); x++ {
		for y := 0; y < msg.Height(); y++ {
			if msg.Map.Tiles[x][y] == "SPAWN" {
				spawns = append(spawns, Position{x, y})
			}
		}
	}
	var actions []Action
	team := msg.MyTeam()
	if team == nil {
		return actions
	}
	for _, u := range team.Units {
		switch {
		case !u.HasSpawned && len(spawns) > 0:
			p := spawns[rand.IntN(len(spawns))]
			actions = append(actions, Action{Type: "UNIT", Action: "SPAWN", UnitID: u.ID, Target: &p})
		case u.HasDiamond && !u.IsSummoning && u.Position != nil && msg.TileAt(*u.Position) == "EMPTY":
			// Drop the diamond on a free neighbouring tile to score its points.
			if p, ok := freeNeighbour(msg, *u.Position); ok {
				actions = append(actions, Action{Type: "UNIT", Action: "DROP", UnitID: u.ID, Target: &p})
				continue
			}
			actions = append(actions, Action{Type: "UNIT", Action: "NONE", UnitID: u.ID})
		case u.HasSpawned:
			p := Position{rand.IntN(msg.Width()), rand.IntN(msg.Height())}
			actions = append(actions, Action{Type: "UNIT", Action: "MOVE", UnitID: u.ID, Target: &p})
		}
	}
	return actions
}

// freeNeighbour finds an EMPTY tile next to p with no unit on it.
func freeNeighbour(msg *GameMessage, p Position) (Position, bool) {
	taken := map[Position]bool{}
	for _, t := range msg.Teams {
		for _, u := range t.Units {
			if u.Position != nil {
				taken[*u.Position] = true
			}
		}
	}
	for _, q := range []Position{{p.X, p.Y - 1}, {p.X, p.Y + 1}, {p.X - 1, p.Y}, {p.X + 1, p.Y}} {
		if msg.TileAt(q) == "EMPTY" && !taken[q] {
			return q, true
		}
	}
	return Position{}, false
}
