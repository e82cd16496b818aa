package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/build/buildtest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/sandbox"
)

// startPlatform runs arena serve --data on a free port and returns its URL.
func startPlatform(t *testing.T, data string, extra ...string) string {
	url, _, _ := startPlatformOut(t, data, extra...)
	return url
}

// startPlatformOut is startPlatform that also returns the lines the server
// printed up to the viewer's address and the next one (the organiser's),
// and a stop that ends it (as Ctrl-C) and waits for its end.
func startPlatformOut(t *testing.T, data string, extra ...string) (string, []string, func()) {
	t.Helper()
	args := append([]string{"serve", "--data", data, "--addr", "127.0.0.1:0", "--replays", filepath.Join(t.TempDir(), "replays")}, extra...)
	cmd := exec.Command(arena, args...)
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop := func() { once.Do(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }) }
	t.Cleanup(stop)
	type started struct {
		url   string
		lines []string
	}
	urls := make(chan started, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		var lines []string
		url := ""
		for sc.Scan() {
			lines = append(lines, sc.Text())
			if url != "" { // the line after the viewer's: the organiser's
				urls <- started{url, lines}
				url = "sent"
			}
			if _, u, ok := strings.Cut(sc.Text(), "Arena viewer on "); ok && url == "" {
				url = strings.Fields(u)[0]
			}
		}
		close(urls)
	}()
	select {
	case s, ok := <-urls:
		if !ok {
			t.Fatalf("arena serve --data ended: %s", stderr.String())
		}
		return s.url, s.lines, stop
	case <-time.After(2 * time.Minute):
		t.Fatalf("arena serve --data did not start: %s", stderr.String())
	}
	return "", nil, nil
}

