package match_test

import (
	"context"
	"testing"

	"github.com/seed27749672/arena/game/gametest"
	"github.com/seed27749672/arena/match"
)

// BenchmarkRunnerTurn measures the runner's own cost per turn: two
// in-process bots that answer at once, in the sum test game, so that the
// figure is the price of prompting, collecting, timing, recording and
// re-framing a turn.
func BenchmarkRunnerTurn(b *testing.B) {
	gametest.Register()
	const turns = 1000
	seed := int64(1)
	setup := match.Setup{Game: "sum", Bots: []string{"builtin:count", "builtin:count"}, Seed: &seed,
		Options: []string{"turns=1000", "turn_ms=10000", "first_ms=10000"}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := setup.Build()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := match.Run(context.Background(), m); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	per := float64(b.Elapsed().Nanoseconds()) / float64(b.N*turns)
	b.ReportMetric(per, "ns/turn")
}
