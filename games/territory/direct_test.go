package territory

import (
	"bytes"
	"testing"

	"github.com/seed27749672/arena/game"
)

// transcript is what a direct game said: its configuration, every message
// the referee wrote (the prompts in order, then one farewell per seat) and
// each turn's replies.
type transcript struct {
	cfg      game.Config
	messages [][]byte
	turns    [][]game.Reply
}

// playDirect plays a whole match in-process, without the runner: each
// builtin bot answers every prompt at once. It is the quickest way to run
// the referee with bots, for tests and benchmarks. When tr is not nil, the
// game is recorded in it.
func playDirect(tb testing.TB, seed int64, bots []string, tr *transcript, opts ...string) *referee {
	tb.Helper()
	info := Game{}.Info()
	cfg := game.Config{Seed: seed, Players: len(bots), Names: bots, Options: game.MustOptions(info.Options, opts...)}
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
	if tr != nil {
		tr.cfg = cfg
	}
	for !ref.Over() {
		replies := make([]game.Reply, len(bots))
		for seat, b := range players {
			msg, ask := ref.Prompt(seat)
			if !ask {
				replies[seat] = game.Reply{Status: game.NotAsked}
				continue
			}
			if tr != nil {
				tr.messages = append(tr.messages, msg)
			}
			line, _, _ := bytes.Cut(b.Respond(msg), []byte("\n"))
			replies[seat] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: string(line)}}}
		}
		ref.Play(replies)
		if tr != nil {
			tr.turns = append(tr.turns, replies)
		}
	}
	if tr != nil {
		for seat := range players {
			msg, _ := ref.(game.Farewell).Farewell(seat)
			tr.messages = append(tr.messages, msg)
		}
	}
	return ref.(*referee)
}
