// Package platform is the competition server: events, teams that join
// them with an invitation and submit code, the builds of that code, and
// casual matches between the teams' bots with their ratings. It keeps
// everything in a data directory: the database (platform/store), the
// uploads, the build trees and the replays. The HTTP API is in api.go, the
// build jobs in jobs.go, the matches in matches.go.
package platform

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/riverqueue/river/rivertype"
	"golang.org/x/sync/semaphore"

	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/sqlite"
)

// Platform is an open data directory.
type Platform struct {
	// Events are the events, teams, tokens, settings and controls: their
	// methods are the platform's (CreateEvent, Join, StartFinal...).
	// Its Store and Dir (the data directory) are the platform's.
	*event.Events
	db    store.Queue     // the job queue's side of the store's database
	river store.JobClient // nil until StartJobs
	// count counts the matches this process plays (heartbeats)
	count counters
	// builds are the teams' uploads and build trees
	builds *files.Builds
	// stopHeartbeat stops a worker's heartbeats (nil: none)
	stopHeartbeat func()
	id            string     // a worker's id (workerID)
	tempDir       string     // removed by Close
	lead          store.Lead // the claim to schedule (scheduling)
	leadMu        sync.Mutex // the scheduler and the formats' clock ask at once
	// observe, when set (benchmarks), is told of each match job played:
	// its row, when it started and when it ended
	observe func(job *rivertype.JobRow, start, end time.Time)
	jobs    JobOptions
	// stopScheduler stops the casual matches' scheduler (nil: none)
	stopScheduler func()
	// matchEnded wakes the scheduler when a match job ends (a place in
	// flight is free), rather than at its next tick
	matchEnded chan struct{}
	// formatEnded wakes the formats' clock (clock.go) when a game of a
	// round or final ends here (its stage may be over), rather than at
	// its next look
	formatEnded chan struct{}
	// stopClock stops the formats' clock (nil: none)
	stopClock func()
	// Replays keeps the matches' replays (DIR/replays by default).
	Replays files.Replays
	// cores are the cores match jobs hold while they play, by the rule
	// of arena tournament (tournament.MatchCores): nil until StartJobs.
	cores     *semaphore.Weighted
	coreCount int
	// decided holds the promotion tests known decided (testKey): they
	// never change, and the scheduler need not read them again (leagues.go)
	decided sync.Map
	// results caches the results of recorded games the formats played as
	// match jobs replay (stages.go): a recorded game never changes
	results sync.Map
	// jobsLock is DIR/jobs.lock while this process runs a SQLite data
	// directory's jobs (restart.go)
	jobsLock *os.File
}

// Open opens (or creates) a data directory.
func Open(ctx context.Context, dir string) (*Platform, error) {
	if dir == "" {
		return nil, errors.New("no data directory given (--data DIR)")
	}
	// Others may pass through the data directory (builds run as the
	// sandbox's unprivileged identity and must reach their tree) but not
	// list it; the database and the uploads are the owner's alone.
	if err := os.MkdirAll(dir, 0o711); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	if err := os.Chmod(dir, 0o711); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	path := filepath.Join(dir, "arena.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(f, 0o600); err != nil && !errors.Is(err, fs.ErrNotExist) {
			db.Close()
			return nil, err
		}
	}
	p := &Platform{Events: newEvents(db, dir), db: db, Replays: files.DirReplays{Dir: filepath.Join(dir, "replays")},
		builds: &files.Builds{Store: db, Dir: dir}}
	if err := os.MkdirAll(filepath.Join(dir, "builds"), 0o711); err != nil {
		db.Close()
		return nil, err
	}
	return p, nil
}

// Close closes the database (and removes a temporary working directory:
// OpenEither).
func (p *Platform) Close() error {
	p.stopLeading() // its connection goes back to the pool before it closes
	if p.tempDir != "" {
		defer os.RemoveAll(p.tempDir)
	}
	return p.Store.Close()
}

// userError is a request's fault, said so that the user can fix it (the
// API answers it with 400, not 500).
type userError = fault.UserError

func isUserError(err error) bool { return fault.IsUser(err) }
