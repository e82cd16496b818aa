package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/sandbox"
)

// twin is a platform twice: a data directory the commands open (--data)
// and one served in this process through its API (httptest and
// platform.Handler), reached with the organiser's token (--server URL
// --token T). The same command on either must print the same.
type twin struct {
	data       string
	served     *platform.Platform
	url, token string
}

func newTwin(t *testing.T) *twin {
	t.Helper()
	ctx := context.Background()
	w := &twin{data: filepath.Join(t.TempDir(), "data")}
	base := t.TempDir()
	os.Chmod(filepath.Dir(base), 0o755) // the sandbox's identity reaches the served platform's builds
	os.Chmod(base, 0o755)
	p, err := platform.Open(ctx, filepath.Join(base, "served"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if w.token, err = p.FirstOrganiserToken(ctx); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(p.Handler(api.Options{}))
	t.Cleanup(ts.Close)
	w.served, w.url = p, ts.URL
	return w
}

// onData opens the data directory's platform in this process for f (to
// set up what no command does), and closes it for the commands.
func (w *twin) onData(t *testing.T, f func(p *platform.Platform)) {
	t.Helper()
	p, err := platform.Open(context.Background(), w.data)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	f(p)
}

func (w *twin) srv() []string { return []string{"--server", w.url, "--token", w.token} }

// each runs f on both platforms: the data directory's opened, then the
// served one.
func (w *twin) each(t *testing.T, f func(p *platform.Platform)) {
	t.Helper()
	w.onData(t, f)
	f(w.served)
}

// times are the outputs' moments (creation, publication...), which differ
// between the two platforms.
var times = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)

// same runs args on the data directory and through the server and checks
// that both print the same (moments aside) with the same exit status; it
// returns the output and the error output.
func (w *twin) same(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	out, errOut, code := run(t, append(args, "--data", w.data)...)
	sout, serrOut, scode := run(t, append(args, w.srv()...)...)
	norm := func(s string) string { return times.ReplaceAllString(s, "TIME") }
	if norm(out) != norm(sout) || norm(errOut) != norm(serrOut) || code != scode {
		t.Errorf("arena %s:\non --data (exit %d):\n%s%s\nthrough --server (exit %d):\n%s%s", strings.Join(args, " "), code, out, errOut, scode, sout, serrOut)
	}
	return out, errOut, code
}

// create makes the same event on both.
func (w *twin) create(t *testing.T, game string) {
	t.Helper()
	if _, stderr, code := run(t, "event", "create", game, "--data", w.data, "--name", "Twin"); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr, code := run(t, append([]string{"event", "create", game, "--name", "Twin"}, w.srv()...)...); code != 0 {
		t.Fatal(stderr)
	}
}

// readyTeams joins n teams to event 1 of p, each with a build made ready
// as a job would (these commands are about the organiser, not builds).
func readyTeams(t *testing.T, p *platform.Platform, n int) []store.Team {
	return readyTeamsOf(t, p, 1, n)
}

func readyTeamsOf(t *testing.T, p *platform.Platform, event int64, n int) []store.Team {
	t.Helper()
	ctx := context.Background()
	invite, err := p.NewInvite(ctx, event)
	if err != nil {
		t.Fatal(err)
	}
	var teams []store.Team
	for i := range n {
		tm, _, err := p.Join(ctx, invite, string(rune('A'+i))+"-team")
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "bot.py", []byte("print(1)\n"))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", []byte("built\n")); err != nil {
			t.Fatal(err)
		}
		tm.Active = s.ID
		teams = append(teams, tm)
	}
	return teams
}