// TestOrganiserThroughTheServer: the first start prints the organiser's
// link once; the event commands work through the server with its token;
// arena organiser token makes a new one and the old one stops working.
func TestOrganiserThroughTheServer(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	url, lines, stop := startPlatformOut(t, data, "--unsafe-no-sandbox", "--casual-matches", "0")
	out := strings.Join(lines, "\n")
	_, link, ok := strings.Cut(out, "Organiser link (shown once, only its hash is kept): ")
	if !ok || !strings.HasPrefix(link, url+"/platform/organiser#org-") {
		t.Fatalf("no organiser link:\n%s", out)
	}
	org := strings.TrimSpace(strings.SplitN(link, "#", 2)[1])
	org = strings.Fields(org)[0]
	srv := []string{"--server", url, "--token", org}
	out, stderr, code := run(t, append([]string{"event", "create", "jungle", "--name", "Blitz", "--seats", "2,4", "--maps", "canopy", "--json"}, srv...)...)
	var created struct {
		Event  struct{ ID int64 }
		Invite string
	}
	if err := json.Unmarshal([]byte(out), &created); err != nil || code != 0 || created.Event.ID != 1 {
		t.Fatalf("create through the server: %d %v %s%s", code, err, out, stderr)
	}
	if _, stderr, code := run(t, append([]string{"event", "create", "ants", "--name", "x", "--seats", "3"}, srv...)...); code == 0 || !strings.Contains(stderr, "not 3") {
		t.Fatalf("bad seats through the server: %d %s", code, stderr)
	}
	if out, stderr, code := run(t, append([]string{"event", "update", "1", "--turn-ms", "300"}, srv...)...); code != 0 || !strings.Contains(out, "turn 300 ms") || !strings.Contains(out, "seats:       2,4") {
		t.Fatalf("update through the server: %d %s%s", code, out, stderr)
	}
	if out, _, code := run(t, append([]string{"event", "list"}, srv...)...); code != 0 || !strings.Contains(out, "Blitz") {
		t.Fatalf("list through the server: %s", out)
	}
	if out, _, code := run(t, "team", "join", "--server", url, "--invite", created.Invite, "--name", "Owls", "--member", "Ada", "--member", "Bob"); code != 0 {
		t.Fatalf("join: %s", out)
	}
	if out, _, code := run(t, append([]string{"event", "teams", "1"}, srv...)...); code != 0 || !strings.Contains(out, "Ada, Bob") {
		t.Fatalf("teams through the server:\n%s", out)
	}
	out, _, code = run(t, append([]string{"event", "invite", "1"}, srv...)...)
	if code != 0 || !strings.Contains(out, "invite-") {
		t.Fatalf("a new invitation through the server: %s", out)
	}
	newInvite := strings.TrimSpace(out[strings.Index(out, "invite-"):])
	// revoked: the invitation just made no longer lets a team join
	if out, _, code := run(t, append([]string{"event", "invite", "1", "--revoke"}, srv...)...); code != 0 || strings.Contains(out, "invite-") || !strings.Contains(out, "no longer works") {
		t.Fatalf("revoking the invitation: %s", out)
	}
	if _, stderr, code := run(t, "team", "join", "--server", url, "--invite", newInvite, "--name", "Late"); code == 0 || !strings.Contains(stderr, "not valid") {
		t.Fatalf("joining with a revoked invitation: %d %s", code, stderr)
	}
	// the same, on the data directory
	if out, _, code := run(t, "event", "show", "1", "--data", data); code != 0 || !strings.Contains(out, "turn 300 ms") {
		t.Fatalf("show on the data directory: %s", out)
	}
	if out, _, code := run(t, "event", "matches", "1", "--data", data); code != 0 || !strings.Contains(out, "no match") {
		t.Fatalf("matches on the data directory: %s", out)
	}
	if _, stderr, code := run(t, "event", "list", "--server", url, "--token", "team-0000000000000000-00000000000000000000000000000000"); code == 0 || !strings.Contains(stderr, "not valid") {
		t.Fatalf("a wrong token: %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "event", "list"); code == 0 || !strings.Contains(stderr, "--data DIR") {
		t.Fatalf("neither --data nor --server: %d %s", code, stderr)
	}
	// a new organiser token; the old one is refused
	out, stderr, code = run(t, "organiser", "token", "--data", data, "--url", url, "--json")
	var fresh struct{ Token, Link string }
	if err := json.Unmarshal([]byte(out), &fresh); err != nil || code != 0 || fresh.Link != url+"/platform/organiser#"+fresh.Token {
		t.Fatalf("organiser token: %d %v %s%s", code, err, out, stderr)
	}
	if _, stderr, code := run(t, append([]string{"event", "list"}, srv...)...); code == 0 || !strings.Contains(stderr, "not valid") {
		t.Fatalf("the old organiser token: %d %s", code, stderr)
	}
	if out, _, code := run(t, "event", "list", "--server", url, "--token", fresh.Token); code != 0 || !strings.Contains(out, "Blitz") {
		t.Fatalf("the new organiser token: %s", out)
	}
	// a second start prints no token (one server at a time runs a data
	// directory's jobs: the first stops)
	stop()
	_, lines, _ = startPlatformOut(t, data, "--unsafe-no-sandbox", "--casual-matches", "0")
	if out := strings.Join(lines, "\n"); strings.Contains(out, "org-") || !strings.Contains(out, "arena organiser token") {
		t.Fatalf("a second start:\n%s", out)
	}
}

// TestPlatformFromTheCommandLine: an organiser creates an event, two teams
// join, one submits a kit directory that builds, the other a file that
// does not, and each sees its own build and log.
func TestPlatformFromTheCommandLine(t *testing.T) {
	if err := sandbox.Ready(); err != nil {
		t.Skip(err)
	}
	base := t.TempDir()
	os.Chmod(filepath.Dir(base), 0o755) // the sandbox's identity reaches the data dir
	os.Chmod(base, 0o755)
	data := filepath.Join(base, "data")
	out, stderr, code := run(t, "event", "create", "tracks", "--data", data, "--name", "Summer", "--json")
	if code != 0 {
		t.Fatalf("%d %s", code, stderr)
	}
	var ev struct{ Invite string }
	json.Unmarshal([]byte(out), &ev)
	url := startPlatform(t, data)

	token := func(team string) string {
		out, stderr, code := run(t, "team", "join", "--server", url, "--invite", ev.Invite, "--name", team)
		_, tok, ok := strings.Cut(out, "token (shown once, only its hash is kept): ")
		if code != 0 || !ok {
			t.Fatalf("team join %s: %d %s%s", team, code, out, stderr)
		}
		return strings.TrimSpace(tok)
	}
	owls, bats := token("Owls"), token("Bats")

	kit := filepath.Join(t.TempDir(), "kit")
	if _, stderr, code := run(t, "kit", "tracks", "cpp", kit); code != 0 {
		t.Fatalf("arena kit: %s", stderr)
	}
	out, stderr, code = run(t, "submit", kit, "--server", url, "--token", owls, "--wait")
	if code != 0 || !strings.Contains(out, "ready (cpp)") {
		t.Fatalf("a kit directory: exit %d\n%s%s", code, out, stderr)
	}
	broken := filepath.Join(t.TempDir(), "bot.cpp")
	os.WriteFile(broken, []byte("int main() { return nowhere_declared; }\n"), 0o644)
	out, stderr, code = run(t, "submit", broken, "--server", url, "--token", bats, "--wait")
	if code != 1 || !strings.Contains(out, "failed") || !strings.Contains(stderr, "nowhere_declared") {
		t.Fatalf("a broken file: exit %d\n%s%s", code, out, stderr)
	}
	t.Setenv("ARENA_SERVER", url) // the defaults of --server and --token
	t.Setenv("ARENA_TOKEN", bats)
	out, _, code = run(t, "submissions", "--json")
	var subs []struct{ Status, Filename, Error string }
	if err := json.Unmarshal([]byte(out), &subs); err != nil || code != 0 || len(subs) != 1 || subs[0].Status != "failed" || subs[0].Filename != "bot.cpp" {
		t.Fatalf("Bats' submissions: %v %s", err, out)
	}
	out, _, _ = run(t, "submissions", "--token", owls)
	if !strings.Contains(out, "ready") || !strings.Contains(out, "kit.zip") || strings.Contains(out, "bot.cpp") {
		t.Fatalf("Owls' submissions:\n%s", out)
	}
	// Bats' failed build cannot be made active
	if _, stderr, code := run(t, "activate", "1", "--token", owls); code != 0 {
		t.Fatalf("activate Owls' ready build: %s", stderr)
	}
	if _, stderr, code := run(t, "activate", "2"); code == 0 || !strings.Contains(stderr, "only a ready build") {
		t.Fatalf("activate a failed build: %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "activate", "1"); code == 0 || !strings.Contains(stderr, "no submission") {
		t.Fatalf("activate another team's build: %d %s", code, stderr)
	}
	if out, _, _ := run(t, "submissions", "--token", owls); !strings.Contains(out, "ready   yes") {
		t.Fatalf("the active build is not marked:\n%s", out)
	}
	// Owls' bot plays casual matches (against the house bot: Bats has none)
	deadline := time.Now().Add(3 * time.Minute)
	for {
		out, stderr, code := run(t, "leaderboard", "--token", owls, "--json")
		var board []struct {
			Team  string
			Games int
		}
		if err := json.Unmarshal([]byte(out), &board); err != nil || code != 0 || len(board) != 2 {
			t.Fatalf("leaderboard: %d %v %s%s", code, err, out, stderr)
		}
		games := map[string]int{}
		for _, b := range board {
			games[b.Team] = b.Games
		}
		if games["Owls"] > 0 && games["Bats"] == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Owls played no rated match in 3 minutes: %s", out)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if out, _, _ := run(t, "leaderboard", "--token", bats); !strings.Contains(out, "RANK") || !strings.Contains(out, "Owls") {
		t.Fatalf("leaderboard table:\n%s", out)
	}
	if _, stderr, code := run(t, "submissions", "--token", "team-0000000000000000-00000000000000000000000000000000"); code == 0 || !strings.Contains(stderr, "not valid") {
		t.Fatalf("a wrong token: %d %s", code, stderr)
	}
}

func TestPlatformFlagsAreChecked(t *testing.T) {
	if _, stderr, code := run(t, "serve", "--unsafe-no-sandbox", "--addr", "127.0.0.1:0"); code == 0 || !strings.Contains(stderr, "goes with --data") {
		t.Fatalf("%d %s", code, stderr)
	}
	// The viewer shows its replay directory to anyone: the platform's own
	// (every team's matches, error output included) is refused, however
	// it is named.
	data := t.TempDir()
	for _, replays := range []string{filepath.Join(data, "replays"), data + "/./replays/"} {
		if _, stderr, code := run(t, "serve", "--data", data, "--replays", replays, "--addr", "127.0.0.1:0"); code == 0 ||
			!strings.Contains(stderr, "the platform's own replays") {
			t.Fatalf("--replays %s with --data %s: %d %s", replays, data, code, stderr)
		}
	}
	if _, stderr, code := run(t, "submissions"); code == 0 || !strings.Contains(stderr, "token") {
		t.Fatalf("no token: %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "submissions", "--token", "x", "--server", ""); code == 0 || !strings.Contains(stderr, "no server") {
		t.Fatalf("no server: %d %s", code, stderr)
	}
}

// arena npm-cache needs the data directory.
func TestNPMCacheNeedsData(t *testing.T) {
	_, stderr, code := run(t, "npm-cache")
	if code == 0 || !strings.Contains(stderr, "--data DIR is required") {
		t.Fatalf("exit %d, %s", code, stderr)
	}
}

// arena pip-cache needs the data directory and a project, and fills the
// data directory's pip cache with what the project's requirements.txt
// names.
func TestPipCache(t *testing.T) {
	if _, stderr, code := run(t, "pip-cache", "."); code == 0 || !strings.Contains(stderr, "--data DIR is required") {
		t.Fatalf("no --data: exit %d, %s", code, stderr)
	}
	if _, stderr, code := run(t, "pip-cache", "--data", t.TempDir()); code == 0 || !strings.Contains(stderr, "requires at least 1 arg") {
		t.Fatalf("no project: exit %d, %s", code, stderr)
	}
	if err := exec.Command("python3", "-m", "pip", "--version").Run(); err != nil {
		t.Skip("no pip here")
	}
	reg := buildtest.FakePyPI(t)
	project, data := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(project, "requirements.txt"), []byte("--index-url "+reg.URL+"/simple/\ntiny==1.0.0\n"), 0o644)
	if out, stderr, code := run(t, "pip-cache", "--data", data, project); code != 0 || !strings.Contains(out, "pip cache filled") {
		t.Fatalf("exit %d: %s %s", code, out, stderr)
	}
	if _, err := os.Stat(filepath.Join(data, build.PipCacheDir, "tiny-1.0.0-py3-none-any.whl")); err != nil {
		t.Errorf("the package is not in the cache: %v", err)
	}
	if _, stderr, code := run(t, "pip-cache", "--data", data, t.TempDir()); code == 0 || !strings.Contains(stderr, "no requirements.txt") {
		t.Errorf("a project without requirements.txt: exit %d, %s", code, stderr)
	}
}

// TestServeTimeScale: arena serve --time-scale scales the time limits of
// the platform's matches, as arena worker's does; their replays say so.
func TestServeTimeScale(t *testing.T) {
	data := platformtest.DataDir(t)
	p, err := platform.Open(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	platformtest.JoinReady(t, p, invite, "Owls")
	p.Close()
	startPlatform(t, data, "--unsafe-no-sandbox", "--casual-matches", "1", "--time-scale", "3")
	q, err := platform.Open(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	var ms []store.Match
	platformtest.WaitFor(t, 2*time.Minute, "a match played", func() bool {
		ms, _ = q.Store.Matches(context.Background(), ev.ID, 1)
		return len(ms) > 0
	})
	rep, err := q.Replays.Get(ms[0].Key)
	if err != nil {
		t.Fatal(err)
	}
	if rep.TimeScale != 3 {
		t.Errorf("the platform's match was played with time scale %g, want 3", rep.TimeScale)
	}
}
