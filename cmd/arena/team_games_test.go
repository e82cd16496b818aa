package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/replay"
)

// TestTheTeamsLoopFromTheCommandLine: through a real server, a team plays
// test games (against another team's bot, where the event allows it, and
// a house bot), reads its result, its replay's address (a page the server
// serves), its bot's log (never the other team's error output), downloads
// the replay, lists and filters its rated matches, reads a build's log and
// its status on one screen; another team reads none of its test games.
func TestTheTeamsLoopFromTheCommandLine(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	out, stderr, code := run(t, "event", "create", "tracks", "--data", data, "--name", "Loop", "--test-vs-teams", "--json")
	if code != 0 {
		t.Fatalf("%d %s", code, stderr)
	}
	var ev struct{ Invite string }
	json.Unmarshal([]byte(out), &ev)
	url := startPlatform(t, data, "--unsafe-no-sandbox", "--casual-matches", "1", "--time-scale", "5")
	kit, err := os.ReadFile("../../kits/tracks/python/bot.py")
	if err != nil {
		t.Fatal(err)
	}
	join := func(team string) string {
		out, stderr, code := run(t, "team", "join", "--server", url, "--invite", ev.Invite, "--name", team)
		_, tok, ok := strings.Cut(out, "token (shown once, only its hash is kept): ")
		if code != 0 || !ok {
			t.Fatalf("team join %s: %d %s%s", team, code, out, stderr)
		}
		tok = strings.TrimSpace(tok)
		// the kit (its bot.py imports the kit's library), with its bot.py
		src := filepath.Join(t.TempDir(), "kit")
		if err := kits.Write("tracks", "python", src); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(src, "bot.py"), []byte(fmt.Sprintf("import sys\nprint(%q, file=sys.stderr, flush=True)\n%s", strings.ToLower(team)+"-secret", kit)), 0o644)
		if out, stderr, code := run(t, "submit", src, "--server", url, "--token", tok, "--wait"); code != 0 {
			t.Fatalf("submit %s: %d %s%s", team, code, out, stderr)
		}
		return tok
	}
	owls, bats := join("Owls"), join("Bats")
	t.Setenv("ARENA_SERVER", url)
	t.Setenv("ARENA_TOKEN", owls)

	out, stderr, code = run(t, "test", "--vs", "team:Bats", "--seed", "42")
	if code != 0 || !strings.HasPrefix(out, "test game 1: submission 1 vs team:Bats, seed 42: ") || !strings.Contains(stderr, "test game 1: queued") {
		t.Fatalf("arena test --vs team:Bats: %d\n%s%s", code, out, stderr)
	}
	page := url + "/platform/replay/test-1"
	if !strings.Contains(out, "replay: "+page+" ") || !strings.Contains(out, "seat 2: Bats (submission 2)") {
		t.Fatalf("the result's seats and replay:\n%s", out)
	}
	if resp, err := http.Get(page); err != nil || resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("the printed replay address: %v %v", resp, err)
	}
	file := filepath.Join(t.TempDir(), "house.json")
	out, stderr, code = run(t, "test", "--vs", "house", "--download", file)
	if code != 0 || !strings.Contains(out, "replay saved to "+file) {
		t.Fatalf("arena test --download: %d\n%s%s", code, out, stderr)
	}
	if rep, err := replay.Load(file); err != nil || rep.Game != "tracks" || len(rep.Players) != 2 {
		t.Fatalf("the downloaded replay: %v", err)
	}
	out, _, _ = run(t, "log", "match", "test-1")
	if !strings.Contains(out, "[err] owls-secret") || strings.Contains(out, "bats-secret") || !strings.Contains(out, "--- turn 1") {
		t.Fatalf("Owls' bot log of its test game:\n%.500s", out)
	}
	saved := filepath.Join(t.TempDir(), "t1.json")
	if _, stderr, code := run(t, "replay", "download", "test-1", "-o", saved); code != 0 {
		t.Fatalf("replay download test-1: %s", stderr)
	}
	if b, _ := os.ReadFile(saved); !strings.Contains(string(b), "owls-secret") || strings.Contains(string(b), "bats-secret") {
		t.Fatal("the downloaded replay holds Bats' error output, or not Owls'")
	}
	if out, _, _ := run(t, "tests", "--json"); strings.Count(out, `"state":"done"`) != 2 {
		t.Fatalf("arena tests --json: %s", out)
	}
	// Bats, whose bot played, reads nothing of it
	for _, args := range [][]string{{"log", "match", "test-1"}, {"replay", "download", "test-1", "-o", filepath.Join(t.TempDir(), "x")}} {
		if _, stderr, code := run(t, append(args, "--token", bats)...); code == 0 || !strings.Contains(stderr, "HTTP 404") {
			t.Errorf("Bats runs %v: %d %s", args, code, stderr)
		}
	}
	if out, _, _ := run(t, "tests", "--token", bats); !strings.Contains(out, "no test game yet") {
		t.Errorf("Bats' test games:\n%s", out)
	}

	// the rated matches (the casual games play beside)
	var ms []struct {
		ID    int64
		Kind  string
		Seats []struct{ Team string }
	}
	deadline := time.Now().Add(3 * time.Minute)
	for len(ms) < 2 {
		if time.Now().After(deadline) {
			t.Fatal("no two rated matches in 3 minutes")
		}
		time.Sleep(500 * time.Millisecond)
		out, _, _ = run(t, "matches", "--json")
		json.Unmarshal([]byte(out), &ms)
	}
	total := 0
	for _, r := range []string{"win", "loss", "draw"} {
		out, _, code := run(t, "matches", "--result", r, "--json")
		var some []any
		if err := json.Unmarshal([]byte(out), &some); err != nil || code != 0 {
			t.Fatalf("matches --result %s: %d %v %s", r, code, err, out)
		}
		total += len(some)
	}
	out, _, _ = run(t, "matches", "--json")
	var all []any
	json.Unmarshal([]byte(out), &all)
	if total < len(ms) || total > len(all) {
		t.Errorf("wins, losses and draws: %d, of %d matches", total, len(all))
	}
	if out, _, _ := run(t, "matches", "--opponent", "Nobody"); !strings.Contains(out, "no match") {
		t.Errorf("matches against no such team:\n%s", out)
	}
	if out, _, _ := run(t, "matches", "--kind", "casual", "--opponent", "bats"); !strings.Contains(out, "Bats") || !strings.Contains(out, "arena replay download ID") {
		t.Errorf("matches against Bats:\n%s", out)
	}
	if _, stderr, code := run(t, "matches", "--result", "maybe"); code == 0 || !strings.Contains(stderr, "win, loss or draw") {
		t.Errorf("a wrong --result: %d %s", code, stderr)
	}
	if out, _, _ := run(t, "log", "match", fmt.Sprint(ms[0].ID)); !strings.Contains(out, "your bot: seat") {
		t.Errorf("the bot log of match %d:\n%.300s", ms[0].ID, out)
	}
	if out, _, code := run(t, "log", "build", "1"); code != 0 || !strings.Contains(out, "nothing to build") {
		t.Errorf("arena log build 1: %d %s", code, out)
	}
	out, _, _ = run(t, "status")
	for _, want := range []string{"team Owls in Loop (tracks)", "rank ", "latest builds:", "  1  ready, active", "latest matches:", "latest test games:", "test-2  submission 1 vs house"} {
		if !strings.Contains(out, want) {
			t.Errorf("arena status lacks %q:\n%s", want, out)
		}
	}
	var st map[string]json.RawMessage
	if out, _, _ := run(t, "status", "--json"); json.Unmarshal([]byte(out), &st) != nil || len(st) != 5 {
		t.Errorf("arena status --json: %s", out)
	}
	// the organiser takes back other teams' bots from the test games
	if out, _, _ := run(t, "event", "show", "1", "--data", data); !strings.Contains(out, "test games:  may play other teams' bots") {
		t.Errorf("the event's settings:\n%s", out)
	}
	if _, stderr, code := run(t, "event", "update", "1", "--data", data, "--test-vs-teams=false"); code != 0 {
		t.Fatal(stderr)
	}
	if _, stderr, code := run(t, "test", "--vs", "team:Bats"); code == 0 || !strings.Contains(stderr, "test_vs_teams") || !strings.Contains(stderr, "HTTP 403") {
		t.Errorf("a test game against Bats once the organiser took it back: %d %s", code, stderr)
	}
	// no address a browser cannot open
	if out, _, _ := run(t, "submissions"); strings.Contains(out, "/api/") || !strings.Contains(out, "arena log build ID") {
		t.Errorf("arena submissions:\n%s", out)
	}
}
