package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/replay"
)

// TestTimeScaleFlag: --time-scale is validated with a clear message on
// every command that plays; a scaled match records the factor and the
// scaled clock, shows them, and verifies.
func TestTimeScaleFlag(t *testing.T) {
	bots := []string{"--bot", "builtin:random", "--bot", "builtin:random"}
	for _, cmd := range [][]string{
		append([]string{"play", "ants"}, bots...),
		append([]string{"tournament", "ants"}, bots...),
		append([]string{"match", "catmouse"}, bots...),
		{"league", "ants", "--bot", "builtin:random"},
		append([]string{"versus", "ants"}, bots...),
		{"ladder", "ants", "--db", filepath.Join(t.TempDir(), "l.db"), "run"},
	} {
		for _, bad := range []struct{ value, want string }{
			{"0", "must be more than 0 and at most 100"},
			{"-2", "must be more than 0"},
			{"1000", "at most 100"},
			{"NaN", "must be more than 0"},
			{"fast", `"fast" is not a number`},
		} {
			_, stderr, code := run(t, append(cmd, "--time-scale", bad.value)...)
			if code == 0 || !strings.Contains(stderr, bad.want) {
				t.Errorf("arena %s --time-scale %s: exit %d, %q; want %q", cmd[0], bad.value, code, stderr, bad.want)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "m.json")
	out, stderr, code := run(t, "play", "tracks", "--seed", "3", "--time-scale", "2.5", "--replay", path,
		"--bot", "builtin:boss5", "--bot", "builtin:boss4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "time limits x2.5") {
		t.Errorf("the result does not show the time scale:\n%s", out)
	}
	rep, err := replay.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if rep.TimeScale != 2.5 || rep.Clock.First.Milliseconds() != 2500 || rep.Clock.Turn.Milliseconds() != 125 {
		t.Errorf("replay: time scale %g, clock %s; want 2.5 and 2500/125 ms", rep.TimeScale, rep.Clock)
	}
	out, _, _ = run(t, "replay", "show", path)
	if !strings.Contains(out, "time limits: 2500/125 ms (--time-scale 2.5)") || !strings.Contains(out, "time limits x2.5") {
		t.Errorf("replay show:\n%s", out)
	}
	if out, stderr, code := run(t, "replay", "verify", path); code != 0 {
		t.Errorf("verify: exit %d %s %s", code, out, stderr)
	}
}

// slowAnts is an ants bot (scores off) that answers each turn 250 ms after
// its input: late for the 100 ms turns, on time when they are 40 times
// longer.
const slowAnts = `import sys, time
n = int(sys.stdin.readline())
need = n + 3 + n
while True:
    for _ in range(need):
        if not sys.stdin.readline():
            sys.exit(0)
    time.sleep(0.25)
    print("WAIT", flush=True)
    need = n
`

// arena versus and arena ladder run scale their games' limits with
// --time-scale, as the other commands that play do.
func TestTimeScaleVersusAndLadder(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "slow.py")
	if err := os.WriteFile(script, []byte(slowAnts), 0o644); err != nil {
		t.Fatal(err)
	}
	slow := "python3 " + script
	opts := []string{"--opt", "max_turns=3", "--opt", "scores_in_input=false", "--seed", "1"}
	versus := func(scale ...string) []*replay.Replay {
		out := filepath.Join(t.TempDir(), "replays")
		args := append([]string{"versus", "ants", "--bot", "a=" + slow, "--bot", "b=" + slow, "--games", "2", "--json", "--replays", out}, opts...)
		if _, stderr, code := run(t, append(args, scale...)...); code != 0 {
			t.Fatalf("versus %v: exit %d: %s", scale, code, stderr)
		}
		files, _ := filepath.Glob(filepath.Join(out, "*.json.gz"))
		var reps []*replay.Replay
		for _, f := range files {
			rep, err := replay.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			reps = append(reps, rep)
		}
		if len(reps) != 2 {
			t.Fatalf("versus %v: %d replays", scale, len(reps))
		}
		return reps
	}
	timeouts := func(reps []*replay.Replay) int {
		n := 0
		for _, rep := range reps {
			for _, p := range rep.Result.Players {
				n += p.Timeouts
			}
		}
		return n
	}
	if n := timeouts(versus()); n == 0 {
		t.Fatal("the slow bot was on time without --time-scale: the test proves nothing")
	}
	scaled := versus("--time-scale", "40")
	if n := timeouts(scaled); n != 0 || scaled[0].TimeScale != 40 || scaled[1].TimeScale != 40 {
		t.Errorf("versus --time-scale 40: %d timeouts, time scales %g and %g", n, scaled[0].TimeScale, scaled[1].TimeScale)
	}

	db := filepath.Join(dir, "l.db")
	for _, name := range []string{"a", "b"} {
		if _, stderr, code := run(t, "ladder", "ants", "--db", db, "add", name, slow); code != 0 {
			t.Fatal(stderr)
		}
	}
	if _, stderr, code := run(t, append([]string{"ladder", "ants", "--db", db, "run", "--games", "2", "--quiet", "--time-scale", "40"}, opts[:4]...)...); code != 0 {
		t.Fatalf("ladder run: exit %d: %s", code, stderr)
	}
	out, _, _ := run(t, "ladder", "ants", "--db", db, "show", "--json")
	var board []struct {
		Name     string
		Games    int
		Timeouts int
	}
	if err := json.Unmarshal([]byte(out), &board); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(board) != 2 {
		t.Fatalf("leaderboard: %s", out)
	}
	for _, b := range board {
		if b.Games != 2 || b.Timeouts != 0 {
			t.Errorf("ladder --time-scale 40: %s played %d games with %d timeouts", b.Name, b.Games, b.Timeouts)
		}
	}
}