// TestEventControlsThroughTheServer: status, casual, freeze (and --undo),
// final, publish and export print the same on the data directory and
// through the server, refuse the same, and export downloads the same
// results and every replay.
func TestEventControlsThroughTheServer(t *testing.T) {
	w := newTwin(t)
	w.create(t, "tracks")
	w.each(t, func(p *platform.Platform) {
		teams := readyTeams(t, p, 2)
		ctx := context.Background()
		rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "tracks",
			Turns: []replay.Turn{{Replies: []replay.Reply{{Stderr: "a-log"}, {Stderr: "b-log"}}}}}
		if err := p.Replays.Put("casual-twin-1", rep); err != nil {
			t.Fatal(err)
		}
		if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: 1, Key: "casual-twin-1", Teams: []int64{teams[0].ID, teams[1].ID},
			Submissions: []int64{teams[0].Active, teams[1].Active}, Ranks: []int{1, 2}}, nil); err != nil {
			t.Fatal(err)
		}
	})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"event", "status", "1"}, "casual games: running"},
		{[]string{"event", "status", "1", "--json"}, `"final_done": false`},
		{[]string{"event", "casual", "1", "off"}, "casual games: stopped"},
		{[]string{"event", "casual", "1", "on", "--json"}, `"event": 1`},
		{[]string{"event", "freeze", "1"}, "submissions: frozen"},
		{[]string{"event", "freeze", "1", "--undo"}, "submissions: open"},
		{[]string{"event", "final", "1", "--games", "4"}, "final ranking: started TIME"},
		{[]string{"event", "freeze", "1", "--undo"}, ""}, // refused once the final has started
		{[]string{"event", "publish", "1"}, "results: published TIME"},
		{[]string{"event", "status", "1", "--json"}, `"published": "TIME"`},
	} {
		out, errOut, _ := w.same(t, c.args...)
		if got := times.ReplaceAllString(out, "TIME"); !strings.Contains(got, c.want) {
			t.Errorf("arena %s: want %q in:\n%s%s", strings.Join(c.args, " "), c.want, out, errOut)
		}
	}
	for _, bad := range [][]string{
		{"event", "casual", "1", "maybe"},
		{"event", "final", "1", "--games", "0"},
		{"event", "status", "7"},
		{"event", "freeze", "7", "--undo"},
		{"event", "status", "x"},
	} {
		if _, errOut, code := w.same(t, bad...); code == 0 || errOut == "" || strings.Contains(errOut, "HTTP") {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errOut)
		}
	}
	// export: the same files (the archive's replays by name)
	dirs := []string{filepath.Join(t.TempDir(), "data-out"), filepath.Join(t.TempDir(), "server-out")}
	_, e1, c1 := run(t, "event", "export", "1", "--data", w.data, "--out", dirs[0])
	_, e2, c2 := run(t, append([]string{"event", "export", "1", "--out", dirs[1]}, w.srv()...)...)
	if c1 != 0 || c2 != 0 || strings.TrimPrefix(e1, dirs[0]) != strings.TrimPrefix(e2, dirs[1]) || !strings.Contains(e2, "(2 teams, provisional), replays.tar.gz (1 replays)") {
		t.Fatalf("export: exit %d %q, through the server exit %d %q", c1, e1, c2, e2)
	}
	for _, f := range []string{"results.json", "results.csv"} {
		a, _ := os.ReadFile(filepath.Join(dirs[0], f))
		b, err := os.ReadFile(filepath.Join(dirs[1], f))
		if err != nil || len(a) == 0 || string(times.ReplaceAll(a, nil)) != string(times.ReplaceAll(b, nil)) {
			t.Errorf("%s differs (%v):\n%s\n%s", f, err, a, b)
		}
	}
	for _, d := range dirs {
		f, err := os.Open(filepath.Join(d, "replays.tar.gz"))
		if err != nil {
			t.Fatal(err)
		}
		n, err := client.CountReplays(f)
		f.Close()
		if n != 1 || err != nil {
			t.Errorf("%s: %d replays, %v", d, n, err)
		}
	}
	if entries, _ := os.ReadDir(dirs[1]); len(entries) != 3 {
		t.Errorf("the export through the server left %d files", len(entries))
	}
}

// TestEventCommandsThroughTheServerRefuse: a wrong token, a team's token,
// no token, no server answering and both --data and --server are each
// told in words.
func TestEventCommandsThroughTheServerRefuse(t *testing.T) {
	w := newTwin(t)
	w.create(t, "tracks")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String()
	ln.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--server", w.url, "--token", w.token[:len(w.token)-4] + "abcd"}, "this token is not valid"},
		{[]string{"--server", w.url}, "no token: give the organiser's --token T"},
		{[]string{"--server", dead, "--token", w.token}, "cannot reach the server " + dead},
		{[]string{"--server", w.url, "--token", w.token, "--data", w.data}, "give one of --data DIR, --db URL or --server URL"},
		{nil, "--server URL --token T"},
	} {
		for _, cmd := range [][]string{{"event", "status", "1"}, {"event", "ladder", "1"}, {"event", "publish", "1"}} {
			if _, errOut, code := run(t, append(cmd, c.args...)...); code == 0 || !strings.Contains(errOut, c.want) {
				t.Errorf("arena %s %s: exit %d %q, want %q", strings.Join(cmd, " "), strings.Join(c.args, " "), code, errOut, c.want)
			}
		}
	}
}

