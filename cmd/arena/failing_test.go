package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/worker"
)

// TestStatusTellsTheGamesThatFail: blitz status and event status print
// the games of a round or final the server cannot play, and its failing
// look, the same on --data DIR and through --server, from a server that
// plays (its jobs and clock running; the set-up of
// TestWaitStopsOnAGameThatCannotBePlayed): a Blitz round on a map file
// replaced by a file that is not a map, a Cod'INSA final whose replays
// cannot be kept (a file where the replays' directory was), and a Blitz
// round whose map file was deleted (the server's look fails). Before it
// goes wrong, they print no such lines.
func TestStatusTellsTheGamesThatFail(t *testing.T) {
	w := newTwin(t)
	ctx := context.Background()
	srv := w.srv()
	dir := w.served.Dir
	maps := failingEvents(t, w, []string{"Round", "Cod'INSA", "Gone"})
	for _, args := range [][]string{
		{"event", "blitz", "round", "1"},
		{"event", "roundrobin", "2"},
		{"event", "blitz", "round", "3"},
	} {
		if _, stderr, code := run(t, append(args, srv...)...); code != 0 {
			t.Fatal(stderr)
		}
	}
	// status runs a command on the served platform's directory and through
	// the server, which must print the same (moments aside).
	status := func(args ...string) string {
		t.Helper()
		out, stderr, code := run(t, append(args, "--data", dir)...)
		sout, sstderr, scode := run(t, append(args, srv...)...)
		norm := func(s string) string { return times.ReplaceAllString(s, "TIME") }
		if code != 0 || scode != 0 || norm(out) != norm(sout) {
			t.Errorf("arena %s:\non --data (exit %d):\n%s%s\nthrough --server (exit %d):\n%s%s", strings.Join(args, " "), code, out, stderr, scode, sout, sstderr)
		}
		return out
	}
	for _, args := range [][]string{{"event", "blitz", "status", "1"}, {"event", "status", "2"}, {"event", "blitz", "status", "3"}} {
		if out := status(args...); strings.Contains(out, "failing") || strings.Contains(out, "cannot go on") {
			t.Errorf("arena %s before anything failed:\n%s", strings.Join(args, " "), out)
		}
	}

	// what goes wrong
	if err := os.WriteFile(filepath.Join(maps, "organiser.jmap"), []byte("not a map\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(maps, "gone.jmap")); err != nil {
		t.Fatal(err)
	}
	replays := filepath.Join(dir, "replays")
	os.RemoveAll(replays)
	if err := os.WriteFile(replays, []byte("a file where the replays' directory was\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// the teams' bots are not built (readyTeams): they run uncontained,
	// and fail to start; a game that plays is a game they lose
	if err := w.served.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond, Matches: 3, Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			w.served.StopJobs(ctx)
		}
	}
	t.Cleanup(stop)
	// until each has failed (a game once, the look once), on a guard
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var failing [3]int
		for ev := int64(1); ev <= 2; ev++ {
			fs, err := w.served.FailingGames(ctx, ev)
			if err != nil {
				t.Fatal(err)
			}
			failing[ev-1] = len(fs)
		}
		le, err := w.served.LookError(ctx, 3)
		if err != nil {
			t.Fatal(err)
		}
		if failing[0] > 0 && failing[1] > 0 && le != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 3 minutes, failing games of events 1 and 2: %v; the look at event 3: %v", failing[:2], le)
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop() // the counts stay as they are while both commands read them

	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"event", "blitz", "status", "1"}, []string{"failing games (never recorded; ", "\n  game ranked-1-1-1 (A-team, B-team) failed ", "organiser.jmap"}},
		{[]string{"event", "status", "2"}, []string{"casual games: stopped\n", "failing games (never recorded; ", "\n  game final-2-1-g1 (A-team, B-team) failed ", "not a directory"}},
		{[]string{"event", "blitz", "status", "3"}, []string{"the server cannot go on: its look at the event's round or final has failed at each look since ", "game ranked-3-1-1: ", "gone.jmap"}},
	} {
		out := status(c.args...)
		for _, want := range c.want {
			if !strings.Contains(out, want) {
				t.Errorf("arena %s: no %q in:\n%s", strings.Join(c.args, " "), want, out)
			}
		}
		if strings.Contains(out, "failing games") && !strings.Contains(out, "    (being tried again)") && !strings.Contains(out, "    (the server gave up on it ") {
			t.Errorf("arena %s does not say whether the server gave up:\n%s", strings.Join(c.args, " "), out)
		}
		t.Logf("arena %s:\n%s", strings.Join(c.args, " "), out)
	}
	// --json gives them beside the document's fields, the same either way
	out := status("event", "blitz", "status", "1", "--json")
	for _, want := range []string{`"schedule": {`, `"failing": [`, `"game": "ranked-1-1-1"`, `"look_error": null`} {
		if !strings.Contains(out, want) {
			t.Errorf("blitz status --json: no %s in:\n%s", want, out)
		}
	}
}

// TestPrintFailures: the words of each case, a job given up or tried
// again, an error of several lines kept under its game, the look.
func TestPrintFailures(t *testing.T) {
	since := time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)
	var b strings.Builder
	printFailures(&b, apitypes.Failures{
		Failing: []format.FailingGame{
			{Game: "final-4-2", Teams: []string{"Owls", "Bats"}, Failures: 7, Error: "replays: no space left\non device\n", Discarded: 2},
			{Game: "ranked-4-3-1", Teams: []string{"Lynx", "Foxes"}, Failures: 1, Error: "map.jmap: line 1"},
		},
		LookError: &format.LookError{Error: "game ranked-4-4-1: open maps/gone.jmap: no such file", Since: since},
	})
	want := `failing games (never recorded; the server queues each again at its next look, so the round or final goes on once the cause is fixed):
  game final-4-2 (Owls, Bats) failed 7 times: replays: no space left
    on device
    (the server gave up on it 2 times, and queues it again at its next look)
  game ranked-4-3-1 (Lynx, Foxes) failed once: map.jmap: line 1
    (being tried again)
the server cannot go on: its look at the event's round or final has failed at each look since 2026-11-26T01:00:00Z: game ranked-4-4-1: open maps/gone.jmap: no such file
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	printFailures(&b, apitypes.Failures{Failing: []format.FailingGame{}})
	if b.Len() != 0 {
		t.Errorf("nothing failing printed %q", b.String())
	}
}
