package platform

import (
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/store/postgres"
	"github.com/seed27749672/arena/platform/store/sqlite"
)

// The platform's tests may ask for a PostgreSQL database (pgtest.URL).
func TestMain(m *testing.M) { pgtest.Main(m) }

// sqlOf is the SQLite pool of a platform on a data directory.
func sqlOf(p *Platform) *sql.DB { return p.db.(*sqlite.DB).SQL() }

// waitBot is a tracks bot that waits every turn, as a single Python file.
const waitBot = "import sys\nfor line in sys.stdin:\n    print('WAIT', flush=True)\n"

func openPG(t *testing.T, url string) *Platform {
	t.Helper()
	p, err := OpenDB(context.Background(), url, dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// jobStates is a store that notes, as each match is recorded, the state
// of its job as another connection sees it right after the commit.
type jobStates struct {
	store.Store
	p      *Platform
	states chan rivertype.JobState
}

func (s jobStates) RecordMatchTx(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating, then func(store.Tx) error) (bool, error) {
	ok, err := s.Store.RecordMatchTx(ctx, m, rate, then)
	if job, isJob := ctx.Value(jobKey{}).(*rivertype.JobRow); isJob && err == nil {
		res, lerr := s.p.river.JobList(ctx, river.NewJobListParams().IDs(job.ID))
		if lerr == nil && len(res.Jobs) == 1 {
			s.states <- res.Jobs[0].State
		}
	}
	return ok, err
}

// TestAMatchIsRecordedWithItsJobsCompletion: on both drivers, when a
// match's result is committed, its job is already completed (River's
// JobCompleteTx in the same transaction): a worker lost right after the
// commit leaves no job that would play the match again.
func TestAMatchIsRecordedWithItsJobsCompletion(t *testing.T) {
	needSandbox(t)
	for _, driver := range []string{"sqlite", "postgres"} {
		t.Run(driver, func(t *testing.T) {
			ctx := context.Background()
			var p *Platform
			if driver == "sqlite" {
				var err error
				if p, err = Open(ctx, dataDir(t)); err != nil {
					t.Fatal(err)
				}
				defer p.Close()
			} else {
				p = openPG(t, pgtest.URL(t))
			}
			states := make(chan rivertype.JobState, 100)
			p.Store = jobStates{Store: p.Store, p: p, states: states}
			ev, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
			if err != nil {
				t.Fatal(err)
			}
			owls, _, _ := p.Join(ctx, invite, "Owls")
			if err := p.StartJobs(ctx, JobOptions{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond}); err != nil {
				t.Fatal(err)
			}
			defer p.StopJobs(ctx)
			s, err := p.Submit(ctx, owls, "bot.py", []byte(waitBot))
			if err != nil {
				t.Fatal(err)
			}
			if b := waitBuilt(t, p, s.ID); b.Status != store.StatusReady {
				t.Fatalf("%+v", b)
			}
			waitGames(t, p, ev.ID, 1)
			select {
			case st := <-states:
				if st != rivertype.JobStateCompleted {
					t.Fatalf("a recorded match's job is %s", st)
				}
			case <-time.After(time.Minute):
				t.Fatal("no match job recorded")
			}
		})
	}
}

// TestMatchesOnManyMachines: a server that only schedules, and workers
// with directories of their own on one PostgreSQL database. The first
// worker builds the bots and plays; the second, started after the first
// stops, has none of the build trees and unpacks them from the database.
// Replays are read through the server; the workers are listed with their
// counts.
func TestMatchesOnManyMachines(t *testing.T) {
	needSandbox(t)
	ctx := context.Background()
	url := pgtest.URL(t)
	srv := openPG(t, url)
	ev, invite := newEvent(t, srv, "tracks", "Summer")
	owls, _, _ := srv.Join(ctx, invite, "Owls")
	bats, _, _ := srv.Join(ctx, invite, "Bats")
	if err := srv.StartJobs(ctx, JobOptions{Role: RoleServer, Matches: 1, ScheduleEvery: 50 * time.Millisecond}); err != nil {
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
	worker := func() *Platform {
		w := openPG(t, url)
		// beats of 1 s: a worker is lost after 6 s of silence, which no
		// loaded machine's scheduling delay reaches
		if err := w.StartJobs(ctx, JobOptions{Role: RoleWorker, Matches: 1, Cores: 2, Heartbeat: time.Second,
			PollInterval: 50 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		return w
	}
	w1 := worker()
	for _, id := range subs {
		if b := waitBuilt(t, srv, id); b.Status != store.StatusReady {
			log, _ := srv.Store.BuildLog(ctx, id)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	waitGames(t, srv, ev.ID, 1)
	if err := w1.StopJobs(ctx); err != nil {
		t.Fatal(err)
	}
	played := gamesOf(t, srv, ev.ID)
	w2 := worker()
	defer w2.StopJobs(ctx)
	waitGames(t, srv, ev.ID, played+2)
	for _, id := range subs {
		if _, err := os.Stat(filepath.Join(w2.buildDir(id), "bot.py")); err != nil {
			t.Errorf("the second worker has no tree of build %d: %v", id, err)
		}
		if _, err := os.Stat(srv.buildDir(id)); err == nil {
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
func gamesOf(t *testing.T, p *Platform, eventID int64) int {
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
	p := openPG(t, pgtest.URL(t))
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, _, _ := p.Join(ctx, invite, "Owls")
	q, err := p.queue()
	if err != nil {
		t.Fatal(err)
	}
	pool := p.db.(*postgres.DB).Pool()
	now := time.Now().UTC()
	ids := map[string]int64{}
	for _, worker := range []string{"lost-1", "alive-1"} {
		res, err := q.Insert(ctx, matchArgs{Event: owls.EventID, Key: "casual-" + worker, Teams: []int64{owls.ID, 0}, Submissions: []int64{0, 0}}, nil)
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
	n, err := p.db.RescueJobs(ctx, now, deadBeats)
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
	p := openTest(t)
	ctx := context.Background()
	ts := server(t, p, &fakeClock{t: time.Now()})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	p.Store.Heartbeat(ctx, store.Worker{ID: "m1-7-ab", Host: "m1", Cores: 16, Slots: 8, Running: 3, Done: 120, Started: now.Add(-time.Hour), Seen: now, Every: 5 * time.Second})
	p.Store.Heartbeat(ctx, store.Worker{ID: "m2-9-cd", Host: "m2", Cores: 4, Slots: 2, Started: now.Add(-time.Hour), Seen: now.Add(-time.Minute), Every: 5 * time.Second})
	code, body := call(t, ts, "GET", APIPrefix+"organiser/workers", org, "", nil)
	var ws []struct {
		ID, Host                    string
		Cores, Slots, Running, Done int
		Alive                       bool
	}
	if err := json.Unmarshal(body, &ws); err != nil || code != 200 || len(ws) != 2 {
		t.Fatalf("%d %s %v", code, body, err)
	}
	if ws[0].Host != "m1" || ws[0].Cores != 16 || ws[0].Running != 3 || ws[0].Done != 120 || !ws[0].Alive || ws[1].Alive {
		t.Fatalf("%+v", ws)
	}
}

// TestOneServerSchedules: of two servers on one database, one holds the
// claim to schedule; when it gives it up (or is lost), the other takes it.
func TestOneServerSchedules(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := openPG(t, url), openPG(t, url)
	if !a.scheduling(ctx) || b.scheduling(ctx) {
		t.Fatal("not exactly one server schedules")
	}
	if !a.scheduling(ctx) {
		t.Fatal("the scheduler lost its claim")
	}
	a.stopLeading()
	if !b.scheduling(ctx) || a.scheduling(ctx) {
		t.Fatal("the other server did not take the claim")
	}
	// a lost server: its connection ends (the server is killed)
	b.lead.(*postgres.Lead).Kill()
	// its backend ends, and frees the lock, a moment after the connection
	// closes: the next ticks take it
	for deadline := time.Now().Add(time.Minute); !a.scheduling(ctx); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the claim of a lost server was not taken")
		}
	}
	if s := openTest(t); !s.scheduling(ctx) {
		t.Fatal("a data directory's server does not schedule")
	}
}

// testOnPostgres makes openTest open a PostgreSQL database instead of a
// data directory (TestFlowsOnPostgres).
var testOnPostgres bool

// TestFlowsOnPostgres runs again, on PostgreSQL, the platform's tests that
// open their platform with openTest: the same flows on both drivers.
func TestFlowsOnPostgres(t *testing.T) {
	pgtest.URL(t) // skips without PostgreSQL
	testOnPostgres = true
	defer func() { testOnPostgres = false }()
	for name, f := range map[string]func(*testing.T){
		"AfterTheEndTheOrganisersGamesPlay":   TestAfterTheEndTheOrganisersGamesPlay,
		"BuiltRootFollowsTheUpload":           TestBuiltRootFollowsTheUpload,
		"CreateEventChecksGameNameAndOptions": TestCreateEventChecksGameNameAndOptions,
		"JoinAndAuthenticate":                 TestJoinAndAuthenticate,
		"MatchJobsHoldTheirCores":             TestMatchJobsHoldTheirCores,
		"MatchOptionsFollowTheSettings":       TestMatchOptionsFollowTheSettings,
		"OutsideBotPlaysACasualGame":          TestOutsideBotPlaysACasualGame,
		"PromotionSweepSkipsAnUnknownLeague":  TestPromotionSweepSkipsAnUnknownLeague,
		"SideQuestBoard":                      TestSideQuestBoard,
		"SubmitRefusesWhatCannotBuild":        TestSubmitRefusesWhatCannotBuild,
		"TheOrganiserSeesTheWorkers":          TestTheOrganiserSeesTheWorkers,
	} {
		t.Run(name, f)
	}
}
