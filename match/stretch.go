package match

import (
	"time"

	"github.com/seed27749672/arena/bot"
)

// maxStretch bounds how far back a request's deadline moves for the time
// its bot was kept waiting for a CPU: to maxStretch times its limit in
// all, so that a match on a stalled machine still ends.
const maxStretch = 3

// stretch charges a bot only the time it was running or waiting on its
// own. For every seat whose deadline has just passed with its answer
// incomplete, it reads how long the bot was kept waiting for a CPU since
// the last turn was resolved (bot.Waiter), and moves the deadline back to
// its limit plus that wait after the prompt, up to maxStretch times the
// limit. When the deadline stands (no more waiting since the last move, or
// the bound reached), the request is left to sync and expire; a bot cut
// off at the bound while it had waited more than the bound gave is
// starved (the runner adds: with less CPU than its limit used).
//
// Paced turns (catmouse's real-time mode) keep their grid: their deadline
// is the turn's end for every bot.
func (r *runner) stretch(now time.Time) {
	for _, s := range r.seats {
		if s.asked && s.req == awaiting && !now.Before(s.deadline) {
			r.extend(s, now)
		}
	}
}

// extend moves seat s's deadline back for the time its bot was kept
// waiting for a CPU, as of now, past which its deadline has passed (see
// stretch); once the deadline stands, it is settled for the request.
func (r *runner) extend(s *seat, now time.Time) {
	if r.paced || s.settled || s.trusted || s.gone {
		return
	}
	w, ok := s.bot.(bot.Waiter)
	if !ok {
		return
	}
	d, ok := w.Waited(true)
	if !ok {
		return
	}
	wait := nonNeg(d - s.waitMark)
	extra := min(wait, (maxStretch-1)*s.limit)
	if extra > s.extra {
		s.deadline = s.deadline.Add(extra - s.extra)
		s.extra = extra
		if now.Before(s.deadline) {
			return
		}
	}
	s.settled = true
	s.wake = now.Sub(s.deadline)
	s.starved = wait > s.extra
}

// waited returns the time the seat's bot was kept waiting for a CPU since
// the last turn was resolved, and marks it; fresh looks for its new
// threads too.
func (s *seat) waited(fresh bool) time.Duration {
	w, ok := s.bot.(bot.Waiter)
	if !ok {
		return 0
	}
	d, ok := w.Waited(fresh)
	if !ok {
		return 0
	}
	wait := nonNeg(d - s.waitMark)
	s.waitMark = max(s.waitMark, d)
	return wait
}
