// Package stages is the platform's side of the event formats (package
// format): it offers them its services as a format.Host, has the
// scheduler and its own clock look at the events with them, plays or
// queues their stages' games, keeps what failed for the organiser, and
// adds their sections to the results. It never names a format.
package stages

import (
	"log/slog"
	"sync"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/format"
	_ "github.com/seed27749672/arena/platform/format/all" // the event formats register
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// Stages runs the event formats' stages on a platform.
type Stages struct {
	Events  *event.Events
	Jobs    *queue.Jobs
	Matches *matchmaking.Matchmaker // plays, rates and ranks
	// Cores are the cores the workers' matches may use (format.Host's
	// Cores; 0: the machine's).
	Cores int
	Log   *slog.Logger // the clock's failures (nil: none)

	// ended wakes the clock when a game of a round or final ends here
	// (its stage may be over), rather than at its next look
	ended chan struct{}
	// results caches the results of recorded games (recordedResult): a
	// recorded game never changes
	results sync.Map
}

// New makes the stages of a platform's rooms.
func New(ev *event.Events, jobs *queue.Jobs, mm *matchmaking.Matchmaker) *Stages {
	return &Stages{Events: ev, Jobs: jobs, Matches: mm, ended: make(chan struct{}, 1)}
}

// GameEnded wakes the clock: a game of a round or final ended here (once
// is enough: a wake-up already waiting covers this one).
func (s *Stages) GameEnded() {
	select {
	case s.ended <- struct{}{}:
	default:
	}
}

// OwnFinal refuses the final ranking for the events whose format has a
// final of its own (format.OwnFinal): more rated games would not be that
// final. It is the events' event.Events.OwnFinal.
func OwnFinal(ev store.Event) error {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil
	}
	for _, f := range format.Of(g.Info()) {
		if own, ok := f.(format.OwnFinal); ok {
			return own.Refusal(ev)
		}
	}
	return nil
}
