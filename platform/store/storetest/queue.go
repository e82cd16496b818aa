package storetest

import (
	"context"
	"errors"
	"maps"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/store"
)

// The job queue's side of a driver (store.Queue), tested through River's
// own client: the driver's statements on River's tables must agree with
// what River reads and writes.

// queueOf is the driver's store.Queue, which every driver implements.
func queueOf(t *testing.T, db store.Store) store.Queue {
	t.Helper()
	q, ok := db.(store.Queue)
	if !ok {
		t.Fatalf("%T is no store.Queue", db)
	}
	return q
}

// gameArgs are a match job's arguments as MatchJobs reads them.
type gameArgs struct {
	Event int64   `json:"event,omitempty"`
	Key   string  `json:"key"`
	Match string  `json:"kind,omitempty"`
	Teams []int64 `json:"teams"`
}

func (gameArgs) Kind() string { return "game" }

// otherArgs are a job of another kind, with an event all the same.
type otherArgs struct {
	Event int64 `json:"event"`
}

func (otherArgs) Kind() string { return "other" }

// blocker holds each job it works until released, and says when it starts.
type blocker struct {
	river.WorkerDefaults[gameArgs]
	started chan int64
	release chan struct{}
}

func (w *blocker) Work(ctx context.Context, job *river.Job[gameArgs]) error {
	w.started <- job.ID
	<-w.release
	return nil
}

// worker is a worker of gameArgs that runs work.
type worker struct {
	river.WorkerDefaults[gameArgs]
	work func(ctx context.Context, job *river.Job[gameArgs]) error
}

func (w *worker) Work(ctx context.Context, job *river.Job[gameArgs]) error { return w.work(ctx, job) }

// client starts a River client, named id, that works queue with w.
func client(t *testing.T, q store.Queue, id, queue string, w river.Worker[gameArgs]) store.JobClient {
	t.Helper()
	workers := river.NewWorkers()
	river.AddWorker(workers, w)
	c, err := q.NewClient(&river.Config{ID: id, Workers: workers, Queues: map[string]river.QueueConfig{queue: {MaxWorkers: 1}},
		FetchPollInterval: 50 * time.Millisecond, FetchCooldown: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return c
}

// inserter is a client that only inserts.
func inserter(t *testing.T, q store.Queue) store.JobClient {
	t.Helper()
	c, err := q.NewClient(&river.Config{MaxAttempts: 3})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func insert(t *testing.T, c store.JobClient, args river.JobArgs, opts *river.InsertOpts) int64 {
	t.Helper()
	res, err := c.Insert(context.Background(), args, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res.Job.ID
}

// job reads a job through River.
func job(t *testing.T, c store.JobClient, id int64) *rivertype.JobRow {
	t.Helper()
	res, err := c.JobList(context.Background(), river.NewJobListParams().IDs(id))
	if err != nil || len(res.Jobs) != 1 {
		t.Fatalf("job %d: %+v %v", id, res, err)
	}
	return res.Jobs[0]
}

// waitState waits for River to say the job is in state.
func waitState(t *testing.T, c store.JobClient, id int64, state rivertype.JobState) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); job(t, c, id).State != state; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("job %d is %s, not %s", id, job(t, c, id).State, state)
		}
	}
}

// matchJobsAreCounted: MatchJobs counts the unfinished jobs of the kind
// by event, promotion games apart (their teams instead); a finished job,
// a job of another kind and one without an event are not counted.
func matchJobsAreCounted(t *testing.T, open Opener) {
	q := queueOf(t, openOnce(t, open))
	in := inserter(t, q)
	n := 0
	game := func(a gameArgs, opts *river.InsertOpts) int64 {
		n++
		a.Key = string(rune('a' + n))
		return insert(t, in, a, opts)
	}
	game(gameArgs{Event: 1, Teams: []int64{1, 2}}, nil)
	game(gameArgs{Event: 1, Match: store.KindFinal, Teams: []int64{2, 3}}, nil)
	game(gameArgs{Event: 2, Match: store.KindRanked, Teams: []int64{7, 8, 9}}, nil)
	game(gameArgs{Event: 2, Match: store.KindCasual, Teams: []int64{7, 8}}, &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)})
	game(gameArgs{Event: 3, Match: store.KindPromotion, Teams: []int64{11, 0}}, nil)
	game(gameArgs{Event: 3, Match: store.KindPromotion, Teams: []int64{0, 12}}, nil)
	game(gameArgs{Teams: []int64{5, 6}}, nil) // no event
	insert(t, in, otherArgs{Event: 1}, nil)
	done := game(gameArgs{Event: 4, Teams: []int64{13, 14}}, &river.InsertOpts{Queue: "done"})
	doneProm := game(gameArgs{Event: 4, Match: store.KindPromotion, Teams: []int64{15, 0}}, &river.InsertOpts{Queue: "done"})
	c := client(t, q, "", "done", &worker{work: func(context.Context, *river.Job[gameArgs]) error { return nil }})
	waitState(t, in, done, rivertype.JobStateCompleted)
	waitState(t, in, doneProm, rivertype.JobStateCompleted)
	if err := c.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	busy, promoting, err := q.MatchJobs(context.Background(), gameArgs{}.Kind())
	wantBusy := map[int64]int{1: 2, 2: 2}
	wantPromoting := map[int64]bool{0: true, 11: true, 12: true}
	if err != nil || !maps.Equal(busy, wantBusy) || !maps.Equal(promoting, wantPromoting) {
		t.Fatalf("busy %v, promoting %v (%v); want %v, %v", busy, promoting, err, wantBusy, wantPromoting)
	}
}

