package store

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// The job queue is River on the store's own database. Its tables are the
// driver's like every other table: the driver migrates them when it opens
// the database, and every statement on them is the driver's, so that the
// platform never writes SQL nor names a driver's types (*sql.Tx, pgx.Tx).

// Queue is what the platform asks of River's side of a database. Both
// drivers implement it, on both databases alike; the platform decides
// which calls fit its setting (Shared).
type Queue interface {
	// NewClient makes River's client on the database. River's client is
	// generic over its driver's transaction type; both instantiations
	// satisfy JobClient.
	NewClient(cfg *river.Config) (JobClient, error)
	// CompleteJobTx marks a running job completed inside tx, the store's
	// open transaction (RecordMatchTx's then), with River's JobCompleteTx:
	// a match's result and its job's end are one commit. ctx is the
	// job's own, as River's worker hands it.
	CompleteJobTx(ctx context.Context, tx Tx, job *rivertype.JobRow) error
	// Shared reports whether processes on other machines use the
	// database: uploads, build artifacts and replays then go in it, and
	// heartbeats, not a lock file, tell the jobs of a process that died.
	Shared() bool
	// MatchJobs counts the unfinished jobs of River kind jobKind whose
	// arguments carry "event", "kind" (a match kind) and "teams": by
	// event, those that are not promotion games (a job without an event
	// is left out); and the teams (0 for a house bot) of the promotion
	// games. It counts in the database rather than decoding every job.
	MatchJobs(ctx context.Context, jobKind string) (busy map[int64]int, promoting map[int64]bool, err error)
	// Orphans makes available again, at once, every running job: for
	// the one process that runs a data directory's jobs, whose running
	// jobs at its start were left by a process that died. A killed
	// attempt counts as one, so a job killed on its last attempt gets
	// one more. It returns how many.
	Orphans(ctx context.Context) (int64, error)
	// RescueJobs makes available again, at once, the running jobs of the
	// lost workers, and returns how many. A worker is lost when, at now
	// (the caller's clock, as the beats are the workers'), it has been
	// silent for beats of its heartbeats; a job's last attempt names the
	// River client that ran it, which a worker names after itself.
	RescueJobs(ctx context.Context, now time.Time, beats int) (int64, error)
	// NewLead is a claim to schedule, not yet tried: of all the servers
	// that share the database, one schedules at a time.
	NewLead() Lead
}

// JobClient is what the platform calls on River's client.
type JobClient interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
}

// Lead is a claim to schedule.
type Lead interface {
	// Held takes the claim, or checks that it is still held.
	Held(ctx context.Context) bool
	// Release gives the claim up.
	Release()
}
