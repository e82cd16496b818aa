package catmouse

import (
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// direct plays a game without the runner: every AI answers at once, as in
// fast mode with instant bots. It drives the referee exactly as the runner
// does (Prompt, then Play with every reply), so it is how the tests and the
// benchmark play many games quickly.
type direct struct {
	ref  *referee
	bots [2]func() game.Bot
	live [2]game.Bot
}

func newDirect(t testing.TB, opts []string, a, b func() game.Bot) *direct {
	t.Helper()
	o, err := game.ParseOptions(options, opts)
	if err != nil {
		t.Fatal(err)
	}
	set, err := configure(game.Config{Seed: 1, Players: 2, Names: []string{"A", "B"}, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return &direct{ref: newReferee(set), bots: [2]func() game.Bot{a, b}}
}

func builtinNamed(name string, seed int64) func() game.Bot {
	for _, b := range builtins {
		if b.Name == name {
			return func() game.Bot { return b.New(seed) }
		}
	}
	panic("no builtin " + name)
}

// step plays one runner turn.
func (d *direct) step() {
	if d.live[0] == nil {
		d.restart()
	}
	replies := make([]game.Reply, 2)
	for p := range 2 {
		msg, ask := d.ref.Prompt(p)
		if !ask {
			replies[p] = game.Reply{Status: game.NotAsked}
			continue
		}
		out := d.live[p].Respond(msg)
		var lines []game.Line
		for _, l := range strings.SplitAfter(string(out), "\n") {
			if l == "" {
				continue
			}
			lines = append(lines, game.Line{Text: strings.TrimSuffix(l, "\n")})
		}
		replies[p] = game.Reply{Status: game.Answered, Lines: lines}
	}
	d.ref.Play(replies)
	if d.ref.Restart() && !d.ref.Over() {
		d.restart()
	}
}

func (d *direct) restart() {
	for p := range 2 {
		d.live[p] = d.bots[p]()
	}
}

// BenchmarkRefereeLeg is BenchmarkCatmouseLeg without the runner: the
// referee and the builtin bots called directly, which is the cost of the
// game itself.
func BenchmarkRefereeLeg(b *testing.B) {
	for _, c := range []struct{ name, a, z string }{
		{"random", "random", "random"},
		{"pursuit-evasive", "pursuit", "evasive"},
	} {
		b.Run(c.name, func(b *testing.B) {
			legs, turns := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				// The bots' seeds of BenchmarkCatmouseLeg: the same games.
				d := newDirect(b, nil, builtinNamed(c.a, game.BotSeed(1, 0)), builtinNamed(c.z, game.BotSeed(1, 1)))
				for !d.ref.Over() {
					d.step()
					turns++
				}
				legs += 2
			}
			b.ReportMetric(float64(legs)/b.Elapsed().Seconds(), "legs/s")
			b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
		})
	}
}
