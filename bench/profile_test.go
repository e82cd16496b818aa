package bench

import (
	"testing"
	"time"
)

// BenchmarkArenaMatch plays only Arena's long match of BenchmarkSteadyTurn,
// for a CPU profile of the runner's steady turn, its CPU a turn and its
// allocations a match:
//
//	go test ./bench -run '^$' -bench ArenaMatch -benchtime 20x -cpuprofile cpu.out
func BenchmarkArenaMatch(b *testing.B) {
	exe := buildC(b, "instant")
	var self time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		self += arenaMatch(b, exe, longTurns, nil).self
	}
	b.StopTimer()
	// Arena's whole CPU time (its process), start and end of the match
	// included, a turn.
	b.ReportMetric(float64(self)/float64(b.N)/longTurns/1e3, "cpu-µs/turn")
}
