package main

import (
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

	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/worker"

	"github.com/seed27749672/arena/platform/format/codinsa"

	"github.com/jackc/pgx/v5"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
)

// Still bots: a jungle bot that never acts, a catmouse bot that never
// moves. The other team's bot is its game's Python kit, slowed down (a
// game lasts seconds, so that a worker is killed in its middle): both
// answer the same to the same game.
const (
	stillJungleBot   = "import sys, json\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m.get('type') == 'TICK':\n        print(json.dumps({'type': 'COMMAND', 'tick': m['tick'], 'actions': []}), flush=True)\n"
	stillCatmouseBot = "import sys\nready = False\nfor line in sys.stdin:\n    if line.strip() == 'END':\n        print('MOVE' if ready else 'READY', flush=True)\n        ready = True\n    elif line.startswith('INIT'):\n        ready = False\n"
)

// slowKit writes game's Python kit to a new directory with its bot
// sleeping 20 ms before each answer, and returns it as an upload.
func slowKit(t *testing.T, game, fn string) (string, []byte) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write(game, "python", dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "bot.py"))
	if err != nil {
		t.Fatal(err)
	}
	head := "def " + fn + "("
	i := strings.Index(string(b), head)
	if i < 0 {
		t.Fatalf("no %q in the %s kit's bot", head, game)
	}
	j := i + strings.Index(string(b[i:]), ":\n") + 2
	slow := string(b[:j]) + "    import time\n    time.sleep(0.02)\n" + string(b[j:])
	if err := os.WriteFile(filepath.Join(dir, "bot.py"), []byte(slow), 0o644); err != nil {
		t.Fatal(err)
	}
	name, zip, err := uploadOf(dir)
	if err != nil {
		t.Fatal(err)
	}
	return name, zip
}

// upload is a team's submission: its file name and content.
type upload struct {
	name string
	data []byte
}

// killEvents makes the same two events on p, in the same order (the same
// ids on every platform): 1, a jungle event (Blitz), and 2, a catmouse
// event (Cod'INSA) with its spawn vote closed, each with Owls and Bats
// submitting bots[event][team], casual games stopped.
func killEvents(t *testing.T, p *platform.Platform, bots [2][2]upload) {
	t.Helper()
	ctx := context.Background()
	settings := store.DefaultSettings()
	settings.Maps = []string{"clearing"}
	blitz, inv1, err := p.CreateEventWith(ctx, "jungle", "Blitz", []string{"nb_ticks=120"}, settings)
	if err != nil {
		t.Fatal(err)
	}
	cod, inv2, err := p.CreateEvent(ctx, "catmouse", "Cod'INSA", []string{"maxturns=40"})
	if err != nil {
		t.Fatal(err)
	}
	for i, ev := range []struct {
		id     int64
		invite string
	}{{blitz.ID, inv1}, {cod.ID, inv2}} {
		if ev.id != int64(i+1) {
			t.Fatalf("event %d made as %d", i+1, ev.id)
		}
		if _, err := p.SetCasual(ctx, ev.id, false); err != nil {
			t.Fatal(err)
		}
		for s, team := range []string{"Owls", "Bats"} {
			tm, _, err := p.Join(ctx, ev.invite, team)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Submit(ctx, tm, bots[i][s].name, bots[i][s].data); err != nil {
				t.Fatal(err)
			}
		}
	}
	set0 := "CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n"
	secret := "CATMOUSE-SPAWN 1\nID 9\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n"
	if err := codinsa.PublishSpawns(ctx, p.FormatHost(), cod.ID, "", set0, secret); err != nil {
		t.Fatal(err)
	}
	if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), cod.ID); err != nil {
		t.Fatal(err)
	}
}

// waitBuilds waits until every submission of p is built, ready.
func waitBuilds(t *testing.T, p *platform.Platform) {
	t.Helper()
	ctx := context.Background()
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(100 * time.Millisecond) {
		unbuilt, err := p.Store.Unbuilt(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(unbuilt) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("submissions %v not built in 3 minutes", unbuilt)
		}
	}
	for ev := int64(1); ev <= 2; ev++ {
		teams, _ := p.Store.Teams(ctx, ev)
		for _, tm := range teams {
			if tm.Active == 0 {
				s, _ := p.Store.Submissions(ctx, tm.ID)
				log, _ := p.Store.BuildLog(ctx, s[0].ID)
				t.Fatalf("team %s's build: %+v\n%s", tm.Name, s, log)
			}
		}
	}
}

// gameRecords are an event's recorded games of a kind by key, each key
// recorded once.
func gameRecords(t *testing.T, p *platform.Platform, event int64, kind string) map[string]store.Match {
	t.Helper()
	ms, err := p.Store.MatchesOfKind(context.Background(), event, kind)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]store.Match{}
	for _, m := range ms {
		if _, dup := out[m.Key]; dup {
			t.Errorf("game %s recorded twice", m.Key)
		}
		if m.Error != "" {
			t.Errorf("game %s: %s", m.Key, m.Error)
		}
		out[m.Key] = m
	}
	return out
}

