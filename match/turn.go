package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

type eventKind int

const (
	evLine   eventKind = iota // a line of output
	evClosed                  // the bot's output ended
	evSent                    // a prompt was fully written (or failed)
)

type event struct {
	seat, gen int
	kind      eventKind
	line      bot.Line
	at        time.Time
	err       error
}

// seat is the runner's view of one player.
type seat struct {
	p       int
	player  Player
	bot     bot.Bot
	gen     int // bumped on every (re)start; events of older bots are ignored
	running bool

	gone        bool
	goneErr     string
	didNotStart bool
	crashed     bool // gone before the match ended
	exit        bot.Exit

	// The current request.
	asked       bool      // prompted this turn
	sending     bool      // the prompt is being written
	askedAt     time.Time // when the prompt began to be sent
	sentAt      time.Time
	promptAt    time.Time // when the request began: its turn's start when paced, else sentAt
	limit       time.Duration
	deadline    time.Time
	outstanding bool // an answer is expected
	timedOut    bool // this turn's deadline passed without an answer
	cur         []game.Line
	complete    bool
	answerAt    time.Time

	owed    int         // PolicySkip: answers owed for earlier prompts
	queue   []bot.Line  // lines read while no answer was expected
	queued  int         // bytes in queue
	stray   []game.Line // PolicyLate: lines read while nothing was asked
	dropped int

	cpuMark time.Duration

	// Statistics.
	replies  int
	total    time.Duration
	max      time.Duration
	cpu      time.Duration
	timeouts int
}

// reset forgets everything about the previous bot of this seat.
func (s *seat) reset() {
	*s = seat{p: s.p, player: s.player, gen: s.gen,
		replies: s.replies, total: s.total, max: s.max, cpu: s.cpu, timeouts: s.timeouts,
		crashed: s.crashed}
}

func (r *runner) turn(ctx context.Context, t int) (replay.Turn, error) {
	clock := r.clock()
	// What the bots wrote or did since the last turn was resolved comes
	// before this turn's prompts: a line read then is not an answer to them
	// (a stray line, or queued, as the policy says), and a bot that has
	// gone is not prompted.
	r.drain(clock)
	// Start-up turns (the clock's FirstTurns) count from the moment the
	// current bots started.
	lt := t - r.legStart + 1
	limit := clock.Limit(lt)
	start := time.Now()
	// Real-time turns after the start-up ones are paced on a fixed grid:
	// a turn starts when the previous one was due to end, so the runner's
	// own work between turns never makes the pace drift, every deadline is
	// the end of its turn, and an outstanding request's Waiting counts
	// whole turns. A runner that fell more than a turn behind (a stalled
	// machine) starts the grid again from now.
	r.paced = clock.Realtime && lt > clock.FirstTurns
	if r.paced && !r.nextStart.IsZero() && !r.nextStart.After(start) && start.Sub(r.nextStart) < limit {
		start = r.nextStart
	}
	turnEnd := start.Add(limit)
	r.turnEnd = turnEnd
	for _, s := range r.seats {
		s.asked, s.timedOut = false, false
		if s.gone || (clock.Policy == game.PolicyLate && s.outstanding) {
			continue
		}
		msg, ask := r.ref.Prompt(s.p)
		if !ask {
			continue
		}
		s.asked, s.sending, s.outstanding = true, true, true
		s.cur, s.complete = nil, false
		// A bot that was ready when it started (bot.ReadyAtStart) needs
		// no start-up time: its start-up turns have the turn limit.
		s.limit = limit
		if lt <= clock.FirstTurns && readyAtStart(s.bot) {
			s.limit = clock.Turn
		}
		s.deadline, s.promptAt = start.Add(s.limit), start
		s.askedAt = time.Now()
		go r.send(s, msg, s.deadline)
	}
	if err := r.collect(ctx, clock, turnEnd); err != nil {
		return replay.Turn{}, err
	}
	// The moment the turn is resolved: for a paced turn, its due end (the
	// timer that woke the runner may fire a little after it).
	resolved := time.Now()
	if r.paced && resolved.After(turnEnd) && resolved.Sub(turnEnd) < limit {
		resolved = turnEnd
	}
	r.nextStart = resolved
	replies, recs := r.replies(clock, resolved)
	r.ref.Play(replies)
	return replay.Turn{Turn: t, Replies: recs, Frame: r.ref.Frame()}, nil
}

func (r *runner) send(s *seat, msg []byte, deadline time.Time) {
	gen, b := s.gen, s.bot
	err := b.Send(msg, deadline)
	select {
	case r.events <- event{seat: s.p, gen: gen, kind: evSent, at: time.Now(), err: err}:
	case <-r.quit:
	}
}

