package match

import (
	"context"
	"encoding/binary"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
)

// Bots whose output the runner reads itself (bot.DirectReader, process
// bots) are read on the runner's goroutine: while it waits for answers, it
// polls their output descriptors, as a minimal driver blocks in read, and
// reads what they wrote the moment they wrote it, with no goroutine in
// between to wake (and, on a machine with an idle processor, no second
// thread). The lines are stamped when the read returns. The other events
// (a prompt written by a goroutine, the lines of other transports) still
// come through the events channel; while the runner polls, whoever posts
// one wakes it through an eventfd polled with the outputs.
//
// What the bots write while the runner works (the referee's turn, the
// frame) waits in their pipes until its next look: at every prompt
// (drain), and in every round of collect. A line found in the pipe at the
// runner's first look past a deadline counts as on time, as one found by
// Sync does (see answerLine and extend): the runner's own work never makes
// a bot late.

// startDirect switches bot b to direct reading, if it can be.
func startDirect(b bot.Bot) bool {
	d, ok := b.(bot.DirectReader)
	return ok && d.ReadDirect()
}

// readDirect reads what the direct seats' bots have written, and hands
// it to handle as events. In collect (now not zero), a seat whose deadline
// has passed with its answer incomplete is left to sync, after stretch has
// moved the deadline back for the machine's doing: what sync finds in the
// pipe then is on time, as with a reading goroutine.
//
// Only the seats a poll found readable (or sync read for) are read: a read
// that finds nothing is a system call for nothing. At the start of a turn
// (now zero), a poll that does not wait finds them.
func (r *runner) readDirect(clock game.Clock, now time.Time) {
	if !r.anyDirect {
		return
	}
	if now.IsZero() {
		r.poll(0)
	}
	for _, s := range r.seats {
		if !s.direct || s.bot == nil {
			continue
		}
		if s.errReadable {
			// Read as it comes, as a goroutine would: a bot whose stderr
			// pipe is full would wait.
			s.errReadable = false
			s.bot.(bot.DirectReader).ReadStderr()
		}
		if !s.readable || s.closed || !now.IsZero() && s.toSync(now) {
			continue
		}
		s.readable = false
		var ended bool
		if r.lineBuf == nil {
			r.lineBuf = lineBufs.Get().(*[]bot.Line)
		}
		*r.lineBuf, ended = s.bot.(bot.DirectReader).ReadOutput((*r.lineBuf)[:0])
		for _, l := range *r.lineBuf {
			r.handle(event{seat: s.p, gen: s.gen, kind: evLine, line: l}, clock)
		}
		clear(*r.lineBuf) // their strings are the seats' now
		if ended {
			s.closed = true
			r.handle(event{seat: s.p, gen: s.gen, kind: evClosed, at: time.Now()}, clock)
		}
	}
}

// lineBufs holds the slices the runners read lines into, from match to
// match: a bot that floods its output fills one with thousands of lines a
// read, which a runner of its own would grow again every match.
var lineBufs = sync.Pool{New: func() any { return new([]bot.Line) }}

// releaseLines gives the runner's line slice back to lineBufs.
func (r *runner) releaseLines() {
	if r.lineBuf != nil {
		lineBufs.Put(r.lineBuf)
		r.lineBuf = nil
	}
}

// pollWait waits up to d for a direct seat's output, for an event posted
// to the channel, or for the context's end.
func (r *runner) pollWait(ctx context.Context, d time.Duration) {
	// Posters look at polling after they posted (post): either the
	// runner sees their event counted here, or they see it polling.
	r.polling.Store(true)
	if r.posted.Load() != r.taken || ctx.Err() != nil {
		r.polling.Store(false)
		return
	}
	woken := r.poll(max(d, 0))
	r.polling.Store(false)
	if woken {
		var b [8]byte
		unix.Read(r.wake, b[:])
	}
}

