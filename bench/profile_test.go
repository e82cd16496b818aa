package bench

import "testing"

// BenchmarkArenaMatch plays only Arena's long match of BenchmarkSteadyTurn,
// for a CPU profile of the runner's steady turn:
//
//	go test ./bench -run '^$' -bench ArenaMatch -benchtime 20x -cpuprofile cpu.out
func BenchmarkArenaMatch(b *testing.B) {
	exe := buildC(b, "instant")
	b.ResetTimer()
	for range b.N {
		arenaMatch(b, exe, longTurns, nil)
	}
}