// TestWorkersKilledMidRoundAndFinal: the platform on many machines, with
// real processes (arena serve --db, arena worker, the organiser's
// commands through the server): a worker is killed (SIGKILL) in the middle
// of a Blitz ranked round's game, and a second worker, started then,
// finishes the round once the first one's heartbeats stop; then that
// worker is killed in the middle of a game of the Cod'INSA final, and a
// third finishes it. blitz round --wait and roundrobin --wait end with
// the round and the table. Every game is recorded exactly once, its job
// completed once, the killed ones tried again. The results are those of
// an uninterrupted run: the same round (its teams and seed) and the same
// final (seed 5) played again without a kill on a data directory, by
// bots that answer the same to the same game, give the same ranks and
// scores game for game, the same ranking after the round and the same
// table. A patient time scale keeps a busy machine from turning a slow
// answer into a timeout, which would be the only source of a difference.
func TestWorkersKilledMidRoundAndFinal(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3 for the teams' bots")
	}
	websocketsPython(t)
	url := pgtest.URL(t)
	ctx := context.Background()
	var bots [2][2]upload
	bots[0][0].name, bots[0][0].data = slowKit(t, "jungle", "play")
	bots[1][0].name, bots[1][0].data = slowKit(t, "catmouse", "tick")
	bots[0][1] = upload{"still.py", []byte(stillJungleBot)}
	bots[1][1] = upload{"still.py", []byte(stillCatmouseBot)}

	if out, stderr, code := run(t, "migrate", "--db", url); code != 0 {
		t.Fatalf("arena migrate: %d %s%s", code, out, stderr)
	}
	p, err := platform.OpenDB(ctx, url, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	killEvents(t, p, bots)
	_, line := startProcess(t, "Arena viewer on ", "serve", "--db", url, "--data", t.TempDir(), "--addr", "127.0.0.1:0",
		"--casual-matches", "1", "--replays", filepath.Join(t.TempDir(), "replays"))
	_, server, _ := strings.Cut(line, "Arena viewer on ")
	server = strings.Fields(server)[0]
	token, err := p.NewOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	srv := []string{"--server", server, "--token", token}
	startWorker := func() (*exec.Cmd, string) {
		cmd, line := startProcess(t, "Arena worker ", "worker", "--db", url, "--cores", "2", "--data", t.TempDir(),
			"--heartbeat", "500ms", "--unsafe-no-sandbox", "--time-scale", "10")
		return cmd, strings.TrimSuffix(strings.Fields(line)[2], ":")
	}
	w1, id1 := startWorker()
	waitBuilds(t, p)

	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// killMid kills w, once it has played a game of kind for half a
	// second, and reports the job and whether it was still running (the
	// game cut in its middle).
	killMid := func(w *exec.Cmd, id, kind string) (int64, bool) {
		t.Helper()
		var job int64
		for deadline := time.Now().Add(3 * time.Minute); job == 0; time.Sleep(20 * time.Millisecond) {
			conn.QueryRow(ctx, `SELECT id FROM river_job WHERE kind = 'match' AND state = 'running' AND args->>'kind' = $2
				AND attempted_by[array_length(attempted_by, 1)] = $1 AND attempted_at < now() - interval '500 milliseconds' LIMIT 1`, id, kind).Scan(&job)
			if job == 0 && time.Now().After(deadline) {
				t.Fatalf("worker %s was never seen playing a %s game", id, kind)
			}
		}
		w.Process.Signal(syscall.SIGKILL)
		w.Wait()
		var state string
		conn.QueryRow(ctx, `SELECT state FROM river_job WHERE id = $1`, job).Scan(&state)
		return job, state == "running"
	}
	// follow runs an organiser's command that waits, in the background
	type ran struct {
		out, stderr string
		code        int
	}
	follow := func(args ...string) chan ran {
		done := make(chan ran, 1)
		go func() {
			out, stderr, code := runGuarded(t, 5*time.Minute, append(args, srv...)...)
			done <- ran{out, stderr, code}
		}()
		return done
	}

	round := follow("event", "blitz", "round", "1", "--wait")
	roundJob, roundCut := killMid(w1, id1, store.KindRanked)
	if !roundCut {
		t.Logf("ranked job %d ended just before the kill: no game was cut", roundJob)
	}
	w2, id2 := startWorker()
	r := <-round
	if r.code != 0 || !strings.Contains(r.out, "ranked round 1 (") || !strings.Contains(r.out, "Owls") {
		t.Fatalf("blitz round --wait: exit %d\n%s%s", r.code, r.out, r.stderr)
	}

	final := follow("event", "roundrobin", "2", "--seed", "5", "--wait")
	finalJob, finalCut := killMid(w2, id2, store.KindFinal)
	if !finalCut {
		t.Logf("final job %d ended just before the kill: no game was cut", finalJob)
	}
	startWorker()
	r = <-final
	if r.code != 0 || !strings.Contains(r.out, "PLACE") || strings.Contains(r.out, "not over") {
		t.Fatalf("roundrobin --wait: exit %d\n%s%s", r.code, r.out, r.stderr)
	}

	// every game recorded once, its job completed once; the killed ones
	// tried again
	ranked := gameRecords(t, p, 1, store.KindRanked)
	finals := gameRecords(t, p, 2, store.KindFinal)
	if len(ranked) != 1 || len(finals) != 3 {
		t.Fatalf("%d ranked games and %d final games recorded, want 1 and 3", len(ranked), len(finals))
	}
	rows, err := conn.Query(ctx, `SELECT args->>'key', state, attempt, id FROM river_job WHERE kind = 'match' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	completed := map[string]int{}
	for rows.Next() {
		var key, state string
		var attempt int
		var id int64
		rows.Scan(&key, &state, &attempt, &id)
		if state == "completed" {
			completed[key]++
		}
		if (id == roundJob && roundCut || id == finalJob && finalCut) && (state != "completed" || attempt < 2) {
			t.Errorf("the killed job %d (%s): %s after %d attempts, want completed after another", id, key, state, attempt)
		}
	}
	rows.Close()
	for key := range completed {
		if completed[key] != 1 {
			t.Errorf("game %s: %d jobs completed", key, completed[key])
		}
		if _, ok := ranked[key]; !ok {
			if _, ok := finals[key]; !ok {
				t.Errorf("job of game %s completed, the game not recorded", key)
			}
		}
	}
	if len(completed) != 4 {
		t.Errorf("%d match jobs completed for 4 games", len(completed))
	}

	// the same round and final without a kill, on a data directory
	ref, err := platform.Open(ctx, filepath.Join(t.TempDir(), "data"))
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	killEvents(t, ref, bots)
	if err := ref.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond, TimeScale: 10, Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer ref.StopJobs(ctx)
	waitBuilds(t, ref)
	begun, err := p.Store.EventState(ctx, 1, "blitz-round")
	if err != nil || begun == nil {
		t.Fatalf("the round's state: %s %v", begun, err)
	}
	var asBegun map[string]json.RawMessage
	if err := json.Unmarshal(begun, &asBegun); err != nil {
		t.Fatal(err)
	}
	delete(asBegun, "after") // as the server began it: its teams, their order, its seed
	delete(asBegun, "groups")
	delete(asBegun, "played")
	if _, err := ref.Store.UpdateEventState(ctx, 1, "blitz-round", func([]byte) ([]byte, error) { return json.Marshal(asBegun) }); err != nil {
		t.Fatal(err)
	}
	refRound, err := blitz.PlayRound(ctx, ref.FormatHost(), 1, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	killed, err := blitz.Status(ctx, p.FormatHost(), 1)
	if err != nil || len(killed.Rounds) != 1 {
		t.Fatalf("the round played with a kill: %+v %v", killed, err)
	}
	if !slices.Equal(refRound.After, killed.Ranking) || len(refRound.After) != 2 {
		t.Errorf("the ranking after the round: %v, uninterrupted %v", killed.Ranking, refRound.After)
	}
	refFinal, err := codinsa.PlayFinal(ctx, ref.FormatHost(), 2, codinsa.FinalOptions{Seed: 5, TimeScale: 10, Bots: &build.Options{Unsafe: true}})
	if err != nil || !refFinal.Done {
		t.Fatalf("the final without a kill: %+v %v", refFinal, err)
	}
	killedFinal, err := codinsa.Standing(ctx, p.FormatHost(), 2)
	if err != nil || killedFinal == nil || !killedFinal.Done {
		t.Fatalf("the final with a kill: %+v %v", killedFinal, err)
	}
	if a, b := fmt.Sprintf("%+v", killedFinal.Standings), fmt.Sprintf("%+v", refFinal.Standings); a != b {
		t.Errorf("the final's table: %s\nuninterrupted: %s", a, b)
	}
	same := func(kind string, got map[string]store.Match, event int64) {
		want := gameRecords(t, ref, event, kind)
		if len(want) != len(got) {
			t.Errorf("%s games: %d recorded with a kill, %d without", kind, len(got), len(want))
		}
		for key, m := range got {
			w, ok := want[key]
			if !ok || !slices.Equal(m.Ranks, w.Ranks) || !slices.Equal(m.Scores, w.Scores) || m.Seed != w.Seed || !slices.Equal(m.Teams, w.Teams) {
				t.Errorf("game %s: ranks %v scores %v seed %d, uninterrupted ranks %v scores %v seed %d", key, m.Ranks, m.Scores, m.Seed, w.Ranks, w.Scores, w.Seed)
			}
		}
	}
	same(store.KindRanked, ranked, 1)
	same(store.KindFinal, finals, 2)
}

// websocketsPython makes the python3 of the PATH one that imports
// websockets (the jungle Python kit's client), for the bots that this test
// and its servers and workers run out of the sandbox: a pyenv python3
// early on the PATH lacks Debian's python3-websockets (which .ci/run
// installs), so Debian's python3 is put first then.
func websocketsPython(t *testing.T) {
	if exec.Command("python3", "-c", "import websockets").Run() == nil ||
		exec.Command("/usr/bin/python3", "-c", "import websockets").Run() != nil {
		return
	}
	bin := t.TempDir()
	if err := os.Symlink("/usr/bin/python3", filepath.Join(bin, "python3")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
}
