package territory

import (
	"bytes"
	"testing"

	"github.com/seed27749672/arena/game"
)

// playDirect plays a whole match in-process, without the runner: each
// builtin bot answers every prompt at once. It is the quickest way to run
// the referee with bots, for tests and benchmarks.
func playDirect(tb testing.TB, seed int64, bots []string, opts ...string) *referee {
	tb.Helper()
	info := Game{}.Info()
	cfg := game.Config{Seed: seed, Players: len(bots), Options: game.MustOptions(info.Options, opts...)}
	for _, b := range bots {
		cfg.Names = append(cfg.Names, b)
	}
	ref, err := Game{}.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	players := make([]game.Bot, len(bots))
	for i, name := range bots {
		b, err := info.FindBuiltin(name)
		if err != nil {
			tb.Fatal(err)
		}
		players[i] = b.New(game.BotSeed(seed, i))
	}
	for !ref.Over() {
		replies := make([]game.Reply, len(bots))
		for seat, b := range players {
			msg, ask := ref.Prompt(seat)
			if !ask {
				replies[seat] = game.Reply{Status: game.NotAsked}
				continue
			}
			out := b.Respond(msg)
			line, _, _ := bytes.Cut(out, []byte("\n"))
			replies[seat] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: string(line)}}}
		}
		ref.Play(replies)
	}
	return ref.(*referee)
}
