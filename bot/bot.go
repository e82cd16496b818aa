// Package bot reaches the programs that play: local processes over
// stdin/stdout, in-process Go bots, and (in their own files) the other
// transports the games need. Every transport offers the same small
// interface, so the match runner never knows which one it drives.
package bot

import (
	"context"
	"strconv"
	"time"

	"github.com/seed27749672/arena/game"
)

// Bot is one running player program.
type Bot interface {
	// Start launches the bot. It returns once the program runs (it does not
	// wait for the program to be ready); an error means it did not start.
	Start(ctx context.Context) error
	// Send delivers one whole message. It returns when the message is fully
	// written, or with an error at the deadline or when the bot is gone.
	Send(msg []byte, deadline time.Time) error
	// Lines delivers the bot's output lines as they complete. It is closed
	// when the bot can write no more (exit, crash, disconnection).
	Lines() <-chan Line
	// Stderr returns what the bot wrote on its error stream since the last
	// call, keeping the last bytes only, and how many earlier bytes were
	// dropped.
	Stderr() (tail []byte, dropped int64)
	// CPU returns the CPU time the bot has used so far; ok is false when the
	// transport cannot know it.
	CPU() (d time.Duration, ok bool)
	// Close ends the bot: it gets grace to exit by itself after its input is
	// closed, then it is killed with everything it started. Close is
	// idempotent and returns how the bot ended.
	Close(grace time.Duration) Exit
	// Exit waits up to wait for the bot to end by itself and describes how
	// it ended; ok is false if it is still running.
	Exit(wait time.Duration) (e Exit, ok bool)
}

// Line is one line of output with the moment it was read.
type Line struct {
	game.Line
	At time.Time
}

// Exit describes how a bot ended.
type Exit struct {
	Code   int    // exit status, -1 when killed by a signal or unknown
	Signal string // the signal that killed it, if any
	// Killed is true when Arena had to kill it at the end.
	Killed bool
	Err    error // start or transport error
	// Limit names the sandbox limit the bot ran into ("memory limit 768
	// MiB"), "" for none or an uncontained bot.
	Limit string
}

// String describes the exit for humans: "exited with status 1".
func (e Exit) String() string {
	switch {
	case e.Err != nil:
		return e.Err.Error()
	case e.Killed && e.Limit != "":
		return "killed at the end of the match (" + e.Limit + " reached)"
	case e.Limit != "":
		return e.Limit + " exceeded"
	case e.Killed:
		return "killed at the end of the match"
	case e.Signal != "":
		return "killed by signal " + e.Signal
	default:
		return "exited with status " + strconv.Itoa(e.Code)
	}
}

// ended waits up to wait for done to be closed and reports whether it is.
// A bot that has ended is always reported so, even with no time to wait
// (a select between done and an expired timer would pick at random).
func ended(done <-chan struct{}, wait time.Duration) bool {
	select {
	case <-done:
		return true
	default:
	}
	if wait <= 0 {
		return false
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-done:
		return true
	case <-t.C:
		return false
	}
}

// ViewTaker is implemented by transports that can hand a bot its game's
// prompt as Go values (game.ViewPrompter) rather than bytes: in-process
// bots whose game.Bot is a game.ViewBot (TakesViews).
type ViewTaker interface {
	TakesViews() bool
	SendViewStamped(view any, deadline time.Time) (time.Time, error)
}

// Answerer is implemented by in-process bots that can answer on the
// caller's goroutine: Answer hands the bot its prompt (msg, or view for a
// bot that TakesViews) and returns its answer's lines, appended to lines,
// stamped with the moment it answered, and the moment it took the prompt.
// The runner uses it in matches of builtins only (trusted bots, never
// timed out, so nothing of another bot waits while one answers): a turn
// then costs no goroutine wake-up. err means the bot failed and has ended;
// its Lines channel closes as it would after a failure in its goroutine.
type Answerer interface {
	Answer(msg []byte, view any, lines []Line) (out []Line, taken time.Time, err error)
}

// TrySender is implemented by transports that can write a message without
// waiting: TrySend writes what fits now and returns the rest (empty when it
// was all written), or an error. The runner then writes a prompt that fits
// (the usual case) from its own goroutine, and hands the rest, if any, to
// Send on another. The rest may be in a buffer of the transport's, valid
// until the next TrySend, which the runner makes only once that Send has
// returned.
type TrySender interface {
	TrySend(msg []byte) (rest []byte, err error)
}

// Forwarder is implemented by transports that can hand their output lines
// to an Outlet instead of the Lines channel. The runner gives each such bot
// an outlet into its own event queue, so that a line reaches it straight
// from the goroutine that read it: without it, a goroutine of the runner's
// would take each line from Lines and pass it on, one more goroutine
// wake-up between a bot's answer and the runner. ForwardLines is called
// before Start; Lines is nil afterwards.
type Forwarder interface {
	ForwardLines(o Outlet)
}

// Outlet receives a bot's output lines (see Forwarder), in order, from the
// transport's reading goroutine, and from the goroutine that calls Sync for
// the lines that call read.
type Outlet interface {
	// Put delivers l, waiting for room; false once stop is closed (the
	// bot is being closed) or the receiver has gone: nothing more is put.
	Put(l Line, stop <-chan struct{}) bool
	// TryPut delivers l only if it can without waiting.
	TryPut(l Line) bool
	// End says that the output has ended, after the last line put. It
	// does not wait once stop is closed.
	End(stop <-chan struct{})
}

