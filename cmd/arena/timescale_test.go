package main

import (
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
