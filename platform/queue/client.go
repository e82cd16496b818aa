package queue

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/store"
)

// Jobs is a platform's job queue: River on the store's own database (its
// tables and their SQL are the store driver's: store.Queue). Every room
// that queues jobs (uploads, the scheduler, the formats) holds the same
// Jobs; the worker pool starts River's full client on it, and without
// one, jobs are only inserted, for a later server to run.
//
// It also keeps what decides who runs the jobs: the claim to schedule on
// a shared database (Leading), and the jobs lock of a data directory
// (LockJobs).
type Jobs struct {
	DB  store.Queue // nil: a platform without a job queue
	Dir string      // the data directory (its jobs lock)

	mu      sync.Mutex
	running store.JobClient // set by Start: the workers' client
	plays   bool            // its workers (or the worker machines) play match jobs
	lock    *os.File        // the jobs lock while held
	locks   uint64          // how many times it was taken

	leadMu sync.Mutex // apart: taking the claim asks the database
	lead   store.Lead // the claim to schedule
}

// Attempts is how many times a job is tried before River gives up on it.
// A job takes it from the client that inserts it: every client says it,
// the insert-only ones too (River's default is 25, which with its backoff
// is weeks of a failing game being tried again).
const Attempts = 3

// InsertOnly is the configuration of a client that only inserts jobs.
func InsertOnly() *river.Config { return &river.Config{MaxAttempts: Attempts} }

// Client is the running client, or one that only inserts jobs for a later
// server to run.
func (j *Jobs) Client() (store.JobClient, error) {
	if c := j.Running(); c != nil {
		return c, nil
	}
	return j.DB.NewClient(InsertOnly())
}

// Insert queues a job (opts nil: the job's own InsertOpts).
func (j *Jobs) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	c, err := j.Client()
	if err != nil {
		return err
	}
	_, err = c.Insert(ctx, args, opts)
	return err
}

// Running is the client the workers started (nil: none).
func (j *Jobs) Running() store.JobClient {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.running
}

// Start records the client the workers run, and whether match jobs are
// played by them (or by the worker machines of a server).
func (j *Jobs) Start(c store.JobClient, playsMatches bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.running, j.plays = c, playsMatches
}

// PlayedElsewhere: match jobs queued now are played by this process's
// workers or by worker machines, not by the caller.
func (j *Jobs) PlayedElsewhere() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.running != nil && j.plays
}

// Shared: processes on other machines use the database, so uploads,
// build artifacts and replays go in it.
func (j *Jobs) Shared() bool { return j.DB != nil && j.DB.Shared() }

// One process runs the jobs of a SQLite data directory: the workers take
// its jobs lock (Lock), so a job still running in the database when the
// lock is taken was left by a process that died mid-job. It is queued
// again at once, instead of after River's rescue delay (past the longest a
// job may run): the server restarted after a crash plays the match it was
// playing, and the match's record, keyed by the job, counts it once. (On
// PostgreSQL, workers' heartbeats find a dead worker's jobs.)

// LockJobs takes the jobs lock of a SQLite data directory, and queues
// again the jobs a dead process left running. Its release is UnlockJobs.
func (j *Jobs) LockJobs(ctx context.Context, log *slog.Logger) error {
	if j.Shared() || j.DB == nil {
		return nil
	}
	f, err := Lock(j.Dir)
	if err != nil {
		return err
	}
	n, err := j.DB.Orphans(ctx)
	if err != nil {
		f.Close()
		return fmt.Errorf("queuing again the jobs a stopped server left running: %w", err)
	}
	if n > 0 {
		log.Warn("jobs a stopped server left running are queued again", "jobs", n)
	}
	j.mu.Lock()
	j.lock = f
	j.locks++
	j.mu.Unlock()
	return nil
}

// UnlockJobs lets another process run the jobs.
func (j *Jobs) UnlockJobs() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.lock != nil {
		j.lock.Close() // closing the file releases its flock
		j.lock = nil
	}
}

// Alone reports whether this process alone plays the matches of its
// database now: it holds the jobs lock of a database no other machine
// shares (on SQLite, only the lock's holder plays matches: the workers,
// or a command playing a format's games, which takes the lock). holding
// names this holding of the lock (another process may have held it
// between two): what the process remembers of what its matches write in
// the database is the database's for as long as holding stays the same.
func (j *Jobs) Alone() (holding uint64, ok bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.locks, j.lock != nil
}

// HoldsLock: this process runs the data directory's jobs.
func (j *Jobs) HoldsLock() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.lock != nil
}

// Leading reports whether this server is the one that schedules: on a
// shared database, several servers may run (behind a load balancer), and
// the one that holds the scheduler's lock queues the matches; when it is
// lost, another takes the lock at its next tick.
func (j *Jobs) Leading(ctx context.Context) bool {
	j.leadMu.Lock()
	defer j.leadMu.Unlock()
	if j.lead == nil {
		j.lead = j.DB.NewLead()
	}
	return j.lead.Held(ctx)
}

// StopLeading gives the claim to schedule up.
func (j *Jobs) StopLeading() {
	j.leadMu.Lock()
	defer j.leadMu.Unlock()
	if j.lead != nil {
		j.lead.Release()
	}
}

// jobKey carries the running job in its worker's context.
type jobKey struct{}

// WithJob is ctx carrying the job its worker runs (the workers'
// middleware), for CompleteWith.
func WithJob(ctx context.Context, job *rivertype.JobRow) context.Context {
	return context.WithValue(ctx, jobKey{}, job)
}

// CompleteWith is what completes ctx's job inside the transaction that
// records its match (store.RecordMatchTx's then), nil outside a job: a
// worker lost after the commit leaves no job to play the match again, and
// one lost before it leaves nothing recorded.
func (j *Jobs) CompleteWith(ctx context.Context) func(store.Tx) error {
	job, ok := ctx.Value(jobKey{}).(*rivertype.JobRow)
	if !ok || j.DB == nil {
		return nil
	}
	return func(tx store.Tx) error { return j.DB.CompleteJobTx(ctx, tx, job) }
}
