package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestTournamentJSONKeys(t *testing.T) {
	out, stderr, code := run(t, "tournament", "ants", "--bot", "builtin:boss4", "--bot", "builtin:wait", "--seed", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	st, _ := raw["standings"].([]any)
	if len(st) != 2 || raw["matches"] != 2.0 || raw["format"] != "round-robin" {
		t.Fatalf("output %s", out)
	}
	line := st[0].(map[string]any)
	for _, k := range []string{"name", "points", "played", "wins", "draws", "losses", "timeouts", "crashes", "disqualified"} {
		if _, ok := line[k]; !ok {
			t.Errorf("standing lacks %q: %v", k, line)
		}
	}
	for k := range line {
		if k[0] < 'a' || k[0] > 'z' {
			t.Errorf("key %q is not camelCase", k)
		}
	}
}

func TestTournamentTableHasDisqualifications(t *testing.T) {
	out, stderr, code := run(t, "tournament", "ants", "--bot", "builtin:boss4", "--bot", "builtin:wait", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "DISQUALIFIED") {
		t.Errorf("no disqualification column:\n%s", out)
	}
}

func TestTournamentRefusesBadCounts(t *testing.T) {
	for _, args := range [][]string{{"--rounds", "0"}, {"--rounds", "-3"}, {"--cores", "-1"}} {
		_, stderr, code := run(t, append([]string{"tournament", "ants", "--bot", "builtin:boss4", "--bot", "builtin:wait"}, args...)...)
		if code == 0 || !strings.Contains(stderr, args[0]) {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
}

// Ctrl-C prints the standings of the finished matches and where their
// replays are, and every one of those replays is on disk.
func TestTournamentInterrupt(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(arena, "tournament", "ants", "--bot", "builtin:boss4", "--bot", "builtin:boss1",
		"--rounds", "100000", "--seed", "1", "--cores", "1", "--replays", dir)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if ents, _ := os.ReadDir(dir); len(ents) >= 3 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no replay written in 60 s")
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want 130; stderr %s", err, errb.String())
	}
	m := regexp.MustCompile(`replays of the (\d+) finished matches in (.*)\n`).FindStringSubmatch(out.String())
	if m == nil || m[2] != dir || !strings.Contains(out.String(), "PLACE") {
		t.Fatalf("output lacks the standings or the replays:\n%s\nstderr: %s", out.String(), errb.String())
	}
	n, _ := strconv.Atoi(m[1])
	files, _ := filepath.Glob(filepath.Join(dir, "*.json.gz"))
	if len(files) != n || n < 3 {
		t.Errorf("%d replays on disk, %d matches finished", len(files), n)
	}
	if !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("stderr %q", errb.String())
	}
}

func TestTournamentElimination(t *testing.T) {
	out, stderr, code := run(t, "tournament", "ants", "--format", "elimination", "--best-of", "3", "--seed", "1",
		"--bot", "builtin:boss4", "--bot", "builtin:boss3", "--bot", "builtin:boss2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"round 1", "boss4: bye", "grand final", "PLACE", "ants elimination"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	_, stderr, code = run(t, "tournament", "ants", "--format", "swirl", "--bot", "builtin:boss4", "--bot", "builtin:boss3")
	if code == 0 || !strings.Contains(stderr, "unknown format") {
		t.Errorf("unknown format: exit %d, %s", code, stderr)
	}
}

// The Blitz 2022 event from the command line: ranked rounds in groups of
// 4, then the final, with jungle's builtin bots.
func TestTournamentJungleBlitz(t *testing.T) {
	args := []string{"tournament", "jungle", "--format", "groups", "--size", "4", "--rounds", "2", "--final", "--seed", "3", "--json"}
	for _, b := range []string{"random", "greedy", "fighter", "random", "greedy", "fighter"} {
		args = append(args, "--bot", "builtin:"+b)
	}
	out, stderr, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Format    string
		Standings []struct {
			Name  string
			Place int
		}
		Rounds []struct{ Name string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err, out)
	}
	if res.Format != "groups+final" || len(res.Standings) != 6 || res.Standings[0].Place != 1 || res.Rounds[len(res.Rounds)-1].Name != "grand final" {
		t.Errorf("%+v", res)
	}
}

func TestTournamentFormatsColumns(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"ants", "--format", "swiss", "--bot", "builtin:boss4", "--bot", "builtin:boss3", "--bot", "builtin:wait"}, []string{"ants swiss", "BYES", ": bye"}},
		{[]string{"territory", "--format", "rounds", "--multipliers", "1,2", "--rounds", "2", "--bot", "builtin:greedy", "--bot", "builtin:hunter", "--bot", "builtin:random", "--bot", "builtin:greedy"},
			[]string{"territory rounds", "LADDER POINTS", "round 2 (x2)"}},
		{[]string{"catmouse", "--bot", "builtin:random", "--bot", "builtin:pursuit"}, []string{"series round robin", "MATCH POINTS", "TURN DIFF"}},
		{[]string{"ants", "--format", "double-elimination", "--bot", "builtin:boss4", "--bot", "builtin:boss3", "--bot", "builtin:wait"},
			[]string{"ants double elimination", "losers round", "grand final"}},
	}
	for _, c := range cases {
		out, stderr, code := run(t, append(append([]string{"tournament"}, c.args...), "--seed", "1")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output lacks %q:\n%s", c.args, w, out)
			}
		}
	}
}

