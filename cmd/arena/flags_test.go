package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	out, stderr, code := run(t, "--version")
	if code != 0 || !strings.HasPrefix(out, "arena ") || !strings.Contains(out, "go1") {
		t.Fatalf("exit %d, %q %q", code, out, stderr)
	}
}

// Values that mean nothing are refused with a message, before anything runs.
func TestMeaninglessCountsRefused(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"play", "ants", "--bot", "builtin:random", "--bot", "builtin:random", "--league", "0"}, "--league 0: leagues are numbered from 1"},
		{[]string{"league", "ants", "--bot", "builtin:random", "--league", "-1"}, "--league -1: leagues are numbered from 1"},
		{[]string{"serve", "--cores", "-1"}, "--cores -1"},
		{[]string{"tournament", "ants", "--bot", "builtin:random", "--bot", "builtin:wait", "--bot", "builtin:boss1", "--size", "3"}, "ants matches have 2 players, not 3"},
		{[]string{"play", "ants", "--bot", "builtin:random"}, "ants is played by 2 bots; 1 given"},
		{[]string{"host", "jungle", "--nbOfTeams=abc"}, "The argument 'nbOfTeams' is invalid"},
		{[]string{"host", "tracks"}, `"tracks" has no stand-alone server (only jungle has one; other games: arena play)`},
		{[]string{"maps", "ants"}, `"ants" has no map list (only jungle has one)`},
	}
	for _, c := range cases {
		_, stderr, code := run(t, c.args...)
		if code == 0 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "2 to 2") {
			t.Errorf("arena %s: exit %d, %q; want an error with %q", strings.Join(c.args, " "), code, stderr, c.want)
		}
	}
}

func TestGamesTerritoryPlayers(t *testing.T) {
	out, _, _ := run(t, "games")
	if !strings.Contains(out, "territory  4, 6 or 8") {
		t.Errorf("arena games:\n%s", out)
	}
	out, _, _ = run(t, "games", "territory")
	if !strings.Contains(out, "Players:     4, 6 or 8 (2 to 8 with an arena file)") {
		t.Errorf("arena games territory:\n%s", out)
	}
}

// arena match: --replays DIR (and the former --replay-dir), numbers as
// JSON numbers, and the match's own time figures.
func TestMatchReplaysAndJSONNumbers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	out, stderr, code := run(t, "match", "catmouse", "--bot", "builtin:pursuit", "--bot", "builtin:evasive", "--seed", "3", "--json", "--replays", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var m struct {
		Table   [][]any `json:"table"`
		Players []struct {
			AvgMs, MaxMs, CPUMs float64
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Table[1][0].(float64); !ok || len(m.Players) != 2 {
		t.Fatalf("table %v: the game number must be a JSON number", m.Table)
	}
	for i, p := range m.Players {
		if p.MaxMs <= 0 || p.AvgMs <= 0 || p.AvgMs > p.MaxMs {
			t.Errorf("player %d: avgMs %g maxMs %g; want the match's real figures", i, p.AvgMs, p.MaxMs)
		}
	}
	for g := 1; g <= 3; g++ {
		if _, err := os.Stat(filepath.Join(dir, "game-"+string(rune('0'+g))+".json")); err != nil {
			t.Error(err)
		}
	}
	old := filepath.Join(t.TempDir(), "old")
	if _, stderr, code := run(t, "match", "catmouse", "--bot", "builtin:pursuit", "--bot", "builtin:evasive", "--seed", "3", "--replay-dir", old); code != 0 {
		t.Fatalf("--replay-dir: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(old, "game-3.json")); err != nil {
		t.Error(err)
	}
	if out, _, _ := run(t, "match", "--help"); strings.Contains(out, "replay-dir") || !strings.Contains(out, "--replays") {
		t.Errorf("match --help shows --replays only:\n%s", out)
	}
}

// The maps named in arena maps --help are shipped.
func TestMapsHelpNamesShippedMaps(t *testing.T) {
	help, _, _ := run(t, "maps", "--help")
	list, _, _ := run(t, "maps", "jungle")
	for _, line := range strings.Split(help, "\n") {
		f := strings.Fields(line)
		for i, w := range f {
			name := ""
			if w == "show" && i+1 < len(f) && !strings.Contains(f[i+1], "/") {
				name = f[i+1]
			}
			if v, ok := strings.CutPrefix(w, "map="); ok {
				name = v
			}
			if name != "" && name != "NAME" && !strings.Contains(list, "\n"+name+" ") {
				t.Errorf("arena maps --help names %q, which arena maps jungle does not list", name)
			}
		}
	}
}
