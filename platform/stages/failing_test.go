package stages_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/worker"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
)

// apitypes.Watch: a game given up before the command waited is not its failure
// (it may have been fixed since); one given up while it waits is; a look
// failing counts from the command's start, for long enough, and a look
// that went well in between starts the count again.
func TestWatch(t *testing.T) {
	t0 := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	old := format.FailingGame{Game: "ranked-1-1-1", Teams: []string{"Owls", "Bats"}, Failures: 3, Discarded: 1, Error: "no map"}
	var w apitypes.Watch
	if retrying, err := w.Failed([]format.FailingGame{old}, nil, t0); err != nil || len(retrying) != 1 ||
		retrying[0] != "game ranked-1-1-1 (Owls, Bats) failed 3 times: no map, retrying" {
		t.Fatalf("the first answer: %v %q", err, retrying)
	}
	again := old
	again.Failures = 4
	if _, err := w.Failed([]format.FailingGame{again}, nil, t0); err != nil {
		t.Fatalf("tried again, not given up: %v", err)
	}
	fresh := format.FailingGame{Game: "ranked-1-1-2", Failures: 1, Error: "disk full"}
	if retrying, err := w.Failed([]format.FailingGame{again, fresh}, nil, t0); err != nil || len(retrying) != 2 || retrying[1] != "game ranked-1-1-2 failed once: disk full, retrying" {
		t.Fatalf("a new failure: %v %q", err, retrying)
	}
	fresh.Failures, fresh.Discarded = 3, 1
	_, err := w.Failed([]format.FailingGame{again, fresh}, nil, t0)
	if err == nil || !strings.Contains(err.Error(), "game ranked-1-1-2 failed 3 times: disk full") || strings.Contains(err.Error(), "ranked-1-1-1") {
		t.Fatalf("given up while waiting: %v", err)
	}
	again.Discarded = 2
	if _, err := (&w).Failed([]format.FailingGame{again}, nil, t0); err == nil || !strings.Contains(err.Error(), "ranked-1-1-1") {
		t.Fatalf("the old game given up again: %v", err)
	}

	// the look: the command's clock counts (the look's error is written
	// once), from its first sight of the failure
	look := &format.LookError{Error: "no map", Since: t0.Add(-time.Hour), At: t0.Add(-time.Hour)}
	var lw apitypes.Watch
	for _, c := range []struct {
		after time.Duration
		fail  bool
	}{
		{0, false}, // there before the command: not yet its failure
		{10 * time.Second, false},
		{15 * time.Second, true}, // lasted 15 s while the command watched
	} {
		retrying, err := lw.Failed(nil, look, t0.Add(c.after))
		if (err != nil) != c.fail || (err == nil && (len(retrying) != 1 || !strings.Contains(retrying[0], "look has failed"))) ||
			(err != nil && !strings.Contains(err.Error(), "looks failed")) {
			t.Errorf("%s after: %v %q", c.after, err, retrying)
		}
	}
	var rw apitypes.Watch
	rw.Failed(nil, look, t0)
	anew := &format.LookError{Error: "no map", Since: t0.Add(20 * time.Second)} // went well in between
	if _, err := rw.Failed(nil, anew, t0.Add(20*time.Second)); err != nil {
		t.Errorf("a failure begun again, at once: %v", err)
	}
	if _, err := rw.Failed(nil, anew, t0.Add(30*time.Second)); err != nil {
		t.Errorf("a failure begun again, 10 s on: %v", err)
	}
	if _, err := rw.Failed(nil, anew, t0.Add(35*time.Second)); err == nil {
		t.Error("a failure begun again, 15 s on: not given up")
	}
	if _, err := rw.Failed(nil, nil, t0.Add(40*time.Second)); err != nil {
		t.Errorf("no failure: %v", err)
	}
}

