package tournament

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/replay"
)

// BenchmarkTournamentMemory plays a round robin of b.N matches (run it
// with -benchtime=1000x for 1,000 matches) and reports the live heap and
// the RSS after the last match, and the heap's growth per match between
// the first tenth and the end. "streamed" writes each replay to disk as
// --replays does and keeps nothing; "kept" holds every replay as the
// tournament once did: the baseline, in the same run.
func BenchmarkTournamentMemory(b *testing.B) {
	for _, mode := range []string{"streamed", "kept"} {
		b.Run(mode, func(b *testing.B) {
			dir := b.TempDir()
			var kept []*replay.Replay
			var early, late runtime.MemStats
			n := 0
			rr := RoundRobin{Rounds: max(1, b.N/2), Setup: Setup{Game: "ants", Bots: []string{"builtin:boss4", "builtin:boss1"}, Seed: 1,
				OnMatch: func(p Played) {
					if mode == "kept" {
						kept = append(kept, p.Replays...)
					} else if err := replay.Save(filepath.Join(dir, fmt.Sprintf("m%d.json.gz", n%50)), p.Replays[0]); err != nil {
						b.Error(err)
					}
					n++
					switch n {
					case max(1, b.N/10):
						runtime.GC()
						runtime.ReadMemStats(&early)
					case 2 * max(1, b.N/2):
						runtime.GC()
						runtime.ReadMemStats(&late)
					}
				}}}
			b.ResetTimer()
			if _, err := rr.Play(context.Background()); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			runtime.KeepAlive(kept)
			grown := float64(late.HeapAlloc) - float64(early.HeapAlloc)
			b.ReportMetric(float64(late.HeapAlloc)/(1<<20), "heapMiB")
			b.ReportMetric(grown/float64(max(1, n-n/10))/1024, "KB/match")
			b.ReportMetric(rssMiB(), "rssMiB")
		})
	}
}

// rssMiB is the process's resident set (VmRSS), 0 where /proc lacks it.
func rssMiB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}
