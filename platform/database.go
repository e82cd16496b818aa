package platform

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/postgres"
	"github.com/seed27749672/arena/platform/store/sqlite"
)

// The platform's database is SQLite in the data directory (one machine),
// or PostgreSQL shared by the web servers and the workers of any number of
// machines. River's client is generic over its driver's transaction type
// (*sql.Tx, pgx.Tx); the platform holds it as a jobQueue, which both
// instantiations satisfy, and the few calls that name the driver's types
// are the database's methods below.

// jobQueue is what the platform calls on River's client.
type jobQueue interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
}

// database is River on the store's database.
type database interface {
	newQueue(cfg *river.Config) (jobQueue, error)
	migrateQueue(ctx context.Context) error
	// completeJob marks a running job completed in the store's open
	// transaction tx (River's JobCompleteTx): a match's result and its
	// job's end are one commit.
	completeJob(ctx context.Context, tx store.Tx, job *rivertype.JobRow) error
	// shared: processes on other machines use the database, so uploads,
	// build artifacts and replays go in it.
	shared() bool
	// rescue queues again at once the running jobs of the workers lost
	// at now: silent for deadBeats of their heartbeats.
	rescue(ctx context.Context, now time.Time) (int64, error)
	// newLead is a claim to schedule: one server of all those that
	// share the database schedules at a time.
	newLead() leader
	// matchJobs counts the unfinished match jobs in the database, for
	// the scheduler (schedule_jobs.go).
	matchJobs(ctx context.Context) (busy map[int64]int, promoting map[int64]bool, err error)
	// orphans makes available again every running job, for the one
	// process that runs a SQLite data directory's jobs when it starts
	// (restart.go); on PostgreSQL, heartbeats find lost jobs instead.
	orphans(ctx context.Context) (int64, error)
}

// leader is a claim to schedule.
type leader interface {
	Held(ctx context.Context) bool // takes the claim, or checks it is still held
	Release()
}

// alone: a database no other process shares; its one server schedules.
type alone struct{}

func (alone) Held(context.Context) bool { return true }
func (alone) Release()                  {}

type sqliteDB struct{ db *sqlite.DB }

func (d sqliteDB) newQueue(cfg *river.Config) (jobQueue, error) {
	return river.NewClient(riversqlite.New(d.db.SQL()), cfg)
}
func (d sqliteDB) migrateQueue(ctx context.Context) error {
	return migrateRiver(ctx, riversqlite.New(d.db.SQL()))
}
func (d sqliteDB) completeJob(ctx context.Context, tx store.Tx, job *rivertype.JobRow) error {
	sqlTx, ok := tx.(*sql.Tx)
	if !ok {
		return fmt.Errorf("a SQLite job completed in a %T", tx)
	}
	return completeTx[*riversqlite.Driver](ctx, sqlTx, job)
}
func (sqliteDB) shared() bool { return false }

// rescue: one machine has no other worker to lose.
func (sqliteDB) rescue(context.Context, time.Time) (int64, error) { return 0, nil }
func (sqliteDB) newLead() leader                                  { return alone{} }

