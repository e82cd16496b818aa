package worker_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/worker"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/store/postgres"
)

// waitBot is a tracks bot that waits every turn, as a single Python file.
const waitBot = "import sys\nfor line in sys.stdin:\n    print('WAIT', flush=True)\n"

// TestMatchesOnManyMachines: a server that only schedules, and workers
// with directories of their own on one PostgreSQL database. The first
// worker builds the bots and plays; the second, started after the first
// stops, has none of the build trees and unpacks them from the database.
// Replays are read through the server; the workers are listed with their
// counts.
func TestMatchesOnManyMachines(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	url := pgtest.URL(t)
	srv := platformtest.OpenDB(t, url)
	ev, invite := platformtest.Event(t, srv, "tracks", "Summer")
	owls, _, _ := srv.Join(ctx, invite, "Owls")
	bats, _, _ := srv.Join(ctx, invite, "Bats")
	if err := srv.StartJobs(ctx, worker.Options{Role: worker.RoleServer, Matches: 1, ScheduleEvery: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer srv.StopJobs(ctx)
	var subs []int64
	for _, tm := range []store.Team{owls, bats} {
		s, err := srv.Submit(ctx, tm, "bot.py", []byte(waitBot))
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s.ID)
	}
	worker := func() *platform.Platform {
		w := platformtest.OpenDB(t, url)
		// beats of 1 s: a worker is lost after 6 s of silence, which no
		// loaded machine's scheduling delay reaches
		if err := w.StartJobs(ctx, worker.Options{Role: worker.RoleWorker, Matches: 1, Cores: 2, Heartbeat: time.Second,
			PollInterval: 50 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		return w
	}
	w1 := worker()
	for _, id := range subs {
		if b := platformtest.WaitBuilt(t, srv, id); b.Status != store.StatusReady {
			log, _ := srv.Store.BuildLog(ctx, id)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	platformtest.WaitGames(t, srv, ev.ID, 1)
	if err := w1.StopJobs(ctx); err != nil {
		t.Fatal(err)
	}
	played := gamesOf(t, srv, ev.ID)
	w2 := worker()
	defer w2.StopJobs(ctx)
	platformtest.WaitGames(t, srv, ev.ID, played+2)
	// the two teams sent the same bot: the build that ran second shares
	// the first's tree (builds cached by their tree; which of the two ran
	// first is the queue's choice), which the second worker unpacks from
	// the database all the same
	first, _ := srv.Store.Submission(ctx, subs[0])
	tree := first.Played()
	for _, id := range subs {
		s, err := srv.Store.Submission(ctx, id)
		if err != nil || s.Played() != tree || !slices.Contains(subs, tree) {
			t.Errorf("submission %d plays the tree of %d (%v), want both the same, one of %v", id, s.Played(), err, subs)
		}
		if _, err := os.Stat(filepath.Join(w2.Builds.BuildDir(s.Played()), "bot.py")); err != nil {
			t.Errorf("the second worker has no tree of build %d: %v", s.Played(), err)
		}
		if _, err := os.Stat(srv.Builds.BuildDir(id)); err == nil {
			t.Errorf("build %d ran on the server", id)
		}
	}
	ms, _ := srv.Store.Matches(ctx, ev.ID, 1000)
	for _, m := range ms {
		if m.Error != "" {
			t.Errorf("match %d failed: %s", m.ID, m.Error)
		}
		if rep, err := srv.Replays.Get(m.Key); err != nil || rep.Result == nil {
			t.Errorf("match %d's replay: %v", m.ID, err)
		}
	}
	ws, err := srv.Workers(ctx)
	if err != nil || len(ws) != 2 {
		t.Fatalf("workers %+v %v", ws, err)
	}
	var done int64
	for _, w := range ws {
		// the first one stopped (it is seen lost 6 s after its last beat)
		if w.Cores != 2 || w.Slots != 1 || (w.ID == w2.WorkerID() && !w.Alive) || w.Host == "" {
			t.Errorf("worker %+v", w)
		}
		if w.ID == w1.WorkerID() && (w.Running != 0 || w.Done < 1) {
			t.Errorf("the first worker's last beat: %+v", w)
		}
		done += w.Done
	}
	// the counts are those of the last beat: at most the matches recorded
	if done < 1 || done > int64(len(ms)) {
		t.Errorf("the workers count %d matches done, %d are recorded", done, len(ms))
	}
}

// gamesOf is the fewest rated games of an event's teams.
func gamesOf(t *testing.T, p *platform.Platform, eventID int64) int {
	board, err := p.Leaderboard(context.Background(), eventID)
	if err != nil {
		t.Fatal(err)
	}
	least := -1
	for _, s := range board {
		if least < 0 || s.Rating.Games < least {
			least = s.Rating.Games
		}
	}
	return least
}

// TestTheJobsOfALostWorkerAreQueuedAgain: a running job whose worker
// stopped beating is available again at once; one of a live worker is
// left running.
func TestTheJobsOfALostWorkerAreQueuedAgain(t *testing.T) {
	ctx := context.Background()
	p := platformtest.OpenDB(t, pgtest.URL(t))
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, _, _ := p.Join(ctx, invite, "Owls")
	q, err := p.Jobs.Client()
	if err != nil {
		t.Fatal(err)
	}
	pool := p.Jobs.DB.(*postgres.DB).Pool()
	now := time.Now().UTC()
	ids := map[string]int64{}
	for _, worker := range []string{"lost-1", "alive-1"} {
		res, err := q.Insert(ctx, queue.Match{Event: owls.EventID, Key: "casual-" + worker, Teams: []int64{owls.ID, 0}, Submissions: []int64{0, 0}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids[worker] = res.Job.ID
		if _, err := pool.Exec(ctx, `UPDATE river_job SET state = 'running', attempt = 1, attempted_at = now(), attempted_by = ARRAY['elsewhere', $2] WHERE id = $1`, res.Job.ID, worker); err != nil {
			t.Fatal(err)
		}
	}
	// lost: silent for 7 of its 1 s beats; alive: silent for 3 of its 10 s
	p.Store.Heartbeat(ctx, store.Worker{ID: "lost-1", Host: "a", Started: now.Add(-time.Hour), Seen: now.Add(-7 * time.Second), Every: time.Second})
	p.Store.Heartbeat(ctx, store.Worker{ID: "alive-1", Host: "b", Started: now.Add(-time.Hour), Seen: now.Add(-30 * time.Second), Every: 10 * time.Second})
	n, err := p.Jobs.DB.RescueJobs(ctx, now, worker.DeadBeats)
	if err != nil || n != 1 {
		t.Fatalf("rescued %d jobs (%v), want 1", n, err)
	}
	for worker, want := range map[string]rivertype.JobState{"lost-1": rivertype.JobStateAvailable, "alive-1": rivertype.JobStateRunning} {
		res, err := q.JobList(ctx, river.NewJobListParams().IDs(ids[worker]))
		if err != nil || len(res.Jobs) != 1 || res.Jobs[0].State != want {
			t.Errorf("the job of %s: %+v %v, want %s", worker, res, err, want)
		}
	}
	ws, _ := p.Workers(ctx)
	if len(ws) != 2 || ws[0].ID != "lost-1" || ws[0].Alive || !ws[1].Alive {
		t.Errorf("workers, the last seen first, lost-1 lost: %+v", ws)
	}
}

// TestTheOrganiserSeesTheWorkers: GET organiser/workers lists the
// workers' last beats, alive or lost.
func TestTheOrganiserSeesTheWorkers(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Microsecond) // PostgreSQL keeps microseconds
	p.Store.Heartbeat(ctx, store.Worker{ID: "m1-7-ab", Host: "m1", Cores: 16, Slots: 8, Running: 3, Done: 120, Started: now.Add(-time.Hour), Seen: now, Every: 5 * time.Second})
	p.Store.Heartbeat(ctx, store.Worker{ID: "m2-9-cd", Host: "m2", Cores: 4, Slots: 2, Started: now.Add(-time.Hour), Seen: now.Add(-time.Minute), Every: 5 * time.Second})
	code, body := platformtest.Call(t, ts, "GET", api.Prefix+"organiser/workers", org, "", nil)
	var ws []struct {
		ID, Host                    string
		Cores, Slots, Running, Done int
		Alive                       bool
		LostAt                      time.Time `json:"lost_at"`
		EveryMS                     int64     `json:"every_ms"`
	}
	if err := json.Unmarshal(body, &ws); err != nil || code != 200 || len(ws) != 2 {
		t.Fatalf("%d %s %v", code, body, err)
	}
	if ws[0].Host != "m1" || ws[0].Cores != 16 || ws[0].Running != 3 || ws[0].Done != 120 || !ws[0].Alive || ws[1].Alive {
		t.Fatalf("%+v", ws)
	}
	// when each is (or was) taken for lost without another beat: the
	// organiser's page looks again then
	if !ws[0].LostAt.Equal(now.Add(worker.DeadBeats*5*time.Second)) || !ws[1].LostAt.Equal(now.Add(-time.Minute+worker.DeadBeats*5*time.Second)) || ws[0].EveryMS != 5000 {
		t.Errorf("lost at %s and %s, every %d ms; beats at %s, every 5 s", ws[0].LostAt, ws[1].LostAt, ws[0].EveryMS, now)
	}
}
