package match

import (
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
)

// seat is the runner's view of one player: its bot, the request it is
// answering, what it wrote that answers nothing (yet), and its figures.
type seat struct {
	p      int
	player Player
	bot    bot.Bot // nil while no bot runs (it did not start, or it was ended)
	gen    int     // bumped on every (re)start; events of older bots are ignored

	trusted bool // a builtin: waited for, never timed out (bot.Trusted)
	// direct: its output is read by the runner (bot.DirectReader), from
	// fd; closed: that output has ended; readable: a poll found something
	// to read there (or sync read it), not read yet; errQuiet: the last
	// poll that found it readable found its stderr, errFD, empty (see
	// stderrOf).
	direct, closed, readable, errQuiet bool
	errReadable                        bool // a poll found its stderr readable
	fd, errFD                          int
	gone                               bool // its output ended, or it cannot be written to
	goneErr                            string

	// The current request.
	req      request
	asked    bool          // prompted this turn
	askedAt  time.Time     // when the prompt began to be sent
	sentAt   time.Time     // when the prompt was fully written
	limit    time.Duration // the request's time limit
	deadline time.Time     // limit after sentAt; when paced, the turn's due end
	cur      []game.Line   // the answer's lines so far: nil, or in curBuf
	curBuf   []game.Line   // cur's array, reused from answer to answer (replies copies out what it keeps)
	answerAt time.Time     // when the answer was complete

	// Past the request's deadline, the runner reads what the bot had
	// already written (bot.Syncer): synced says it did, and what it found;
	// lines counts the lines of this bot the runner has handled.
	synced bool
	sync   bot.Synced
	lines  int

	owed    int         // PolicySkip: answers still owed to abandoned requests
	queue   lineQueue   // lines read while no answer was expected, for the next prompts
	stray   []game.Line // PolicyLate, PolicyGame: lines read while nothing was asked
	dropped int         // lines dropped since the last turn (flood caps)
	unread  int         // this turn's prompt missed its deadline in a full pipe: its bytes (see stoppedReading)

	cpuMark time.Duration // the bot's CPU time when the last turn was resolved
	// Time the machine took (see stretch): the bot's wait for a CPU when
	// the last turn was resolved, how much the current request's deadline
	// was moved back for it, how late the check that ended it was, and
	// whether it was cut off at the bound while charged less than its limit.
	waitMark time.Duration
	// markAt and markCPU: when the wait was last marked (the bots'
	// start, then each turn's resolution) and the bot's CPU time then;
	// they bound the wait credited (creditable).
	markAt   time.Time
	markCPU  time.Duration
	extra    time.Duration
	wake     time.Duration
	starved  bool
	settled  bool      // the deadline stands: no more moves this request
	lookedAt time.Time // when the runner last looked at the deadline (extend)
	// stderr read before the turn was resolved (the bot's last words, read
	// when it ended), for the turn's record.
	stderr     []byte
	stderrLost int64
	stderrUsed int64 // stderr bytes the replay holds so far (StderrCaps)
}

// request is where a seat's current request stands. Only PolicyLate
// leaves one open from a turn to the next (an answer still owed, or one
// held for the next turn); the other policies abandon it at the deadline.
type request int

const (
	idle     request = iota // nothing expected: never asked, resolved, or abandoned at its deadline
	sending                 // the prompt is being written
	awaiting                // the prompt is written, the answer not complete
	answered                // the answer is complete, the turn not yet resolved
)

// owes reports whether the seat still owes the answer to a prompt.
func (s *seat) owes() bool { return s.req == sending || s.req == awaiting }

// promptedAt is when the request's clock started: the turn's start when
// paced, else the moment the prompt was written.
func (s *seat) promptedAt() time.Time { return s.deadline.Add(-s.limit) }

// reset forgets everything about the previous bot of this seat, whose
// events are ignored from now on.
func (s *seat) reset() {
	*s = seat{p: s.p, player: s.player, gen: s.gen + 1}
}

