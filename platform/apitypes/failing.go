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

// A waiting command lets the scheduler's look fail for LookLasting, by
// its own clock, before it stops (the look's error is written once, not
// at each look: the command counts no looks): a failure that lasts, not
// a moment's.
const LookLasting = 3 * 5 * time.Second // three looks of the scheduler's clock, 5 s apart (a test of platform checks it)

// Watch follows what keeps an event's round or final from going on, for a
// command that waits for it: the first answer is what was there before
// (a game given up before the command started may have been fixed since),
// and each later answer says what failed for good since.
type Watch struct {
	started   bool
	discarded map[string]int // by game, at the first answer
	lookSince time.Time      // the failing look's Since, at the last answer (zero: none)
	lookSeen  time.Time      // when this command first saw that failure, by its clock
}

// Failed is what failed for good since the first call: the games a job of
// which River gave up on, and the scheduler's look when it has failed
// for LookLasting while the command watched (now is the command's clock;
// a failure that began again, its Since changed, counts afresh).
// Retrying is what failed and is being tried again, in words, for the
// command's progress.
func (w *Watch) Failed(games []FailingGame, look *LookError, now time.Time) (retrying []string, failed error) {
	if !w.started {
		w.started, w.discarded = true, map[string]int{}
		for _, g := range games {
			w.discarded[g.Game] = g.Discarded
		}
	}
	switch {
	case look == nil:
		w.lookSince = time.Time{}
	case !look.Since.Equal(w.lookSince): // the first seen, or a look went well in between
		w.lookSince, w.lookSeen = look.Since, now
	}
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
	if look != nil && now.Sub(w.lookSeen) >= LookLasting {
		return nil, fmt.Errorf("the server cannot go on: %s (its looks failed without a break since %s)", look.Error, look.Since.Format(time.RFC3339))
	}
	if look != nil {
		retrying = append(retrying, fmt.Sprintf("the server's look has failed since %s: %s, retrying", look.Since.Format(time.RFC3339), look.Error))
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
