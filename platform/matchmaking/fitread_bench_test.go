package matchmaking_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// BenchmarkFitAfterAMatch: the leaderboard of an event of 100 teams and
// 5,000 casual matches read after each new match, on both drivers. Each
// loop records a match, then reads the leaderboard with a matchmaker that
// kept its last fit's matches (now: only the new match is read) and with
// one that kept nothing (before: the fit read the event's newest 20,000
// matches again), and checks that both rank alike. It reports before-ms,
// now-ms and before/now.
func BenchmarkFitAfterAMatch(b *testing.B) {
	for _, driver := range []string{"sqlite", "postgres"} {
		b.Run(driver, func(b *testing.B) {
			ctx := context.Background()
			p := platformtest.OpenOn(b, driver)
			ev, _ := ladderEvent(b, p, 100, 5000, 0)
			teams, err := p.Store.Teams(ctx, ev.ID)
			if err != nil {
				b.Fatal(err)
			}
			kept := p.Pool.Matches
			if _, err := kept.Leaderboard(ctx, ev.ID); err != nil { // its first fit
				b.Fatal(err)
			}
			var before, now time.Duration
			n := 0
			for b.Loop() {
				m := store.Match{EventID: ev.ID, Key: fmt.Sprintf("more-%d", n), Kind: store.KindCasual, Ranks: []int{1, 2}}
				for _, t := range []store.Team{teams[n%len(teams)], teams[(n+1)%len(teams)]} {
					m.Teams, m.Submissions = append(m.Teams, t.ID), append(m.Submissions, t.Active)
				}
				if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				got, err := kept.Leaderboard(ctx, ev.ID)
				now += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				fresh := &matchmaking.Matchmaker{Events: kept.Events, Jobs: kept.Jobs, Player: kept.Player}
				start = time.Now()
				want, err := fresh.Leaderboard(ctx, ev.ID)
				before += time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					b.Fatalf("after match %d the leaderboards differ", n)
				}
				n++
			}
			b.ReportMetric(float64(before.Microseconds())/1000/float64(n), "before-ms")
			b.ReportMetric(float64(now.Microseconds())/1000/float64(n), "now-ms")
			b.ReportMetric(float64(before)/float64(now), "before/now")
		})
	}
}
