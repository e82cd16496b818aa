package worker

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

type matchWorker struct {
	river.WorkerDefaults[queue.Match]
	p *Pool
}

func (w *matchWorker) Timeout(*river.Job[queue.Match]) time.Duration { return matchTimeout }

func (w *matchWorker) Work(ctx context.Context, job *river.Job[queue.Match]) error {
	defer w.p.wakeScheduler()
	if ended := w.p.StageGameEnded; ended != nil && (job.Args.MatchKind == store.KindRanked || job.Args.Unrated) {
		defer ended() // a round's or a final's stage may be over
	}
	err := w.p.Matches.PlayMatch(ctx, job.Args)
	if err != nil {
		// the organiser's page lists the event's failing games: a job
		// failing writes nothing, so say it (news: no polling)
		if n, ok := w.p.Matches.Events.Store.(store.Notifier); ok {
			n.Notify(context.WithoutCancel(ctx), store.Change{Event: job.Args.Event, What: store.ChangeFailed})
		}
	}
	return err
}

// wakeScheduler tells the scheduler a match ended (once is enough: a
// wake-up already waiting covers this one).
func (p *Pool) wakeScheduler() { wake(p.matchEnded) }

// wake sends a wake-up on c unless one is waiting already.
func wake(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// counters are a worker's match counts, for its heartbeats.
type counters struct{ running, done atomic.Int64 }

// jobMiddleware hands each job its row (for queue.Jobs.CompleteWith) and counts the
// matches this process plays (test games too).
func (p *Pool) jobMiddleware() rivertype.WorkerMiddleware {
	return river.WorkerMiddlewareFunc(func(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) error {
		if job.Kind != (queue.Match{}).Kind() && job.Kind != (queue.Test{}).Kind() {
			return doInner(queue.WithJob(ctx, job))
		}
		p.count.running.Add(1)
		start := time.Now()
		err := doInner(queue.WithJob(ctx, job))
		p.count.running.Add(-1)
		if err == nil {
			p.count.done.Add(1)
		}
		if p.Observe != nil {
			p.Observe(job, start, time.Now())
		}
		return err
	})
}
