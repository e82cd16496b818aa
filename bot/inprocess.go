package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/seed27749672/arena/game"
)

// InProcess runs a game's builtin Go bot on its own goroutine, or, a
// builtin, on the caller's (Answer). It reads the same messages and writes
// the same text as a process bot, so the runner treats both alike. Its CPU
// time is the time spent in Respond. Its reply time runs from the moment
// it takes the message (its goroutine: SendStamped) to the moment Respond
// returns.
type InProcess struct {
	Bot game.Bot
	// Builtin marks a game's builtin bot: trusted (see Trusted), it is never
	// timed out. Tests leave it false to play in-process bots that can be.
	Builtin bool

	reqs  chan request
	lines chan Line
	done  chan struct{}
	stop  chan struct{}

	mu      sync.Mutex
	cpu     time.Duration
	exit    Exit
	stopped bool
}

// Start starts the bot's goroutine.
func (b *InProcess) Start(ctx context.Context) error {
	if b.Bot == nil {
		return errors.New("no bot")
	}
	b.reqs = make(chan request, 16)
	b.lines = make(chan Line, linesBuffer)
	b.done = make(chan struct{})
	b.stop = make(chan struct{})
	go b.run()
	return nil
}

func (b *InProcess) run() {
	defer close(b.done)
	defer close(b.lines)
	var lines []Line
	for {
		var req request
		select {
		case req = <-b.reqs:
		case <-b.stop:
			return
		}
		start := time.Now()
		req.taken <- start
		var err error
		lines, err = b.answer(req, start, lines[:0])
		if err != nil {
			return
		}
		for _, l := range lines {
			select {
			case b.lines <- l:
			case <-b.stop:
				return
			}
		}
		clear(lines) // their strings are the receiver's now
	}
}

// Answer has the bot answer on the caller's goroutine (bot.Answerer). Only
// a builtin offers it: a bot that can be timed out must answer on its own
// goroutine, so that the runner can stop waiting. It must not be called
// while a message sent to the bot's goroutine is unanswered.
func (b *InProcess) Answer(msg []byte, view any, lines []Line) ([]Line, time.Time, error) {
	if !b.Builtin {
		return lines, time.Now(), errors.New("only a builtin answers on the caller's goroutine")
	}
	start := time.Now()
	lines, err := b.answer(request{msg: msg, view: view}, start, lines)
	if err != nil {
		b.halt()
	}
	return lines, start, err
}

// answer has the bot respond to req, taken at start, and appends its
// answer's lines to lines. After an error the bot has ended: its exit says
// why.
func (b *InProcess) answer(req request, start time.Time, lines []Line) ([]Line, error) {
	out, err := b.respond(req)
	at := time.Now()
	b.mu.Lock()
	b.cpu += at.Sub(start)
	if err != nil {
		b.exit = Exit{Code: -1, Err: err}
	}
	b.mu.Unlock()
	if err != nil {
		return lines, err
	}
	for len(out) > 0 {
		line := out
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			line, out = out[:i], out[i+1:]
		} else {
			out = nil
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		// string copies the line: the bot may write its next answer in
		// out's memory (game.Bot).
		lines = append(lines, Line{Line: game.Line{Text: string(line)}, At: at})
	}
	return lines, nil
}

// respond calls the bot, turning a panic into an error: a broken builtin
// crashes like a process would, without taking the arena down.
func (b *InProcess) respond(req request) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("builtin bot panicked: %v", r)
		}
	}()
	if req.view != nil {
		return b.Bot.(game.ViewBot).RespondView(req.view), nil
	}
	return b.Bot.Respond(req.msg), nil
}

// request is a message queued for the bot, or a view (TakesViews); taken
// receives the moment the bot's goroutine took it.
type request struct {
	msg   []byte
	view  any
	taken chan time.Time
}

// Send queues msg for the bot.
func (b *InProcess) Send(msg []byte, deadline time.Time) error {
	_, err := b.SendStamped(msg, deadline)
	return err
}

// TakesViews reports whether the bot reads its game's prompts as Go values
// (game.ViewBot): the runner then sends it the referee's PromptView with
// SendViewStamped instead of the bytes.
func (b *InProcess) TakesViews() bool {
	_, ok := b.Bot.(game.ViewBot)
	return ok
}

// SendViewStamped is SendStamped for a view (TakesViews).
func (b *InProcess) SendViewStamped(view any, deadline time.Time) (time.Time, error) {
	return b.queue(request{view: view, taken: make(chan time.Time, 1)}, deadline)
}

// SendStamped queues msg for the bot and waits until its goroutine takes
// it, which is when the bot's clock starts. If the bot is still busy with
// an earlier message at the deadline, the moment msg was queued is
// returned: the bot is late anyway, and the message stays queued, as a
// prompt written to a process stays in its pipe.
func (b *InProcess) SendStamped(msg []byte, deadline time.Time) (time.Time, error) {
	return b.queue(request{msg: msg, taken: make(chan time.Time, 1)}, deadline)
}

func (b *InProcess) queue(req request, deadline time.Time) (time.Time, error) {
	var t *time.Timer
	select {
	case b.reqs <- req: // the usual case: no timer needed
	default:
		t = time.NewTimer(time.Until(deadline))
		defer t.Stop()
		select {
		case b.reqs <- req:
		case <-b.done:
			return time.Now(), errors.New("the bot has stopped")
		case <-t.C:
			return time.Now(), ErrDeadline
		}
	}
	queued := time.Now()
	select {
	case at := <-req.taken: // the usual case again
		return at, nil
	default:
	}
	if t == nil {
		t = time.NewTimer(time.Until(deadline))
		defer t.Stop()
	}
	select {
	case at := <-req.taken:
		return at, nil
	case <-b.done:
		return time.Now(), errors.New("the bot has stopped")
	case <-t.C:
		return queued, nil
	}
}

// Trusted reports whether the bot is a game's builtin.
func (b *InProcess) Trusted() bool { return b.Builtin }

// Lines returns the output lines.
func (b *InProcess) Lines() <-chan Line { return b.lines }

// Stderr is always empty for builtin bots.
func (b *InProcess) Stderr() ([]byte, int64) { return nil, 0 }

// CPU returns the time spent in Respond.
func (b *InProcess) CPU() (time.Duration, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.cpu, true
}

// Exit reports how the bot ended, waiting up to wait.
func (b *InProcess) Exit(wait time.Duration) (Exit, bool) {
	if !ended(b.done, wait) {
		return Exit{}, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.exit, true
}

// Close stops the bot. A Respond call in progress is waited for up to
// grace; a builtin cannot be killed, so one that never returns is left
// behind (builtins are Arena's own code and are tested not to).
func (b *InProcess) Close(grace time.Duration) Exit {
	b.halt()
	e, _ := b.Exit(grace)
	return e
}

// halt stops the bot's goroutine, once.
func (b *InProcess) halt() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.stopped {
		b.stopped = true
		close(b.stop)
	}
}
