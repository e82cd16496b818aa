package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/store/pgtest"
)

// tracks bots in C++: one waits every turn to the game's end; the others
// leave after a number of lines, so that the later one wins: every pair
// of teams has its own, deterministic result.
func trackBot(lines int) string {
	return fmt.Sprintf(`#include <cstdio>
int main() {
	char b[65536];
	for (long n = 0; fgets(b, sizeof b, stdin); n++) {
		if (%d > 0 && n >= %d) return 0;
		puts("WAIT");
		fflush(stdout);
	}
}
`, lines, lines)
}

// startProcess starts a long-running arena command and returns it with
// the first line of its output that contains want.
func startProcess(t *testing.T, want string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(arena, args...)
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if strings.Contains(sc.Text(), want) {
				lines <- sc.Text()
			}
		}
		close(lines)
	}()
	select {
	case line, ok := <-lines:
		if !ok {
			t.Fatalf("arena %s ended: %s", args[0], stderr.String())
		}
		return cmd, line
	case <-time.After(2 * time.Minute):
		t.Fatalf("arena %s did not start: %s", args[0], stderr.String())
	}
	return nil, ""
}

// TestTwoWorkersOneKilled is the platform on many machines, with real
// processes: one arena serve --db and two arena worker on one PostgreSQL
// database play a batch of queued matches between C++ bots; the first
// worker is killed (SIGKILL) while it plays a match. Every match is
// recorded exactly once, its job completed once; the killed match is
// played again by the other worker; the ratings are those of the recorded
// matches rated one after the other in id order, as one worker playing
// them in that order would have rated them. (The same matches played
// again on one worker would give the same results only as long as no bot
// misses a time limit on a busy machine; the results themselves are the
// recorded ones, so the comparison is of the rating, exactly.)
//
// 200 matches; 40 with -short.
func TestTwoWorkersOneKilled(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	url := pgtest.URL(t)
	ctx := context.Background()
	if out, stderr, code := run(t, "migrate", "--db", url); code != 0 || !strings.Contains(out, "up to date") {
		t.Fatalf("arena migrate: %d %s%s", code, out, stderr)
	}
	out, stderr, code := run(t, "event", "create", "tracks", "--db", url, "--name", "Load", "--json")
	if code != 0 {
		t.Fatalf("%d %s", code, stderr)
	}
	var created struct {
		Event  struct{ ID int64 }
		Invite string
	}
	if err := json.Unmarshal([]byte(out), &created); err != nil {
		t.Fatal(err, out)
	}
	_, line := startProcess(t, "Arena viewer on ", "serve", "--db", url, "--data", t.TempDir(), "--addr", "127.0.0.1:0",
		"--casual-matches", "0", "--replays", filepath.Join(t.TempDir(), "replays"))
	_, server, _ := strings.Cut(line, "Arena viewer on ")
	server = strings.Fields(server)[0]
	for i, lines := range []int{0, 3, 30, 300} {
		out, stderr, code := run(t, "team", "join", "--server", server, "--invite", created.Invite, "--name", fmt.Sprint("team", i))
		_, tok, ok := strings.Cut(out, "token (shown once, only its hash is kept): ")
		if code != 0 || !ok {
			t.Fatalf("team join: %d %s%s", code, out, stderr)
		}
		src := filepath.Join(t.TempDir(), "bot.cpp")
		os.WriteFile(src, []byte(trackBot(lines)), 0o644)
		if out, stderr, code := run(t, "submit", src, "--server", server, "--token", strings.TrimSpace(tok)); code != 0 {
			t.Fatalf("submit: %d %s%s", code, out, stderr)
		}
	}
	startWorker := func() (*exec.Cmd, string) {
		cmd, line := startProcess(t, "Arena worker ", "worker", "--db", url, "--cores", "2", "--data", t.TempDir(),
			"--heartbeat", "500ms", "--unsafe-no-sandbox",
			"--cpu-pressure", "0") // this test is about a killed worker, not a loaded machine: matches start at once
		return cmd, strings.TrimSuffix(strings.Fields(line)[2], ":")
	}
	w1, id1 := startWorker()
	_, id2 := startWorker()

	p, err := platform.OpenDB(ctx, url, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	deadline := time.Now().Add(5 * time.Minute)
	for {
		unbuilt, err := p.Store.Unbuilt(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(unbuilt) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("submissions %v not built in 5 minutes", unbuilt)
		}
		time.Sleep(100 * time.Millisecond)
	}
	teams, _ := p.Store.Teams(ctx, created.Event.ID)
	for _, tm := range teams {
		if tm.Active == 0 {
			s, _ := p.Store.Submissions(ctx, tm.ID)
			log, _ := p.Store.BuildLog(ctx, s[0].ID)
			t.Fatalf("team %s's build: %+v\n%s", tm.Name, s, log)
		}
	}
	keys, err := p.QueueMatches(ctx, created.Event.ID, n)
	if err != nil {
		t.Fatal(err)
	}

	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// kill the first worker while it plays a match, once some are done
	var killed int64
	for killed == 0 {
		var done int
		conn.QueryRow(ctx, `SELECT COUNT(*) FROM matches`).Scan(&done)
		if done >= n/10 {
			conn.QueryRow(ctx, `SELECT id FROM river_job WHERE kind = 'match' AND state = 'running'
				AND attempted_by[array_length(attempted_by, 1)] = $1 LIMIT 1`, id1).Scan(&killed)
		}
		if killed != 0 {
			w1.Process.Signal(syscall.SIGKILL)
			w1.Wait()
		} else if time.Now().After(deadline) || done == n {
			t.Fatalf("the first worker was never seen playing (%d matches done)", done)
		}
		time.Sleep(5 * time.Millisecond)
	}
	var state string
	conn.QueryRow(ctx, `SELECT state FROM river_job WHERE id = $1`, killed).Scan(&state)
	midMatch := state == "running"
	if !midMatch {
		t.Logf("job %d ended just before the kill (%s): no match was cut", killed, state)
	}

	for {
		var done int
		conn.QueryRow(ctx, `SELECT COUNT(*) FROM river_job WHERE kind = 'match' AND state = 'completed'`).Scan(&done)
		if done == n {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d match jobs completed after 5 minutes", done, n)
		}
		time.Sleep(100 * time.Millisecond)
	}
	ms, err := p.Store.Matches(ctx, created.Event.ID, 10*n)
	if err != nil || len(ms) != n {
		t.Fatalf("%d matches recorded for %d queued (%v)", len(ms), n, err)
	}
	var got []string
	for _, m := range ms {
		if m.Error != "" {
			t.Errorf("match %s failed: %s", m.Key, m.Error)
		}
		got = append(got, m.Key)
	}
	slices.Sort(got)
	slices.Sort(keys)
	if !slices.Equal(got, keys) {
		t.Fatal("the recorded matches are not the queued ones, once each")
	}
	var attempts int
	conn.QueryRow(ctx, `SELECT attempt FROM river_job WHERE id = $1`, killed).Scan(&attempts)
	if midMatch && attempts < 2 {
		t.Errorf("the match the first worker was killed in was tried %d times", attempts)
	}
	slices.Reverse(ms) // in id order
	want := matchmaking.RateInOrder(ms)
	have, _ := p.Store.Ratings(ctx, created.Event.ID)
	games := 0
	for id, r := range want {
		if have[id] != r {
			t.Errorf("team %d: rating %+v, want %+v (the matches rated in id order)", id, have[id], r)
		}
		games += r.Games
	}
	if games != 2*n {
		t.Errorf("%d games rated for %d two-team matches", games, n)
	}
	if have[teams[0].ID].Wins == 0 || have[teams[1].ID].Losses == 0 {
		t.Errorf("the bots' results are not the expected ones: %+v", have)
	}

	// the organiser's list: the killed worker is lost, the other alive
	time.Sleep(3500 * time.Millisecond) // 6 heartbeats of 500 ms, and more
	out, stderr, code = run(t, "workers", "--db", url, "--json")
	var ws []struct {
		ID    string
		Alive bool
		Done  int
	}
	if err := json.Unmarshal([]byte(out), &ws); err != nil || code != 0 || len(ws) != 2 {
		t.Fatalf("arena workers: %v %d %s%s", err, code, out, stderr)
	}
	// (the killed worker's count of matches done is its last heartbeat's,
	// which may have come before its first match ended: not checked)
	for _, w := range ws {
		if w.Alive != (w.ID == id2) || (w.ID == id2 && w.Done == 0) {
			t.Errorf("worker %+v (killed: %s)", w, id1)
		}
	}
	out, _, _ = run(t, "workers", "--db", url)
	if !strings.Contains(out, "lost") || !strings.Contains(out, "alive") || !strings.Contains(out, id2) {
		t.Errorf("arena workers:\n%s", out)
	}
}

// TestEveryDataCommandTakesDB: a command that opens the platform's data
// directory (--data DIR) opens its PostgreSQL database too (--db URL).
func TestEveryDataCommandTakesDB(t *testing.T) {
	// a directory of this machine's own, not the platform's database
	local := map[string]bool{"arena npm-cache": true, "arena pip-cache": true}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Flags().Lookup("data") != nil && c.Flags().Lookup("db") == nil && !local[c.CommandPath()] {
			t.Errorf("%s takes --data but not --db", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(rootCmd)
}

// TestTheEventFormatCommandsOpenTheDatabase: the Blitz and Cod'INSA
// commands open the --db database, not a data directory.
func TestTheEventFormatCommandsOpenTheDatabase(t *testing.T) {
	url := pgtest.URL(t)
	for _, game := range []string{"jungle", "catmouse"} {
		if _, stderr, code := run(t, "event", "create", game, "--db", url, "--name", game); code != 0 {
			t.Fatalf("%d %s", code, stderr)
		}
	}
	for _, args := range [][]string{{"event", "blitz", "status", "1"}, {"event", "spawns", "show", "2"}} {
		out, stderr, code := run(t, append(args, "--db", url, "--json")...)
		if code != 0 {
			t.Errorf("arena %s --db: %d %s%s", strings.Join(args, " "), code, out, stderr)
		}
	}
}
