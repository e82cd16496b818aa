package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/replay"
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

// runIn is run with a working directory.
func runIn(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(arena, args...)
	cmd.Dir = dir
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// A file option given as a relative path is recorded in the replay: the
// replay verifies from any directory, even once the file is gone.
func TestReplayRecordsOptionFiles(t *testing.T) {
	arenaFile, err := os.ReadFile("../../games/territory/testdata/kit-16.arena")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "arenas"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "arenas", "duel.arena"), arenaFile, 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runIn(t, dir, "play", "territory", "--bot", "builtin:greedy", "--bot", "builtin:hunter",
		"--seed", "5", "--opt", "arena=arenas/duel.arena", "--opt", "turns=30", "--replay", "m.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	os.RemoveAll(filepath.Join(dir, "arenas"))
	path := filepath.Join(dir, "m.json")
	out, stderr, code := run(t, "replay", "verify", path)
	if code != 0 {
		t.Fatalf("verify from another directory: exit %d: %s%s", code, out, stderr)
	}
	rep, err := replay.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(rep.Files["arenas/duel.arena"]) != string(arenaFile) {
		t.Fatalf("the replay holds the files %v", rep.Files)
	}
	if out, _, _ := run(t, "replay", "show", path); !strings.Contains(out, "file arenas/duel.arena: ") {
		t.Errorf("replay show does not list the recorded file:\n%s", out)
	}
}

// -v shows, under the turn, a crashed bot's error once and its stderr,
// every line indented under the bot's name.
func TestVerboseIndentsStderrUnderItsBot(t *testing.T) {
	// A patient first turn: on a loaded machine the shell may start slowly
	// (the turn ends as soon as the bot is gone).
	_, stderr, code := run(t, "play", "ants", "--seed", "3", "-v", "--opt", "first_turn_timeout_ms=20000", "--bot", "builtin:boss4",
		"--bot", "dying=sh -c 'read l; echo first >&2; echo second >&2; exit 4'")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"\n  dying gone: exited with status 4\n", "\n  dying stderr:\n    first\n    second\n"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("-v output lacks %q:\n%s", want, stderr)
		}
	}
	if n := strings.Count(stderr, "dying gone:"); n != 1 {
		t.Errorf("the error is shown %d times; once is enough", n)
	}
}
