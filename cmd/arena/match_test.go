package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := run(t, "match", "catmouse", "--bot", "builtin:pursuit", "--bot", "builtin:evasive",
		"--seed", "3", "--opt", "maxturns=40", "--replays", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"game 1: ", "game 3: ", "catmouse match, seed 3, 3 games", "game 2 plays set 2 (team-beta)",
		"GAME", "pursuit OWN", "TOTAL", "RANK", "replay of game 3: "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for g := 1; g <= 3; g++ {
		path := filepath.Join(dir, "game-"+string(rune('0'+g))+".json")
		if out, errOut, code := run(t, "replay", "verify", path); code != 0 {
			t.Errorf("verify %s: %s%s", path, out, errOut)
		}
	}

	// An organiser's spawn file, JSON output.
	spawns := filepath.Join(dir, "spawns.txt")
	os.WriteFile(spawns, []byte("CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -6\nCAT 0 6\nEND\n"+
		"CATMOUSE-SPAWN 1\nID 3\nNAME blue\nMOUSE 0 0\nCAT 6 -6\nEND\n"+
		"CATMOUSE-SPAWN 1\nID 9\nMOUSE 0 0\nCAT -6 0\nCAT 6 0\nEND\n"), 0o644)
	out, errOut, code = run(t, "match", "catmouse", "--bot", "a=builtin:random", "--bot", "b=builtin:random",
		"--spawns", spawns, "--opt", "map=open", "--opt", "maxturns=20", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Game    string
		Summary string
		Notes   []string
		Table   [][]any
		Players []struct {
			Bot    string
			Rank   int
			Status string
		}
		Games []struct{ Summary string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if res.Game != "catmouse" || len(res.Games) != 3 || len(res.Players) != 2 || res.Players[0].Bot != "a" || len(res.Table) != 5 ||
		len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "game 2 plays set 3 (blue): no valid vote") {
		t.Errorf("JSON result %+v", res)
	}
	if res.Table[2][1] != 3.0 {
		t.Errorf("game 2 must play set 3: %v", res.Table[2])
	}

	// Errors a user can act on.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "ants", "--bot", "builtin:boss1", "--bot", "builtin:boss1", "--spawns", "x.txt"}, "--spawns is for games played on spawn sets"},
		{[]string{"match", "catmouse", "--bot", "builtin:random", "--bot", "builtin:random", "--opt", "spawn=0:0,0/0,-5/0,5"}, "--spawns FILE"},
		{[]string{"match", "catmouse", "--bot", "builtin:random", "--bot", "builtin:random", "--spawns", filepath.Join(dir, "missing.txt")}, "cannot read"},
	} {
		_, errOut, code := run(t, c.args...)
		if code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want an error about %q", c.args, code, errOut, c.want)
		}
	}
	_, errOut, code = run(t, "match", "ants", "--bot", "builtin:boss1", "--bot", "builtin:boss1")
	if code == 0 || !strings.Contains(errOut, "no match format") {
		t.Errorf("a game without a series: exit %d, %q", code, errOut)
	}
}