// aJobCompletesInTheStoresTransaction: CompleteJobTx in RecordMatchTx's
// then completes the job with the match's commit; when the transaction
// rolls back, neither the match nor the completion stays.
func aJobCompletesInTheStoresTransaction(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	q := queueOf(t, db)
	ev := newEvent(t, db, "x")
	in := inserter(t, q)
	boom := errors.New("after the completion")
	record := func(ctx context.Context, job *river.Job[gameArgs]) error {
		m := store.Match{EventID: ev.ID, Key: job.Args.Key, Teams: []int64{0, 0}, Submissions: []int64{0, 0}, Ranks: []int{1, 2}}
		_, err := db.RecordMatchTx(ctx, m, nil, func(tx store.Tx) error {
			if err := q.CompleteJobTx(ctx, tx, job.JobRow); err != nil {
				return err
			}
			if job.Args.Key == "fails" {
				return boom
			}
			return nil
		})
		if job.Args.Key == "fails" && !errors.Is(err, boom) {
			t.Errorf("the failing job's record: %v", err)
		}
		return err
	}
	ok := insert(t, in, gameArgs{Key: "ok"}, nil)
	fails := insert(t, in, gameArgs{Key: "fails"}, &river.InsertOpts{MaxAttempts: 1})
	c := client(t, q, "", river.QueueDefault, &worker{work: record})
	waitState(t, in, ok, rivertype.JobStateCompleted)
	waitState(t, in, fails, rivertype.JobStateDiscarded)
	if err := c.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	ms, err := db.Matches(ctx, ev.ID, 10)
	if err != nil || len(ms) != 1 || ms[0].Key != "ok" {
		t.Fatalf("matches %+v %v, want the completed job's only", ms, err)
	}
}

// runningJobsAreQueuedAgain: RescueJobs makes the running jobs of a lost
// worker available (a live worker's stay running); Orphans makes every
// running job available, with one more attempt for a job on its last.
func runningJobsAreQueuedAgain(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	q := queueOf(t, db)
	in := inserter(t, q)
	lostJob := insert(t, in, gameArgs{Key: "lost"}, &river.InsertOpts{Queue: "lost"})
	aliveJob := insert(t, in, gameArgs{Key: "alive"}, &river.InsertOpts{Queue: "alive", MaxAttempts: 1})
	w := &blocker{started: make(chan int64, 2), release: make(chan struct{})}
	clients := []store.JobClient{client(t, q, "lost-1", "lost", w), client(t, q, "alive-1", "alive", w)}
	defer func() {
		close(w.release)
		for _, c := range clients {
			c.Stop(ctx)
		}
	}()
	<-w.started
	<-w.started
	now := time.Now().UTC()
	// lost: silent for 7 of its 1 s beats; alive: silent for 3 of its 10 s
	db.Heartbeat(ctx, store.Worker{ID: "lost-1", Host: "a", Started: now.Add(-time.Hour), Seen: now.Add(-7 * time.Second), Every: time.Second})
	db.Heartbeat(ctx, store.Worker{ID: "alive-1", Host: "b", Started: now.Add(-time.Hour), Seen: now.Add(-30 * time.Second), Every: 10 * time.Second})
	if n, err := q.RescueJobs(ctx, now, 6); err != nil || n != 1 {
		t.Fatalf("rescued %d jobs (%v), want 1", n, err)
	}
	if s := job(t, in, lostJob).State; s != rivertype.JobStateAvailable {
		t.Errorf("the lost worker's job is %s", s)
	}
	if s := job(t, in, aliveJob).State; s != rivertype.JobStateRunning {
		t.Errorf("the live worker's job is %s", s)
	}
	if n, err := q.Orphans(ctx); err != nil || n != 1 {
		t.Fatalf("%d orphans (%v), want 1", n, err)
	}
	if j := job(t, in, aliveJob); j.State != rivertype.JobStateAvailable || j.MaxAttempts != 2 {
		t.Errorf("an orphan on its last attempt: %s, %d attempts of %d", j.State, j.Attempt, j.MaxAttempts)
	}
}

// oneLeadAtATime: on a shared database one claim is held at a time, and
// a released one passes on; a database no other process shares has only
// its own server, whose claim always holds.
func oneLeadAtATime(t *testing.T, open Opener) {
	ctx := context.Background()
	q := queueOf(t, openOnce(t, open))
	a, b := q.NewLead(), q.NewLead()
	defer a.Release()
	defer b.Release()
	for i := range 2 { // taken, then still held
		if !a.Held(ctx) {
			t.Fatalf("the first claim is not held (try %d)", i+1)
		}
	}
	if b.Held(ctx) == q.Shared() {
		t.Fatalf("a second claim held: %v, on a shared database: %v", !q.Shared(), q.Shared())
	}
	a.Release()
	if !b.Held(ctx) {
		t.Fatal("a released claim did not pass on")
	}
}
