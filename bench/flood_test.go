package bench

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// floodTurns is the length of BenchmarkFloodMatch's matches.
const floodTurns = 200

// BenchmarkFloodMatch plays ants matches between two bots that answer
// every line of their input (testdata/flood.c: ~30 lines a turn, one write
// each), the runner's worst case for its per-line costs: every line is
// read, split, stamped and routed (queued for the next turns, or dropped
// once the queue is full). Reported per match: the allocations and bytes
// allocated (allocs/op, B/op), the garbage collections
// (gc/op) and Arena's CPU a turn (cpu-µs/turn, its whole process).
func BenchmarkFloodMatch(b *testing.B) {
	exe := buildC(b, "flood")
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	var self float64
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		r := arenaMatch(b, exe, floodTurns, nil)
		self += float64(r.self)
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(ms1.NumGC-ms0.NumGC)/float64(b.N), "gc/op")
	b.ReportMetric(self/float64(b.N)/floodTurns/1e3, "cpu-µs/turn")
}

// buildC compiles testdata/NAME.c.
func buildC(b *testing.B, name string) string {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		b.Skip("gcc is not installed")
	}
	exe := filepath.Join(b.TempDir(), name)
	if out, err := exec.Command(gcc, "-O2", "-o", exe, filepath.Join("testdata", name+".c")).CombinedOutput(); err != nil {
		b.Fatalf("gcc: %v\n%s", err, out)
	}
	return exe
}