// --out keeps a tournament in a directory; after Ctrl-C, --resume plays
// only the matches that did not finish.
func TestTournamentOutAndResume(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "event")
	cmd := exec.Command(arena, "tournament", "ants", "--format", "swiss", "--rounds", "60", "--bot", "builtin:boss4", "--bot", "builtin:boss1",
		"--bot", "builtin:boss2", "--bot", "builtin:wait", "--seed", "5", "--cores", "1", "--out", dir)
	var out strings.Builder
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if files, _ := filepath.Glob(filepath.Join(dir, "*.json.gz")); len(files) >= 6 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no replays in 60 s")
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	if err := cmd.Wait(); err == nil {
		t.Skip("the tournament ended before the interrupt")
	}
	if !strings.Contains(out.String(), "--resume "+dir) {
		t.Errorf("no advice to resume:\n%s", out.String())
	}
	before, _ := filepath.Glob(filepath.Join(dir, "*.json.gz"))
	if _, stderr, code := run(t, "tournament", "ants", "--out", dir, "--bot", "builtin:boss4", "--bot", "builtin:wait"); code == 0 || !strings.Contains(stderr, "--resume") {
		t.Errorf("--out into a used directory: exit %d, %s", code, stderr)
	}
	res, stderr, code := run(t, "tournament", "ants", "--resume", dir, "--json")
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, stderr)
	}
	var st struct{ Matches, Scheduled int }
	json.Unmarshal([]byte(res), &st)
	after, _ := filepath.Glob(filepath.Join(dir, "*.json.gz"))
	lines, _ := os.ReadFile(filepath.Join(dir, "matches.jsonl"))
	if st.Matches != 240 || st.Scheduled != 240 || len(after) != 240 || strings.Count(string(lines), "\n") < 240 {
		t.Errorf("after resume: %d of %d matches, %d replays (%d before), journal %d lines", st.Matches, st.Scheduled, len(after), len(before), strings.Count(string(lines), "\n"))
	}
	for _, name := range []string{"standings.json", "standings.csv", "event.json"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	csvData, _ := os.ReadFile(filepath.Join(dir, "standings.csv"))
	if !strings.HasPrefix(string(csvData), "place,bot,points") || strings.Count(string(csvData), "\n") != 5 {
		t.Errorf("standings.csv:\n%s", csvData)
	}
}