// collect handles events until the turn can be resolved.
func (r *runner) collect(ctx context.Context, clock game.Clock, turnEnd time.Time) error {
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		r.drain(clock)
		now := time.Now()
		r.expire(clock, now)
		end := turnEnd
		for _, s := range r.seats {
			if s.asked && s.deadline.After(end) {
				end = s.deadline
			}
		}
		next, done := r.pending(clock, now, end)
		if done {
			return nil
		}
		timer.Reset(next.Sub(now))
		select {
		case ev := <-r.events:
			r.handle(ev, clock)
		case <-timer.C:
		case <-ctx.Done():
			return fmt.Errorf("%w: %v", errCancelled, ctx.Err())
		}
	}
}

// drain handles the events already queued, so that a line read before the
// resolution moment is not missed because its event was not yet picked up.
func (r *runner) drain(clock game.Clock) {
	for {
		select {
		case ev := <-r.events:
			r.handle(ev, clock)
		default:
			return
		}
	}
}

// expire marks seats whose deadline has passed. Under PolicyLate an answer
// is on time until the turn is resolved, except from a transport that
// abandons its request at the deadline (bot.Canceler, HTTP): that request
// ends there, and the bot is asked again on the next turn.
func (r *runner) expire(clock game.Clock, now time.Time) {
	for _, s := range r.seats {
		if clock.Policy == game.PolicyLate && !cancels(s.bot) {
			continue
		}
		if s.asked && !s.sending && !s.complete && !s.timedOut && !now.Before(s.deadline) {
			r.timeout(s, clock)
		}
	}
}

func cancels(b bot.Bot) bool {
	_, ok := b.(bot.Canceler)
	return ok
}

func readyAtStart(b bot.Bot) bool {
	rs, ok := b.(bot.ReadyAtStart)
	return ok && rs.ReadyAtStart()
}

// timeout ends a seat's request at its deadline. A bot that will still
// answer owes that answer (PolicySkip discards it when it comes), unless
// its transport abandons the request.
func (r *runner) timeout(s *seat, clock game.Clock) {
	s.timedOut, s.outstanding = true, false
	if c, ok := s.bot.(bot.Canceler); ok {
		c.Cancel()
		return
	}
	if clock.Policy == game.PolicySkip {
		s.owed++
	}
}

// pending reports whether the turn must go on, and until when at most.
func (r *runner) pending(clock game.Clock, now, end time.Time) (next time.Time, done bool) {
	next = end
	done = true
	for _, s := range r.seats {
		if s.gone && !s.sending {
			continue
		}
		switch {
		case s.sending:
			done = false
		case s.asked && !s.complete && !s.timedOut && now.Before(s.deadline):
			done = false
			if s.deadline.Before(next) {
				next = s.deadline
			}
		case clock.Policy == game.PolicyLate && s.outstanding && !s.complete && now.Before(end) && !r.retired(s.p):
			done = false
		}
	}
	if r.paced {
		due := end
		if clock.Policy == game.PolicyLate && r.owing() {
			// A line read by the due end may still be on its way from its
			// transport to the runner: wait a moment for it. Lines read
			// after the due end are held for the next turn (replies).
			due = end.Add(settle)
		}
		if now.Before(due) {
			done = false
			if !now.Before(end) {
				next = due
			}
		}
	}
	if !done && !next.After(now) {
		next = now.Add(time.Millisecond)
	}
	return next, done
}

// settle is how long a paced PolicyLate turn waits past its due end for
// the lines read by then (see pending).
const settle = time.Millisecond

// owing reports whether some seat still owes an answer.
func (r *runner) owing() bool {
	for _, s := range r.seats {
		if s.outstanding && !s.complete && !s.gone && !r.retired(s.p) {
			return true
		}
	}
	return false
}

// retired reports whether the referee says player p has left the match.
func (r *runner) retired(p int) bool {
	rt, ok := r.ref.(game.Retirer)
	return ok && rt.Retired(p)
}

func (r *runner) handle(ev event, clock game.Clock) {
	s := r.seats[ev.seat]
	if ev.gen != s.gen {
		return
	}
	switch ev.kind {
	case evSent:
		s.sending = false
		switch {
		case errors.Is(ev.err, bot.ErrDeadline):
			r.timeout(s, clock)
		case ev.err != nil:
			// Usually the bot has exited: say how, rather than "broken pipe".
			why := ""
			if _, exited := s.bot.Exit(200 * time.Millisecond); !exited {
				why = "cannot write to the bot: " + ev.err.Error()
			}
			r.markGone(s, why)
		default:
			s.sentAt, s.deadline = ev.at, ev.at.Add(s.limit)
			if r.paced {
				s.deadline = r.turnEnd
			} else {
				s.promptAt = ev.at
			}
			s.cpuMark = r.cpuOf(s)
			q := s.queue
			s.queue, s.queued = nil, 0
			for _, l := range q {
				r.onLine(s, l, clock)
			}
		}
	case evLine:
		r.onLine(s, ev.line, clock)
	case evClosed:
		r.markGone(s, "")
	}
}

