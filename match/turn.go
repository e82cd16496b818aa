package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// An event is something a bot's goroutines tell the runner: the runner
// alone touches the seats, so everything reaches it this way.
type event struct {
	seat, gen int
	kind      eventKind
	line      bot.Line
	at        time.Time
	err       error
	// unread, for evSent at a missed deadline: the bytes in the bot's
	// input pipe when the bot had not read all that came before the
	// prompt (it stopped reading), else 0.
	unread int
}

type eventKind int

const (
	evLine   eventKind = iota // a line of output
	evClosed                  // the bot's output ended
	evSent                    // a prompt was fully written (or failed)
)

// turn plays turn t: it prompts the bots, collects their answers under
// the clock, and resolves the turn with the referee.
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
	// whole turns.
	r.paced = clock.Realtime && lt > clock.FirstTurns
	if r.paced {
		start = onGrid(start, r.nextStart, limit)
	}
	turnEnd := start.Add(limit)
	for _, s := range r.seats {
		s.asked = false
		// A seat whose request is still open (PolicyLate) is sent nothing
		// new until its answer is in.
		if s.gone || s.req != idle {
			continue
		}
		msg, view, ask := r.promptOf(s)
		if !ask {
			continue
		}
		s.asked, s.req, s.cur = true, sending, nil
		s.synced = false
		s.extra, s.wake, s.starved, s.settled, s.lookedAt = 0, 0, false, false, time.Time{}
		// A bot that was ready when it started (bot.ReadyAtStart) needs
		// no start-up time: its start-up turns have the turn limit.
		s.limit = limit
		if lt <= clock.FirstTurns && readyAtStart(s.bot) {
			s.limit = clock.Turn
		}
		// A request's clock starts with its own prompt, not with the turn
		// (the time spent building the prompts before it is not the
		// bot's), and again once the prompt is written; a paced request's
		// deadline is its turn's end.
		s.askedAt = time.Now()
		s.deadline = s.askedAt.Add(s.limit)
		if r.paced {
			s.deadline = turnEnd
		}
		if r.inline {
			r.answerInline(s, msg, view, clock)
			continue
		}
		if view != nil {
			deadline := s.deadline
			if s.trusted {
				deadline = s.askedAt.Add(trustedWait)
			}
			go r.sendView(s.p, s.gen, s.bot.(bot.ViewTaker), view, deadline)
			continue
		}
		r.prompt(s, msg, clock)
	}
	// The previous turn's frame and record: while the bots think.
	r.record()
	if err := r.collect(ctx, clock, turnEnd); err != nil {
		return replay.Turn{}, err
	}
	// The moment the turn is resolved: for a paced turn, its due end (the
	// timer that woke the runner may fire a little after it).
	resolved := time.Now()
	if r.paced {
		resolved = onGrid(resolved, turnEnd, limit)
	}
	r.nextStart = resolved
	replies, recs := r.replies(clock, resolved)
	r.ref.Play(replies)
	// The frame is taken later (record), off the path from the last
	// answer to the next prompts.
	return replay.Turn{Turn: t, Replies: recs}, nil
}

// promptOf asks the referee for seat s's prompt: as Go values (view) for
// an in-process bot that reads them from a referee that offers them
// (game.ViewPrompter), else as bytes.
func (r *runner) promptOf(s *seat) (msg []byte, view any, ask bool) {
	if vp, ok := r.ref.(game.ViewPrompter); ok {
		if vt, ok := s.bot.(bot.ViewTaker); ok && vt.TakesViews() {
			view, ask = vp.PromptView(s.p)
			return nil, view, ask
		}
	}
	msg, ask = r.ref.Prompt(s.p)
	return msg, nil, ask
}

// allInline reports whether every bot that started is a builtin that can
// answer on the runner's goroutine (bot.Answerer). In such a match the
// runner has each answer its prompt in turn, as a direct call: no bot waits
// for another's answer, since no other bot has a deadline, and a turn costs
// no goroutine's wake-up (four a bot on the way through goroutines: the
// prompt's, the bot's, its lines', the runner's).
func allInline(bots []bot.Bot, errs []error) bool {
	for i, b := range bots {
		if errs[i] != nil {
			continue
		}
		if _, ok := b.(bot.Answerer); !ok || !trusted(b) {
			return false
		}
	}
	return true
}

// answerInline has seat s's bot answer its prompt (msg, or view) on the
// runner's goroutine, and takes in its answer as the events the bot's
// goroutines would have posted: the prompt taken, then each line. A bot
// that failed has ended; its end comes as an event from its lines' pump.
func (r *runner) answerInline(s *seat, msg []byte, view any, clock game.Clock) {
	lines, taken, err := s.bot.(bot.Answerer).Answer(msg, view, r.inlineBuf[:0])
	r.handle(event{seat: s.p, gen: s.gen, kind: evSent, at: taken}, clock)
	if err != nil {
		return
	}
	for _, l := range lines {
		r.handle(event{seat: s.p, gen: s.gen, kind: evLine, line: l}, clock)
	}
	clear(lines) // their strings are the seat's now
	r.inlineBuf = lines
}

