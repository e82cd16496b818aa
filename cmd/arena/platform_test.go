package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
)

// startPlatform runs arena serve --data on a free port and returns its URL.
func startPlatform(t *testing.T, data string) string {
	t.Helper()
	cmd := exec.Command(arena, "serve", "--data", data, "--addr", "127.0.0.1:0", "--replays", filepath.Join(t.TempDir(), "replays"))
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if _, url, ok := strings.Cut(sc.Text(), "Arena viewer on "); ok {
				urls <- strings.Fields(url)[0]
			}
		}
		close(urls)
	}()
	select {
	case url, ok := <-urls:
		if !ok {
			t.Fatalf("arena serve --data ended: %s", stderr.String())
		}
		return url
	case <-time.After(2 * time.Minute):
		t.Fatalf("arena serve --data did not start: %s", stderr.String())
	}
	return ""
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
	if _, stderr, code := run(t, "submissions"); code == 0 || !strings.Contains(stderr, "token") {
		t.Fatalf("no token: %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "submissions", "--token", "x", "--server", ""); code == 0 || !strings.Contains(stderr, "no server") {
		t.Fatalf("no server: %d %s", code, stderr)
	}
}