func (r *runner) markGone(s *seat, why string) {
	if s.gone {
		return
	}
	s.gone = true
	if why == "" {
		e, ok := s.bot.Exit(200 * time.Millisecond)
		if ok {
			why = e.String()
		} else {
			why = "closed its output"
		}
		if tail, _ := s.bot.Stderr(); len(tail) > 0 {
			why += ": " + lastLine(tail)
		}
	}
	s.goneErr = why
}

// onLine routes one line of a seat's output.
func (r *runner) onLine(s *seat, l bot.Line, clock game.Clock) {
	// An answer the bot still owes for an earlier prompt (PolicySkip).
	if s.owed > 0 {
		if r.complete(s.p, l.Line) {
			s.owed--
		}
		return
	}
	strays := clock.Policy == game.PolicyLate || clock.Policy == game.PolicyGame
	// Under these policies a line read before the prompt began to be sent
	// cannot answer it, however late the runner handles it (its event may
	// come after the prompt went out): it is a stray.
	if strays && l.At.Before(s.askedAt) {
		s.addStray(l)
		return
	}
	expecting := s.outstanding && !s.complete && !s.sending
	if !expecting {
		if s.sending {
			r.enqueue(s, l)
			return
		}
		if strays {
			s.addStray(l)
			return
		}
		r.enqueue(s, l)
		return
	}
	s.cur = append(s.cur, l.Line)
	if !r.complete(s.p, l.Line) {
		return
	}
	if clock.Policy != game.PolicyLate && l.At.After(s.deadline) {
		// Complete, but too late: a timeout, and nothing more is owed.
		s.timedOut, s.outstanding = true, false
		return
	}
	s.complete, s.answerAt = true, l.At
}

func (s *seat) addStray(l bot.Line) {
	if len(s.stray) < maxStrayLines {
		s.stray = append(s.stray, l.Line)
	} else {
		s.dropped++
	}
}

func (r *runner) enqueue(s *seat, l bot.Line) {
	if len(s.queue) >= maxQueuedLines || s.queued+len(l.Text) > maxQueuedBytes {
		s.dropped++
		return
	}
	s.queue = append(s.queue, l)
	s.queued += len(l.Text)
}

// replies builds the referee's replies and the recorded ones.
func (r *runner) replies(clock game.Clock, now time.Time) ([]game.Reply, []replay.Reply) {
	replies := make([]game.Reply, len(r.seats))
	recs := make([]replay.Reply, len(r.seats))
	for i, s := range r.seats {
		var g game.Reply
		// Under PolicyLate an answer belongs to the first turn resolved at
		// or after the moment it was read. A paced turn is resolved at its
		// due end even when the runner got round to it later: an answer
		// read after that end waits for the next turn (the bot, still
		// owing it, is not prompted then), and so does what the bot did
		// after it (lines, the end of its output).
		held := s.complete && clock.Policy == game.PolicyLate && s.answerAt.After(now)
		switch {
		case s.complete && !held:
			g = game.Reply{Status: game.Answered, Lines: s.cur, Late: !s.asked, Time: nonNeg(s.answerAt.Sub(s.sentAt))}
			if s.gone {
				// It answered, then ended before the turn was resolved.
				g.Error = s.goneErr
			}
			s.cur, s.complete, s.outstanding = nil, false, false
			s.count(g.Time)
		case s.gone && !held:
			g = game.Reply{Status: game.Gone, Error: s.goneErr}
			if s.asked {
				s.count(s.limit)
			}
		case s.asked:
			lines := s.cur
			if held {
				lines = lines[:len(lines)-1] // as it stood at the due end: incomplete
			}
			g = game.Reply{Status: game.Timeout, Lines: lines, Time: s.limit}
			s.timeouts++
			s.count(s.limit)
			if clock.Policy != game.PolicyLate {
				s.cur = nil
			}
		case clock.Policy == game.PolicyLate && s.outstanding:
			g = game.Reply{Status: game.Waiting, Waiting: nonNeg(now.Sub(s.promptAt))}
		default:
			g = game.Reply{Status: game.NotAsked}
		}
		if !held {
			g.Stray, s.stray = s.stray, nil
		}
		replies[i] = g
		rec := replay.Reply{Reply: g, Asked: s.asked, Dropped: s.dropped}
		s.dropped = 0
		if s.bot != nil {
			cpu := r.cpuOf(s)
			rec.CPU = nonNeg(cpu - s.cpuMark)
			s.cpuMark = cpu
			s.cpu += rec.CPU
			tail, lost := s.bot.Stderr()
			rec.Stderr, rec.StderrDropped = string(tail), lost
		}
		recs[i] = rec
	}
	return replies, recs
}

func (s *seat) count(d time.Duration) {
	s.replies++
	s.total += d
	s.max = max(s.max, d)
}

func (r *runner) cpuOf(s *seat) time.Duration {
	if s.bot == nil {
		return 0
	}
	d, _ := s.bot.CPU()
	return d
}

func nonNeg(d time.Duration) time.Duration { return max(d, 0) }

func lastLine(b []byte) string {
	s := strings.TrimRight(string(b), "\n\r ")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
