package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/store"
)

// River's tables live in the store's file (riversqlite, which asks for the
// one connection the store keeps). The statements below name River's
// table, river_job, and its columns as of River v0.51; the conformance
// suite checks them against River's own client.

var _ store.Queue = (*DB)(nil)

// unfinished are River's job states that are not final.
const unfinished = `('available', 'running', 'retryable', 'scheduled', 'pending')`

// migrateRiver creates or updates River's tables.
func migrateRiver(ctx context.Context, db *sql.DB) error {
	m, err := rivermigrate.New(riversqlite.New(db), nil)
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

// NewClient implements store.Queue.
func (d *DB) NewClient(cfg *river.Config) (store.JobClient, error) {
	return river.NewClient(withoutListener{riversqlite.New(d.db)}, cfg)
}

// withoutListener is riversqlite's driver without its listener, which
// emulates PostgreSQL's LISTEN by reading a table of notifications every
// 50 ms (a pace v0.51 does not let one set), whatever the queue does:
// twenty queries a second, a tenth of the platform's own CPU a match in
// BenchmarkCasualMatches. Without one, River does what it does for any
// driver that has none: an insert through the client that runs the jobs
// wakes the workers of the job's queue at once, and every job a server
// queues goes through that client (queue.Jobs.Client); a job inserted by
// another process (a command on the data directory) is found at the next
// poll (worker.Options.PollInterval, 1 s), as it would be if River's
// listener had missed it. The leader's election polls too (every few
// seconds; one process runs a SQLite file's jobs). Its executor is
// completedSkipped's (below).
type withoutListener struct{ *riversqlite.Driver }

func (withoutListener) SupportsListener() bool     { return false }
func (withoutListener) SupportsListenNotify() bool { return false }

// GetExecutor is riversqlite's executor, whose completions skip the jobs
// already completed (completedSkipped).
func (d withoutListener) GetExecutor() riverdriver.Executor {
	return completedSkipped{d.Driver.GetExecutor()}
}

// completedSkipped is River's executor without the completer's write of
// a job its worker completed itself: a match job is completed in the
// transaction that records its match (CompleteJobTx), and River's
// completer then completes it again. On SQLite that second completion is
// a transaction of its own, finding the job no longer running and
// rewriting its metadata unchanged, committed, so synchronously written
// to the disk: one more commit a match for nothing
// (BenchmarkCasualMatches). A batch whose jobs are all to be completed
// with no metadata to add is read first (a read commits nothing); when
// every one of them is completed already, their rows are returned as they
// are, as River's own statement would return them. Any other batch goes
// to River's statement whole, as it came: River's parameters are never
// rebuilt here, so none of them can be lost.
type completedSkipped struct{ riverdriver.Executor }

func (e completedSkipped) JobSetStateIfRunningMany(ctx context.Context, p *riverdriver.JobSetStateIfRunningManyParams) ([]*rivertype.JobRow, error) {
	if rows, ok := e.allCompleted(ctx, p); ok {
		return rows, nil
	}
	return e.Executor.JobSetStateIfRunningMany(ctx, p)
}

// allCompleted returns the rows of p's jobs when p only completes jobs,
// with no metadata to add, that are all completed already.
func (e completedSkipped) allCompleted(ctx context.Context, p *riverdriver.JobSetStateIfRunningManyParams) ([]*rivertype.JobRow, bool) {
	if len(p.ID) == 0 {
		return nil, false
	}
	for i := range p.ID {
		if p.State[i] != rivertype.JobStateCompleted || p.MetadataDoMerge[i] {
			return nil, false
		}
	}
	rows, err := e.Executor.JobGetByIDMany(ctx, &riverdriver.JobGetByIDManyParams{ID: p.ID, Schema: p.Schema})
	if err != nil || len(rows) != len(p.ID) {
		return nil, false
	}
	for _, r := range rows {
		if r.State != rivertype.JobStateCompleted {
			return nil, false
		}
	}
	return rows, true
}

// rawArgs are any job's arguments, as JobCompleteTx decodes them.
type rawArgs map[string]any

func (rawArgs) Kind() string { return "" }

// CompleteJobTx implements store.Queue.
func (d *DB) CompleteJobTx(ctx context.Context, tx store.Tx, job *rivertype.JobRow) error {
	sqlTx, ok := tx.(*sql.Tx)
	if !ok {
		return fmt.Errorf("a SQLite job completed in a %T", tx)
	}
	_, err := river.JobCompleteTx[*riversqlite.Driver](ctx, sqlTx, &river.Job[rawArgs]{JobRow: job})
	return err
}

// Shared implements store.Queue: one file, one machine.
func (d *DB) Shared() bool { return false }

// MatchJobs implements store.Queue.
func (d *DB) MatchJobs(ctx context.Context, jobKind string) (map[int64]int, map[int64]bool, error) {
	busy, teams := map[int64]int{}, map[int64]int{}
	err := counts(ctx, d.db, busy, matchJobsBusy, jobKind, store.KindPromotion)
	if err != nil {
		return nil, nil, err
	}
	err = counts(ctx, d.db, teams, matchJobsPromoting, jobKind, store.KindPromotion)
	if err != nil {
		return nil, nil, err
	}
	return busy, store.Promoting(teams), nil
}

// MatchJobs' statements read the unfinished jobs by their state (River's
// index on (state, queue, ...)), not every job of the kind: "+kind" keeps
// SQLite from the index on kind, which it otherwise prefers, and which
// holds the completed jobs too, kept a day by River (95,000 completed
// match jobs made a tick's count 34 ms instead of 0.1 ms).
// TestMatchJobsReadUnfinishedJobsOnly checks the plan.
const (
	matchJobsBusy = `SELECT json_extract(args, '$.event'), count(*) FROM river_job
		WHERE +kind = ? AND state IN ` + unfinished + ` AND coalesce(json_extract(args, '$.kind'), '') <> ?
		GROUP BY 1`
	matchJobsPromoting = `SELECT DISTINCT t.value, 1 FROM river_job, json_each(river_job.args, '$.teams') AS t
		WHERE +river_job.kind = ? AND river_job.state IN ` + unfinished + ` AND json_extract(river_job.args, '$.kind') = ?`
)

// counts adds the rows of a query of (id, count) to into.
func counts(ctx context.Context, db *sql.DB, into map[int64]int, q string, args ...any) error {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return store.ScanCounts(rows, into)
}

// Orphans implements store.Queue.
func (d *DB) Orphans(ctx context.Context) (int64, error) {
	return d.exec(ctx, `UPDATE river_job SET state = 'available', scheduled_at = datetime('now', 'subsec'),
		max_attempts = CASE WHEN attempt >= max_attempts THEN attempt + 1 ELSE max_attempts END
		WHERE state = 'running'`)
}

// RescueJobs implements store.Queue.
func (d *DB) RescueJobs(ctx context.Context, now time.Time, beats int) (int64, error) {
	return d.exec(ctx, `UPDATE river_job SET state = 'available', scheduled_at = datetime('now', 'subsec')
		WHERE state = 'running' AND json_extract(attempted_by, '$[#-1]') IN
		(SELECT id FROM workers WHERE julianday(seen) < julianday(?) - every_ms * ? / 86400000.0)`,
		now.UTC().Format(time.RFC3339Nano), beats)
}

// exec runs a statement and returns how many rows it changed.
func (d *DB) exec(ctx context.Context, q string, args ...any) (int64, error) {
	res, err := d.db.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// NewLead implements store.Queue: no other process shares the file, so
// its one server always schedules.
func (d *DB) NewLead() store.Lead { return alone{} }

// alone is the claim of a database no other process shares.
type alone struct{}

func (alone) Held(context.Context) bool { return true }
func (alone) Release()                  {}
