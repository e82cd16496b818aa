// Jungle Blitz starter bot in Go: start here. Write your strategy in
// NextMove; main.go, game.go and websocket.go talk to the server.
//
// This bot spawns its units on the spawn tiles nearest to the free
// diamonds and sends each unit to the nearest free diamond no other of its
// units is after. A carrier SUMMONs its diamond up to the highest level
// while no enemy is near, and drops it to score its points when an enemy
// comes within 2 tiles or the game is about to end (then picks it up
// again). Ideas: ATTACK and VINE enemy carriers, flee from enemies, keep
// units off the enemies' paths.
//
// Build: go build -o bot *.go
// Run:   arena play jungle --bot ./bot --bot builtin:greedy
// Debug with log.Printf: stderr is kept in the replay.
package main

// Bot is your bot.
type Bot struct{}

// NewBot creates the bot once, before the first tick.
func NewBot() *Bot { return &Bot{} }

// danger is how near (in tiles) an enemy makes a carrier drop its diamond.
const danger = 2

// NextMove returns one action per unit for this tick.
func (b *Bot) NextMove(msg *GameMessage) []Action {
	team := msg.MyTeam()
	if team == nil {
		return nil
	}
	occupied := msg.Occupied()
	var free []Position // diamonds lying on the ground
	onGround := map[Position]bool{}
	for _, d := range msg.Map.Diamonds {
		if d.OwnerID == "" {
			free = append(free, d.Position)
			onGround[d.Position] = true
		}
	}
	nearest := func(from Position, taken map[Position]bool) (Position, bool) {
		best, found := Position{}, false
		for _, p := range free {
			if !taken[p] && (!found || Distance(from, p) < Distance(from, best)) {
				best, found = p, true
			}
		}
		return best, found
	}
	var actions []Action
	targeted := map[Position]bool{}
	spawned := map[Position]bool{}
	for _, u := range team.Units {
		switch {
		case u.Position == nil && !u.HasSpawned:
			// The free spawn tile nearest to a free diamond.
			best, bestD := Position{}, -1
			for _, s := range msg.Tiles("SPAWN") {
				if occupied[s] || spawned[s] {
					continue
				}
				d := 1 << 30
				if p, ok := nearest(s, nil); ok {
					d = Distance(s, p)
				}
				if bestD < 0 || d < bestD {
					best, bestD = s, d
				}
			}
			if bestD >= 0 {
				spawned[best] = true
				actions = append(actions, Spawn(u.ID, best))
			}
		case u.Position == nil || u.IsSummoning:
			// Dead, or locked while it summons: nothing to do.
		case u.HasDiamond:
			d := msg.Diamond(u.DiamondID)
			if d == nil {
				break
			}
			threatened := false
			for _, e := range msg.Enemies() {
				threatened = threatened || Distance(*e.Position, *u.Position) <= danger
			}
			if threatened || msg.Tick >= msg.TotalTick-3 {
				for _, p := range u.Position.Neighbours() {
					if msg.TileAt(p) == "EMPTY" && !occupied[p] && !onGround[p] {
						actions = append(actions, Drop(u.ID, p))
						break
					}
				}
			} else if d.SummonLevel < msg.GameConfig.MaximumDiamondSummonLevel && msg.Tick+d.SummonLevel+1 < msg.TotalTick-3 {
				actions = append(actions, Summon(u.ID))
			}
		default:
			if p, ok := nearest(*u.Position, targeted); ok {
				targeted[p] = true
				actions = append(actions, MoveTo(u.ID, p))
			}
		}
	}
	return actions
}
