package match_test

import (
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
