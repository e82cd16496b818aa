package replay

import (
	"fmt"
	"strconv"
	"time"

	"github.com/seed27749672/arena/game"
)

// NoteStartupTimeouts adds to the message of every player timed out of the
// match (status timeout) whose first timeout came on a start-up turn (the
// clock's FirstTurns of its bots' leg, under their longer limit) that the
// bot's start-up counted against that limit, and names --time-scale. clock
// is the clock the match was played with (scaled), scale its time scale.
// The match runner and verification both call it after BuildResult.
func NoteStartupTimeouts(res *Result, clock game.Clock, scale float64, turns []Turn) {
	for i := range res.Players {
		p := &res.Players[i]
		if p.Status != game.TimedOut {
			continue
		}
		if t, ok := firstTimeoutAtStartup(clock, turns, i); ok {
			p.Message = withNote(p.Message, startupNote(t, clock.First, scale))
		}
	}
}

// firstTimeoutAtStartup returns the turn of seat's first timeout when it
// was a start-up turn under the start-up limit.
func firstTimeoutAtStartup(clock game.Clock, turns []Turn, seat int) (int, bool) {
	lt := 0 // turns of the current leg
	for _, t := range turns {
		lt++
		if seat < len(t.Replies) && t.Replies[seat].Status == game.Timeout {
			r := t.Replies[seat]
			return t.Turn, lt <= clock.FirstTurns && r.Time == clock.First
		}
		if t.Restart {
			lt = 0
		}
	}
	return 0, false
}

func startupNote(turn int, limit time.Duration, scale float64) string {
	if scale == 0 {
		scale = 1
	}
	// Short enough for the result table (160 characters with the game's
	// own message), the switch last but never cut.
	return fmt.Sprintf("start-up (interpreter, JVM) counts against turn %d's %d ms; slow or busy machine? try --time-scale %s",
		turn, limit.Milliseconds(), strconv.FormatFloat(2*scale, 'g', -1, 64))
}

func withNote(msg, note string) string {
	if msg == "" {
		return note
	}
	return msg + " (" + note + ")"
}
