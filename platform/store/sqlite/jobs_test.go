package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
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
