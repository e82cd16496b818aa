package bench

import (
	"context"
	"reflect"
	"testing"

	"github.com/seed27749672/arena/tournament"
)

// BenchmarkTournamentShare plays round robins of two instant bots (ants,
// 200 turns a match, both seatings, 5 rounds: 10 matches an iteration, run
// side by side as the cores allow) and reports Arena's share of all the CPU
// time used: its own (getrusage of this process) against its children's
// (the bots, once reaped).
func BenchmarkTournamentShare(b *testing.B) {
	exe := buildC(b, "instant")
	var self, kids float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		finished := 0
		rr := tournament.RoundRobin{Rounds: 5, Setup: tournament.Setup{Game: "ants", Bots: []string{exe, exe}, Seed: benchSeed,
			Options: antsOptions(200), OnMatch: func(tournament.Played) { finished++ }}}
		s0, c0 := rusage()
		err := playRoundRobin(rr)
		s1, c1 := rusage()
		if err != nil {
			b.Fatal(err)
		}
		if finished != 10 {
			b.Fatalf("%d matches finished, want 10", finished)
		}
		self += float64(s1 - s0)
		kids += float64(c1 - c0)
	}
	b.StopTimer()
	b.ReportMetric(100*self/(self+kids), "cpu-%")
	b.ReportMetric(self/float64(b.N)/10/200/1e3, "cpu-µs/turn")
}

// playRoundRobin calls rr.Play, whose results have changed over time: the
// error is the last one. Through reflection, the benchmark builds on older
// commits too (compare.sh).
func playRoundRobin(rr tournament.RoundRobin) error {
	out := reflect.ValueOf(rr).MethodByName("Play").Call([]reflect.Value{reflect.ValueOf(context.Background())})
	err, _ := out[len(out)-1].Interface().(error)
	return err
}
