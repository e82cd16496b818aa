package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/replay"
)

var arena string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "arena-cli")
	if err != nil {
		panic(err)
	}
	arena = filepath.Join(dir, "arena")
	if out, err := exec.Command("go", "build", "-o", arena, ".").CombinedOutput(); err != nil {
		panic("go build: " + err.Error() + "\n" + string(out))
	}
	code := pgtest.Run(m) // arena worker's tests ask for a PostgreSQL database
	os.RemoveAll(dir)
	os.Exit(code)
}

// run runs the arena binary and returns stdout, stderr and the exit status.
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(arena, args...)
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

func TestGamesListsEveryGame(t *testing.T) {
	out, _, code := run(t, "games")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"ants", "tracks", "jungle", "catmouse", "territory", "1000/100 ms", "PLAYERS"} {
		if !strings.Contains(out, want) {
			t.Errorf("arena games lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = run(t, "games", "ants")
	for _, want := range []string{"Leagues", "builtin:boss4", "ruleset", "Builtin bots"} {
		if !strings.Contains(out, want) {
			t.Errorf("arena games ants lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayJSONAndReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.json.gz")
	out, stderr, code := run(t, "play", "ants", "--bot", "me=builtin:boss4", "--bot", "builtin:random", "--seed", "7", "--replay", path, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res jsonResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json output is not JSON: %v\n%s", err, out)
	}
	if res.Game != "ants" || res.Seed != 7 || res.Turns == 0 || len(res.Players) != 2 {
		t.Fatalf("result %+v", res)
	}
	if p := res.Players[0]; p.Bot != "me" || p.Spec != "me=builtin:boss4" || p.Status != "ok" || p.Rank == 0 {
		t.Fatalf("player 0 %+v", p)
	}
	out, _, code = run(t, "replay", "verify", path)
	if code != 0 || !strings.Contains(out, "ok") {
		t.Fatalf("verify: exit %d %s", code, out)
	}
	out, _, _ = run(t, "replay", "show", path)
	if !strings.Contains(out, "seed 7") || !strings.Contains(out, "me") {
		t.Fatalf("show:\n%s", out)
	}
	// A tampered replay fails verification with status 1.
	rep, err := replay.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	rep.Turns[len(rep.Turns)/2].Replies[0].Lines[0].Text = "WAIT"
	bad := filepath.Join(dir, "bad.json")
	replay.Save(bad, rep)
	_, stderr, code = run(t, "replay", "verify", bad)
	if code != 1 || !strings.Contains(stderr, "verification failed") {
		t.Fatalf("tampered replay: exit %d %s", code, stderr)
	}
	html, _, code := run(t, "replay", "html", path)
	if code != 0 || !strings.HasPrefix(html, "<!doctype html>") || !strings.Contains(html, "ARENA_EMBED") {
		t.Fatalf("html export: exit %d, %.100s", code, html)
	}
}

func TestPlayTable(t *testing.T) {
	out, _, code := run(t, "play", "ants", "--bot", "builtin:boss4", "--bot", "builtin:wait")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"seed ", "RANK", "BOT", "SCORE", "STATUS", "AVG MS", "MAX MS", "boss4", "wait"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestArenaErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"play", "chess", "--bot", "builtin:random", "--bot", "builtin:random"}, `unknown game "chess"`},
		{[]string{"play", "ants", "--bot", "builtin:random"}, "ants is played by 2 bots; 1 given"},
		{[]string{"play", "ants", "--bot", "builtin:random", "--bot", "builtin:random", "--opt", "speed=3"}, `unknown option "speed"`},
		{[]string{"play", "ants", "--bot", "builtin:random", "--bot", "builtin:random", "--league", "9"}, "leagues 1 to 4"},
		{[]string{"play", "ants", "--bot", "builtin:random", "--bot", "builtin:nobody"}, `no builtin bot "nobody"`},
		{[]string{"replay", "verify", "/nonexistent.json"}, "no such file"},
	}
	for _, c := range cases {
		_, stderr, code := run(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("arena %s: exit %d, stderr %q; want non-zero and %q", strings.Join(c.args, " "), code, stderr, c.want)
		}
	}
}

// A match whose bots misbehave still ends with status 0.
func TestPlayExitZeroWhateverTheBotsDo(t *testing.T) {
	out, stderr, code := run(t, "play", "ants", "--bot", "builtin:random", "--bot", "/nonexistent/bot", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res jsonResult
	json.Unmarshal([]byte(out), &res)
	if res.Players[1].Status != "did-not-start" {
		t.Fatalf("status %+v", res.Players[1])
	}
}

// replay show lists the options in a stable order (sorted by name).
func TestReplayShowSortsOptions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.json")
	rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "ants", GameVersion: "1",
		Options: map[string]string{}}
	var want []string
	for _, k := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		rep.Options[k] = "1"
		want = append(want, "option "+k+"=1")
	}
	if err := replay.Save(path, rep); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		out, stderr, code := run(t, "replay", "show", path)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if !strings.Contains(out, strings.Join(want, "\n")) {
			t.Fatalf("options out of order:\n%s", out)
		}
	}
}

// Interrupted, arena play keeps the turns played so far in the replay file.
func TestPlayInterruptedKeepsTheReplay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.json")
	cmd := exec.Command(arena, "play", "ants", "--seed", "3", "--replay", path, "--opt", "turn_timeout_ms=2000",
		"--bot", "builtin:wait", "--bot", "sh -c 'while read l; do sleep 0.1; echo WAIT; done'")
	var errb strings.Builder
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	if err := cmd.Wait(); err == nil {
		t.Fatal("an interrupted match must not exit 0")
	}
	rep, err := replay.Load(path)
	if err != nil {
		t.Fatalf("%v (stderr: %s)", err, errb.String())
	}
	if rep.Result != nil || len(rep.Turns) == 0 {
		t.Fatalf("the partial replay has %d turns, result %v", len(rep.Turns), rep.Result)
	}
	if !strings.Contains(errb.String(), "the turns played so far are in") {
		t.Errorf("stderr: %s", errb.String())
	}
}
