package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/worker"
)

// runGuarded runs the arena binary as run does, killed after guard: a
// command that would wait for ever fails the test instead of hanging it.
func runGuarded(t *testing.T, guard time.Duration, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	cmd := exec.CommandContext(ctx, arena, args...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Errorf("arena %s still waiting after %s:\n%s%s", strings.Join(args, " "), guard, out.String(), errb.String())
		return out.String(), errb.String(), -1
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	code := 0
	if ee != nil {
		code = ee.ExitCode()
	}
	return out.String(), errb.String(), code
}

// TestWaitStopsOnAGameThatCannotBePlayed: through a server that plays
// (its jobs and clock running), blitz round --wait, blitz final --wait
// and roundrobin --wait follow games the platform cannot play, and end
// with an error that names them instead of waiting for ever, having told
// each failure while the server tried again:
//   - the Blitz events' map file in the server's DIR/maps/ was replaced
//     by a file that is not a map (the game cannot start: each job fails,
//     River tries it 3 times, then gives up);
//   - the Cod'INSA final's replays cannot be kept (the replays' directory
//     is gone, a file in its place: each game is played, and its record
//     fails);
//   - a fourth event's map file was deleted: the server cannot even queue
//     the round's game (its look fails), and the command stops once it
//     failed without a break for 15 s while it waited.
func TestWaitStopsOnAGameThatCannotBePlayed(t *testing.T) {
	w := newTwin(t)
	ctx := context.Background()
	srv := w.srv()
	maps := failingEvents(t, w, []string{"Round", "Final", "Cod'INSA", "Gone"})
	// what goes wrong
	if err := os.WriteFile(filepath.Join(maps, "organiser.jmap"), []byte("not a map\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(maps, "gone.jmap")); err != nil {
		t.Fatal(err)
	}
	replays := filepath.Join(w.served.Dir, "replays")
	os.RemoveAll(replays)
	if err := os.WriteFile(replays, []byte("a file where the replays' directory was\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// the teams' bots are not built (readyTeams): they run uncontained,
	// and fail to start; a game that plays is a game they lose
	if err := w.served.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond, Matches: 3, Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.served.StopJobs(ctx) })

	for _, c := range []struct {
		args  []string
		want  []string
		retry bool // a failure told before the end
	}{
		{[]string{"event", "blitz", "round", "1", "--wait"}, []string{"game ranked-1-1-1 (A-team, B-team) failed ", "organiser.jmap", "gave up"}, true},
		{[]string{"event", "blitz", "final", "2", "--size", "2", "--wait"}, []string{"game final-2-1 (", " times: ", "organiser.jmap"}, true},
		{[]string{"event", "roundrobin", "3", "--wait"}, []string{"game final-3-1-g1 (A-team, B-team) failed ", "not a directory"}, true},
		{[]string{"event", "blitz", "round", "4", "--wait"}, []string{"the server cannot go on: game ranked-4-1-1: ", "gone.jmap", "looks failed"}, false},
	} {
		t.Run(strings.Join(c.args[1:4], "-"), func(t *testing.T) {
			t.Parallel()
			out, stderr, code := runGuarded(t, 4*time.Minute, append(c.args, srv...)...)
			if code == 0 {
				t.Fatalf("arena %s: exit 0\n%s%s", strings.Join(c.args, " "), out, stderr)
			}
			for _, want := range c.want {
				if !strings.Contains(stderr, want) {
					t.Errorf("arena %s: no %q in its errors:\n%s", strings.Join(c.args, " "), want, stderr)
				}
			}
			t.Logf("arena %s: exit %d\n%s", strings.Join(c.args, " "), code, stderr)
			if c.retry && !strings.Contains(stderr, ", retrying") {
				t.Errorf("arena %s told no retry:\n%s", strings.Join(c.args, " "), stderr)
			}
		})
	}
}

// failingEvents creates through the twin's server the events named, each
// with 2 ready teams and no casual game, numbered 1, 2, ... in order: the
// set-up of the tests of games the platform cannot play. "Cod'INSA" is a
// catmouse event whose spawn sets are published and vote closed; "Gone" a
// jungle event on DIR/maps/gone.jmap; any other a jungle event on
// DIR/maps/organiser.jmap (both copies of clearing). It returns DIR/maps.
func failingEvents(t *testing.T, w *twin, names []string) string {
	t.Helper()
	ctx := context.Background()
	srv := w.srv()
	maps := filepath.Join(w.served.Dir, "maps")
	jmap, err := os.ReadFile("../../games/jungle/maps/clearing.jmap")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(maps, 0o755)
	for _, name := range []string{"organiser.jmap", "gone.jmap"} {
		if err := os.WriteFile(filepath.Join(maps, name), jmap, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var spawns []string
	for i, name := range names {
		args := []string{"event", "create", "jungle", "--name", name, "--maps", "organiser.jmap"}
		switch name {
		case "Cod'INSA":
			args = []string{"event", "create", "catmouse", "--name", name}
			spawns = append(spawns, strconv.Itoa(i+1))
		case "Gone":
			args[len(args)-1] = "gone.jmap"
		}
		if _, stderr, code := run(t, append(args, srv...)...); code != 0 {
			t.Fatal(stderr)
		}
		readyTeamsOf(t, w.served, int64(i+1), 2)
		if _, err := w.served.SetCasual(ctx, int64(i+1), false); err != nil { // the rounds and finals only
			t.Fatal(err)
		}
	}
	spawn := filepath.Join(t.TempDir(), "set")
	os.WriteFile(spawn+"0", []byte("CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n"), 0o644)
	os.WriteFile(spawn+"9", []byte("CATMOUSE-SPAWN 1\nID 9\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n"), 0o644)
	for _, ev := range spawns {
		for _, args := range [][]string{
			{"event", "spawns", "publish", ev, "--set0", spawn + "0", "--secret", spawn + "9"},
			{"event", "spawns", "close", ev},
		} {
			if _, stderr, code := run(t, append(args, srv...)...); code != 0 {
				t.Fatal(stderr)
			}
		}
	}
	return maps
}
