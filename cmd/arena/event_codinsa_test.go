package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Cod'INSA organiser commands on a data directory: publish checks
// the sets on the map, show gives the organiser's view, close closes, and
// the final refuses to start without two teams with a bot.
func TestEventSpawnsCommands(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if _, stderr, code := run(t, "event", "create", "catmouse", "--data", data, "--name", "Final"); code != 0 {
		t.Fatal(stderr)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	set0 := write("set0", "CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n")
	secret := write("secret", "CATMOUSE-SPAWN 1\nID 9\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n")
	near := write("near", "CATMOUSE-SPAWN 1\nID 9\nMOUSE 0 0\nCAT 0 2\nEND\n")
	if _, stderr, code := run(t, "event", "spawns", "publish", "1", "--data", data, "--set0", set0, "--secret", near); code == 0 || !strings.Contains(stderr, "at least 5 are required") {
		t.Errorf("a secret set with a cat 2 steps away: exit %d %s", code, stderr)
	}
	if out, stderr, code := run(t, "event", "spawns", "publish", "1", "--data", data, "--set0", set0, "--secret", secret); code != 0 || !strings.Contains(out, "published") {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	if out, _, code := run(t, "event", "spawns", "show", "1", "--data", data); code != 0 || !strings.Contains(out, "vote open") || !strings.Contains(out, "chosen: set 0 (no team set") {
		t.Errorf("show: exit %d %s", code, out)
	}
	if out, stderr, code := run(t, "event", "spawns", "close", "1", "--data", data); code != 0 || !strings.Contains(out, "closed") {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	if out, _, code := run(t, "event", "spawns", "show", "1", "--data", data, "--json"); code != 0 || !strings.Contains(out, `"closed": true`) {
		t.Errorf("show --json: exit %d %s", code, out)
	}
	if _, stderr, code := run(t, "event", "roundrobin", "1", "--data", data, "--unsafe-no-sandbox"); code == 0 || !strings.Contains(stderr, "at least 2 teams with a ready bot") {
		t.Errorf("a final without teams: exit %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "event", "create", "tracks", "--data", data, "--name", "Summer"); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr, code := run(t, "event", "spawns", "show", "2", "--data", data); code == 0 || !strings.Contains(stderr, "catmouse") {
		t.Errorf("a tracks event's spawns: exit %d %s", code, stderr)
	}
}

// The Blitz commands: a schedule is checked and shown; a round needs two
// teams with a bot; another game's event is refused.
func TestEventBlitzCommands(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	if _, stderr, code := run(t, "event", "create", "jungle", "--data", data, "--name", "Blitz"); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr, code := run(t, "event", "blitz", "schedule", "1", "--data", data, "--start", "friday 18h"); code == 0 || !strings.Contains(stderr, "RFC 3339") {
		t.Errorf("a bad start: exit %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "event", "blitz", "schedule", "1", "--data", data, "--start", "2022-01-21T18:00:00-05:00", "--size", "3"); code == 0 || !strings.Contains(stderr, "groups have 2 or 4 teams") {
		t.Errorf("groups of 3: exit %d %s", code, stderr)
	}
	if out, stderr, code := run(t, "event", "blitz", "schedule", "1", "--data", data, "--start", "2022-01-21T18:00:00-05:00", "--every", "2h"); code != 0 || !strings.Contains(out, "every 2h0m0s") {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	if out, _, code := run(t, "event", "blitz", "status", "1", "--data", data); code != 0 || !strings.Contains(out, "groups of 4; 0 played") {
		t.Errorf("status: exit %d %s", code, out)
	}
	if _, stderr, code := run(t, "event", "blitz", "round", "1", "--data", data, "--unsafe-no-sandbox"); code == 0 || !strings.Contains(stderr, "at least 2 teams with a ready bot") {
		t.Errorf("a round without teams: exit %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "event", "create", "ants", "--data", data, "--name", "Ants"); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr, code := run(t, "event", "blitz", "status", "2", "--data", data); code == 0 || !strings.Contains(stderr, "jungle") {
		t.Errorf("an ants event: exit %d %s", code, stderr)
	}
}
