package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/sandbox"
)

// TestHTTPBotFromTheCommandLine: a team registers its HTTP bot's URL; a
// loopback one is refused until the organiser allows private addresses.
func TestHTTPBotFromTheCommandLine(t *testing.T) {
	if err := sandbox.Ready(); err != nil {
		t.Skip(err)
	}
	base := t.TempDir()
	os.Chmod(filepath.Dir(base), 0o755)
	os.Chmod(base, 0o755)
	data := filepath.Join(base, "data")
	out, stderr, code := run(t, "event", "create", "territory", "--data", data, "--name", "Ready", "--http-bots", "--json")
	if code != 0 {
		t.Fatalf("%d %s", code, stderr)
	}
	var ev struct{ Invite string }
	json.Unmarshal([]byte(out), &ev)
	url := startPlatform(t, data)
	out, stderr, code = run(t, "team", "join", "--server", url, "--invite", ev.Invite, "--name", "Owls")
	_, tok, ok := strings.Cut(out, "token (shown once, only its hash is kept): ")
	if code != 0 || !ok {
		t.Fatalf("team join: %d %s%s", code, out, stderr)
	}
	t.Setenv("ARENA_SERVER", url)
	t.Setenv("ARENA_TOKEN", strings.TrimSpace(tok))
	if _, stderr, code := run(t, "httpbot", "http://127.0.0.1:3000/"); code == 0 || !strings.Contains(stderr, "private") {
		t.Fatalf("a loopback URL: exit %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "event", "update", "1", "--data", data, "--http-bots-private"); code != 0 {
		t.Fatal(stderr)
	}
	if out, stderr, code := run(t, "httpbot", "http://127.0.0.1:3000/"); code != 0 || !strings.Contains(out, "is your active bot") {
		t.Fatalf("allowed: exit %d %s%s", code, out, stderr)
	}
	if out, _, _ := run(t, "submissions"); !strings.Contains(out, "http://127.0.0.1:3000/") || !strings.Contains(out, "ready") {
		t.Errorf("submissions:\n%s", out)
	}
}
