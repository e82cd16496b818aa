package format

import (
	"fmt"
	"strings"
	"time"
)

// A game of a round or final that the arena cannot play (a map file the
// game cannot read, the replays' disk gone...) is never recorded
// (queue.Match.Format): its job fails, River tries it again, discards it
// after its attempts, and the clock's next look queues it again. The
// platform reads the job rows for these (Host.Failing), so that the
// organiser (and a command waiting) is told instead of waiting for a
// game that never comes. A look that fails before any game is queued
// (the map file of a game gone) leaves its trace as a LookError.

// FailingGame is a game of a round or final whose match job failed and
// that is not recorded.
type FailingGame struct {
	Game  string   `json:"game"` // its record's key, as the match list names it
	Kind  string   `json:"kind"` // ranked, final
	Round int64    `json:"round,omitempty"`
	Teams []string `json:"teams"` // by seat
	// Failures are its jobs' failed attempts, all jobs together (each look
	// that queues it again adds one job); Error is the last one's.
	Failures int       `json:"failures"`
	Error    string    `json:"error"`
	At       time.Time `json:"at"`
	// Discarded are its jobs River gave up on after their attempts. The
	// scheduler queues such a game again at its next look (a failure the
	// organiser fixes, a map file put back, lets the round go on); a
	// command that waits takes a job given up while it waits as the game
	// failed for good (Watch).
	Discarded int `json:"discarded"`
}

// Words is the failure said to an organiser.
func (g FailingGame) Words() string {
	who := ""
	if len(g.Teams) > 0 {
		who = " (" + strings.Join(g.Teams, ", ") + ")"
	}
	times := "once"
	if g.Failures != 1 {
		times = fmt.Sprintf("%d times", g.Failures)
	}
	return fmt.Sprintf("game %s%s failed %s: %s", g.Game, who, times, g.Error)
}

// LookError is the scheduler's failure to look at an event's round or
// final (to queue its games, or to end it), kept while it lasts: written
// when the looks begin to fail and when their error changes, not at each
// look (the pages that show it would read it again at each).
type LookError struct {
	Error string    `json:"error"`
	Since time.Time `json:"since"` // the first of the looks in a row that failed
	At    time.Time `json:"at"`    // the first that failed with this Error
}
