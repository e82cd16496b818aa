package tournament

import (
	"strconv"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/game/gametest"
)

// strength is the sum test game with bots of known strength: builtin:cN
// answers N every turn, so cN beats cM exactly when N > M, and two cN
// draw. Formats are tested on it with known answers.
type strength struct{ gametest.Sum }

func (strength) Info() game.Info {
	i := gametest.Sum{}.Info()
	i.Name, i.Builtins = "strength", nil
	for n := 0; n <= 9; n++ {
		reply := []byte(strconv.Itoa(n) + "\n")
		i.Builtins = append(i.Builtins, game.Builtin{Name: "c" + strconv.Itoa(n), Help: "answers " + strconv.Itoa(n),
			New: func(int64) game.Bot { return game.BotFunc(func([]byte) []byte { return reply }) }})
	}
	// coin answers 9 or 0 each turn, drawn from its seed: its games go
	// either way.
	i.Builtins = append(i.Builtins, game.Builtin{Name: "coin", Help: "answers 9 or 0 at random", New: func(seed int64) game.Bot {
		r := game.NewRand(seed, 0)
		return game.BotFunc(func([]byte) []byte { return []byte(strconv.Itoa(9*r.IntN(2)) + "\n") })
	}})
	return i
}

func init() { game.Register(strength{}) }

// cs gives the specs builtin:cN for each n.
func cs(ns ...int) []string {
	var out []string
	for _, n := range ns {
		out = append(out, "builtin:c"+strconv.Itoa(n))
	}
	return out
}

// names gives the standings' names, in order, and their places.
func names(o *Outcome) ([]string, []int) {
	var ns []string
	var ps []int
	for _, s := range o.Standings {
		ns, ps = append(ns, s.Name), append(ps, s.Place)
	}
	return ns, ps
}
