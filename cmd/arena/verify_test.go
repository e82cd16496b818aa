package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// Whatever replay show and the viewer display is verified: a replay with
// any of it edited fails, and the message says what differs.
func TestVerifyCatchesForgedResults(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.json")
	_, stderr, code := run(t, "play", "ants", "--bot", "builtin:boss4", "--bot", "builtin:random", "--seed", "11", "--replay", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	forgeries := []struct {
		name  string
		forge func(r *replay.Replay)
		want  string
	}{
		{"score", func(r *replay.Replay) { r.Result.Players[1].Score += 5 }, "score"},
		{"status", func(r *replay.Replay) { r.Result.Players[0].Status = game.TimedOut }, "status"},
		{"rank", func(r *replay.Replay) {
			r.Result.Players[0].Rank, r.Result.Players[1].Rank = r.Result.Players[1].Rank, r.Result.Players[0].Rank
		}, "rank"},
		{"name", func(r *replay.Replay) { r.Result.Players[0].Name = "someone" }, "name"},
		{"message", func(r *replay.Replay) { r.Result.Players[1].Message = "cheated" }, "message"},
		{"summary", func(r *replay.Replay) { r.Result.Summary = "random wins" }, "summary"},
		{"average time", func(r *replay.Replay) { r.Result.Players[0].AvgMs += 1 }, "avgMs"},
		{"timeouts", func(r *replay.Replay) { r.Result.Players[0].Timeouts = 3 }, "timeouts"},
		{"turns", func(r *replay.Replay) { r.Result.Turns++ }, "turns"},
		{"outcome", func(r *replay.Replay) { r.Outcome.Players[0].Score++ }, "outcome"},
		{"result removed", func(r *replay.Replay) { r.Result = nil }, "no result"},
	}
	for _, f := range forgeries {
		rep, err := replay.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		f.forge(rep)
		bad := filepath.Join(dir, "forged.json")
		if err := replay.Save(bad, rep); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := run(t, "replay", "verify", bad)
		if code != 1 || !strings.Contains(stderr, f.want) {
			t.Errorf("forged %s: exit %d, %q; want 1 and a message about %q", f.name, code, stderr, f.want)
		}
	}
	out, stderr, code := run(t, "replay", "verify", path)
	if code != 0 || strings.Contains(out, "partial") {
		t.Fatalf("the untouched replay: exit %d: %s%s", code, out, stderr)
	}
}

// A partial replay (an interrupted match) verifies the turns it has, and
// says it is partial.
func TestVerifyPartialReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.json")
	if _, stderr, code := run(t, "play", "ants", "--bot", "builtin:boss4", "--bot", "builtin:random", "--seed", "12", "--replay", path); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rep, err := replay.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	rep.Turns, rep.Result, rep.Outcome = rep.Turns[:len(rep.Turns)/2], nil, nil
	if err := replay.Save(path, rep); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := run(t, "replay", "verify", path)
	if code != 0 || !strings.Contains(out, "partial") {
		t.Fatalf("exit %d: %s%s; want 0 and a message that it is partial", code, out, stderr)
	}
	rep.Turns[len(rep.Turns)-1].Replies[0].Lines = []game.Line{{Text: "WAIT"}}
	replay.Save(path, rep)
	if _, stderr, code := run(t, "replay", "verify", path); code != 1 {
		t.Fatalf("an edited partial replay: exit %d: %s", code, stderr)
	}
}
