package stages

import (
	"context"
	"errors"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// The formats' clock: every clockEvery, and whenever a game of a round or
// final ends here, the server that schedules looks at every event whose
// game names a format.Clocked format, and keeps the look's outcome for
// the organiser (failing.go).

// readState decodes an event state document into v; found is false when
// there is none.
func (s *Stages) readState(ctx context.Context, eventID int64, name string, v any) (bool, error) {
	return store.ReadState(ctx, s.Events.Store, eventID, name, v)
}

func (s *Stages) writeState(ctx context.Context, eventID int64, name string, v any) error {
	return store.WriteState(ctx, s.Events.Store, eventID, name, v)
}

// clockEvery is how often the clock looks for a round or final due, and
// for the end of a stage played on other machines (a game played here
// wakes it at once).
const clockEvery = 5 * time.Second

// startClock runs the formats' clock until the returned stop is called
// (which cancels a stage being played: it resumes at the next start).
func (s *Stages) StartClock() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(clockEvery)
		defer t.Stop()
		for {
			s.Tick(ctx, time.Now())
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			case <-s.ended: // a game of a round or final ended here
			}
		}
	}()
	return func() { cancel(); <-done }
}

// tickFormats is one look of the clock at every event whose game has a
// clocked format.
func (s *Stages) Tick(ctx context.Context, now time.Time) {
	if !s.Jobs.Leading(ctx) {
		return // another server's clock plays them (queue.Jobs.Leading)
	}
	events, err := s.Events.Store.Events(ctx)
	if err != nil {
		return
	}
	for _, ev := range events {
		var err error
		clocked := s.clockedFormats(ev)
		if len(clocked) == 0 {
			continue
		}
		for _, f := range clocked {
			err = errors.Join(err, f.Tick(ctx, host{s}, ev, now))
		}
		if ctx.Err() == nil { // kept for the organiser (failing.go)
			if nerr := s.noteLook(ctx, ev.ID, err, now); nerr != nil && s.Log != nil {
				s.Log.Error("keeping the look's outcome", "event", ev.ID, "err", nerr)
			}
		}
		if err != nil && ctx.Err() == nil && s.Log != nil {
			s.Log.Error("event final or ranked round", "event", ev.ID, "game", ev.Game, "err", err)
		}
	}
}