// chanOutlet is the outlet of a transport's own Lines channel.
type chanOutlet chan Line

func (c chanOutlet) Put(l Line, stop <-chan struct{}) bool {
	select {
	case c <- l:
		return true
	case <-stop:
		return false
	}
}

func (c chanOutlet) TryPut(l Line) bool {
	select {
	case c <- l:
		return true
	default:
		return false
	}
}

func (c chanOutlet) End(<-chan struct{}) { close(c) }

// FreshCPUReader is implemented by transports whose CPU figure may lag
// behind (a process's descendants are looked for every few turns, see
// Process.CPU): FreshCPU reads the whole figure now. The runner asks for it
// when a reply timed out or the bot ended, where the figure tells whether
// the machine or the bot was slow.
type FreshCPUReader interface {
	FreshCPU() (time.Duration, bool)
}

// FiguresReader is implemented by transports that read a bot's CPU time
// (Bot.CPU, FreshCPUReader) and its wait for a CPU (Waiter.Waited)
// together for less than apart (Process.Figures): the runner reads both at
// every turn's resolution, on the path from the last answer to the next
// prompts. The CPU figure may lag behind as Bot.CPU's does; fresh reads
// the whole of both now.
type FiguresReader interface {
	Figures(fresh bool) (cpu, wait time.Duration, ok bool)
}

// Canceler is implemented by request/response transports (HTTP) that can
// abandon the request in flight when its deadline passes; such a bot owes
// no late answer afterwards.
type Canceler interface {
	Cancel()
}

// ReadyAtStart is implemented by transports whose Start returns only once
// the bot has said it is ready to play (HTTP bots answer a readiness poll).
// Their start-up is over before the first prompt, so the runner gives them
// the clock's turn limit (game.Clock.Turn) from the first turn on: the
// start-up turns' limit (game.Clock.First) is for programs still starting.
type ReadyAtStart interface {
	ReadyAtStart() bool
}

// Trusted is implemented by bots that cannot be late by their own fault:
// a game's builtin bots are Arena's own deterministic code, so when one is
// slow it is the machine that is busy. The runner waits for their answers
// whatever the clock says (their time is still measured and shown), so that
// a match between builtins gives the same result on a loaded machine.
type Trusted interface {
	Trusted() bool
}

// Stamper is implemented by transports that know better than the caller
// when a message was handed over: an in-process bot's clock starts when
// its goroutine takes the message, not when it was queued. SendStamped is
// Send, and also returns that moment.
type Stamper interface {
	SendStamped(msg []byte, deadline time.Time) (sent time.Time, err error)
}

// Syncer is implemented by transports that can read at once what the bot
// has already written and Arena has not read yet (a process's stdout
// pipe), or at least tell that it is on its way in (a WebSocket or HTTP
// bot's socket, which its library reads: the next message is then stamped
// with Sync's moment).
// The runner calls Sync when a deadline passes, so that an answer written
// in time is not a timeout because Arena's reading goroutine was not run in
// time. Sync reads without waiting, stamps the lines it completes with the
// moment it began (every line read before it is stamped no later), queues
// them on Lines after those already read, and says what the output held
// by then. ok is false when the transport cannot do it for this bot.
type Syncer interface {
	Sync() (s Synced, ok bool)
}

// Synced is what a bot's output held when Sync read it.
type Synced struct {
	At    time.Time // when Sync began
	Lines int       // lines completed since the start, all to come on Lines
	Ended bool      // the output had ended: Lines will be closed after them
}

// Defaults shared by the transports.
const (
	DefaultMaxLine    = 1 << 20  // longest output line kept whole
	DefaultStderrKeep = 64 << 10 // stderr bytes kept per turn
	linesBuffer       = 256      // lines a transport buffers before it stops reading
)

// timeScaleKey carries a match's time scale in the context given to Start.
type timeScaleKey struct{}

// WithTimeScale returns ctx carrying the match's time scale (--time-scale),
// for the transports that wait at Start (for a registration, a readiness
// reply): their waits are time limits of the match too.
func WithTimeScale(ctx context.Context, f float64) context.Context {
	return context.WithValue(ctx, timeScaleKey{}, f)
}

// scaled multiplies d by the time scale ctx carries, if any.
func scaled(ctx context.Context, d time.Duration) time.Duration {
	f, _ := ctx.Value(timeScaleKey{}).(float64)
	return game.ScaleDuration(d, f)
}

// Waiter is implemented by transports that can tell how long the bot was
// runnable but kept waiting for a CPU (a process bot's threads' run_delay):
// time the machine took from it, which the runner does not charge it.
// Waited returns the total so far, which never decreases; fresh looks for
// threads the bot started since the last look, at a cost (the runner asks
// for it at a deadline only).
// Runnable tells whether a thread of the bot is runnable now: running, or
// waiting for a CPU (whose wait the kernel counts only when it ends).
type Waiter interface {
	Waited(fresh bool) (time.Duration, bool)
	Runnable() bool
}
