package main

import (
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// Not on a terminal: a plain line per finished match, on stderr.
func TestTournamentPlainProgress(t *testing.T) {
	out, stderr, code := run(t, "tournament", "ants", "--format", "elimination", "--bot", "builtin:boss4", "--bot", "builtin:boss1", "--bot", "builtin:wait", "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Count(stderr, "\nmatch ")+boolInt(strings.HasPrefix(stderr, "match ")) != 2 || !strings.Contains(stderr, "(seed ") || strings.Contains(out, "match 1 (seed") {
		t.Errorf("stderr:\n%s\nstdout:\n%s", stderr, out)
	}
	_, stderr, _ = run(t, "tournament", "ants", "--bot", "builtin:boss4", "--bot", "builtin:wait", "--seed", "2", "--no-progress")
	if strings.Contains(stderr, "match ") {
		t.Errorf("--no-progress printed %q", stderr)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// On a terminal: mpb's lines, a total with the count of matches.
func TestTournamentTerminalProgress(t *testing.T) {
	cmd := exec.Command(arena, "tournament", "ants", "--bot", "builtin:boss4", "--bot", "builtin:boss1", "--rounds", "20", "--seed", "2")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer f.Close()
	data, _ := io.ReadAll(f) // ends with EIO when the process exits
	cmd.Wait()
	s := string(data)
	if !strings.Contains(s, "40/40 matches") || !strings.Contains(s, "PLACE") || strings.Contains(s, "match 1 (seed") {
		t.Errorf("terminal output:\n%q", s)
	}
}
