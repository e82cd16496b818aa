package match

import (
	"time"

	"github.com/seed27749672/arena/bot"
)

// maxStretch and minBound bound how far back a request's deadline moves
// for the time its bot was kept waiting for a CPU: to maxStretch times its
// limit after the prompt, and at least minBound, so that a match on a
// stalled machine still ends. A bot given a tenth of a CPU or more gets its
// whole limit of CPU before the bound: one really too slow times out
// however busy the machine. minBound is for short limits: a loaded
// machine's stalls last hundreds of milliseconds (measured: a 30 ms bot
// given 3 % of a CPU for 300 ms beside CPU hogs and other work), which
// would starve a 30 ms bot at 10 times its limit.
const (
	maxStretch = 10
	minBound   = time.Second
)

// maxLook bounds the time between two looks at a runnable bot past its
// deadline (see extend).
const maxLook = 10 * time.Millisecond

// stretch charges a bot only the time it was running or waiting on its
// own: see extend, for every seat whose deadline has just passed with its
// answer incomplete.
func (r *runner) stretch(now time.Time) {
	for _, s := range r.seats {
		if s.asked && s.req == awaiting && !now.Before(s.deadline) {
			r.extend(s, now)
		}
	}
}

// extend decides, at a deadline of seat s that has passed (now), whether
// it stands or moves back for time the machine took from the bot
// (bot.Waiter). It stands once the bot has used its limit in CPU since the
// last turn was resolved (it had its time), or once it was charged its
// limit: the time since the prompt minus the time its threads were kept
// waiting for a CPU, with no thread of it runnable now. Otherwise the
// deadline moves to the limit plus that wait after the prompt, or, for a
// bot runnable now whose wait shows nothing new (the kernel counts a wait
// when it ends), to a moment later, for another look: never past
// the bound (maxStretch, minBound). A bot cut off at that bound with less
// than its limit of CPU used is starved. Once the deadline stands, the request
// is left to sync and expire as before.
//
// Paced turns (catmouse's real-time mode) keep their grid: their deadline
// is the turn's end for every bot.
//
// It returns whether it looked (a process bot, not yet settled).
func (r *runner) extend(s *seat, now time.Time) bool {
	if r.paced || s.settled || s.trusted || s.gone {
		return false
	}
	w, ok := s.bot.(bot.Waiter)
	if !ok {
		return false
	}
	d, ok := w.Waited(true)
	if !ok {
		return false
	}
	s.lookedAt = now
	bound := s.sentAt.Add(max(maxStretch*s.limit, minBound))
	total := botCPU(s.bot, true)
	if cpu := total - s.cpuMark; cpu < s.limit {
		// The deadline moves even when the runner is late to look (it was
		// kept from a CPU too): a line read before the moved deadline is
		// on time, whenever the runner gets to it.
		wait := min(nonNeg(d-s.waitMark), s.creditable(now, total))
		if next := minTime(s.sentAt.Add(s.limit+wait), bound); next.After(s.deadline) {
			s.moveDeadline(next)
		}
		if now.Before(s.deadline) {
			return true
		}
		if now.Before(bound) && w.Runnable() {
			s.moveDeadline(minTime(now.Add(min(s.limit/10, maxLook)), bound))
			return true
		}
		s.starved = !now.Before(bound)
	}
	s.settled = true
	s.wake = nonNeg(now.Sub(s.deadline))
	return true
}

// creditable bounds the wait a bot is credited with: since the last mark,
// the machine can have kept it from its CPU at most the time it did not
// run (a bot is given one core: bot.Spec.Cores). Its threads' waits add up
// past that only when they queue for that one core together -- busy loops
// it forked, held back by its own quota (sandbox.Limits.Cores) -- which is
// the bot's own doing: credited, they would move every deadline of such a
// bot to the bound and hold its match's cores ten times as long.
func (s *seat) creditable(now time.Time, cpu time.Duration) time.Duration {
	return nonNeg(now.Sub(s.markAt) - (cpu - s.markCPU))
}

// overspent reports whether an answer read at, within a deadline moved
// back for the machine's doing but past the limit itself, came from a bot
// that had used its limit in CPU by then: it had its time (its threads'
// waits add up, so a bot with several can be given more than it lost),
// and the answer is late. The CPU figure is read when the runner handles
// the answer, which a bot waiting for its next prompt does not add to.
func (r *runner) overspent(s *seat, at time.Time) bool {
	if s.extra == 0 || !at.After(s.sentAt.Add(s.limit)) {
		return false
	}
	return botCPU(s.bot, true)-s.cpuMark >= s.limit
}

// moveDeadline moves the request's deadline back to t.
func (s *seat) moveDeadline(t time.Time) {
	s.extra += t.Sub(s.deadline)
	s.deadline = t
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// figures returns the seat's bot's CPU time so far and the time it was
// kept waiting for a CPU since the last turn was resolved, which it marks;
// fresh reads the whole of both now (see botCPU), and looks for the bot's
// new threads too.
func (s *seat) figures(fresh bool) (cpu, wait time.Duration) {
	if f, ok := s.bot.(bot.FiguresReader); ok {
		cpu, d, ok := f.Figures(fresh)
		if ok {
			return cpu, s.markWait(d)
		}
	}
	cpu = botCPU(s.bot, fresh)
	w, ok := s.bot.(bot.Waiter)
	if !ok {
		return cpu, 0
	}
	d, ok := w.Waited(fresh)
	if !ok {
		return cpu, 0
	}
	return cpu, s.markWait(d)
}

// markWait marks d, the bot's wait for a CPU so far, and returns what it
// waited since the last mark.
func (s *seat) markWait(d time.Duration) time.Duration {
	wait := nonNeg(d - s.waitMark)
	s.waitMark = max(s.waitMark, d)
	return wait
}