// TestEventRoundsThroughTheServer: a ranked round and the ladder print the
// same on the data directory and through the server, refusals included.
func TestEventRoundsThroughTheServer(t *testing.T) {
	w := newTwin(t)
	w.create(t, "territory")
	w.same(t, "event", "round", "1", "--players", "4") // no teams yet: refused
	w.same(t, "event", "ladder", "1")
	w.each(t, func(p *platform.Platform) { readyTeams(t, p, 4) })
	for _, args := range [][]string{
		{"event", "round", "1", "--players", "4", "--size", "huge"},
		{"event", "round", "1", "--players", "4", "--seed", "7"},
		{"event", "round", "1", "--players", "4", "--seed", "8", "--multiplier", "2", "--json"},
		{"event", "round", "1", "--players", "4", "--at", "2030-01-01T10:00", "--seed", "9"},
		{"event", "ladder", "1"},
		{"event", "ladder", "1", "--json"},
	} {
		w.same(t, args...)
	}
	if out, _, _ := run(t, append([]string{"event", "ladder", "1"}, w.srv()...)...); !strings.Contains(out, "round 2: 4 players x2, 0 of 1 games played") || !strings.Contains(out, "D-team") {
		t.Errorf("the ladder through the server:\n%s", out)
	}
}

// TestEventFormatsThroughTheServer: the Cod'INSA spawn vote's commands
// and the Blitz schedule and status print the same on the data directory
// and through the server; a round, a final or a round robin that cannot
// be played is refused with the same words either way; the options that
// only the data directory takes are refused through the server.
func TestEventFormatsThroughTheServer(t *testing.T) {
	w := newTwin(t)
	for _, game := range []string{"catmouse", "jungle", "tracks"} {
		w.create(t, game)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	set0 := write("set0", "CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n")
	secret := write("secret", "CATMOUSE-SPAWN 1\nID 9\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n")
	near := write("near", "CATMOUSE-SPAWN 1\nID 9\nMOUSE 0 0\nCAT 0 2\nEND\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"event", "spawns", "publish", "1", "--set0", set0, "--secret", near}, "at least 5 are required"},
		{[]string{"event", "spawns", "publish", "1", "--set0", set0, "--secret", secret}, "map and set 0 published"},
		{[]string{"event", "spawns", "show", "1"}, "chosen: set 0 (no team set"},
		{[]string{"event", "spawns", "close", "1"}, "the spawn vote is closed"},
		{[]string{"event", "spawns", "show", "1", "--json"}, `"closed": true`},
		{[]string{"event", "spawns", "show", "3"}, "catmouse"},
		{[]string{"event", "blitz", "stop", "2"}, "event 2 has no schedule of ranked rounds to stop"},
		{[]string{"event", "blitz", "schedule", "2", "--start", "friday 18h"}, "RFC 3339"},
		{[]string{"event", "blitz", "schedule", "2", "--start", "2022-01-21T18:00:00-05:00", "--size", "3"}, "groups have 2 or 4 teams"},
		{[]string{"event", "blitz", "schedule", "2", "--start", "2022-01-21T18:00:00-05:00", "--every", "2h"}, "every 2h0m0s"},
		{[]string{"event", "blitz", "status", "2"}, "groups of 4; 0 played"},
		{[]string{"event", "blitz", "status", "2", "--json"}, `"every": 7200000000000`},
		{[]string{"event", "blitz", "status", "2"}, "next round due 2022-01-21T18:00:00-05:00"},
		{[]string{"event", "blitz", "stop", "2"}, "event 2: the ranked rounds' schedule is stopped"},
		{[]string{"event", "blitz", "status", "2"}, "schedule stopped (rounds every 2h0m0s"},
		{[]string{"event", "blitz", "stop", "2", "--json"}, `"stopped": true`},
		{[]string{"event", "blitz", "schedule", "2", "--start", "2022-01-21T18:00:00-05:00", "--rounds", "3"}, "every 1h0m0s"},
		{[]string{"event", "blitz", "status", "2", "--json"}, `"rounds": 3`},
		{[]string{"event", "blitz", "status", "2"}, "groups of 4; 0 played; next round due"},
		// the event's end comes before the schedule's next round: none
		{[]string{"event", "update", "2", "--start", "2022-01-01T00:00", "--end", "2022-01-21T17:00:00-05:00"}, "Twin"},
		{[]string{"event", "blitz", "status", "2"}, "0 played; no more rounds of it: the event ends 2022-01-21T22:00:00Z"},
		{[]string{"event", "blitz", "status", "2", "--json"}, `"event_end": "2022-01-21T22:00:00Z"`},
		{[]string{"event", "update", "2", "--start", "", "--end", ""}, "Twin"}, // open again, for the teams below
		{[]string{"event", "blitz", "status", "3"}, "jungle"},
		{[]string{"event", "blitz", "status", "9"}, "event 9: not found"},
	} {
		out, errOut, _ := w.same(t, c.args...)
		if !strings.Contains(out+errOut, c.want) {
			t.Errorf("arena %s: want %q in:\n%s%s", strings.Join(c.args, " "), c.want, out, errOut)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"event", "roundrobin", "1"}, "the final needs at least 2 teams with a ready bot; 0 have one"},
		{[]string{"event", "blitz", "round", "2"}, "a ranked round needs at least 2 teams with a ready bot; 0 have one"},
		{[]string{"event", "blitz", "final", "2"}, "the final needs at least 2 teams with a ready bot; 0 have one"},
	} {
		_, e1, c1 := run(t, append(c.args, "--data", w.data, "--unsafe-no-sandbox")...)
		_, e2, c2 := run(t, append(c.args, w.srv()...)...)
		if c1 == 0 || c2 == 0 || e1 != e2 || !strings.Contains(e2, c.want) {
			t.Errorf("arena %s: on --data exit %d %q, through the server exit %d %q", strings.Join(c.args, " "), c1, e1, c2, e2)
		}
	}
	// with teams, the server is asked (and plays nothing here: no jobs run)
	readyTeamsOf(t, w.served, 1, 2)
	readyTeamsOf(t, w.served, 2, 2)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"event", "blitz", "round", "2"}, "event 2: ranked round 1 asked"},
		{[]string{"event", "blitz", "final", "2", "--json"}, `"asked": "final"`},
		{[]string{"event", "roundrobin", "1", "--seed", "3"}, "event 1: the final asked (2 teams, 1 matches, 0 played)"},
		{[]string{"event", "roundrobin", "1", "--json"}, `"matches": 1`},
	} {
		if out, errOut, code := run(t, append(c.args, w.srv()...)...); code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("arena %s through the server: exit %d %s%s", strings.Join(c.args, " "), code, out, errOut)
		}
	}
	for _, args := range [][]string{
		{"event", "roundrobin", "1", "--cores", "2"},
		{"event", "roundrobin", "1", "--unsafe-no-sandbox"},
		{"event", "blitz", "round", "2", "--unsafe-no-sandbox"},
	} {
		if _, errOut, code := run(t, append(args, w.srv()...)...); code == 0 || !strings.Contains(errOut, "goes with --data or --db") {
			t.Errorf("arena %s through the server: exit %d %q", strings.Join(args, " "), code, errOut)
		}
	}
}