// orphans: a killed attempt counts as one, so a job killed on its last
// attempt gets one more.
func (d sqliteDB) orphans(ctx context.Context) (int64, error) {
	res, err := d.db.SQL().ExecContext(ctx, `UPDATE river_job SET state = 'available', scheduled_at = datetime('now', 'subsec'),
		max_attempts = CASE WHEN attempt >= max_attempts THEN attempt + 1 ELSE max_attempts END
		WHERE state = 'running'`)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

type pgDB struct{ db *postgres.DB }

func (d pgDB) newQueue(cfg *river.Config) (jobQueue, error) {
	return river.NewClient(riverpgxv5.New(d.db.Pool()), cfg)
}
func (d pgDB) migrateQueue(ctx context.Context) error {
	return d.db.Locked(ctx, func() error { return migrateRiver(ctx, riverpgxv5.New(d.db.Pool())) })
}
func (d pgDB) completeJob(ctx context.Context, tx store.Tx, job *rivertype.JobRow) error {
	pgTx, ok := tx.(pgx.Tx)
	if !ok {
		return fmt.Errorf("a PostgreSQL job completed in a %T", tx)
	}
	return completeTx[*riverpgxv5.Driver](ctx, pgTx, job)
}
func (pgDB) shared() bool      { return true }
func (d pgDB) newLead() leader { return d.db.NewLead() }
func (d pgDB) rescue(ctx context.Context, now time.Time) (int64, error) {
	return d.db.RescueJobs(ctx, now, deadBeats)
}

// orphans: other machines' jobs run in this database; heartbeats tell
// the lost ones (rescue).
func (pgDB) orphans(context.Context) (int64, error) { return 0, nil }

func migrateRiver[TTx any](ctx context.Context, d riverdriver.Driver[TTx]) error {
	m, err := rivermigrate.New(d, nil)
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

func completeTx[TDriver riverdriver.Driver[TTx], TTx any](ctx context.Context, tx TTx, job *rivertype.JobRow) error {
	_, err := river.JobCompleteTx[TDriver](ctx, tx, &river.Job[matchArgs]{JobRow: job})
	return err
}

// OpenDB opens the platform on a PostgreSQL database (postgres://...)
// that other machines share. dir is this machine's own directory: a cache
// of the uploads and build trees the database holds, and where builds and
// bots run.
func OpenDB(ctx context.Context, url, dir string) (*Platform, error) {
	if dir == "" {
		return nil, errors.New("no working directory given")
	}
	if err := os.MkdirAll(filepath.Join(dir, "builds"), 0o711); err != nil {
		return nil, fmt.Errorf("working directory: %w", err)
	}
	for _, d := range []string{dir, filepath.Join(dir, "builds")} {
		if err := os.Chmod(d, 0o711); err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
	}
	db, err := postgres.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	p := &Platform{Store: db, Dir: dir, db: pgDB{db}, Replays: storeReplays{db}}
	if err := p.migrateQueue(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("job queue tables: %w", err)
	}
	return p, nil
}

// OpenEither opens a PostgreSQL database when url is set, else the data
// directory dir: what the CLI's --db and --data choose. With a database,
// dir is this process's working directory; without one, a new temporary
// directory is, removed by Close (what it holds is a cache of the
// database's).
func OpenEither(ctx context.Context, dir, url string) (*Platform, error) {
	if url == "" {
		return Open(ctx, dir)
	}
	temp := ""
	if dir == "" {
		var err error
		if temp, err = os.MkdirTemp("", "arena-work-"); err != nil {
			return nil, err
		}
		dir = temp
	}
	p, err := OpenDB(ctx, url, dir)
	if err != nil {
		if temp != "" {
			os.RemoveAll(temp)
		}
		return nil, err
	}
	p.tempDir = temp
	return p, nil
}

// jobKey carries the running job in its worker's context, for
// recordMatch.
type jobKey struct{}

// counters are a worker's match counts, for its heartbeats.
type counters struct{ running, done atomic.Int64 }

// jobMiddleware hands each job its row (for recordMatch) and counts the
// matches this process plays.
func (p *Platform) jobMiddleware() rivertype.WorkerMiddleware {
	return river.WorkerMiddlewareFunc(func(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
		if job.Kind != (matchArgs{}).Kind() {
			return doInner(context.WithValue(ctx, jobKey{}, job))
		}
		p.count.running.Add(1)
		start := time.Now()
		err := doInner(context.WithValue(ctx, jobKey{}, job))
		p.count.running.Add(-1)
		if err == nil {
			p.count.done.Add(1)
		}
		if p.observe != nil {
			p.observe(job, start, time.Now())
		}
		return err
	})
}

// recordMatch stores a match and its ratings; in a job, the job is
// completed in the same transaction, so that a worker lost after the
// commit leaves no job to play the match again, and one lost before it
// leaves nothing recorded.
func (p *Platform) recordMatch(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating) (bool, error) {
	var then func(store.Tx) error
	if job, ok := ctx.Value(jobKey{}).(*rivertype.JobRow); ok && p.db != nil {
		then = func(tx store.Tx) error { return p.db.completeJob(ctx, tx, job) }
	}
	return p.Store.RecordMatchTx(ctx, m, rate, then)
}