// poll polls the direct seats' outputs (stdout and stderr) and, when it
// waits (d > 0), the eventfd, for up to d; it marks the seats found
// readable and reports whether the eventfd was kicked.
func (r *runner) poll(d time.Duration) (woken bool) {
	r.pfds, r.pollSeats = r.pfds[:0], r.pollSeats[:0]
	for _, s := range r.seats {
		if s.direct && s.bot != nil && !s.closed {
			// Its stdout, and its stderr right after (see stderrOf).
			r.pfds = append(r.pfds, unix.PollFd{Fd: int32(s.fd), Events: unix.POLLIN},
				unix.PollFd{Fd: int32(s.errFD), Events: unix.POLLIN})
			r.pollSeats = append(r.pollSeats, s)
		}
	}
	if d > 0 {
		r.pfds = append(r.pfds, unix.PollFd{Fd: int32(r.wake), Events: unix.POLLIN})
	}
	ts := unix.NsecToTimespec(d.Nanoseconds())
	if _, err := unix.Ppoll(r.pfds, &ts, nil); err != nil {
		return false // EINTR: the caller looks round and polls again
	}
	for i, s := range r.pollSeats {
		if r.pfds[2*i+1].Revents != 0 {
			s.errReadable = true
		}
		if r.pfds[2*i].Revents != 0 {
			// What its stderr holds is read in the same look, before
			// its stdout (readDirect).
			s.readable = true
			s.errQuiet = s.errFD >= 0
		}
	}
	return d > 0 && r.pfds[len(r.pfds)-1].Revents != 0
}

// stderrOf returns what seat s's bot wrote on stderr since the last turn.
// A direct seat that answered, whose stderr pipe was empty when the poll
// found its answer readable or was read right after (errQuiet), has
// nothing left there that it wrote before that answer, and the pipe is not
// read again (a system call a bot and a turn). What it wrote after its
// answer shows with this turn or the next, depending on when the runner
// looks.
func stderrOf(s *seat, answered bool) ([]byte, int64) {
	quiet := s.errQuiet && s.direct && answered
	s.errQuiet = false
	if quiet {
		return s.bot.(bot.DirectReader).StderrPolled()
	}
	return s.bot.Stderr()
}

// post puts ev in the events channel, waiting for room unless stop or
// the runner's end comes first, and wakes the runner if it polls.
func (r *runner) post(ev event, stop <-chan struct{}) bool {
	select {
	case r.events <- ev:
	case <-stop:
		return false
	case <-r.quit:
		return false
	}
	r.posted.Add(1)
	if r.polling.Load() {
		r.kick()
	}
	return true
}

// tryPost is post without waiting.
func (r *runner) tryPost(ev event) bool {
	select {
	case r.events <- ev:
	default:
		return false
	}
	r.posted.Add(1)
	if r.polling.Load() {
		r.kick()
	}
	return true
}

// receive takes ev from the events channel and counts it (see pollWait).
func (r *runner) receive(ev event, clock game.Clock) {
	r.taken++
	r.handle(ev, clock)
}

// kick wakes the runner from pollWait. The lock keeps it from writing to
// a descriptor closeWake has closed (and the system given to another file).
func (r *runner) kick() {
	r.wakeMu.Lock()
	defer r.wakeMu.Unlock()
	if r.wake < 0 {
		return
	}
	var b [8]byte
	binary.NativeEndian.PutUint64(b[:], 1)
	unix.Write(r.wake, b[:])
}

// openWake makes the eventfd that wakes pollWait, once a seat is read
// directly, and has the context's end kick it.
func (r *runner) openWake(ctx context.Context) bool {
	if r.wake >= 0 {
		return true
	}
	fd, err := unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK)
	if err != nil {
		return false
	}
	r.wake = fd
	r.stopWatch = context.AfterFunc(ctx, func() {
		if r.polling.Load() {
			r.kick()
		}
	})
	return true
}

// closeWake releases the eventfd; nothing kicks it any more (the
// goroutines that post have ended, or see quit closed).
func (r *runner) closeWake() {
	if r.stopWatch != nil {
		r.stopWatch()
	}
	r.wakeMu.Lock()
	defer r.wakeMu.Unlock()
	if r.wake >= 0 {
		unix.Close(r.wake)
		r.wake = -1
	}
}
