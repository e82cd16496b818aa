package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

type wakeArgs struct{}

func (wakeArgs) Kind() string { return "wake" }

type wakeWorker struct {
	river.WorkerDefaults[wakeArgs]
	ran chan struct{}
}

func (w *wakeWorker) Work(context.Context, *river.Job[wakeArgs]) error {
	w.ran <- struct{}{}
	return nil
}

// TestJobsWakeWithoutAListener: River runs on SQLite without its
// listener (which reads a table of notifications every 50 ms): no
// statement reads it, an insert writes no notification, and a job
// inserted through the client that runs the queue still starts at once,
// not at the next poll (an hour away here).
func TestJobsWakeWithoutAListener(t *testing.T) {
	d := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer d.Close()
	ctx := context.Background()
	w := &wakeWorker{ran: make(chan struct{}, 1)}
	workers := river.NewWorkers()
	river.AddWorker(workers, w)
	c, err := d.NewClient(&river.Config{Workers: workers, Queues: map[string]river.QueueConfig{"wake": {MaxWorkers: 1}},
		FetchPollInterval: time.Hour, FetchCooldown: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer c.Stop(ctx)
	// the first fetch, made as the client starts, finds nothing
	time.Sleep(100 * time.Millisecond)
	if _, err := c.Insert(ctx, wakeArgs{}, &river.InsertOpts{Queue: "wake"}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-w.ran:
	case <-time.After(time.Minute): // a minute, not an hour: the insert woke nobody
		t.Fatal("the job inserted did not run: its insert did not wake the workers")
	}
	var n int
	if err := d.SQL().QueryRowContext(ctx, `SELECT count(*) FROM river_notification`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d notifications written (%v)", n, err)
	}
	for _, q := range statements(t, d.SQL()) {
		if strings.Contains(q, "name: NotificationGet") { // sqlc's name of the listener's queries
			t.Fatalf("River's listener read its notifications: %s", q)
		}
	}
}

// statements are the texts of the statements the connection keeps.
func statements(t *testing.T, db *sql.DB) []string {
	t.Helper()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var qs []string
	err = conn.Raw(func(dc any) error {
		qs = dc.(*cachingConn).stmts.Keys()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return qs
}

type doneArgs struct{ Self bool }

func (doneArgs) Kind() string { return "done" }

// doneWorker completes its job itself, in a transaction of its own, as a
// match job does (CompleteJobTx), when the job says so; otherwise River
// completes it.
type doneWorker struct {
	river.WorkerDefaults[doneArgs]
	d *DB
}

func (w *doneWorker) Work(ctx context.Context, job *river.Job[doneArgs]) error {
	if !job.Args.Self {
		return nil
	}
	tx, err := w.d.SQL().BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := w.d.CompleteJobTx(ctx, tx, job.JobRow); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// TestACompletedJobIsNotCompletedAgain: a job its worker completed in its
// own transaction is not written again by River's completer (on SQLite, a
// synchronous commit that changed nothing), and River still reports it
// completed; a job the worker leaves to River is completed by River.
func TestACompletedJobIsNotCompletedAgain(t *testing.T) {
	d := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer d.Close()
	ctx := context.Background()
	workers := river.NewWorkers()
	river.AddWorker(workers, &doneWorker{d: d})
	jc, err := d.NewClient(&river.Config{Workers: workers, Queues: map[string]river.QueueConfig{"done": {MaxWorkers: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	c := jc.(*river.Client[*sql.Tx])
	events, cancel := c.Subscribe(river.EventKindJobCompleted)
	defer cancel()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer c.Stop(ctx)
	// One after the other, so that each is alone in the completer's
	// batch (a batch that mixes the two goes to River's statement whole,
	// in the one transaction it takes anyway).
	for _, self := range []bool{true, false} {
		res, err := c.Insert(ctx, doneArgs{Self: self}, &river.InsertOpts{Queue: "done"})
		if err != nil {
			t.Fatal(err)
		}
		select {
		case ev := <-events:
			if ev.Job.ID != res.Job.ID || ev.Job.State != rivertype.JobStateCompleted {
				t.Fatalf("completion event of job %d, state %s", ev.Job.ID, ev.Job.State)
			}
		case <-time.After(time.Minute):
			t.Fatalf("job %d (completed by its worker: %v) was not reported completed", res.Job.ID, self)
		}
	}
	for _, q := range statements(t, d.SQL()) {
		// River's statement for a job no longer running when it completes it
		if strings.Contains(q, "name: JobSetMetadataIfNotRunning") {
			t.Fatalf("River completed again a job already completed: %s", q)
		}
	}
	// Both at once, likely in one batch: both completed all the same.
	ids := map[int64]bool{}
	for _, self := range []bool{true, false} {
		res, err := c.Insert(ctx, doneArgs{Self: self}, &river.InsertOpts{Queue: "done"})
		if err != nil {
			t.Fatal(err)
		}
		ids[res.Job.ID] = true
	}
	for len(ids) > 0 {
		select {
		case ev := <-events:
			if !ids[ev.Job.ID] || ev.Job.State != rivertype.JobStateCompleted {
				t.Fatalf("completion event of job %d, state %s", ev.Job.ID, ev.Job.State)
			}
			delete(ids, ev.Job.ID)
		case <-time.After(time.Minute):
			t.Fatalf("jobs %v were not reported completed", ids)
		}
	}
	var n int
	if err := d.SQL().QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE kind = 'done' AND state = 'completed'`).Scan(&n); err != nil || n != 4 {
		t.Fatalf("%d jobs completed (%v)", n, err)
	}
}

// TestMatchJobsReadUnfinishedJobsOnly: the scheduler's count of match
// jobs, at every tick, finds the unfinished jobs by their state; searched
// by kind, it read every match job River keeps, the completed ones of
// the last day included.
func TestMatchJobsReadUnfinishedJobsOnly(t *testing.T) {
	d := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer d.Close()
	for _, q := range []string{matchJobsBusy, matchJobsPromoting} {
		all := queryPlan(t, d, q, "match", "promotion")
		if !strings.Contains(all, "SEARCH river_job USING INDEX river_job_prioritized_fetching_index (state=?)") {
			t.Errorf("the match jobs are not found by their state:\n%s\n%s", all, q)
		}
	}
}

// queryPlan is SQLite's plan for query q with args, one step a line.
func queryPlan(t *testing.T, d *DB, q string, args ...any) string {
	t.Helper()
	rows, err := d.db.Query(`EXPLAIN QUERY PLAN `+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	return strings.Join(plan, "\n")
}