// TestEventRoundCancelAndChange: arena event round --cancel N and
// --change N on a scheduled round print the same on the data directory
// and through the server; a changed round keeps what is not given (its
// seed), a cancelled one is listed so by the ladder, and a started round
// refuses both.
func TestEventRoundCancelAndChange(t *testing.T) {
	w := newTwin(t)
	w.create(t, "territory")
	w.each(t, func(p *platform.Platform) { readyTeams(t, p, 4) })
	for _, args := range [][]string{
		{"event", "round", "1", "--players", "4", "--at", "2030-01-01T10:00", "--seed", "9"},
		{"event", "round", "1", "--players", "4", "--at", "2030-01-01T11:00", "--seed", "10"},
		{"event", "round", "1", "--players", "4", "--seed", "11"}, // now: started
	} {
		if _, errOut, code := w.same(t, args...); code != 0 {
			t.Fatal(errOut)
		}
	}
	out, _, code := w.same(t, "event", "round", "1", "--change", "1", "--size", "large", "--multiplier", "3")
	if want := "round 1: 4-player games (x3), seed 9, to be played at 2030-01-01T10:00:00Z\n"; code != 0 || out != want {
		t.Errorf("--change 1: %q, want %q", out, want)
	}
	if out, _, code := w.same(t, "event", "round", "1", "--cancel", "2"); code != 0 || out != "round 2 cancelled: it will not be played\n" {
		t.Errorf("--cancel 2: exit %d %q", code, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--cancel", "2"}, "round 2 is cancelled"},
		{[]string{"--change", "2", "--players", "4"}, "round 2 is cancelled"},
		{[]string{"--cancel", "3"}, "round 3 has started"},
		{[]string{"--change", "3", "--size", "large"}, "round 3 has started"},
		{[]string{"--cancel", "4"}, "no round 4"},
		{[]string{"--change", "4"}, "no round 4"},
		{[]string{"--change", "1", "--players", "6", "--shape", "x"}, "6-player round"},
		{[]string{"--cancel", "1", "--players", "6"}, "none of the others can be"},
	} {
		if _, errOut, code := w.same(t, append([]string{"event", "round", "1"}, c.args...)...); code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("round %s: exit %d %q, want %q", strings.Join(c.args, " "), code, errOut, c.want)
		}
	}
	out, _, _ = w.same(t, "event", "ladder", "1")
	for _, want := range []string{"round 1: 4 players x3, 0 of 0 games played (to be played at 2030-01-01T10:00:00Z)", "round 2: 4 players x1, 0 of 0 games played (cancelled)", "round 3: 4 players x1, 0 of 1 games played\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the ladder lacks %q:\n%s", want, out)
		}
	}
	w.each(t, func(p *platform.Platform) {
		var rs []struct { // the rounds' state, as the format keeps it
			Seed      int64     `json:"seed"`
			Size      string    `json:"size"`
			Players   int       `json:"players"`
			Cancelled time.Time `json:"cancelled"`
		}
		err := eventState(p, 1, "rounds", &rs)
		if err != nil || rs[0].Seed != 9 || rs[0].Size != "large" || rs[0].Players != 4 || rs[1].Cancelled.IsZero() {
			t.Errorf("the rounds: %+v %v", rs, err)
		}
	})
}

