package apitypes

import (
	"errors"
	"fmt"
	"time"

	"github.com/seed27749672/arena/platform/format"
)

// FailingGame and LookError are the formats' (package format): what
// keeps a round or final from going on.
type (
	FailingGame = format.FailingGame
	LookError   = format.LookError
)

// A waiting command lets the scheduler's look fail LookGiveUp times in a
// row while it waits, for LookLasting at least (the clock looks again
// each time a game ends, which may be often), before it stops: a failure
// that lasts, not a moment's.
const (
	LookGiveUp  = 3
	LookLasting = 3 * 5 * time.Second // three looks of the scheduler's clock, 5 s apart (a test of platform checks it)
)

// Watch follows what keeps an event's round or final from going on, for a
// command that waits for it: the first answer is what was there before
// (a game given up before the command started may have been fixed since),
// and each later answer says what failed for good since.
type Watch struct {
	started   bool
	discarded map[string]int // by game, at the first answer
	looks     int            // the look error's count at the first answer
	lastLooks int
}

// Failed is what failed for good since the first call: the games a job of
// which River gave up on, and the scheduler's look when it failed
// LookGiveUp times in a row more (over LookLasting). Retrying is what failed and is being
// tried again, in words, for the command's progress.
func (w *Watch) Failed(games []FailingGame, look *LookError) (retrying []string, failed error) {
	looks := 0
	if look != nil {
		looks = look.Looks
	}
	if !w.started {
		w.started, w.discarded, w.looks = true, map[string]int{}, looks
		for _, g := range games {
			w.discarded[g.Game] = g.Discarded
		}
	}
	if looks < w.lastLooks { // a look went well in between: counted afresh
		w.looks = 0
	}
	w.lastLooks = looks
	var errs []error
	for _, g := range games {
		if g.Discarded > w.discarded[g.Game] {
			errs = append(errs, errors.New(g.Words()))
		} else {
			retrying = append(retrying, g.Words()+", retrying")
		}
	}
	if errs != nil {
		return nil, fmt.Errorf("%w\nthe server gave up on it after its attempts (it tries it again at its next look): fix the cause, then run the command again to follow it", errors.Join(errs...))
	}
	if look != nil && looks-w.looks >= LookGiveUp && look.At.Sub(look.Since) >= LookLasting {
		return nil, fmt.Errorf("the server cannot go on: %s (its last %d looks failed, since %s)", look.Error, looks, look.Since.Format(time.RFC3339))
	}
	if look != nil {
		retrying = append(retrying, fmt.Sprintf("the server's look failed %d times in a row: %s, retrying", looks, look.Error))
	}
	return retrying, nil
}

// Failures are what keeps an event's round or final from going on, as
// the organiser's answers about it carry them beside their own fields:
// its games whose jobs fail, and the scheduler's failing look.
type Failures struct {
	Failing   []FailingGame `json:"failing"`
	LookError *LookError    `json:"look_error"`
}
