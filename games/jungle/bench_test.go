package jungle

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

// benchGame plays one whole game of the builtin bots, driving the referee
// and the bots directly (what a match costs without the runner): 4 teams of
// 3 units on a 20x14 map, 300 ticks.
func benchGame(b *testing.B, seed int64, bots []string) {
	o := game.MustOptions(options, "map=canopy", "nb_units_per_team=3")
	ref, err := Game{}.New(game.Config{Seed: seed, Players: len(bots), Options: o})
	if err != nil {
		b.Fatal(err)
	}
	players := make([]game.Bot, len(bots))
	for i, name := range bots {
		bt, err := Game{}.Info().FindBuiltin(name)
		if err != nil {
			b.Fatal(err)
		}
		players[i] = bt.New(game.BotSeed(seed, i))
	}
	replies := make([]game.Reply, len(bots))
	for !ref.Over() {
		for p := range players {
			// The bots read the TICK as Go values, as under the match
			// runner.
			view, ask := ref.(game.ViewPrompter).PromptView(p)
			if !ask {
				replies[p] = game.Reply{Status: game.NotAsked}
				continue
			}
			out := players[p].(game.ViewBot).RespondView(view)
			replies[p] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: string(out[:len(out)-1])}}, Time: time.Millisecond}
		}
		ref.Play(replies)
		ref.Frame()
	}
}

// BenchmarkJungleGame: whole 300-tick games, 4 teams x 3 units on a 20x14
// map, builtin bots (two greedy, two fighters), on one core.
func BenchmarkJungleGame(b *testing.B) {
	bots := []string{"greedy", "fighter", "greedy", "fighter"}
	b.ReportAllocs()
	cpu0 := processCPU(b)
	for i := 0; b.Loop(); i++ {
		benchGame(b, int64(i), bots)
	}
	cpu := processCPU(b) - cpu0
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	// The process's CPU time, not the wall clock: on a shared machine the
	// wall clock also counts the time spent waiting for a core. It counts
	// the garbage collector's other threads too.
	b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/game")
	b.ReportMetric(float64(b.N)/cpu.Seconds(), "games/cpu-s")
}

// processCPU is the user and system CPU time the whole process has used.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkJungleEngine is the referee alone: the same games with every
// bot answering an empty command, so the cost is the TICK and frame
// encoding and the tick itself.
func BenchmarkJungleEngine(b *testing.B) {
	o := game.MustOptions(options, "map=canopy", "nb_units_per_team=3")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		ref, _ := Game{}.New(game.Config{Seed: int64(i), Players: 4, Options: o})
		r := ref.(*referee)
		replies := make([]game.Reply, 4)
		for !r.Over() {
			for p := range replies {
				replies[p] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: fmt.Sprintf(`{"type":"COMMAND","tick":%d,"actions":[]}`, r.tick)}}}
			}
			r.Play(replies)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkJungleMoveTick: one tick of 12 MOVE actions (4 teams x 3 units)
// that each need a path search, on a 20x14 map.
func BenchmarkJungleMoveTick(b *testing.B) {
	m, _ := BuiltinMap("canopy")
	s := newState(m, 1, []string{"a", "b", "c", "d"}, 3)
	// Each unit starts on a floor tile of one corner region and walks to
	// the opposite corner region.
	var starts, targets []Pos
	for x := 0; x < m.W && len(starts) < 12; x++ {
		for y := 0; y < m.H && len(starts) < 12; y++ {
			p := Pos{x, y}
			q := Pos{m.W - 1 - x, m.H - 1 - y}
			if m.Tile(p) == Empty && m.Tile(q) == Empty && s.unitAt(p) < 0 && len(m.Diamonds) > 0 && !s.diamondAt(p) && !s.diamondAt(q) {
				s.place(len(starts), p)
				starts = append(starts, p)
				targets = append(targets, q)
			}
		}
	}
	cmds := make([]Command, 4)
	for u := range starts {
		cmds[u/3].Actions = append(cmds[u/3].Actions, Action{Kind: ActMove, UnitID: s.Units[u].ID, Target: targets[u]})
	}
	searches := s.search.count
	b.ReportAllocs()
	for b.Loop() {
		for u, p := range starts {
			s.Units[u].Path = s.Units[u].Path[:0]
			s.place(u, p)
		}
		for t := range cmds {
			s.applyCommand(t, cmds[t])
		}
	}
	if per := float64(s.search.count-searches) / float64(b.N); per < 11 {
		b.Fatalf("%.1f searches per tick, want 12", per)
	}
}
