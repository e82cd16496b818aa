package jungle_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
	"github.com/seed27749672/arena/replay"

	_ "github.com/seed27749672/arena/games/jungle"
)

// patient are the clock options of the tests whose subject is not time:
// bots that answer at once never wait for them, and a loaded machine must
// not turn a Python or Node start-up, or a stalled bot, into a missed
// tick (a missed tick changes the game, so every check after it). Tests of
// deadlines give their own limits, which come later and win.
var patient = []string{"tick_timeout_ms=10000", "first_ticks_extra_ms=30000"}

// run plays one game through the match runner.
func run(t testing.TB, seed int64, bots []string, opts ...string) *replay.Replay {
	t.Helper()
	opts = append(append([]string{}, patient...), opts...)
	m := matchtest.Build(t, match.Setup{Game: "jungle", Bots: bots, Seed: &seed, Options: opts})
	m.Grace = 500 * time.Millisecond
	return matchtest.Run(t, m, 2*time.Minute)
}

func TestBuiltinGames(t *testing.T) {
	for _, c := range []struct {
		name string
		bots []string
		opts []string
	}{
		{"two greedy", []string{"builtin:greedy", "builtin:greedy"}, nil},
		{"four mixed", []string{"builtin:random", "builtin:greedy", "builtin:fighter", "builtin:fighter"}, []string{"map=canopy"}},
		{"solo", []string{"builtin:greedy"}, []string{"map=clearing"}},
		{"three", []string{"builtin:fighter", "builtin:greedy", "builtin:random"}, []string{"map=swamp"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := run(t, 3, c.bots, c.opts...)
			if len(rep.Turns) != 300 {
				t.Errorf("%d turns, want 300", len(rep.Turns))
			}
			for _, p := range rep.Result.Players {
				if p.Status != game.OK {
					t.Errorf("%s: %s %s", p.Name, p.Status, p.Message)
				}
				t.Logf("%s rank %d score %v stats %v", p.Name, p.Rank, p.Score, p.Stats)
			}
			if err := match.Verify(rep); err != nil {
				t.Fatal(err)
			}
			var last struct {
				Tick  int  `json:"tick"`
				Over  bool `json:"over"`
				Teams []struct {
					Errors []string `json:"errors"`
				} `json:"teams"`
			}
			if err := json.Unmarshal(rep.Turns[len(rep.Turns)-1].Frame, &last); err != nil {
				t.Fatal(err)
			}
			if last.Tick != 299 || !last.Over {
				t.Errorf("last frame tick %d over %v", last.Tick, last.Over)
			}
		})
	}
}

// BenchmarkJungleMatch is BenchmarkJungleGame through the match runner (the
// bots on their goroutines, replies timed, the replay recorded).
func BenchmarkJungleMatch(b *testing.B) {
	bots := []string{"builtin:greedy", "builtin:fighter", "builtin:greedy", "builtin:fighter"}
	cpu0 := processCPU(b)
	for i := 0; b.Loop(); i++ {
		run(b, int64(i), bots, "map=canopy", "nb_units_per_team=3")
	}
	cpu := processCPU(b) - cpu0
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(cpu.Seconds()*1000/float64(b.N), "cpu-ms/game")
}

// processCPU is the user and system CPU time the whole process has used
// (the bots' goroutines and the runner's included), as in bench_test.go.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestBuiltinsGoldenThroughRunner plays the first golden match of each
// line-up of testdata/builtins-golden.txt through the match runner (the
// builtins on their goroutines, as every match plays them): every reply
// and every frame of the replay are those recorded.
func TestBuiltinsGoldenThroughRunner(t *testing.T) {
	data, err := os.ReadFile("testdata/builtins-golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(line)
		if len(f) != 4 || f[1] != "0" {
			continue
		}
		t.Run(f[0], func(t *testing.T) {
			var bots []string
			for _, n := range strings.Split(f[0], ",") {
				bots = append(bots, "builtin:"+n)
			}
			seed := int64(0)
			m := matchtest.Build(t, match.Setup{Game: "jungle", Bots: bots, Seed: &seed})
			for i := range m.Players {
				m.Players[i].Name = "" // the default team names, as in the golden matches
			}
			rep := matchtest.Run(t, m, 2*time.Minute)
			h := sha256.New()
			for _, tr := range rep.Turns {
				for p, r := range tr.Replies {
					if r.Asked {
						fmt.Fprintf(h, "%d %s\n", p, r.Text())
					}
				}
				h.Write(tr.Frame)
			}
			if got := hex.EncodeToString(h.Sum(nil)); got != f[2] {
				t.Errorf("the match through the runner hashes to %s, golden %s", got, f[2])
			}
		})
	}
}
