package platform

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament"
	"github.com/seed27749672/arena/web"
)

// The platform's throughput benchmark: casual matches
// between process bots that answer at once (a C++ bot that waits every
// turn of tracks: builtin speed), with every core busy. "direct" plays the
// same matches with arena tournament's pool, nothing else: the baseline.
// "platform" is arena serve --data on SQLite: the scheduler's matchmaking,
// River's match jobs, the results and ratings written, replays kept, and
// two teams' pages polling the API (leaderboard and matches, twice a
// second each). Both run bots uncontained (the sandbox's cost is the
// bots', not the platform's), as many matches at once as the cores allow
// by the same rule (tournament.MatchCores).
//
// matches/min is the throughput; arena-cpu-ms/match the Arena process's
// CPU per match (referee and runner, plus in "platform" the web, the
// database and the queue), bots-cpu-ms/match the bots' (children), and
// arena-cpu-% the Arena process's share of all the CPU used. The
// platform's own cost is platform's arena-cpu-ms/match less direct's.

const benchBot = "#include <cstdio>\nint main(){ char b[65536]; while (fgets(b, sizeof b, stdin)) { puts(\"WAIT\"); fflush(stdout); } }\n"

// cpuTimes are this process's and its waited-for children's CPU time.
func cpuTimes() (self, children time.Duration) {
	var s, c syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &s)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &c)
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(s.Utime) + tv(s.Stime), tv(c.Utime) + tv(c.Stime)
}

func reportCPU(b *testing.B, n int, self0, child0 time.Duration) {
	self1, child1 := cpuTimes()
	self, child := self1-self0, child1-child0
	b.ReportMetric(float64(n)/b.Elapsed().Minutes(), "matches/min")
	b.ReportMetric(float64(self.Milliseconds())/float64(n), "arena-cpu-ms/match")
	b.ReportMetric(float64(child.Milliseconds())/float64(n), "bots-cpu-ms/match")
	if self+child > 0 {
		b.ReportMetric(100*float64(self)/float64(self+child), "arena-cpu-%")
	}
}

func BenchmarkCasualMatches(b *testing.B) {
	if _, err := exec.LookPath("g++"); err != nil {
		b.Skip("no g++ for the bots")
	}
	dir := b.TempDir()
	src := filepath.Join(dir, "bot.cpp")
	os.WriteFile(src, []byte(benchBot), 0o644)
	bin := filepath.Join(dir, "bot")
	if out, err := exec.Command("g++", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		b.Fatalf("g++: %v\n%s", err, out)
	}

	b.Run("direct", func(b *testing.B) {
		pool := tournament.Pool{Game: "tracks", Bots: []string{"a=stdio:" + bin, "b=stdio:" + bin}}
		jobs := make([]tournament.Job, b.N)
		for i := range jobs {
			jobs[i] = tournament.Job{Index: i, Seats: []int{i % 2, 1 - i%2}, Seed: int64(i + 1)}
		}
		self0, child0 := cpuTimes()
		b.ResetTimer()
		err := pool.Play(context.Background(), jobs, func(p tournament.Played) error { return p.Err })
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		reportCPU(b, b.N, self0, child0)
	})

	b.Run("platform", func(b *testing.B) {
		ctx := context.Background()
		p, err := Open(ctx, benchDir(b))
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close()
		ev, invite, err := p.CreateEvent(ctx, "tracks", "Bench", nil)
		if err != nil {
			b.Fatal(err)
		}
		// as arena serve --data runs it: its intervals are the defaults
		if err := p.StartJobs(ctx, JobOptions{Matches: runtime.NumCPU(), Build: build.Options{Unsafe: true}}); err != nil {
			b.Fatal(err)
		}
		defer p.StopJobs(ctx)
		var tokens []string
		for _, name := range []string{"Owls", "Bats", "Cats", "Dogs"} {
			tm, token, err := p.Join(ctx, invite, name)
			if err != nil {
				b.Fatal(err)
			}
			tokens = append(tokens, token)
			s, err := p.Submit(ctx, tm, "bot.cpp", []byte(benchBot))
			if err != nil {
				b.Fatal(err)
			}
			for s.Status != store.StatusReady {
				if s.Status == store.StatusFailed {
					log, _ := p.Store.BuildLog(ctx, s.ID)
					b.Fatalf("the bot's build: %s", log)
				}
				time.Sleep(50 * time.Millisecond)
				s, _ = p.Store.Submission(ctx, s.ID)
			}
		}
		ws := &web.Server{Replays: b.TempDir(), Platform: p.Handler(APIOptions{})}
		ts := httptest.NewServer(ws.Handler())
		defer func() { ts.Close(); ws.Close() }()
		stopPages := make(chan struct{})
		defer close(stopPages)
		for _, token := range tokens[:2] { // two teams' pages open
			go func() {
				for {
					for _, path := range []string{"leaderboard", "matches"} {
						req, _ := http.NewRequest("GET", ts.URL+APIPrefix+path, nil)
						req.Header.Set("Authorization", "Bearer "+token)
						if resp, err := ts.Client().Do(req); err == nil {
							resp.Body.Close()
						}
					}
					select {
					case <-stopPages:
						return
					case <-time.After(500 * time.Millisecond):
					}
				}
			}()
		}
		// the first matches are under way: measure from now
		start := countMatches(b, p, ev.ID)
		for countMatches(b, p, ev.ID) == start {
			time.Sleep(20 * time.Millisecond)
		}
		start = countMatches(b, p, ev.ID)
		self0, child0 := cpuTimes()
		b.ResetTimer()
		for countMatches(b, p, ev.ID) < start+b.N {
			time.Sleep(20 * time.Millisecond)
		}
		b.StopTimer()
		reportCPU(b, b.N, self0, child0)
		ms, _ := p.Store.Matches(ctx, ev.ID, 10)
		for _, m := range ms {
			if m.Error != "" {
				b.Fatalf("match %d: %s", m.ID, m.Error)
			}
		}
	})
}

func countMatches(b *testing.B, p *Platform, eventID int64) int {
	var n int
	if err := sqlOf(p).QueryRow(`SELECT COUNT(*) FROM matches WHERE event_id = ?`, eventID).Scan(&n); err != nil {
		b.Fatal(fmt.Errorf("counting matches: %w", err))
	}
	return n
}
