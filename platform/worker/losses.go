package worker

import (
	"context"
	"time"

	"github.com/seed27749672/arena/platform/news"
)

// retryLosses is how long WatchLosses waits after a failed read of the
// workers before it reads again.
const retryLosses = 5 * time.Second

// WatchLosses tells the followers of the organiser's list of machines
// (hub, news.Machines) when a worker is taken for lost, until ctx ends. A
// worker that stops beating writes nothing, so no change would say so:
// this process reads the list again when the first alive worker's
// lost_at comes, and at every change of the list (a beat moves lost_at
// on), and publishes a Workers change for each worker found lost since
// the read before. Each process that serves pages runs its own: the
// change is its own pages' news, not the database's.
func (p *Pool) WatchLosses(ctx context.Context, hub *news.Hub) {
	changes, cancel := hub.Subscribe(news.Machines)
	defer cancel()
	watchLosses(ctx, changes, p.Workers, func() {
		hub.Publish(news.Change{Event: news.Machines, What: news.Workers})
	})
}

// watchLosses is WatchLosses' loop: list reads the workers, tell
// publishes a loss; changes wakes it to read again.
func watchLosses(ctx context.Context, changes <-chan news.Change, list func(context.Context) ([]WorkerStatus, error), tell func()) {
	alive := map[string]bool{} // the workers alive at the last read
	timer := time.NewTimer(0)  // the first read, at once
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-changes:
		case <-timer.C:
		}
		ws, err := list(ctx)
		wait := retryLosses
		if err == nil {
			wait = lookAtLosses(ws, alive, tell)
		}
		timer.Reset(wait)
	}
}

// lookAtLosses tells each worker of alive found lost in ws, replaces
// alive with ws's alive workers, and says how long until the first of
// them would be taken for lost (an hour if none is alive: a change, a
// worker's first beat, wakes the loop first).
func lookAtLosses(ws []WorkerStatus, alive map[string]bool, tell func()) time.Duration {
	now := time.Now()
	lost := false
	next := time.Duration(1<<63 - 1)
	seen := map[string]bool{}
	for _, w := range ws {
		if w.Alive && now.Before(w.LostAt) {
			seen[w.ID] = true
			next = min(next, w.LostAt.Sub(now))
			continue
		}
		lost = lost || alive[w.ID]
	}
	clear(alive)
	for id := range seen {
		alive[id] = true
	}
	if lost {
		tell()
	}
	if len(seen) == 0 {
		return time.Hour
	}
	// a little after lost_at: the list is read with the clock a little
	// later than this process's (and Alive is judged by its own time.Now)
	return next + 100*time.Millisecond
}