// badMapEvent is a jungle event on a map file of DIR/maps/ replaced,
// once the event is made, by a file that is not a map (the organiser
// copied the wrong file): every game of a round fails to start. Its two
// teams' bots are never built: the games fail before any bot starts.
func badMapEvent(t *testing.T) (*platform.Platform, store.Event) {
	t.Helper()
	ctx := context.Background()
	p := platformtest.Open(t)
	jmap, err := os.ReadFile("../../games/jungle/maps/clearing.jmap")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(p.MapsDir(), 0o755)
	file := filepath.Join(p.MapsDir(), "organiser.jmap")
	if err := os.WriteFile(file, jmap, 0o644); err != nil {
		t.Fatal(err)
	}
	settings := store.DefaultSettings()
	settings.Maps = []string{"organiser.jmap"}
	ev, invite, err := p.CreateEventWith(ctx, "jungle", "Blitz", nil, settings)
	if err != nil {
		t.Fatal(err)
	}
	platformtest.JoinReady(t, p, invite, "Owls", "Bats")
	if err := os.WriteFile(file, []byte("not a map\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p, ev
}

// A command that plays a ranked round on a data directory whose server
// runs (arena event blitz round --data DIR while arena serve runs: the
// server's workers play the games) stops with the error of a game the
// workers gave up on, naming it, instead of waiting for ever; the game is
// listed by FailingGames with its failures until then, and is not
// recorded.
func TestACommandStopsOnAGameTheServerGaveUp(t *testing.T) {
	p, ev := badMapEvent(t)
	ctx := context.Background()
	srv, err := platform.Open(ctx, p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if _, err := srv.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	if err := srv.StartJobs(ctx, worker.Options{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: time.Hour, Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer srv.StopJobs(ctx)
	guard, cancel := context.WithTimeout(ctx, 3*time.Minute) // only a guard: River gives up within a minute
	defer cancel()
	_, err = blitz.PlayRound(guard, p.FormatHost(), ev.ID, time.Now())
	if errors.Is(err, context.DeadlineExceeded) || err == nil {
		for _, j := range platformtest.MatchJobs(t, p) {
			t.Logf("job %d %s attempt %d errors %d %s", j.ID, j.State, j.Attempt, len(j.Errors), j.EncodedArgs[:80])
		}
		f, ferr := p.FailingGames(ctx, ev.ID)
		t.Logf("%+v %v", f, ferr)
		t.Fatalf("the command: %v", err)
	}
	for _, want := range []string{"game ranked-1-1-1 (Owls, Bats) failed ", `a jungle map starts with "jungle-map 1"`, "gave up on it"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("no %q in %q", want, err)
		}
	}
	failing, err := p.FailingGames(ctx, ev.ID)
	if err != nil || len(failing) != 1 || failing[0].Game != "ranked-1-1-1" || failing[0].Failures < 3 || failing[0].Discarded < 1 ||
		failing[0].Kind != store.KindRanked || failing[0].Round != 1 {
		t.Errorf("failing games: %+v %v", failing, err)
	}
	if ms, _ := p.Store.Matches(ctx, ev.ID, 10); len(ms) != 0 {
		t.Errorf("recorded: %+v", ms)
	}
	// queued by the command's client, which only inserts: River's 25
	// attempts would have kept it waiting for weeks
	for _, j := range platformtest.MatchJobs(t, p) {
		if j.MaxAttempts != queue.Attempts {
			t.Errorf("job %d: %d attempts, want %d", j.ID, j.MaxAttempts, queue.Attempts)
		}
	}
}

// The scheduler's look that fails before it queues a game (the round's
// map file deleted) is kept while it lasts, written once (not at each
// look: every page following the event would read it again at each), and
// cleared by a look that goes well (the file put back).
func TestAFailingLookIsKeptWhileItLasts(t *testing.T) {
	p, ev := badMapEvent(t)
	ctx := context.Background()
	file := filepath.Join(p.MapsDir(), "organiser.jmap")
	os.Remove(file)
	if err := blitz.AskRound(ctx, p.FormatHost(), ev.ID); err != nil {
		t.Fatal(err)
	}
	changes, cancel := p.News.Subscribe(ev.ID)
	defer cancel()
	// what the hub was told so far (Publish is done when the write returns)
	told := func() (n int) {
		for {
			select {
			case <-changes:
				n++
			default:
				return n
			}
		}
	}
	t0 := time.Now()
	p.Tick(ctx, t0)
	if n := told(); n == 0 {
		t.Error("the first failed look told the event's pages nothing")
	}
	for i := 1; i < 3; i++ {
		p.Tick(ctx, t0.Add(time.Duration(i)*time.Second))
		if n := told(); n != 0 {
			t.Errorf("failed look %d, with the same error, told the event's pages %d changes", i+1, n)
		}
	}
	le, err := p.LookError(ctx, ev.ID)
	if err != nil || le == nil || !le.Since.Equal(t0.UTC()) || !le.At.Equal(le.Since) ||
		!strings.Contains(le.Error, `game ranked-1-1-1: "organiser.jmap" is not a map this platform offers`) {
		t.Fatalf("after 3 failed looks: %+v %v", le, err)
	}
	jmap, _ := os.ReadFile("../../games/jungle/maps/clearing.jmap")
	os.WriteFile(file, jmap, 0o644)
	p.Tick(ctx, t0.Add(3*time.Second))
	if le, err := p.LookError(ctx, ev.ID); le != nil || err != nil {
		t.Errorf("after a look that went well: %+v %v", le, err)
	}
	if jobs := platformtest.MatchJobs(t, p); len(jobs) != 1 {
		t.Errorf("%d jobs queued by the look that went well, want the round's game", len(jobs))
	}
}
