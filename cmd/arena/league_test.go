package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A game not won says why; a bot not promoted exits 1.
func TestLeagueLossReasonsAndStatus(t *testing.T) {
	out, stderr, code := run(t, "league", "ants", "--bot", "sh -c 'exit 3'", "--league", "1", "--seed", "1",
		"--opt", "first_turn_timeout_ms=20000") // patient: the shell may start slowly on a loaded machine
	if code != 1 || !strings.Contains(stderr, "not promoted") {
		t.Fatalf("exit %d, stderr %q; want 1 and not promoted", code, stderr)
	}
	if n := strings.Count(out, ": loss -1 to "); n != 3 || strings.Count(out, "crashed: exited with status 3") != 3 {
		t.Fatalf("each loss line must give the crash:\n%s", out)
	}
	out, stderr, code = run(t, "league", "tracks", "--bot", "builtin:random", "--league", "2", "--seed", "1")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"league 2 (Wood 1) is an objective league", "DISRUPT", "loss -1 to 0: objective not reached"} {
		if !strings.Contains(out, want) {
			t.Errorf("league output lacks %q:\n%s", want, out)
		}
	}
	dir := filepath.Join(t.TempDir(), "replays")
	out, stderr, code = run(t, "league", "tracks", "--bot", "builtin:random", "--league", "1", "--seed", "1", "--replays", dir)
	if code != 0 || !strings.Contains(out, "promoted") {
		t.Fatalf("a promoted bot: exit %d\n%s%s", code, out, stderr)
	}
	// --replays keeps every game, as the other many-match commands do.
	for s := 1; s <= 3; s++ {
		path := filepath.Join(dir, fmt.Sprintf("tracks-league1-seed%d.json", s))
		if !strings.Contains(out, path) {
			t.Errorf("the game line does not give %s:\n%s", path, out)
		}
		if _, stderr, code := run(t, "replay", "verify", path); code != 0 {
			t.Errorf("verify %s: %s", path, stderr)
		}
	}
}

// arena games tracks describes the objective leagues.
func TestGamesDescribesObjectiveLeagues(t *testing.T) {
	out, _, _ := run(t, "games", "tracks")
	if !strings.Contains(out, "objective league") || !strings.Contains(out, "score at least 1 point") {
		t.Fatalf("arena games tracks:\n%s", out)
	}
}
