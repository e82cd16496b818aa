package ants

import (
	"bytes"
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
)

// playDirect plays one whole game on one goroutine: the referee and two
// builtin bots exchange exactly the bytes of a real match (prompts, answer
// lines, frames), without the runner. It returns the number of turns.
func playDirect(seed int64, league int, bots [2]string) int {
	info := Game{}.Info()
	ref, err := Game{}.New(game.Config{Seed: seed, Players: 2, League: league, Options: game.MustOptions(options)})
	if err != nil {
		panic(err)
	}
	var players [2]game.Bot
	for p := range 2 {
		b, err := info.FindBuiltin(bots[p])
		if err != nil {
			panic(err)
		}
		players[p] = b.New(game.BotSeed(seed, p))
	}
	ref.Frame()
	replies := make([]game.Reply, 2)
	turns := 0
	for !ref.Over() {
		for p := range 2 {
			msg, ask := ref.Prompt(p)
			if !ask {
				replies[p] = game.Reply{Status: game.NotAsked}
				continue
			}
			out := players[p].Respond(msg)
			replies[p] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: string(bytes.TrimSuffix(out, []byte("\n")))}}}
		}
		ref.Play(replies)
		ref.Frame()
		turns++
	}
	return turns
}

// BenchmarkAntsGame measures whole games with builtin bots on one
// goroutine (run with -cpu 1 for one core): games per second, turns per
// game, and heap allocations per turn (referee, bots and frames).
func BenchmarkAntsGame(b *testing.B) {
	for _, c := range []struct {
		name   string
		league int
		bots   [2]string
	}{
		{"boss4-boss4", 4, [2]string{"boss4", "boss4"}},
		{"boss4-random", 4, [2]string{"boss4", "random"}},
		{"random-random", 4, [2]string{"random", "random"}},
		{"boss1-boss1 league1", 1, [2]string{"boss1", "boss1"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var ms0, ms1 runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&ms0)
			turns := 0
			start := time.Now()
			for i := 0; i < b.N; i++ {
				turns += playDirect(int64(i), c.league, c.bots)
			}
			elapsed := time.Since(start)
			runtime.ReadMemStats(&ms1)
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "games/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
			b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(turns), "allocs/turn")
			perTurn := float64(elapsed.Microseconds()) / float64(turns)
			b.ReportMetric(perTurn, "µs/turn")
			b.ReportMetric(1e6/(100*perTurn), "100-turn-games/s")
		})
	}
}

// BenchmarkAntsMatch is the same games through match.Run (goroutines,
// clock, replay recording): the runner's cost over BenchmarkAntsGame.
func BenchmarkAntsMatch(b *testing.B) {
	turns := 0
	start := time.Now()
	for i := 0; i < b.N; i++ {
		seed := int64(i)
		m, err := match.Setup{Game: "ants", Bots: []string{"builtin:boss4", "builtin:random"}, Seed: &seed}.Build()
		if err != nil {
			b.Fatal(err)
		}
		rep, err := match.Run(context.Background(), m)
		if err != nil {
			b.Fatal(err)
		}
		turns += len(rep.Turns)
	}
	elapsed := time.Since(start)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "games/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
	b.ReportMetric(float64(elapsed.Microseconds())/float64(turns), "µs/turn")
}

// The benchmark's direct loop must play the same game as the runner.
func TestDirectLoopMatchesRunner(t *testing.T) {
	seed := int64(4)
	rep := runMatch(t, []string{"builtin:boss4", "builtin:random"}, seed, 4, generous...)
	if got := playDirect(seed, 4, [2]string{"boss4", "random"}); got != len(rep.Turns) {
		t.Errorf("direct loop: %d turns, runner: %d", got, len(rep.Turns))
	}
}
