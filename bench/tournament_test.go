package bench

import (
	"context"
	"testing"

	"github.com/seed27749672/arena/tournament"
)

// BenchmarkTournamentShare plays round robins of two instant bots (ants,
// 200 turns a match, both seatings, 5 rounds: 10 matches an iteration, run
// side by side as the cores allow) and reports Arena's share of all the CPU
// time used: its own (getrusage of this process) against its children's
// (the bots, once reaped).
func BenchmarkTournamentShare(b *testing.B) {
	exe := buildInstant(b)
	var self, kids float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rr := tournament.RoundRobin{Game: "ants", Bots: []string{exe, exe}, Rounds: 5, Seed: benchSeed,
			Options: antsOptions(200)}
		s0, c0 := rusage()
		out, err := rr.Play(context.Background())
		s1, c1 := rusage()
		if err != nil {
			b.Fatal(err)
		}
		if out.Finished != 10 {
			b.Fatalf("%d matches finished, want 10", out.Finished)
		}
		self += float64(s1 - s0)
		kids += float64(c1 - c0)
	}
	b.StopTimer()
	b.ReportMetric(100*self/(self+kids), "cpu-%")
	b.ReportMetric(self/float64(b.N)/10/200/1e3, "cpu-µs/turn")
}
