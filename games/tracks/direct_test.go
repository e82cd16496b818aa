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
	return playDirectTo(tb, seed, league, opts, names, nil)
}

// playDirectTo is playDirect that shows each move and each frame to see
// (frame nil for a move, move "" for a frame), when see is not nil.
func playDirectTo(tb testing.TB, seed int64, league int, opts []string, names [2]string, see func(turn, p int, move string, frame []byte)) *referee {
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
			if see != nil {
				see(r.turn, p, out, nil)
			}
		}
		r.Play(reps[:])
		frame := r.Frame()
		if see != nil {
			see(r.turn, -1, "", frame)
		}
	}
	return r
}