// TestEventFinalsThroughTheServerWait: through a server that plays (its
// jobs and its clock running, the teams' kit bots built in the sandbox),
// blitz round --wait, blitz final --wait and roundrobin --wait ask it to
// play, follow the games and print the round, the bracket and the table;
// roundrobin without --wait only asks, and once the final is over prints
// its table again.
func TestEventFinalsThroughTheServerWait(t *testing.T) {
	if err := sandbox.Ready(); err != nil {
		t.Skipf("the teams' bots build and play in the sandbox: %v", err)
	}
	w := newTwin(t)
	ctx := context.Background()
	srv := w.srv()
	for _, args := range [][]string{
		{"event", "create", "catmouse", "--name", "Cod'INSA"},
		{"event", "create", "jungle", "--name", "Blitz", "--maps", "clearing", "--opt", "nb_ticks=60"},
	} {
		if _, stderr, code := run(t, append(args, srv...)...); code != 0 {
			t.Fatal(stderr)
		}
	}
	if err := w.served.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond, Matches: 1}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.served.StopJobs(ctx) })
	// two teams per event, each with its game's Python kit
	for ev, game := range map[int64]string{1: "catmouse", 2: "jungle"} {
		kit := filepath.Join(t.TempDir(), "kit")
		if _, stderr, code := run(t, "kit", game, "python", kit); code != 0 {
			t.Fatal(stderr)
		}
		name, zip, err := uploadOf(kit)
		if err != nil {
			t.Fatal(err)
		}
		invite, err := w.served.NewInvite(ctx, ev)
		if err != nil {
			t.Fatal(err)
		}
		for _, team := range []string{"Owls", "Bats"} {
			tm, _, err := w.served.Join(ctx, invite, team+"-"+game)
			if err != nil {
				t.Fatal(err)
			}
			s, err := w.served.Submit(ctx, tm, name, zip)
			if err != nil {
				t.Fatal(err)
			}
			for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(100 * time.Millisecond) {
				b, err := w.served.Store.Submission(ctx, s.ID)
				if err != nil || b.Status == store.StatusFailed || time.Now().After(deadline) {
					t.Fatalf("%s's build: %+v %v", team, b, err)
				}
				if b.Status == store.StatusReady {
					break
				}
			}
		}
	}
	out, stderr, code := run(t, append([]string{"event", "blitz", "round", "2", "--wait"}, srv...)...)
	if code != 0 || !strings.Contains(out, "RANK") || !strings.Contains(out, "Owls-jungle") || !strings.Contains(out, "ranked round 1 (") {
		t.Errorf("blitz round --wait: exit %d\n%s%s", code, out, stderr)
	}
	out, stderr, code = run(t, append([]string{"event", "blitz", "final", "2", "--size", "2", "--wait"}, srv...)...)
	if code != 0 || !strings.Contains(out, "PLACE") || !strings.Contains(out, "Bats-jungle") {
		t.Errorf("blitz final --wait: exit %d\n%s%s", code, out, stderr)
	}
	spawn := filepath.Join(t.TempDir(), "set")
	os.WriteFile(spawn+"0", []byte("CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n"), 0o644)
	os.WriteFile(spawn+"9", []byte("CATMOUSE-SPAWN 1\nID 9\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n"), 0o644)
	for _, args := range [][]string{
		{"event", "spawns", "publish", "1", "--set0", spawn + "0", "--secret", spawn + "9"},
		{"event", "spawns", "close", "1"},
	} {
		if _, stderr, code := run(t, append(args, srv...)...); code != 0 {
			t.Fatal(stderr)
		}
	}
	if out, stderr, code := run(t, append([]string{"event", "roundrobin", "1", "--seed", "5"}, srv...)...); code != 0 || !strings.Contains(out, "the final asked (2 teams, 1 matches") {
		t.Errorf("roundrobin: exit %d\n%s%s", code, out, stderr)
	}
	out, stderr, code = run(t, append([]string{"event", "roundrobin", "1", "--wait"}, srv...)...)
	if code != 0 || !strings.Contains(out, "PLACE") || !strings.Contains(out, "Owls-catmouse") || strings.Contains(out, "not over") {
		t.Errorf("roundrobin --wait: exit %d\n%s%s", code, out, stderr)
	}
	again, stderr, code := run(t, append([]string{"event", "roundrobin", "1"}, srv...)...)
	if code != 0 || again != out {
		t.Errorf("roundrobin once over: exit %d\n%s%s\nwant\n%s", code, again, stderr, out)
	}
}

