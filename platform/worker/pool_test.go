package worker_test

import (
	"context"
	"fmt"
	"os/exec"
	"slices"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/store/postgres"
	"github.com/seed27749672/arena/platform/worker"
)

// timings collects each match job's start (from its insert) and length.
type timings struct {
	waits, lengths []time.Duration
	done           chan struct{}
}

func observeJobs(p *platform.Platform) *timings {
	t := &timings{done: make(chan struct{}, 1000)}
	p.Observe = func(job *rivertype.JobRow, start, end time.Time) {
		t.waits = append(t.waits, start.Sub(job.CreatedAt))
		t.lengths = append(t.lengths, end.Sub(start))
		t.done <- struct{}{}
	}
	return t
}

// report gives the median and the 99th percentile of the waits, in ms.
func (t *timings) report(b *testing.B) {
	if len(t.waits) == 0 {
		return
	}
	w := slices.Clone(t.waits)
	slices.Sort(w)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(w[len(w)/2]), "wait-median-ms")
	b.ReportMetric(ms(w[min(len(w)-1, len(w)*99/100)]), "wait-p99-ms")
}

// BenchmarkQueueOverhead: one match job at a time on an idle worker, a
// match between two builtin bots (a few milliseconds): the time from a
// job's insert to its start (wait-median-ms, wait-p99-ms) is the queue's
// overhead; ns/op is the whole job, insert to recorded. "sqlite" is one
// process that inserts and plays; "postgres" a server that inserts and a
// worker (another River client) that plays, as on two machines. Workers
// poll every second, as arena worker's do; each insert comes after the
// worker has been idle for 300 ms (past River's fetch cooldown).
func BenchmarkQueueOverhead(b *testing.B) {
	for _, driver := range []string{"sqlite", "postgres"} {
		b.Run(driver, func(b *testing.B) {
			ctx := context.Background()
			var srv, w *platform.Platform
			var err error
			if driver == "sqlite" {
				if srv, err = platform.Open(ctx, platformtest.DataDir(b)); err != nil {
					b.Fatal(err)
				}
				w = srv
			} else {
				url := pgtest.URL(b)
				if srv, err = platform.OpenDB(ctx, url, platformtest.DataDir(b)); err != nil {
					b.Fatal(err)
				}
				if w, err = platform.OpenDB(ctx, url, platformtest.DataDir(b)); err != nil {
					b.Fatal(err)
				}
				defer w.Close()
				if err := srv.StartJobs(ctx, worker.Options{Role: worker.RoleServer}); err != nil {
					b.Fatal(err)
				}
				defer srv.StopJobs(ctx)
			}
			defer srv.Close()
			ev, _, err := srv.CreateEvent(ctx, "tracks", "Bench", nil)
			if err != nil {
				b.Fatal(err)
			}
			t := observeJobs(w)
			role := worker.RoleAll
			if w != srv {
				role = worker.RoleWorker
			}
			if err := w.StartJobs(ctx, worker.Options{Role: role, Matches: 1, Build: build.Options{Unsafe: true}}); err != nil {
				b.Fatal(err)
			}
			defer w.StopJobs(ctx)
			time.Sleep(2 * time.Second) // the worker idle, past its first fetches
			b.ResetTimer()
			for i := range b.N {
				b.StopTimer()
				time.Sleep(300 * time.Millisecond)
				b.StartTimer()
				a := queue.Match{Event: ev.ID, Key: fmt.Sprintf("bench-%d", i), Seed: int64(i), Teams: []int64{0, 0}, Submissions: []int64{0, 0}}
				if _, err := srv.Jobs.Running().Insert(ctx, a, nil); err != nil {
					b.Fatal(err)
				}
				<-t.done
			}
			b.StopTimer()
			t.report(b)
		})
	}
}

