package stages_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/codinsa/codinsatest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/replay"
)

// The organiser starts the Cod'INSA final through the API: refused while
// the vote is open; once closed, POST codinsa/final fixes the final (its
// teams, the voted set, the seed asked) and the server's clock queues its
// nine games as match jobs at its next look (a second look queues none
// again); an arena worker, another process on the data directory (the
// server runs no match jobs), plays them, and the clock's next look
// computes the table; GET codinsa follows it; a second request once it is
// over is refused, and another look of the clock plays nothing.
func TestCodinsaFinalThroughTheOrganiserRoute(t *testing.T) {
	p, ts, ev := codinsatest.Ready(t, false)
	ctx := context.Background()
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("%sorganiser/events/%d/codinsa", api.Prefix, ev.ID)
	if code, b := platformtest.Call(t, ts, "POST", path+"/final", org, "application/json", []byte(`{}`)); code != 400 || !strings.Contains(string(b), "close the spawn vote") {
		t.Fatalf("asked before the vote closed: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", path, org, "", nil); code != 404 || !strings.Contains(string(b), "codinsa/final") {
		t.Fatalf("GET before the final: %d %s", code, b)
	}
	if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), ev.ID); err != nil {
		t.Fatal(err)
	}
	code, b := platformtest.Call(t, ts, "POST", path+"/final", org, "application/json", []byte(`{"seed": 7}`))
	var asked codinsa.Final
	if code != 202 || json.Unmarshal(b, &asked) != nil || !asked.Asked || asked.Done || asked.Seed != 7 || asked.Set != 3 || len(asked.Teams) != 3 || len(asked.Matches) != 0 {
		t.Fatalf("asked: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", path, org, "", nil); code != 200 || !strings.Contains(string(b), `"asked":true`) || !strings.Contains(string(b), `"done":false`) {
		t.Fatalf("GET once asked: %d %s", code, b)
	}
	p.StopJobs(ctx)         // the builds are done: the worker below takes the data directory's jobs
	p.Tick(ctx, time.Now()) // the server's clock's look
	p.Tick(ctx, time.Now()) // and another: nothing more queued
	if ms, _ := p.Store.Matches(ctx, ev.ID, 100); len(ms) != 0 {
		t.Fatalf("the server's clock played %d games itself", len(ms))
	}
	if jobs := platformtest.MatchJobs(t, p); len(jobs) != 9 {
		t.Fatalf("%d match jobs queued, want 9 (3 matches of 3 games, once each)", len(jobs))
	}
	worker := playElsewhere(t, p.Dir, ev.ID, 9)
	for _, j := range platformtest.MatchJobs(t, p) {
		if len(j.AttemptedBy) != 1 || j.AttemptedBy[0] != worker {
			t.Errorf("job %d played by %v, not by the worker %s alone", j.ID, j.AttemptedBy, worker)
		}
	}
	p.Tick(ctx, time.Now())
	code, b = platformtest.Call(t, ts, "GET", path, org, "", nil)
	var f codinsa.Final
	if code != 200 || json.Unmarshal(b, &f) != nil || !f.Done || len(f.Matches) != 3 || len(f.Standings) != 3 || f.Standings[0].Name != "Owls" || f.Standings[0].MatchPoints != 6 {
		t.Fatalf("GET after the clock's look: %d %s", code, b)
	}
	ms, _ := p.Store.Matches(ctx, ev.ID, 100)
	if len(ms) != 9 {
		t.Errorf("%d games recorded, want 9", len(ms))
	}
	if code, b := platformtest.Call(t, ts, "POST", path+"/final", org, "application/json", []byte(`{}`)); code != 400 || !strings.Contains(string(b), "over") {
		t.Errorf("asked again once over: %d %s", code, b)
	}
	p.Tick(ctx, time.Now())
	if ms, _ := p.Store.Matches(ctx, ev.ID, 100); len(ms) != 9 {
		t.Errorf("%d games after another look, want 9", len(ms))
	}
	if jobs := platformtest.MatchJobs(t, p); len(jobs) != 9 {
		t.Errorf("%d match jobs after the final, want 9", len(jobs))
	}
}

