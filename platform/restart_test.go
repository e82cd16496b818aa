package platform

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/build"
)

// TestOneServerRunsADataDirectorysJobs: a second server's jobs on the
// same data directory are refused while the first runs them, and taken
// once it stops.
func TestOneServerRunsADataDirectorysJobs(t *testing.T) {
	ctx := context.Background()
	dir := dataDir(t)
	a, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	o := JobOptions{Build: build.Options{Unsafe: true}, PollInterval: 50 * time.Millisecond}
	if err := a.StartJobs(ctx, o); err != nil {
		t.Fatal(err)
	}
	if err := b.StartJobs(ctx, o); err == nil || !strings.Contains(err.Error(), "another arena serve") {
		t.Fatalf("a second server's jobs: %v", err)
	}
	a.StopJobs(ctx)
	if err := b.StartJobs(ctx, o); err != nil {
		t.Fatalf("after the first stopped: %v", err)
	}
	b.StopJobs(ctx)
}

// TestAMatchJobLeftRunningIsPlayedOnStart: a match job a killed server
// left running is played as soon as the next server starts (not after
// River's rescue delay), and recorded once.
func TestAMatchJobLeftRunningIsPlayedOnStart(t *testing.T) {
	ctx := context.Background()
	p := openTest(t)
	ev, _, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	q, err := p.queue()
	if err != nil {
		t.Fatal(err)
	}
	res, err := q.Insert(ctx, matchArgs{Event: ev.ID, Key: "casual-killed", Seed: 5, Teams: []int64{0, 0}, Submissions: []int64{0, 0}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// as the killed server left it: running, its attempt begun a minute ago
	since := time.Now().UTC().Add(-time.Minute).Format("2006-01-02 15:04:05.000")
	if _, err := sqlOf(p).Exec(`UPDATE river_job SET state = 'running', attempt = 1, attempted_at = ?, attempted_by = '["killed"]' WHERE id = ?`, since, res.Job.ID); err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, JobOptions{Matches: 1, Build: build.Options{Unsafe: true}, PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var n int
		sqlOf(p).QueryRow(`SELECT COUNT(*) FROM matches WHERE key = 'casual-killed'`).Scan(&n)
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the job left running was not played in 2 minutes")
		}
		time.Sleep(50 * time.Millisecond)
	}
	var state string
	var attempt int
	sqlOf(p).QueryRow(`SELECT state, attempt FROM river_job WHERE id = ?`, res.Job.ID).Scan(&state, &attempt)
	if state != "completed" || attempt != 2 {
		t.Errorf("the job: %s after %d attempts, want completed after 2", state, attempt)
	}
}
