package worker

import (
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/practice"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/stages"
	"github.com/seed27749672/arena/platform/submission"
)

// Pool is a process's workers on a platform's job queue.
type Pool struct {
	Jobs     *queue.Jobs
	Events   *event.Events
	Intake   *submission.Intake      // builds
	Matches  *matchmaking.Matchmaker // plays, and schedules
	Practice *practice.Practice      // the teams' test games
	Stages   *stages.Stages          // the formats' clock
	// StageGameEnded is told when a game of a round or a final ends here
	// (its stage may be over): the formats' clock looks at once rather
	// than at its next tick (nil: nothing).
	StageGameEnded func()
	// Observe, when set (benchmarks), is told of each match job played:
	// its row, when it started and when it ended
	Observe func(job *rivertype.JobRow, start, end time.Time)

	opts  Options
	count counters // the matches this process plays (heartbeats)
	id    string   // a worker's id (workerID)
	// matchEnded wakes the scheduler when a match job ends (a place in
	// flight is free), rather than at its next tick
	matchEnded    chan struct{}
	stopScheduler func() // nil: none
	stopClock     func() // the formats' clock (nil: none)
	stopHeartbeat func() // a worker's heartbeats (nil: none)
}
