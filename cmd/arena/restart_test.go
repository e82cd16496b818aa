package main

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/store/sqlite"
)

// serveProcess runs arena serve --data and returns the process and its URL.
func serveProcess(t *testing.T, data string, extra ...string) (*exec.Cmd, string) {
	t.Helper()
	args := append([]string{"serve", "--data", data, "--addr", "127.0.0.1:0", "--replays", filepath.Join(t.TempDir(), "replays")}, extra...)
	cmd := exec.Command(arena, args...)
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("arena serve's log:\n%s", stderr.String())
		}
	})
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if _, u, ok := strings.Cut(sc.Text(), "Arena viewer on "); ok {
				urls <- strings.Fields(u)[0]
			}
		}
		close(urls)
	}()
	select {
	case u, ok := <-urls:
		if !ok {
			t.Fatalf("arena serve ended: %s", stderr.String())
		}
		return cmd, u
	case <-time.After(2 * time.Minute):
		t.Fatalf("arena serve did not start: %s", stderr.String())
	}
	return nil, ""
}

// TestAServerKilledMidMatch: the server is killed (SIGKILL) while a casual
// match is being played; the next start plays that match's job again,
// and the match is recorded once, its replay kept, the team's games
// counted once per match, the earlier matches and the builds all there.
func TestAServerKilledMidMatch(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3 for the team's bot")
	}
	data := filepath.Join(t.TempDir(), "data")
	// ants with a bot that takes 150 ms a turn (a second allowed): a match
	// lasts seconds, so that it is killed in the middle
	if _, stderr, code := run(t, "event", "create", "ants", "--data", data, "--name", "Spring", "--opt", "max_turns=60", "--turn-ms", "1000", "--json"); code != 0 {
		t.Fatal(stderr)
	}
	db, err := sqlite.Open(context.Background(), filepath.Join(data, "arena.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// the invitation shown once was not kept: a new one
	out, _, _ := run(t, "event", "invite", "1", "--data", data, "--json")
	var inv struct{ Invite string }
	json.Unmarshal([]byte(out), &inv)
	invite := inv.Invite

	srv, url := serveProcess(t, data, "--unsafe-no-sandbox", "--casual-matches", "1")
	out, stderr, code := run(t, "team", "join", "--server", url, "--invite", invite, "--name", "Owls", "--json")
	var joined struct{ Token string }
	if err := json.Unmarshal([]byte(out), &joined); err != nil || code != 0 {
		t.Fatalf("join: %s%s", out, stderr)
	}
	kit := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write("ants", "python", kit); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(kit, "bot.py"))
	slow := strings.Replace(string(b), "def play(g: Game):\n", "def play(g: Game):\n    import time\n    time.sleep(0.15)\n", 1)
	os.WriteFile(filepath.Join(kit, "bot.py"), []byte(slow), 0o644)
	if out, stderr, code := run(t, "submit", kit, "--server", url, "--token", joined.Token, "--wait"); code != 0 {
		t.Fatalf("submit: %s%s", out, stderr)
	}

	// a match job running for a second: kill the server in its middle
	count := func(q string, args ...any) int {
		var n int
		if err := db.SQL().QueryRow(q, args...).Scan(&n); err != nil {
			t.Fatal(q, err)
		}
		return n
	}
	var jobID int64
	var key string
	deadline := time.Now().Add(3 * time.Minute)
	for jobID == 0 {
		err := db.SQL().QueryRow(`SELECT id, json_extract(args, '$.key') FROM river_job WHERE kind = 'match' AND state = 'running'
			AND attempted_at < datetime('now', '-1 seconds') ORDER BY id LIMIT 1`).Scan(&jobID, &key)
		if err == nil && key != "" {
			break
		}
		jobID = 0
		if time.Now().After(deadline) {
			t.Fatal("no match job ran for a second in 3 minutes")
		}
		time.Sleep(100 * time.Millisecond)
	}
	before := count(`SELECT COUNT(*) FROM matches`)
	srv.Process.Kill()
	srv.Wait()
	if n := count(`SELECT COUNT(*) FROM matches WHERE key = ?`, key); n != 0 {
		t.Fatalf("the killed match was recorded (%d)", n)
	}

	// the next start plays it again, once
	serveProcess(t, data, "--unsafe-no-sandbox", "--casual-matches", "1")
	deadline = time.Now().Add(3 * time.Minute)
	for count(`SELECT COUNT(*) FROM matches WHERE key = ?`, key) == 0 {
		if time.Now().After(deadline) {
			rows, _ := db.SQL().Query(`SELECT id, state, attempt, max_attempts, scheduled_at, COALESCE(errors, ''), queue FROM river_job ORDER BY id`)
			for rows != nil && rows.Next() {
				var id, att, maxAtt int
				var st, sched, errs, queue string
				rows.Scan(&id, &st, &att, &maxAtt, &sched, &errs, &queue)
				t.Logf("job %d %s attempt %d/%d at %s %s %s", id, st, att, maxAtt, sched, queue, errs)
			}
			t.Fatal("the killed match was not played again in 3 minutes")
		}
		time.Sleep(100 * time.Millisecond)
	}
	var state string
	var attempt int
	db.SQL().QueryRow(`SELECT state, attempt FROM river_job WHERE id = ?`, jobID).Scan(&state, &attempt)
	if state != "completed" || attempt != 2 {
		t.Errorf("the killed job: %s after %d attempts, want completed after 2", state, attempt)
	}
	if n := count(`SELECT COUNT(*) FROM matches WHERE key = ?`, key); n != 1 {
		t.Errorf("the killed match is recorded %d times", n)
	}
	if count(`SELECT COUNT(*) FROM matches`) < before+1 {
		t.Error("matches recorded before the kill are gone")
	}
	// games counted once per rated match, the replay of the match kept
	rated := count(`SELECT COUNT(*) FROM matches WHERE error = '' AND teams LIKE '%1%'`)
	if games := count(`SELECT games FROM ratings WHERE team_id = 1`); games != rated {
		t.Errorf("Owls' rating counts %d games for %d rated matches", games, rated)
	}
	if _, err := os.Stat(filepath.Join(data, "replays")); err != nil {
		t.Error(err)
	}
	if s := count(`SELECT COUNT(*) FROM submissions WHERE status = 'ready'`); s != 1 {
		t.Errorf("%d ready builds after the restart, want 1", s)
	}
}
