package practice_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/practice"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/worker"
)

// The tests may ask for a PostgreSQL database (pgtest.URL).
func TestMain(m *testing.M) { pgtest.Main(m) }

// A test game asked for after rated games were queued is played first:
// a team that asks waits for a free place, never behind the rated queue.
func TestATestGameIsPlayedBeforeTheQueuedRatedGames(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	teams, _ := platformtest.JoinReady(t, p, invite, "Owls", "Bats")
	keys, err := p.QueueMatches(ctx, ev.ID, 5)
	if err != nil || len(keys) != 5 {
		t.Fatalf("%v %v", keys, err)
	}
	tg, err := p.StartTest(ctx, teams[0], practice.Request{Vs: "house"})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var kinds []string
	p.Observe = func(job *rivertype.JobRow, _, _ time.Time) {
		mu.Lock()
		defer mu.Unlock()
		kinds = append(kinds, job.Kind)
	}
	if err := p.StartJobs(ctx, worker.Options{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: time.Hour,
		Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.StopJobs(ctx) })
	platformtest.WaitFor(t, 2*time.Minute, "two jobs played", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(kinds) >= 2
	})
	mu.Lock()
	defer mu.Unlock()
	if kinds[0] != (queue.Test{}).Kind() {
		t.Fatalf("played in the order %v: the test game was not first", kinds)
	}
	// (its bot was never built here: the game ends, failed, saying why)
	got, err := p.Store.TestGame(ctx, tg.ID)
	if err != nil || (got.State != store.TestDone && got.State != store.TestFailed) {
		t.Fatalf("%+v %v", got, err)
	}
}

// A test game of a build not ended waits for it, and one whose build
// failed fails, saying why; a team's test game against a team that has
// no bot is refused.
func TestATestGameWaitsForItsBuild(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	_, invite := platformtest.Event(t, p, "tracks", "Summer")
	owls, _, _ := p.Join(ctx, invite, "Owls")
	sub, err := p.Submit(ctx, owls, "bot.cpp", []byte("int main() { return nowhere; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	tg, err := p.StartTest(ctx, owls, practice.Request{Vs: "boss"}) // the newest: still queued
	if err != nil || tg.Submissions[0] != sub.ID || tg.House != "boss5" {
		t.Fatalf("%+v %v", tg, err)
	}
	job := queue.Test{ID: tg.ID, Match: practice.MatchOf(tg)}
	var wait practice.Wait
	if err := p.PlayTest(ctx, job); err == nil || !asWait(err, &wait) {
		t.Fatalf("a test game of a build not ended: %v", err)
	}
	if err := p.Store.FinishBuild(ctx, sub.ID, store.StatusFailed, "cpp", "build failed", nil); err != nil {
		t.Fatal(err)
	}
	if err := p.PlayTest(ctx, job); err != nil {
		t.Fatal(err)
	}
	got, _ := p.Store.TestGame(ctx, tg.ID)
	if got.State != store.TestFailed || got.Error == "" {
		t.Fatalf("a test game of a failed build: %+v", got)
	}
	if _, err := p.StartTest(ctx, owls, practice.Request{}); err == nil {
		t.Fatal("a test game of a failed build was queued")
	}
}

func asWait(err error, w *practice.Wait) bool {
	v, ok := err.(practice.Wait)
	*w = v
	return ok
}

// TestFlowsOnPostgres runs the flows again on PostgreSQL.
func TestFlowsOnPostgres(t *testing.T) {
	platformtest.OnPostgres(t, map[string]func(*testing.T){
		"ATestGameIsPlayedBeforeTheQueuedRatedGames": TestATestGameIsPlayedBeforeTheQueuedRatedGames,
		"ATestGameWaitsForItsBuild":                  TestATestGameWaitsForItsBuild,
	})
}
