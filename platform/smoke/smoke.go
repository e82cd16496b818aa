// Package smoke starts a team's built bot once, as a match would start
// it, before its build is called ready: a build whose run command cannot
// start (a module not installed, a class not found, a file the kit's run
// command names missing) fails there, with the bot's own words, rather
// than being "ready" and then losing every match.
package smoke

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
)

// Bounds of the wait for a process bot (stdio): it is watched at least
// Settle, then until its CPU time stops growing between two looks Look
// apart (its start-up done, it waits for its first input), at most
// Longest. A JVM or a Node.js start-up on a busy machine takes seconds
// to fail, and still uses CPU until then.
var (
	Settle  = time.Second
	Look    = 250 * time.Millisecond
	Longest = 15 * time.Second
)

// Start starts the bot of spec in the game as a match would (its own
// sandbox, its transport), and returns why it is not running: its start
// failed (a WebSocket bot that never registered, an HTTP bot never
// ready, both within their protocol's limits), or it exited on its own.
// It ends the bot before returning.
func Start(ctx context.Context, info game.Info, spec bot.Spec) error {
	open, err := bot.Open(info, spec, 0, 0)
	if err != nil {
		return err
	}
	b, err := open()
	if err != nil {
		return err
	}
	if err := b.Start(ctx); err != nil {
		return fmt.Errorf("the bot's run command (%s) did not start: %w", spec.Target, err)
	}
	defer b.Close(0)
	e, exited := watch(ctx, b)
	if !exited {
		return ctx.Err()
	}
	tail, _ := b.Stderr()
	return errors.New(bot.CrashReport(fmt.Sprintf("the bot's run command (%s) exited at once (%s)", spec.Target, e), tail))
}

// watch waits while the bot starts up; exited tells it ended meanwhile.
// It is starting up while it uses CPU, or waits for a CPU the machine
// gives others (bot.Waiter): a starved start-up is not a finished one.
func watch(ctx context.Context, b bot.Bot) (e bot.Exit, exited bool) {
	if e, ok := b.Exit(Settle); ok {
		return e, true
	}
	end := time.Now().Add(Longest - Settle)
	before := busyness(b)
	for time.Now().Before(end) && ctx.Err() == nil {
		if e, ok := b.Exit(Look); ok {
			return e, true
		}
		now := busyness(b)
		if !now.known || now.cpu == before.cpu && now.waited == before.waited && !now.runnable {
			return bot.Exit{}, false
		}
		before = now
	}
	return bot.Exit{}, false
}

// busy is what tells a bot still starting up from one waiting for input.
type busy struct {
	known    bool
	cpu      time.Duration // CPU time used
	waited   time.Duration // time runnable but kept from a CPU
	runnable bool          // running or waiting for a CPU now
}

func busyness(b bot.Bot) busy {
	var s busy
	s.cpu, s.known = b.CPU()
	if w, ok := b.(bot.Waiter); ok {
		s.waited, _ = w.Waited(false)
		s.runnable = w.Runnable()
	}
	return s
}
