package match_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// gone returns the reply of seat on the turn its bot is reported gone.
func gone(t *testing.T, rep *replay.Replay, seat int) replay.Reply {
	t.Helper()
	for _, tr := range rep.Turns {
		if r := tr.Replies[seat]; r.Status == game.Gone {
			return r
		}
	}
	t.Fatalf("seat %d is never gone", seat)
	return replay.Reply{}
}

// A crash keeps the end of stderr (several lines) in its message, and the
// crash turn's record keeps the stderr itself.
func TestCrashKeepsTheTailOfStderr(t *testing.T) {
	// As a Rust panic: the panic, its message, then a note last.
	bot := `sh -c 'read l; i=1; while [ $i -le 14 ]; do echo "frame $i" >&2; i=$((i+1)); done;
echo "thread main panicked at src/main.rs:5:5:" >&2; echo "index out of bounds" >&2;
echo "note: run with RUST_BACKTRACE=1 to display a backtrace" >&2; exit 101'`
	rep := play(t, []string{tb("echo"), bot}, "first_ms=10000", "turn_ms=1000")
	p := rep.Result.Players[1]
	for _, want := range []string{"exited with status 101", "panicked at src/main.rs", "index out of bounds", "RUST_BACKTRACE", "frame 14", "frame 8"} {
		if !strings.Contains(p.Message, want) {
			t.Errorf("the message lacks %q:\n%s", want, p.Message)
		}
	}
	if strings.Contains(p.Message, "frame 7\n") {
		t.Errorf("the message keeps more than the last 10 lines:\n%s", p.Message)
	}
	if r := gone(t, rep, 1); !strings.Contains(r.Stderr, "frame 1\n") || !strings.Contains(r.Stderr, "index out of bounds") {
		t.Errorf("the crash turn's stderr is %q; want all the bot wrote", r.Stderr)
	}
}

// A crashed bot's times are those of its answers, not the time limit.
func TestCrashIsNotTimedAtTheLimit(t *testing.T) {
	rep := play(t, []string{tb("echo"), "sh -c 'read l; exit 1'"}, "first_ms=10000", "turn_ms=1000")
	if p := rep.Result.Players[1]; p.Status != game.Crashed || p.AvgMs != 0 || p.MaxMs != 0 {
		t.Fatalf("%s avg %g max %g; a bot that never answered has no answer time", p.Status, p.AvgMs, p.MaxMs)
	}
}

// A file without the exec bit, a directory, a missing Node.js module: each
// gets a message that says so.
func TestStartFailuresSayWhy(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "bot.py")
	if err := os.WriteFile(script, []byte("print('WAIT')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, bot, status, want string }{
		{"no exec bit", script, string(game.DidNotStart), "not executable (no exec bit)"},
		{"directory", dir, string(game.DidNotStart), "is a directory"},
	}
	if _, err := exec.LookPath("node"); err == nil {
		js := filepath.Join(dir, "bot.js")
		os.WriteFile(js, []byte("require('arena-no-such-module');\n"), 0o644)
		cases = append(cases, struct{ name, bot, status, want string }{"node module", "node " + js, string(game.Crashed), "Cannot find module 'arena-no-such-module' (not installed: run npm ci"})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep := play(t, []string{tb("echo"), c.bot}, "first_ms=10000", "turn_ms=1000")
			p := rep.Result.Players[1]
			if string(p.Status) != c.status || !strings.Contains(p.Message, c.want) {
				t.Fatalf("%s %q; want %s with %q", p.Status, p.Message, c.status, c.want)
			}
		})
	}
}