// sendView hands a view to bot b of seat p (see send).
func (r *runner) sendView(p, gen int, b bot.ViewTaker, view any, deadline time.Time) {
	at, err := b.SendViewStamped(view, deadline)
	r.post(event{seat: p, gen: gen, kind: evSent, at: at, err: err}, nil)
}

// onGrid returns the grid point g when t is at most a turn after it, else
// t: a runner that fell more than a turn behind (a stalled machine) starts
// the grid again.
func onGrid(t, g time.Time, turn time.Duration) time.Time {
	if !g.IsZero() && !g.After(t) && t.Sub(g) < turn {
		return g
	}
	return t
}

// prompt sends msg to seat s: at once from the runner's goroutine when the
// transport can write it without waiting (bot.TrySender: a prompt that fits
// in the pipe, the usual case, costs no goroutine and no event), else from
// a goroutine that tells the runner when it is written.
func (r *runner) prompt(s *seat, msg []byte, clock game.Clock) {
	tried := 0 // bytes of msg written by TrySend
	if ts, ok := s.bot.(bot.TrySender); ok {
		rest, err := ts.TrySend(msg)
		if err == nil && len(rest) == 0 {
			r.handle(event{seat: s.p, gen: s.gen, kind: evSent, at: time.Now()}, clock)
			return
		}
		// A failed write is reported by Send as well, from the goroutine,
		// so that the runner does not wait here for the bot's exit.
		if err == nil {
			tried = wireLen(msg) - len(rest)
			msg = rest
		}
	}
	deadline := s.deadline
	if s.trusted {
		// A builtin is waited for: no deadline on the way in either.
		deadline = s.askedAt.Add(trustedWait)
	}
	go r.send(s.p, s.gen, s.bot, msg, deadline, tried)
}

// wireLen is msg's length as a transport writes it: with a final newline.
func wireLen(msg []byte) int {
	if len(msg) == 0 || msg[len(msg)-1] != '\n' {
		return len(msg) + 1
	}
	return len(msg)
}

// trustedWait stands for "no deadline" when sending to a trusted bot.
const trustedWait = 24 * time.Hour

// send writes a prompt to bot b of seat p, then tells the runner when it
// was handed over: when the write returned (taken in this goroutine, right
// after the write system call: pipes carry no timestamp of their own), or
// the moment the transport reports (bot.Stamper). tried is how much of the
// prompt was written before msg, its rest (TrySend).
func (r *runner) send(p, gen int, b bot.Bot, msg []byte, deadline time.Time, tried int) {
	var at time.Time
	var err error
	if st, ok := b.(bot.Stamper); ok {
		at, err = st.SendStamped(msg, deadline)
	} else {
		err = b.Send(msg, deadline)
		at = time.Now()
	}
	r.post(event{seat: p, gen: gen, kind: evSent, at: at, err: err, unread: stoppedReading(err, tried)}, nil)
}

// stoppedReading returns the bytes in the bot's input pipe when a prompt's
// write missed its deadline (err, a bot.InputFull) and more was unread
// there than the prompt's own bytes (tried by TrySend, then written by
// Send): the bot had not read what came before the prompt, so the pipe was
// full when the prompt was due. 0 otherwise: no deadline missed, or a
// prompt larger than the pipe that the bot read too slowly.
func stoppedReading(err error, tried int) int {
	var full *bot.InputFull
	if !errors.As(err, &full) || full.Unread <= tried+full.Written {
		return 0
	}
	return full.Unread
}

// collect handles events until the turn can be resolved.
func (r *runner) collect(ctx context.Context, clock game.Clock, turnEnd time.Time) error {
	if !r.anyDirect {
		// Polled instead (pollWait), the timer is never set.
		defer r.timer.Stop()
	}
	for {
		// Checked here too, not only while waiting: a match of builtins
		// answering on the runner's goroutine (answerInline) never waits.
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%w: %v", errCancelled, err)
		}
		r.drainAt(clock, time.Now())
		now := time.Now()
		r.stretch(now)
		if r.sync(now) {
			continue // what it read comes through readDirect at once
		}
		r.expire(clock, now)
		// A request's clock starts when its prompt is written, so the
		// turn ends with the latest deadline.
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
		if r.anyDirect {
			// The outputs read directly, the events channel and the
			// context, polled at once (direct.go).
			r.pollWait(ctx, next.Sub(now))
			if ctx.Err() != nil {
				return fmt.Errorf("%w: %v", errCancelled, ctx.Err())
			}
			continue
		}
		r.timer.Reset(next.Sub(now))
		select {
		case ev := <-r.events:
			r.receive(ev, clock)
		case <-r.timer.C:
		case <-ctx.Done():
			return fmt.Errorf("%w: %v", errCancelled, ctx.Err())
		}
	}
}