// BenchmarkWorkers: matches per minute (matches/min) on PostgreSQL with
// one and with two workers (each a platform of its own, one match at a
// time, as arena worker --cores 2), between two C++ process bots that
// wait every turn to tracks' end. On one machine the second worker shares
// its cores with the first.
func BenchmarkWorkers(b *testing.B) {
	if _, err := exec.LookPath("g++"); err != nil {
		b.Skip("no g++ for the bots")
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprint(workers), func(b *testing.B) {
			ctx := context.Background()
			url := pgtest.URL(b)
			srv, err := platform.OpenDB(ctx, url, platformtest.DataDir(b))
			if err != nil {
				b.Fatal(err)
			}
			defer srv.Close()
			ev, invite, _ := srv.CreateEvent(ctx, "tracks", "Bench", nil)
			if err := srv.StartJobs(ctx, worker.Options{Role: worker.RoleServer}); err != nil {
				b.Fatal(err)
			}
			defer srv.StopJobs(ctx)
			bot := "#include <cstdio>\nint main(){ char b[65536]; while (fgets(b, sizeof b, stdin)) { puts(\"WAIT\"); fflush(stdout); } }\n"
			var subs []int64
			for _, name := range []string{"Owls", "Bats"} {
				tm, _, _ := srv.Join(ctx, invite, name)
				s, err := srv.Submit(ctx, tm, "bot.cpp", []byte(bot))
				if err != nil {
					b.Fatal(err)
				}
				subs = append(subs, s.ID)
			}
			for range workers {
				w, err := platform.OpenDB(ctx, url, platformtest.DataDir(b))
				if err != nil {
					b.Fatal(err)
				}
				defer w.Close()
				if err := w.StartJobs(ctx, worker.Options{Role: worker.RoleWorker, Matches: 1, Cores: 2, Build: build.Options{Unsafe: true}}); err != nil {
					b.Fatal(err)
				}
				defer w.StopJobs(ctx)
			}
			for _, id := range subs {
				for {
					s, _ := srv.Store.Submission(ctx, id)
					if s.Status == store.StatusReady {
						break
					}
					if s.Status == store.StatusFailed {
						log, _ := srv.Store.BuildLog(ctx, id)
						b.Fatalf("the bot's build: %s", log)
					}
					time.Sleep(50 * time.Millisecond)
				}
			}
			// the database's work per match: transactions (all the
			// processes': workers, server, River's maintenance) and rows
			pool := srv.Jobs.DB.(*postgres.DB).Pool()
			stats := func() (xacts, rows, fetched int64) {
				pool.QueryRow(ctx, `SELECT pg_stat_force_next_flush()`).Scan()
				pool.QueryRow(ctx, `SELECT xact_commit + xact_rollback, tup_inserted + tup_updated + tup_deleted, tup_fetched
					FROM pg_stat_database WHERE datname = current_database()`).Scan(&xacts, &rows, &fetched)
				return
			}
			time.Sleep(time.Second)
			x0, r0, f0 := stats()
			b.ResetTimer()
			if _, err := srv.QueueMatches(ctx, ev.ID, b.N); err != nil {
				b.Fatal(err)
			}
			for {
				ms, _ := srv.Store.Matches(ctx, ev.ID, b.N+1)
				if len(ms) >= b.N {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Minutes(), "matches/min")
			time.Sleep(1500 * time.Millisecond) // the other backends flush their statistics each second
			x1, r1, f1 := stats()
			n := float64(b.N)
			b.ReportMetric(float64(x1-x0)/n, "xacts/match")
			b.ReportMetric(float64(r1-r0)/n, "rows-written/match")
			b.ReportMetric(float64(f1-f0)/n, "rows-fetched/match")
			var replay float64
			pool.QueryRow(ctx, `SELECT COALESCE(AVG(length(data)), 0) FROM files WHERE name LIKE 'replay/%'`).Scan(&replay)
			b.ReportMetric(replay/1024, "replay-KiB")
		})
	}
}

// The tests may ask for a PostgreSQL database (pgtest.URL).
func TestMain(m *testing.M) { pgtest.Main(m) }

// TestFlowsOnPostgres runs again, on PostgreSQL, the tests that open
// their platform with platformtest.Open: the same flows on both drivers.
func TestFlowsOnPostgres(t *testing.T) {
	platformtest.OnPostgres(t, map[string]func(*testing.T){
		"TheOrganiserSeesTheWorkers": TestTheOrganiserSeesTheWorkers,
	})
}
