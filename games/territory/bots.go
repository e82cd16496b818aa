package territory

import (
	"math/rand/v2"

	"github.com/seed27749672/arena/game"
)

// builtins are the game's in-process bots. They read the turn JSON a
// process bot reads and answer its words.
var builtins = []game.Builtin{
	{Name: "random", Help: "a random move among those that keep a way home in time (never stands still when it can move)",
		New: func(seed int64) game.Bot { return &randomBot{rng: game.NewRand(seed, 0)} }},
	{Name: "greedy", Help: "rectangular loops out of its body, growing with MaxMovement, always back in time",
		New: func(seed int64) game.Bot { return &greedyBot{rng: game.NewRand(seed, 0)} }},
	{Name: "hunter", Help: "goes for other players' necks within reach, loops like greedy otherwise",
		New: func(seed int64) game.Bot { return &hunterBot{greedyBot{rng: game.NewRand(seed, 0)}} }},
}

// randomBot plays a random safe move.
type randomBot struct{ rng *rand.Rand }

// Respond answers one turn.
func (b *randomBot) Respond(msg []byte) []byte {
	v, err := parseView(msg)
	if err != nil || v.final {
		return nil
	}
	return answer(randomSafe(v, v.homeDistances(), b.rng))
}

// randomSafe picks a random move that keeps a way home, preferring tiles
// no other head can reach this turn, then any move that is not deadly.
func randomSafe(v *view, dist []int, rng *rand.Rand) Move {
	var calm, risky, last []Move
	for _, m := range Moves {
		q := step(v.head, m)
		switch {
		case v.deadly(q):
		case !v.safe(q, dist) || !v.passable(q):
			last = append(last, m)
		case v.nearEnemy(q) && !v.mine(q):
			risky = append(risky, m)
		default:
			calm = append(calm, m)
		}
	}
	for _, ms := range [][]Move{calm, risky, last} {
		if len(ms) > 0 {
			return ms[rng.IntN(len(ms))]
		}
	}
	return None
}
