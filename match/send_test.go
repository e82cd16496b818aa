package match_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
)

// trying is a scripted bot whose transport writes what fits at once
// (bot.TrySender): split > 0 leaves the bytes from split on for Send.
type trying struct {
	*scripted
	split int

	mu    sync.Mutex
	full  []byte   // the prompt TrySend was given
	sends []string // what Send was given
}

func (b *trying) TrySend(msg []byte) ([]byte, error) {
	if b.split == 0 || b.split >= len(msg) {
		return nil, b.scripted.Send(msg, time.Now().Add(time.Hour))
	}
	b.mu.Lock()
	b.full = msg
	b.mu.Unlock()
	return msg[b.split:], nil
}

func (b *trying) Send(msg []byte, deadline time.Time) error {
	b.mu.Lock()
	b.sends = append(b.sends, string(msg))
	full := b.full
	b.mu.Unlock()
	return b.scripted.Send(full, deadline)
}

// A prompt that the transport writes at once needs no Send (and no
// goroutine in the runner); the rest of one that did not fit goes to Send,
// and only the rest.
func TestPromptWrittenAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := register(probe{name: "try-send", players: 2, turns: 3,
			clock: game.Clock{Turn: 100 * time.Millisecond, First: 100 * time.Millisecond, Policy: game.PolicyDisqualify}})
		whole := &trying{scripted: &scripted{script: echo}}
		split := &trying{scripted: &scripted{script: echo}, split: 3}
		rep, _ := runFake(t, g, player("whole", func() bot.Bot { return whole }), player("split", func() bot.Bot { return split }))
		for p, want := range []string{"answered:1", "answered:1"} {
			if got := seatReplies(rep, p)[0]; got != want {
				t.Errorf("seat %d turn 1: %s, want %s", p, got, want)
			}
		}
		if len(whole.sends) != 0 {
			t.Errorf("Send was called with %q for prompts written at once", whole.sends)
		}
		if len(split.sends) != 3 || split.sends[0] != "n 1\n" {
			t.Errorf("Send was given %q, want the rest of each prompt", split.sends)
		}
	})
}

// forwarding is a scripted bot that hands its lines to the runner's
// outlet (bot.Forwarder) when it is given one before Start; its Lines
// channel then stays empty.
type forwarding struct {
	*scripted
	mu      sync.Mutex
	outlet  bot.Outlet
	early   bool // ForwardLines was called before Start
	started bool
}

func (b *forwarding) ForwardLines(o bot.Outlet) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.outlet, b.early = o, !b.started
}

func (b *forwarding) Start(ctx context.Context) error {
	b.mu.Lock()
	b.started = true
	o := b.outlet
	b.mu.Unlock()
	if err := b.scripted.Start(ctx); err != nil || o == nil {
		return err
	}
	// Forward what the script writes to the outlet, as a transport's
	// reading goroutine would.
	go func() {
		for l := range b.scripted.lines {
			if !o.Put(l, b.scripted.stop) {
				return
			}
		}
		o.End(b.scripted.stop)
	}()
	return nil
}

// Lines is nil once the lines are forwarded, as for a process.
func (b *forwarding) Lines() <-chan bot.Line {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.outlet != nil {
		return nil
	}
	return b.scripted.lines
}

// A bot that forwards its lines (bot.Forwarder) is given an outlet before
// it starts, and its lines reach the runner through it alone.
func TestForwardedLines(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := register(probe{name: "forwarded", players: 2, turns: 3,
			clock: game.Clock{Turn: 100 * time.Millisecond, First: 100 * time.Millisecond, Policy: game.PolicyDisqualify}})
		fw := &forwarding{scripted: &scripted{script: echo}}
		ends := &forwarding{scripted: &scripted{script: func(p string) []out {
			if p == "turn 2" {
				return []out{{after: time.Millisecond, end: true}}
			}
			return echo(p)
		}}}
		rep, _ := runFake(t, g, player("fw", func() bot.Bot { return fw }), player("ends", func() bot.Bot { return ends }))
		if !fw.early || !ends.early {
			t.Fatalf("ForwardLines called before Start: %v, %v", fw.early, ends.early)
		}
		if got, want := seatReplies(rep, 0), []string{"answered:1", "answered:2", "answered:3"}; !slices.Equal(got, want) {
			t.Errorf("forwarding bot: %q, want %q", got, want)
		}
		if got := seatReplies(rep, 1); got[1] != "gone:" {
			t.Errorf("the bot whose output ended: %q, want gone on turn 2", got)
		}
	})
}