// onLine routes one line of a seat's output: to the answer being read, to
// the queue for the next prompts, to the strays, or away (the answer to an
// abandoned request).
func (r *runner) onLine(s *seat, l bot.Line, clock game.Clock) {
	if s.synced && l.At.After(s.deadline) && !l.At.After(s.sync.At) {
		// In the runner's hands or in the pipe when the deadline was
		// checked: on time, and charged at most the limit.
		l.At = s.deadline
	}
	if s.owed > 0 {
		if r.complete(s.p, l.Line) {
			s.owed--
		}
		return
	}
	strays := clock.Policy == game.PolicyLate || clock.Policy == game.PolicyGame
	switch {
	case strays && l.At.Before(s.askedAt):
		// Read before the prompt began to be sent, it cannot answer it,
		// however late the runner handles it.
		s.addStray(l)
	case s.req == sending:
		// Perhaps the answer, read before the runner heard that the
		// prompt was written: routed again once it has.
		s.enqueue(l)
	case s.req == awaiting:
		r.answerLine(s, l, clock)
	case strays:
		s.addStray(l)
	default:
		// As on CodinGame, read as the answer to the next prompt.
		s.enqueue(l)
	}
}

// answerLine adds a line to the answer being read.
func (r *runner) answerLine(s *seat, l bot.Line, clock game.Clock) {
	if s.cur == nil {
		s.cur = s.curBuf[:0]
	}
	s.cur = append(s.cur, l.Line)
	s.curBuf = s.cur[:0]
	if !r.complete(s.p, l.Line) {
		return
	}
	if l.At.After(s.deadline) {
		// Read after the deadline, perhaps before the runner moved it
		// back for the time the machine took (stretch): it does now. If
		// this is the runner's first look past the deadline (its timer
		// fired late: it too was kept from a CPU), the line was in Arena's
		// hands when it checked: on time, charged up to the deadline, as
		// a line found in the pipe then (Sync).
		first := s.lookedAt.Before(s.deadline)
		if r.extend(s, time.Now()) && first && l.At.After(s.deadline) {
			l.At = s.deadline
		}
	}
	if clock.Policy != game.PolicyLate && (l.At.After(s.deadline) || r.overspent(s, l.At)) && !s.trusted {
		// Complete, but too late: a timeout, and nothing more is owed.
		s.req = idle
		return
	}
	s.req, s.answerAt = answered, l.At
}

func (s *seat) addStray(l bot.Line) {
	if len(s.stray) < maxStrayLines {
		s.stray = append(s.stray, l.Line)
	} else {
		s.dropped++
	}
}

func (s *seat) enqueue(l bot.Line) {
	if !s.queue.push(l) {
		s.dropped++
	}
}

// queues reports whether onLine, given a line now, would only put it back
// in the queue (as it routes one read before the prompt was written, see
// handle): no answer owed to an abandoned request, and none being read
// (or, under the policies with stray lines, being written).
func (s *seat) queues(clock game.Clock) bool {
	if s.owed > 0 {
		return false
	}
	strays := clock.Policy == game.PolicyLate || clock.Policy == game.PolicyGame
	if strays {
		return false // each line is an answer's or a stray
	}
	return s.req != awaiting
}

// markGone records that the bot is gone, and why: the reason given, or how
// it ended with the end of its stderr (see bot.CrashReport). That stderr stays
// for the record of the turn.
func (s *seat) markGone(why string) {
	if s.gone {
		return
	}
	s.gone = true
	if why == "" {
		e, ok := s.bot.Exit(200 * time.Millisecond)
		how := "closed its output"
		if ok {
			how = e.String()
		}
		tail, lost := s.bot.Stderr()
		s.stderr = append(s.stderr, tail...)
		s.stderrLost += lost
		why = bot.CrashReport(how, tail)
	}
	s.goneErr = why
}
