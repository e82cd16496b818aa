package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// waitForever writes a bot that prints WAIT forever without reading its
// input, and returns its path.
func waitForever(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "wait.sh")
	if err := os.WriteFile(path, []byte("#!/bin/sh\nwhile true; do echo WAIT; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// playJSON plays args with --json and a replay, checks that the replay
// verifies, and returns the result.
func playJSON(t *testing.T, args ...string) jsonResult {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.json")
	out, stderr, code := run(t, append(append([]string{"play"}, args...), "--json", "--replay", path)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res jsonResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if out, stderr, code := run(t, "replay", "verify", path); code != 0 {
		t.Errorf("replay verify: exit %d: %s%s", code, out, stderr)
	}
	return res
}

// Under ruleset=reference a tie-break reports the ant counts as the
// scores, as the reference referee's setScore(antTotal) does; by default
// the scores stay the points. The points are in the stats either way. The
// map of league 1, seed 151, has 35 cells: 100 turns of input fit in the
// bots' pipes, so the game is the same however the bots are scheduled.
func TestReferenceTieBreakScores(t *testing.T) {
	t.Parallel()
	w := waitForever(t)
	for _, c := range []struct {
		opts  []string
		score float64
	}{
		{[]string{"--opt", "ruleset=reference"}, 60},
		{nil, 0},
	} {
		// --time-scale: a busy machine must not make a bot late on its
		// first turn; the limits are not the subject.
		args := append([]string{"ants", "--league", "1", "--seed", "151", "--time-scale", "10", "--bot", "W1=" + w, "--bot", "W2=" + w}, c.opts...)
		res := playJSON(t, args...)
		if res.Turns != 100 || res.Summary != "draw: 0 points and 60 ants each" {
			t.Errorf("%v: %d turns, %q", c.opts, res.Turns, res.Summary)
		}
		for _, p := range res.Players {
			if p.Score != c.score || p.Rank != 1 || p.Status != "ok" || p.Message != "0 points and 60 ants" ||
				p.Stats["points"] != 0.0 || p.Stats["ants"] != 60.0 {
				t.Errorf("%v: %s: score %v, rank %d, %s %q, stats %v; want score %v", c.opts, p.Bot, p.Score, p.Rank, p.Status, p.Message, p.Stats, c.score)
			}
		}
	}
}

// A bot that prints WAIT forever without reading its input fills its
// input pipe: on the 97 cells of league 4's seed 2 under ruleset=reference,
// the prompt of a late turn cannot be written. The result says that it
// stopped reading its input, not that it was silent.
func TestBotThatStopsReadingItsInput(t *testing.T) {
	t.Parallel()
	w := waitForever(t)
	res := playJSON(t, "ants", "--league", "4", "--seed", "2", "--opt", "ruleset=reference", "--time-scale", "10", "--bot", "W1="+w, "--bot", "W2="+w)
	if res.Turns < 2 || res.Turns >= 100 {
		t.Fatalf("%d turns: the pipes should fill before the end", res.Turns)
	}
	for _, p := range res.Players {
		if p.Status != "stopped-reading" || p.Score != -1 || p.Timeouts != 1 ||
			!strings.HasPrefix(p.Message, "stopped reading its input: its input pipe was full when turn ") {
			t.Errorf("%s: %s, score %v, %d timeouts, %q", p.Bot, p.Status, p.Score, p.Timeouts, p.Message)
		}
	}
}
