package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --replay into a directory that does not exist is refused before the
// match: no match is played, nothing is printed on stdout.
func TestPlayReplayMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "missing", "m.json")
	out, stderr, code := run(t, "play", "ants", "--bot", "builtin:boss4", "--bot", "builtin:random", "--seed", "1", "--replay", path)
	if code != 2 || !strings.Contains(stderr, "does not exist") {
		t.Fatalf("exit %d, stderr %q; want 2 and a message that the directory does not exist", code, stderr)
	}
	if out != "" {
		t.Fatalf("a match was played:\n%s", out)
	}
	_, stderr, code = run(t, "play", "ants", "--bot", "builtin:boss4", "--bot", "builtin:random", "--replay", dir)
	if code != 2 || !strings.Contains(stderr, "is a directory") {
		t.Fatalf("a directory as --replay: exit %d, stderr %q", code, stderr)
	}
}

// When the replay cannot be written after the match, the result is still
// printed, the status says so, and no temporary file is left.
func TestPlayPrintsTheResultWhenTheReplayFails(t *testing.T) {
	if st, err := os.Stat("/dev/full"); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Skip("no /dev/full here")
	}
	out, stderr, code := run(t, "play", "ants", "--bot", "builtin:boss4", "--bot", "builtin:random", "--seed", "1", "--replay", "/dev/full")
	if code != 1 || !strings.Contains(stderr, "writing the replay") {
		t.Fatalf("exit %d, stderr %q; want 1 and the write error", code, stderr)
	}
	if !strings.Contains(out, "RANK") || strings.Contains(out, "replay: ") {
		t.Fatalf("the result must be printed, without a replay line:\n%s", out)
	}
	if st, err := os.Stat("/dev/full"); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/full was replaced")
	}
}
