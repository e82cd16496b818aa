package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/platformtest"
)

// TestEventControls: the organiser's controls on a data directory, and
// their refusals.
func TestEventControls(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	if _, stderr, code := run(t, "event", "create", "tracks", "--data", data, "--name", "Summer"); code != 0 {
		t.Fatal(stderr)
	}
	out, stderr, code := run(t, "event", "status", "1", "--data", data)
	if code != 0 || !strings.Contains(out, "casual games: running") || !strings.Contains(out, "submissions: open") || !strings.Contains(out, "final ranking: not started") {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	if out, _, code = run(t, "event", "casual", "1", "off", "--data", data); code != 0 || !strings.Contains(out, "casual games: stopped") {
		t.Errorf("casual off: %s", out)
	}
	if out, _, code = run(t, "event", "freeze", "1", "--data", data); code != 0 || !strings.Contains(out, "submissions: frozen") {
		t.Errorf("freeze: %s", out)
	}
	if out, _, code = run(t, "event", "freeze", "1", "--undo", "--data", data); code != 0 || !strings.Contains(out, "submissions: open") {
		t.Errorf("freeze --undo: %s", out)
	}
	if out, _, code = run(t, "event", "publish", "1", "--data", data, "--json"); code != 0 || !strings.Contains(out, `"published"`) {
		t.Errorf("publish: %s", out)
	}
	dir := filepath.Join(t.TempDir(), "out")
	if _, stderr, code = run(t, "event", "export", "1", "--data", data, "--out", dir); code != 0 || !strings.Contains(stderr, "0 replays") {
		t.Errorf("export: exit %d %s", code, stderr)
	}
	for _, f := range []string{"results.json", "results.csv", "replays.tar.gz"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("export: %v", err)
		}
	}
	for _, bad := range [][]string{
		{"event", "casual", "1", "maybe", "--data", data},
		{"event", "final", "1", "--data", data}, // no team has a bot
		{"event", "final", "1", "--games", "0", "--data", data},
		{"event", "status", "7", "--data", data},
		{"event", "status", "x", "--data", data},
		{"event", "export", "1", "--data", data}, // no --out
	} {
		if _, stderr, code := run(t, bad...); code == 0 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", bad, code, stderr)
		}
	}
}

// TestEventRoundRefusals: a round needs teams with bots and settings the
// game plays (a shape set included); the ladder of an event without
// played rounds is empty.
func TestEventRoundRefusals(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	if _, stderr, code := run(t, "event", "create", "territory", "--data", data, "--name", "Ready"); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr, code := run(t, "event", "round", "1", "--data", data, "--players", "4"); code == 0 || !strings.Contains(stderr, "at least 4 teams") {
		t.Errorf("a round without teams: exit %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "event", "round", "1", "--data", data, "--players", "4", "--size", "huge"); code == 0 || !strings.Contains(stderr, "size") {
		t.Errorf("a huge round: exit %d %s", code, stderr)
	}
	// a shape set (territory rules §8), tried on the game when the round is set
	if out, stderr, code := run(t, "event", "round", "1", "--data", data, "--players", "4", "--shape", "square,x", "--at", "2030-01-01T10:00", "--json"); code != 0 || !strings.Contains(out, `"shape": "square,x"`) {
		t.Errorf("a round of shapes square,x: exit %d %s%s", code, out, stderr)
	}
	if _, stderr, code := run(t, "event", "round", "1", "--data", data, "--players", "6", "--shape", "x", "--at", "2030-01-01T10:00"); code == 0 || !strings.Contains(stderr, "the x shape is not used with 6 players") {
		t.Errorf("a 6-player round of x arenas: exit %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "event", "round", "1", "--data", data, "--players", "4", "--shape", "square,hex", "--at", "2030-01-01T10:00"); code == 0 || !strings.Contains(stderr, `unknown shape "hex"`) {
		t.Errorf("a round of shapes square,hex: exit %d %s", code, stderr)
	}
	if out, stderr, code := run(t, "event", "ladder", "1", "--data", data); code != 0 || !strings.Contains(out, "PLACE") {
		t.Errorf("ladder: exit %d %s%s", code, out, stderr)
	}
}

// TestEventRetest: arena event retest on a data directory makes a team
// take its league's test again, by name; an unknown team is named in
// the refusal.
func TestEventRetest(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	if _, stderr, code := run(t, "event", "create", "ants", "--data", data, "--name", "Spring", "--leagues"); code != 0 {
		t.Fatal(stderr)
	}
	p, err := platform.Open(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := p.Store.Event(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	invite, err := p.NewInvite(context.Background(), ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	teams, _ := platformtest.JoinReady(t, p, invite, "Owls")
	if _, err := p.Store.SetLeague(context.Background(), teams[0].ID, 0, 1); err != nil {
		t.Fatal(err)
	}
	p.Close()
	out, stderr, code := run(t, "event", "retest", "1", "--team", "Owls", "--data", data)
	if code != 0 || !strings.Contains(out, "Owls takes league 1's promotion test again: 0 of 0 won, waiting") {
		t.Errorf("retest: exit %d %s%s", code, out, stderr)
	}
	if _, stderr, code = run(t, "event", "retest", "1", "--team", "Nobody", "--data", data); code == 0 || !strings.Contains(stderr, `no team "Nobody"`) {
		t.Errorf("retest of no team: exit %d %s", code, stderr)
	}
}

// TestEventTeamSuspend: arena event team suspend and resume print the
// same on the data directory and through the server, by name or id; the
// team is marked in arena event teams; a team of another event, or none,
// is refused.
func TestEventTeamSuspend(t *testing.T) {
	w := newTwin(t)
	w.create(t, "tracks")
	w.create(t, "tracks")
	w.each(t, func(p *platform.Platform) {
		readyTeams(t, p, 2)
		readyTeamsOf(t, p, 2, 1) // event 2's A-team, team 3
	})
	out, _, code := w.same(t, "event", "team", "suspend", "1", "--team", "A-team", "--reason", "forks busy loops")
	if code != 0 || out != "A-team (team 1) is suspended: forks busy loops\n" {
		t.Errorf("suspend: exit %d %q", code, out)
	}
	if out, _, _ := w.same(t, "event", "teams", "1"); !strings.Contains(out, "A-team (suspended)") || strings.Contains(out, "B-team (suspended)") {
		t.Errorf("teams:\n%s", out)
	}
	if out, _, _ := w.same(t, "event", "team", "suspend", "1", "--team", "2", "--json"); !strings.Contains(out, `"suspended": true`) {
		t.Errorf("suspend by id, --json: %s", out)
	}
	for _, bad := range [][]string{
		{"event", "team", "suspend", "1", "--team", "3"}, // event 2's
		{"event", "team", "suspend", "1", "--team", "Nobody"},
		{"event", "team", "suspend", "1"},
		{"event", "team", "resume", "9", "--team", "A-team"},
	} {
		if _, stderr, code := w.same(t, bad...); code == 0 || stderr == "" {
			t.Errorf("%v: exit %d %q", bad, code, stderr)
		}
	}
	if out, _, code := w.same(t, "event", "team", "resume", "1", "--team", "A-team"); code != 0 || out != "A-team (team 1) is back: its bots play and it may upload again\n" {
		t.Errorf("resume: exit %d %q", code, out)
	}
	w.each(t, func(p *platform.Platform) {
		for id, want := range map[int64]bool{1: false, 2: true, 3: false} {
			if tm, err := p.Store.Team(context.Background(), id); err != nil || tm.Suspended != want {
				t.Errorf("team %d: %+v %v, want suspended %v", id, tm, err, want)
			}
		}
	})
}
