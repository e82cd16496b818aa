package catmouse_test

import (
	"context"
	"testing"

	"github.com/seed27749672/arena/match"
)

// BenchmarkCatmouseLeg plays whole games (two legs each) with builtin
// bots through the runner, in fast mode, on the default map, and reports
// legs per second and turns per second; random bots are the baseline
// (their moves cost next to nothing, so that figure is the price of the
// referee and the runner). Run it on one core:
//
//	go test -run X -bench CatmouseLeg -cpu 1 ./games/catmouse
func BenchmarkCatmouseLeg(b *testing.B) {
	for _, c := range []struct{ name, a, z string }{
		{"random", "builtin:random", "builtin:random"},
		{"pursuit-evasive", "builtin:pursuit", "builtin:evasive"},
	} {
		b.Run(c.name, func(b *testing.B) {
			seed := int64(1)
			setup := match.Setup{Game: "catmouse", Bots: []string{c.a, c.z}, Seed: &seed}
			legs, turns := 0, 0
			b.ReportAllocs()
			for b.Loop() {
				m, err := setup.Build()
				if err != nil {
					b.Fatal(err)
				}
				rep, err := match.Run(context.Background(), m)
				if err != nil {
					b.Fatal(err)
				}
				legs += 2
				turns += len(rep.Turns)
			}
			b.ReportMetric(float64(legs)/b.Elapsed().Seconds(), "legs/s")
			b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
		})
	}
}
