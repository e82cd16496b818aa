package tracks

import (
	"testing"

	"github.com/seed27749672/arena/game"
)

// playDirect plays a whole match between builtins without the runner:
// every bot reads its prompt and answers, and the frame is drawn, as under
// match.Run.
func playDirect(tb testing.TB, seed int64, league int, opts []string, names [2]string) *referee {
	tb.Helper()
	o, err := game.ParseOptions(options, opts)
	if err != nil {
		tb.Fatal(err)
	}
	ref, err := Game{}.New(game.Config{Seed: seed, Players: 2, League: league, Options: o})
	if err != nil {
		tb.Fatal(err)
	}
	r := ref.(*referee)
	var bots [2]game.Bot
	for p, n := range names {
		b, err := Game{}.Info().FindBuiltin(n)
		if err != nil {
			tb.Fatal(err)
		}
		bots[p] = b.New(game.BotSeed(seed, p))
	}
	for !r.Over() {
		var reps [2]game.Reply
		for p := range bots {
			msg, ask := r.Prompt(p)
			if !ask {
				reps[p] = game.Reply{Status: game.NotAsked}
				continue
			}
			out := string(bots[p].Respond(msg))
			if n := len(out); n > 0 && out[n-1] == '\n' {
				out = out[:n-1]
			}
			reps[p] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: out}}}
		}
		r.Play(reps[:])
		r.Frame()
	}
	return r
}
