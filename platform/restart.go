package platform

import (
	"context"
	"fmt"

	"github.com/seed27749672/arena/platform/queue"
)

// One process runs the jobs of a SQLite data directory: StartJobs takes
// its jobs lock (queue.Lock), so a job still running in the database when
// the lock is taken was left by a process that died mid-job. It is queued
// again at once, instead of after River's rescue delay (RescueAfter, past the
// longest a job may run): the server restarted after a crash plays the
// match it was playing, and the match's record, keyed by the job, counts
// it once. (On PostgreSQL, workers' heartbeats find a dead worker's jobs:
// workers.go.)

// lockJobs takes the jobs lock of a SQLite data directory, and queues
// again the jobs a dead process left running. Its release is stopJobsLock.
func (p *Platform) lockJobs(ctx context.Context) error {
	if p.shared() || p.db == nil {
		return nil
	}
	f, err := queue.Lock(p.Dir)
	if err != nil {
		return err
	}
	n, err := p.db.Orphans(ctx)
	if err != nil {
		f.Close()
		return fmt.Errorf("queuing again the jobs a stopped server left running: %w", err)
	}
	if n > 0 {
		p.jobs.Log.Warn("jobs a stopped server left running are queued again", "jobs", n)
	}
	p.jobsLock = f
	return nil
}

// unlockJobs lets another process run the jobs.
func (p *Platform) unlockJobs() {
	if p.jobsLock != nil {
		p.jobsLock.Close() // closing the file releases its flock
		p.jobsLock = nil
	}
}
