package platform

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/postgres"
)

// The platform's database is SQLite in the data directory (one machine),
// or PostgreSQL shared by the web servers and the workers of any number of
// machines. The store's driver owns all of its SQL, the job queue's
// (River's) tables included: the platform holds the driver as a
// store.Store and a store.Queue, and never names its types.

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
	return &Platform{Events: newEvents(db, dir), db: db, Replays: files.StoreReplays{Store: db},
		builds: &files.Builds{Store: db, Dir: dir, Shared: db.Shared()}}, nil
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
		then = func(tx store.Tx) error { return p.db.CompleteJobTx(ctx, tx, job) }
	}
	return p.Store.RecordMatchTx(ctx, m, rate, then)
}
