package platform

import (
	"context"
	"fmt"
	"maps"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/store/postgres"
)

// matchJobsListed is what schedule read before countMatchJobs: every
// unfinished match job listed through River and decoded. The test's
// reference and the benchmark's baseline.
func (p *Platform) matchJobsListed(ctx context.Context) (map[int64]int, map[int64]bool, error) {
	res, err := p.river.JobList(ctx, river.NewJobListParams().Kinds("match").First(10000).
		States(rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled, rivertype.JobStatePending))
	if err != nil {
		return nil, nil, err
	}
	busy, promoting := map[int64]int{}, map[int64]bool{}
	for _, j := range res.Jobs {
		var a matchArgs
		if err := unmarshalArgs(j, &a); err != nil {
			continue
		}
		if a.MatchKind == store.KindPromotion {
			for _, t := range a.Teams {
				promoting[t] = true
			}
			continue
		}
		busy[a.Event]++
	}
	return busy, promoting, nil
}

// TestMatchJobsAreCountedInTheDatabase: on both drivers, the scheduler's
// count of unfinished match jobs (by event, and the teams with a
// promotion game pending) is what listing them says: available and
// scheduled jobs count, a cancelled one and a build do not.
func TestMatchJobsAreCountedInTheDatabase(t *testing.T) {
	for _, driver := range []string{"sqlite", "postgres"} {
		t.Run(driver, func(t *testing.T) {
			ctx := context.Background()
			var p *Platform
			if driver == "sqlite" {
				var err error
				if p, err = Open(ctx, dataDir(t)); err != nil {
					t.Fatal(err)
				}
				defer p.Close()
			} else {
				p = openPG(t, pgtest.URL(t))
			}
			if err := p.StartJobs(ctx, JobOptions{Build: build.Options{Unsafe: true}}); err != nil {
				t.Fatal(err)
			}
			defer p.StopJobs(ctx)
			n := 0
			insert := func(a matchArgs, opts *river.InsertOpts) int64 {
				n++
				a.Key = fmt.Sprintf("k-%d", n)
				res, err := p.river.Insert(ctx, a, opts)
				if err != nil {
					t.Fatal(err)
				}
				return res.Job.ID
			}
			insert(matchArgs{Event: 1, Teams: []int64{1, 2}}, nil)
			insert(matchArgs{Event: 1, Teams: []int64{1, 3}}, nil)
			insert(matchArgs{Event: 1, MatchKind: store.KindFinal, Teams: []int64{2, 3}}, nil)
			insert(matchArgs{Event: 2, MatchKind: store.KindRanked, Teams: []int64{7, 8, 9, 10}}, nil)
			insert(matchArgs{Event: 2, MatchKind: store.KindCasual, Teams: []int64{7, 8}}, &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)})
			insert(matchArgs{Event: 3, MatchKind: store.KindPromotion, Teams: []int64{11, 0}}, nil)
			insert(matchArgs{Event: 3, MatchKind: store.KindPromotion, Teams: []int64{0, 12}}, nil)
			gone := insert(matchArgs{Event: 4, Teams: []int64{13, 14}}, nil)
			insert(matchArgs{Event: 4, MatchKind: store.KindPromotion, Teams: []int64{15, 0}}, nil)
			cancel := `UPDATE river_job SET state = 'cancelled', finalized_at = CURRENT_TIMESTAMP WHERE id = `
			var err error
			if driver == "sqlite" {
				_, err = sqlOf(p).ExecContext(ctx, cancel+"?", gone)
			} else {
				_, err = p.db.(*postgres.DB).Pool().Exec(ctx, cancel+"$1", gone)
			}
			if err != nil {
				t.Fatal(err)
			}
			busy, promoting, err := p.countMatchJobs(ctx)
			if err != nil {
				t.Fatal(err)
			}
			wantBusy := map[int64]int{1: 3, 2: 2}
			wantPromoting := map[int64]bool{0: true, 11: true, 12: true, 15: true}
			if !maps.Equal(busy, wantBusy) || !maps.Equal(promoting, wantPromoting) {
				t.Errorf("counted: busy %v, promoting %v; want %v, %v", busy, promoting, wantBusy, wantPromoting)
			}
			lb, lp, err := p.matchJobsListed(ctx)
			if err != nil || !maps.Equal(lb, busy) || !maps.Equal(lp, promoting) {
				t.Errorf("listed: busy %v, promoting %v (%v)", lb, lp, err)
			}
		})
	}
}

// BenchmarkMatchJobs: the start of a scheduler tick with 160 match jobs
// unfinished (10 events of 16 places), then 1,600, and 10 promotion games,
// on SQLite: listed through River and decoded (before) or counted by the
// database (now), timed side by side in the same loop.
func BenchmarkMatchJobs(b *testing.B) {
	for _, jobs := range []int{160, 1600} {
		b.Run(fmt.Sprint(jobs), func(b *testing.B) { benchmarkMatchJobs(b, jobs) })
	}
}

func benchmarkMatchJobs(b *testing.B, jobs int) {
	ctx := context.Background()
	p, err := Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	if err := p.StartJobs(ctx, JobOptions{Build: build.Options{Unsafe: true}}); err != nil {
		b.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for i := range jobs + 10 {
		a := matchArgs{Event: int64(1 + i%10), Key: fmt.Sprintf("k-%d", i), Seed: int64(i), Teams: []int64{int64(i), int64(i + 1), int64(i + 2), int64(i + 3)},
			Submissions: []int64{int64(i), int64(i + 1), int64(i + 2), int64(i + 3)}, Options: []string{"size=large", "players=4"}}
		if i >= jobs {
			a.MatchKind, a.Teams, a.Submissions = store.KindPromotion, []int64{int64(i), 0}, []int64{int64(i), 0}
		}
		if _, err := p.river.Insert(ctx, a, nil); err != nil {
			b.Fatal(err)
		}
	}
	var before, now time.Duration
	n := 0
	for b.Loop() {
		start := time.Now()
		lb, lp, err := p.matchJobsListed(ctx)
		before += time.Since(start)
		start = time.Now()
		cb, cp, err2 := p.countMatchJobs(ctx)
		now += time.Since(start)
		if err != nil || err2 != nil || !maps.Equal(lb, cb) || !maps.Equal(lp, cp) || cb[1] != jobs/10 || len(cp) != 11 {
			b.Fatalf("%v %v / %v %v: %v %v", lb, lp, cb, cp, err, err2)
		}
		n++
	}
	b.ReportMetric(float64(before.Microseconds())/1000/float64(n), "listed-ms")
	b.ReportMetric(float64(now.Microseconds())/1000/float64(n), "counted-ms")
	b.ReportMetric(float64(before)/float64(now), "listed/counted")
}
