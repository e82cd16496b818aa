package tracks

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/game"
)

// The built-in bots. Each reads exactly the bytes a process bot reads and
// answers one line, like a process bot.
var builtins = []game.Builtin{
	{Name: "wait", Help: "always WAIT", New: func(int64) game.Bot { return waitBot() }},
	{Name: "random", Help: "random actions of every kind, legal or not (a stress bot)", New: newBot(randomMove)},
	{Name: "boss1", Help: "league 1 boss (Idle): always WAIT", New: func(int64) game.Bot { return waitBot() }},
	{Name: "boss2", Help: "league 2 boss (Random builder): AUTOPLACE between two random towns", New: newBot(randomBuilder)},
	{Name: "boss3", Help: "league 3 boss (Greedy connector): AUTOPLACE its cheapest missing desired connection", New: newBot(greedyMove)},
	{Name: "boss4", Help: "league 4 boss (Saboteur): greedy connector that disrupts the region where the opponent scores most", New: newBot(saboteurMove)},
	{Name: "boss5", Help: "league 5 boss (Planner): best value connection, avoids unstable regions, finishes off regions", New: newBot(plannerMove)},
}

func waitBot() game.Bot {
	return game.BotFunc(func([]byte) []byte { return []byte("WAIT\n") })
}

// strategy chooses the actions of one turn from the view.
type strategy func(v *view, rng *rand.Rand) []string

// newBot makes a builtin constructor for a strategy that reads the input.
func newBot(s strategy) func(seed int64) game.Bot {
	return func(seed int64) game.Bot {
		v := &view{}
		rng := game.NewRand(seed, 0x74726b)
		return game.BotFunc(func(msg []byte) []byte {
			if err := v.read(msg); err != nil {
				return []byte("WAIT\n")
			}
			acts := s(v, rng)
			if len(acts) == 0 {
				acts = []string{"WAIT"}
			}
			return []byte(strings.Join(acts, ";") + "\n")
		})
	}
}

func autoplace(v *view, t, u int) string {
	a, b := v.b.Towns[t], v.b.Towns[u]
	return "AUTOPLACE " + strconv.Itoa(a.X) + " " + strconv.Itoa(a.Y) + " " + strconv.Itoa(b.X) + " " + strconv.Itoa(b.Y)
}

// randomMove draws actions of every kind, including out-of-grid cells,
// inked regions and town regions, so that every rejection path is played.
func randomMove(v *view, rng *rand.Rand) []string {
	b := v.b
	var acts []string
	cellArg := func() string {
		return strconv.Itoa(rng.IntN(b.W+2)) + " " + strconv.Itoa(rng.IntN(b.H+2))
	}
	switch rng.IntN(4) {
	case 0:
		t := rng.IntN(len(b.Towns))
		u := rng.IntN(len(b.Towns))
		acts = append(acts, autoplace(v, t, u))
	case 1:
		for range 1 + rng.IntN(4) {
			acts = append(acts, "PLACE_TRACKS "+cellArg())
		}
	case 2:
		acts = append(acts, "AUTOPLACE "+cellArg()+" "+cellArg(), "PLACE_TRACKS "+cellArg())
	default:
		acts = append(acts, "WAIT")
	}
	switch rng.IntN(6) {
	case 0:
		acts = append(acts, "DISRUPT "+strconv.Itoa(rng.IntN(len(b.Regions)+2)))
	case 1:
		acts = append(acts, "DISRUPT "+cellArg())
	case 2:
		acts = append(acts, "MESSAGE turn "+strconv.Itoa(v.turn))
	}
	return acts
}

// randomBuilder is the league 2 boss (reference config/level2/Boss.py):
// town A uniformly, town B != A uniformly, AUTOPLACE from A to B.
func randomBuilder(v *view, rng *rand.Rand) []string {
	n := len(v.b.Towns)
	if n < 2 {
		return nil
	}
	a := rng.IntN(n)
	b := rng.IntN(n - 1)
	if b >= a {
		b++
	}
	return []string{autoplace(v, a, b)}
}