// playElsewhere runs an arena worker on a data directory (another
// Platform, the jobs lock free), until the event has games recorded, and
// returns its id. The time scale is patient: a busy machine must not turn
// a slow answer into a timeout.
func playElsewhere(t *testing.T, dir string, eventID int64, games int) string {
	t.Helper()
	ctx := context.Background()
	w, err := platform.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.StartJobs(ctx, worker.Options{Role: worker.RoleWorker, Matches: 3, PollInterval: 50 * time.Millisecond, TimeScale: 10}); err != nil {
		t.Fatal(err)
	}
	defer w.StopJobs(ctx)
	deadline := time.Now().Add(5 * time.Minute)
	for {
		ms, err := w.Store.Matches(ctx, eventID, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) >= games {
			return w.WorkerID()
		}
		if time.Now().After(deadline) {
			t.Fatalf("the worker recorded %d games of %d in 5 minutes", len(ms), games)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// An interrupted Cod'INSA final resumes: stopped (its context cancelled,
// as Ctrl-C or a stopping server does) once its first game is recorded,
// then played again, it plays only the games not recorded (the first
// run's games keep their records, none is recorded twice) and ends with
// the whole table. It is compared with the same final played without a
// stop on another data directory: same teams in the same order, same
// bots (the kit's bot and the still bots answer the same to the same
// game), same seed, hence the same match seeds by schedule index, so each
// game's ranks and scores and the standings must be equal, field for
// field (the ratings too: results are taken in schedule order, recorded
// or played). A patient time scale keeps a busy machine from turning a
// slow answer into a timeout, which would be the only source of a
// difference. The server's clock does not touch the stopped final: the
// command began it, the organiser did not ask the server for it.
func TestAnInterruptedCodinsaFinalResumes(t *testing.T) {
	ctx := context.Background()
	opts := codinsa.FinalOptions{Seed: 11, Cores: 2, TimeScale: 10, Bots: &build.Options{}}
	games := func(p *platform.Platform, ev store.Event) map[string]store.Match {
		ms, err := p.Store.Matches(ctx, ev.ID, 100)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]store.Match{}
		for _, m := range ms {
			if _, dup := out[m.Key]; dup {
				t.Errorf("game %s recorded twice", m.Key)
			}
			out[m.Key] = m
		}
		if len(out) != len(ms) {
			t.Errorf("%d records for %d games", len(ms), len(out))
		}
		return out
	}

	p1, _, ev1 := codinsatest.Ready(t, true)
	whole, err := codinsa.PlayFinal(ctx, p1.FormatHost(), ev1.ID, opts)
	if err != nil || !whole.Done {
		t.Fatalf("the final without a stop: %+v %v", whole, err)
	}

	p2, _, ev2 := codinsatest.Ready(t, true)
	// A game played again would put its replay again (its record, same
	// key and same result, would not show it: RecordMatch keeps one).
	puts := &countingReplays{Replays: p2.Replays, n: map[string]int{}}
	p2.Player.Replays = puts // the player puts the replays of the games it plays
	stopCtx, stop := context.WithCancel(ctx)
	watching := make(chan struct{})
	go func() { // stops the final once a game is recorded (the games being played are cut)
		defer close(watching)
		for stopCtx.Err() == nil {
			if ms, _ := p2.Store.Matches(ctx, ev2.ID, 100); len(ms) > 0 {
				stop()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	cut, err := codinsa.PlayFinal(stopCtx, p2.FormatHost(), ev2.ID, opts)
	stop()
	<-watching
	if err == nil {
		t.Skipf("the final ended before the watcher stopped it (a very busy machine): %d matches", len(cut.Matches))
	}
	before := games(p2, ev2)
	if rec, _ := codinsa.Standing(ctx, p2.FormatHost(), ev2.ID); rec == nil || rec.Done || len(before) == 0 || len(before) >= 9 {
		t.Fatalf("after the stop (%v): record %+v, %d games", err, rec, len(before))
	}
	p2.Tick(ctx, time.Now())
	if n := len(games(p2, ev2)); n != len(before) {
		t.Fatalf("the server's clock played a final it was not asked for: %d games, %d before", n, len(before))
	}

	resumed, err := codinsa.PlayFinal(ctx, p2.FormatHost(), ev2.ID, opts)
	if err != nil || !resumed.Done {
		t.Fatalf("resumed: %+v %v", resumed, err)
	}
	after := games(p2, ev2)
	if len(after) != 9 {
		t.Fatalf("%d games after the resume, want 9", len(after))
	}
	for key, m := range before {
		if after[key].ID != m.ID || !after[key].Played.Equal(m.Played) {
			t.Errorf("game %s recorded again: %+v, was %+v", key, after[key], m)
		}
	}
	for key, n := range puts.counts() {
		if n != 1 {
			t.Errorf("game %s played %d times", key, n)
		}
	}
	ref := games(p1, ev1)
	for key, m := range after {
		r, ok := ref[key]
		if !ok || fmt.Sprint(r.Teams, r.Ranks, r.Scores, r.Seed) != fmt.Sprint(m.Teams, m.Ranks, m.Scores, m.Seed) {
			t.Errorf("game %s: %v %v %v %v, without a stop %v %v %v %v", key, m.Teams, m.Ranks, m.Scores, m.Seed, r.Teams, r.Ranks, r.Scores, r.Seed)
		}
	}
	a, _ := json.Marshal(resumed.Standings)
	b, _ := json.Marshal(whole.Standings)
	if string(a) != string(b) {
		t.Errorf("standings after the resume:\n%s\nwithout a stop:\n%s", a, b)
	}
}

// countingReplays counts the replays put by key.
type countingReplays struct {
	files.Replays
	mu sync.Mutex
	n  map[string]int
}

func (c *countingReplays) Put(key string, r *replay.Replay) error {
	c.mu.Lock()
	c.n[key]++
	c.mu.Unlock()
	return c.Replays.Put(key, r)
}

func (c *countingReplays) counts() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.n)
}