// drain handles the events already queued, so that a line read before the
// resolution moment is not missed because its event was not yet picked up.
//
// The output of the bots read directly is read first (see readDirect).
func (r *runner) drain(clock game.Clock) { r.drainAt(clock, time.Time{}) }

// drainAt is drain in collect at moment now (see readDirect).
func (r *runner) drainAt(clock game.Clock, now time.Time) {
	r.readDirect(clock, now)
	for {
		select {
		case ev := <-r.events:
			r.receive(ev, clock)
		default:
			return
		}
	}
}

// sync reads, for every seat whose deadline has just passed with its
// answer incomplete, what its bot had already written (bot.Syncer): lines
// that were in the pipe or in the runner's hands by then count as on time
// (onLine), once they have come through.
// It reports whether it read for a seat read directly (direct.go), whose
// lines are then taken by the next readDirect.
func (r *runner) sync(now time.Time) (direct bool) {
	for _, s := range r.seats {
		if !s.toSync(now) {
			continue
		}
		sy, ok := s.bot.(bot.Syncer)
		if !ok {
			continue
		}
		if st, ok := sy.Sync(); ok {
			s.synced, s.sync = true, st
			if s.direct {
				// Read without a poll: its stderr is read at the
				// resolution (stderrOf).
				s.readable, s.errQuiet, direct = true, false, true
			}
		}
	}
	return direct
}

// toSync reports whether the seat's deadline has passed with its answer
// incomplete and what its bot wrote by then not yet read (sync).
func (s *seat) toSync(now time.Time) bool {
	return !s.synced && !s.trusted && !s.gone && s.req == awaiting && !now.Before(s.deadline)
}

// syncing reports whether lines found by sync, or the end of the output
// it found, are still on their way to the runner (from the reading
// goroutine, through pump). It gives up after syncWait, which only a
// stalled machine reaches.
func (s *seat) syncing(now time.Time) bool {
	if !s.synced || s.req != awaiting || s.gone || !now.Before(s.sync.At.Add(syncWait)) {
		return false
	}
	return s.lines < s.sync.Lines || s.sync.Ended
}

// syncWait bounds the wait for the lines sync found.
const syncWait = time.Second

// expire marks seats whose deadline has passed. Under PolicyLate an answer
// is on time until the turn is resolved, except from a transport that
// abandons its request at the deadline (bot.Canceler, HTTP): that request
// ends there, and the bot is asked again on the next turn.
func (r *runner) expire(clock game.Clock, now time.Time) {
	for _, s := range r.seats {
		if s.trusted || s.syncing(now) || clock.Policy == game.PolicyLate && !cancels(s.bot) {
			continue
		}
		if s.asked && s.req == awaiting && !now.Before(s.deadline) {
			r.timeout(s, clock)
		}
	}
}

