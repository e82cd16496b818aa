package worker

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/seed27749672/arena/platform/practice"
	"github.com/seed27749672/arena/platform/queue"
)

type testWorker struct {
	river.WorkerDefaults[queue.Test]
	p *Pool
}

func (w *testWorker) Timeout(*river.Job[queue.Test]) time.Duration { return matchTimeout }

// Work plays a test game; one that must wait (its build, its team's
// other game) goes back to the queue without counting as an attempt.
func (w *testWorker) Work(ctx context.Context, job *river.Job[queue.Test]) error {
	err := w.p.Practice.PlayTest(ctx, job.Args)
	var wait practice.Wait
	switch {
	case errors.As(err, &wait):
		return river.JobSnooze(time.Duration(wait))
	case err != nil && job.Attempt >= job.MaxAttempts:
		w.p.Practice.GiveUpTest(ctx, job.Args.ID, err)
	}
	return err
}
