package platform

import (
	"context"
	"fmt"
	"testing"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
)

// BenchmarkPromotionSweep: one scheduler tick over 100 teams whose tests
// are decided (3 losses each in league 1), reading every test back from
// the stored games each tick ("reread") or remembering the decided ones
// ("cached", what the scheduler does).
func BenchmarkPromotionSweep(b *testing.B) {
	ctx := context.Background()
	p, err := Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	ev, invite, _ := p.CreateEvent(ctx, "ants", "Spring", nil)
	ev.Settings.Leagues = true
	p.Store.UpdateEvent(ctx, ev)
	for i := range 100 {
		tm, _, _ := p.Join(ctx, invite, fmt.Sprintf("team %d", i))
		s, _ := p.Submit(ctx, tm, "bot.py", []byte("print(1)\n"))
		p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil)
		p.Store.SetLeague(ctx, tm.ID, 0, 1)
		for k := range 3 {
			p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: fmt.Sprintf("promotion-%d-1-%d", s.ID, k), Kind: store.KindPromotion,
				League: 1, Teams: []int64{tm.ID, 0}, Submissions: []int64{s.ID, 0}, Ranks: []int{2, 1}}, nil)
		}
	}
	if err := p.StartJobs(ctx, JobOptions{Build: build.Options{Unsafe: true}}); err != nil {
		b.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for _, c := range []struct {
		name  string
		clear bool
	}{{"reread", true}, {"cached", false}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if c.clear {
					p.decided.Clear()
				}
				if n, err := p.sweepPromotions(ctx, ev, nil, nil); n != 0 || err != nil {
					b.Fatal(n, err)
				}
			}
		})
	}
}
