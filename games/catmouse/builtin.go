package catmouse

import (
	"math/rand/v2"
	"strings"

	"github.com/seed27749672/arena/game"
)

// A builtin bot plays both roles: it learns its role from INIT, like any
// AI (D14). Each one is good at one role and plain at the other:
//
//	random   random legal moves for either role (the mouse dashes at random)
//	pursuit  strong cats that cut off the mouse's escape routes; a plain mouse
//	evasive  a strong mouse that keeps room to run and saves its dash for
//	         when it matters; plain cats
var builtins = []game.Builtin{
	{Name: "random", Help: "random legal moves in either role", New: func(seed int64) game.Bot {
		return newBuiltin(seed, randomCats, randomMouse)
	}},
	{Name: "pursuit", Help: "strong cats (cut off escape routes, debug drawings); plain mouse", New: func(seed int64) game.Bot {
		return newBuiltin(seed, pursuitCats, plainMouse)
	}},
	{Name: "evasive", Help: "strong mouse (keeps room, dashes when it matters); plain cats", New: func(seed int64) game.Bot {
		return newBuiltin(seed, plainCats, evasiveMouse)
	}},
}

// catsFunc chooses the cats' actions and optional DBG lines.
type catsFunc func(v *view, rng *rand.Rand) ([]Action, []string)

// mouseFunc chooses the mouse's action and optional DBG lines.
type mouseFunc func(v *view, rng *rand.Rand) (Action, []string)

type builtinBot struct {
	v     view
	rng   *rand.Rand
	cats  catsFunc
	mouse mouseFunc
	ready bool
}

func newBuiltin(seed int64, c catsFunc, m mouseFunc) game.Bot {
	return &builtinBot{rng: game.NewRand(seed, 1), cats: c, mouse: m}
}

// Respond reads INIT, STATE or GAMEOVER and answers as a process bot would.
func (b *builtinBot) Respond(msg []byte) []byte {
	text := string(msg)
	switch {
	case strings.HasPrefix(text, "INIT "):
		if err := b.v.readInit(text); err != nil {
			return []byte("READY\n") // an unreadable board: stand still all leg
		}
		b.ready = true
		return []byte("READY\n")
	case strings.HasPrefix(text, "STATE ") && b.ready:
		b.v.readState(text)
		var dbg []string
		var line string
		if b.v.role == Cats {
			var acts []Action
			acts, dbg = b.cats(&b.v, b.rng)
			line = orders(acts, nil)
		} else {
			var a Action
			a, dbg = b.mouse(&b.v, b.rng)
			line = orders(nil, &a)
		}
		var sb strings.Builder
		for _, d := range dbg {
			sb.WriteString(d)
			sb.WriteByte('\n')
		}
		sb.WriteString(line)
		sb.WriteByte('\n')
		return []byte(sb.String())
	case strings.HasPrefix(text, "STATE "):
		return []byte("MOVE\n")
	}
	return nil // GAMEOVER: nothing to say
}

// randomCats moves every cat to a random legal cell (or keeps it).
func randomCats(v *view, rng *rand.Rand) ([]Action, []string) {
	acts := make([]Action, len(v.cats))
	for i, c := range v.cats {
		ms := v.catMoves(c)
		acts[i] = ms[rng.IntN(len(ms))].act
	}
	return acts, nil
}

// randomMouse picks a random legal action, dashes included when allowed.
func randomMouse(v *view, rng *rand.Rand) (Action, []string) {
	ms := v.mouseMoves(v.mouse, v.cooldown == 0)
	return ms[rng.IntN(len(ms))].act, nil
}

// plainCats walks every cat along a shortest path to the mouse.
func plainCats(v *view, rng *rand.Rand) ([]Action, []string) {
	acts := make([]Action, len(v.cats))
	for i, c := range v.cats {
		best, bestD := []Action{Stay}, v.d(c, v.mouse)
		for _, m := range v.catMoves(c)[1:] {
			switch d := v.d(m.to, v.mouse); {
			case d < bestD:
				best, bestD = []Action{m.act}, d
			case d == bestD:
				best = append(best, m.act)
			}
		}
		acts[i] = best[rng.IntN(len(best))]
	}
	return acts, nil
}

// plainMouse steps to the safe cell farthest from the nearest cat; it
// dashes only when no single step is safe.
func plainMouse(v *view, rng *rand.Rand) (Action, []string) {
	pick := func(ms []move) (Action, bool) {
		var best []Action
		bestD := -1
		for _, m := range ms {
			if v.threatened(m.to, v.cats) {
				continue
			}
			d := 1 << 30
			for _, c := range v.cats {
				d = min(d, v.d(c, m.to))
			}
			switch {
			case d > bestD:
				best, bestD = []Action{m.act}, d
			case d == bestD:
				best = append(best, m.act)
			}
		}
		if len(best) == 0 {
			return Stay, false
		}
		return best[rng.IntN(len(best))], true
	}
	if a, ok := pick(v.mouseMoves(v.mouse, false)); ok {
		return a, nil
	}
	if v.cooldown == 0 {
		if a, ok := pick(v.mouseMoves(v.mouse, true)); ok {
			return a, nil
		}
	}
	return Stay, nil
}