// TestEventControlsOnTheDatabase: the controls and the ranked rounds'
// commands open a platform on PostgreSQL (--db URL) as a data directory.
func TestEventControlsOnTheDatabase(t *testing.T) {
	url := pgtest.URL(t)
	if _, stderr, code := run(t, "event", "create", "territory", "--db", url, "--name", "Ready"); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(t.TempDir(), "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"event", "status", "1"}, "casual games: running"},
		{[]string{"event", "casual", "1", "off"}, "casual games: stopped"},
		{[]string{"event", "freeze", "1"}, "submissions: frozen"},
		{[]string{"event", "freeze", "1", "--undo"}, "submissions: open"},
		{[]string{"event", "publish", "1"}, "results: published"},
		{[]string{"event", "export", "1", "--out", out}, "results: published"},
		{[]string{"event", "round", "1", "--players", "4", "--at", "2030-01-01T10:00"}, "to be played at 2030-01-01T10:00:00Z"},
		{[]string{"event", "ladder", "1"}, "round 1: 4 players x1, 0 of 0 games played (to be played at 2030"},
	} {
		if got, stderr, code := run(t, append(c.args, "--db", url)...); code != 0 || !strings.Contains(got, c.want) {
			t.Errorf("arena %s --db: exit %d\n%s%s", strings.Join(c.args, " "), code, got, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "replays.tar.gz")); err != nil {
		t.Error(err)
	}
}

// eventState reads an event's state document name into out.
func eventState(p *platform.Platform, event int64, name string, out any) error {
	doc, err := p.Store.EventState(context.Background(), event, name)
	if err != nil || doc == nil {
		return err
	}
	return json.Unmarshal(doc, out)
}