func trusted(b bot.Bot) bool {
	t, ok := b.(bot.Trusted)
	return ok && t.Trusted()
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
	s.req = idle
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
	// waitTrusted: the turn goes on only for trusted bots' answers, which
	// wake the runner when they come: no need to poll.
	waitTrusted := false
	for _, s := range r.seats {
		switch {
		case s.req == sending:
			done = false
		case s.gone:
		case s.trusted && s.req == awaiting:
			done, waitTrusted = false, true
		case s.syncing(now):
			done = false
		case s.asked && s.req == awaiting && now.Before(s.deadline):
			done = false
			if s.deadline.Before(next) {
				next = s.deadline
			}
		case clock.Policy == game.PolicyLate && s.req == awaiting && now.Before(end) && !r.retired(s.p):
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
		if waitTrusted {
			next = now.Add(trustedPoll)
		}
	}
	return next, done
}

// trustedPoll is how often the runner looks round while it waits past the
// deadline for a trusted bot's answer (which wakes it up when it comes).
const trustedPoll = 50 * time.Millisecond

// settle is how long a paced PolicyLate turn waits past its due end for
// the lines read by then (see pending).
const settle = time.Millisecond

// owing reports whether a seat still owes an answer the runner waits for.
func (r *runner) owing() bool {
	for _, s := range r.seats {
		if s.owes() && !s.gone && !r.retired(s.p) {
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

// handle takes in one event of a seat's current bot.
func (r *runner) handle(ev event, clock game.Clock) {
	s := r.seats[ev.seat]
	if ev.gen != s.gen {
		return
	}
	switch ev.kind {
	case evSent:
		switch {
		case errors.Is(ev.err, bot.ErrDeadline):
			r.timeout(s, clock)
			s.unread = ev.unread
		case ev.err != nil:
			s.req = idle
			// Usually the bot has exited: say how, rather than "broken pipe".
			why := ""
			if _, exited := s.bot.Exit(200 * time.Millisecond); !exited {
				why = "cannot write to the bot: " + ev.err.Error()
			}
			s.markGone(why)
		default:
			s.req, s.sentAt = awaiting, ev.at
			if !r.paced {
				s.deadline = ev.at.Add(s.limit)
			}
		}
		// What the bot wrote while its prompt was being written (or
		// before, as the answer to the next prompt) is routed now that the
		// runner knows how the writing went, in order, until the lines
		// left would only be queued again: they stay where they are.
		for s.queue.n > 0 && !s.queues(clock) {
			r.onLine(s, s.queue.pop(), clock)
		}
	case evLine:
		s.lines++
		r.onLine(s, ev.line, clock)
	case evClosed:
		s.markGone("")
	}
}

// replies builds the referee's replies and the recorded ones, as of now,
// the moment the turn is resolved.
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
		held := s.req == answered && clock.Policy == game.PolicyLate && s.answerAt.After(now) && !s.trusted
		switch {
		case s.req == answered && !held:
			g = game.Reply{Status: game.Answered, Lines: r.keepLines(s.cur), Late: !s.asked, Time: nonNeg(s.answerAt.Sub(s.sentAt))}
			if s.gone {
				// It answered, then ended before the turn was resolved.
				g.Error = s.goneErr
			}
			s.cur, s.req = nil, idle
		case s.gone && !held:
			g = game.Reply{Status: game.Gone, Error: s.goneErr}
		case s.asked:
			lines := s.cur
			if held {
				lines = lines[:len(lines)-1] // as it stood at the due end: incomplete
			}
			g = game.Reply{Status: game.Timeout, Lines: r.keepLines(lines), Time: s.limit}
			if clock.Policy != game.PolicyLate {
				s.cur = nil
			}
		case s.req != idle: // a request of an earlier turn, still open (PolicyLate)
			g = game.Reply{Status: game.Waiting, Waiting: nonNeg(now.Sub(s.promptedAt()))}
		default:
			g = game.Reply{Status: game.NotAsked}
		}
		if !held {
			g.Stray, s.stray = s.stray, nil
		}
		replies[i] = g
		rec := replay.Reply{Reply: g, Asked: s.asked, Dropped: s.dropped}
		if g.Status == game.Timeout {
			rec.Unread, rec.Wake = s.unread, s.wake
		}
		if g.Status == game.Timeout || g.Status == game.Answered {
			rec.Extra = s.extra
		}
		s.dropped, s.unread = 0, 0
		if s.bot != nil {
			// Read once a turn, when it is resolved: the turn's CPU time
			// runs from the last resolution, so that the turns add up to
			// the whole.
			cpu, wait := s.figures(g.Status == game.Timeout || g.Status == game.Gone)
			rec.CPU = nonNeg(cpu - s.cpuMark)
			s.cpuMark = cpu
			rec.Wait = wait
			s.markAt, s.markCPU = now, cpu // (the turn's time: no clock read a seat a turn)
			rec.Starved = g.Status == game.Timeout && s.starved
			tail, lost := stderrOf(s, g.Status == game.Answered)
			if len(s.stderr) > 0 { // else the tail alone, not a copy of it
				tail = append(s.stderr, tail...)
			}
			kept, capped := r.m.Stderr.keep(tail, &s.stderrUsed)
			rec.Stderr, rec.StderrDropped = string(kept), lost+s.stderrLost+capped
			s.stderr, s.stderrLost = nil, 0
		}
		recs[i] = rec
	}
	return replies, recs
}

// keepLines returns a copy of the lines of an answer (the seat's buffer,
// reused from turn to turn) for the reply and the replay, taken from a
// block shared by many turns' replies: one allocation for many answers.
// nil stays nil.
func (r *runner) keepLines(ls []game.Line) []game.Line {
	if ls == nil {
		return nil
	}
	if len(ls) > cap(r.kept)-len(r.kept) {
		r.kept = make([]game.Line, 0, max(len(ls), keptBlock))
	}
	n := len(r.kept)
	r.kept = append(r.kept, ls...)
	return r.kept[n:len(r.kept):len(r.kept)]
}

// keptBlock is the number of lines in a block of keepLines.
const keptBlock = 256

// botCPU returns the CPU time bot b has used so far; fresh asks a
// transport whose figure may lag behind (bot.FreshCPUReader) for all of it
// now.
func botCPU(b bot.Bot, fresh bool) time.Duration {
	if f, ok := b.(bot.FreshCPUReader); ok && fresh {
		d, _ := f.FreshCPU()
		return d
	}
	d, _ := b.CPU()
	return d
}

func nonNeg(d time.Duration) time.Duration { return max(d, 0) }
