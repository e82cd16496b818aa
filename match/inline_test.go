package match_test

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// goroutineID is the running goroutine's number, from its stack's first
// line ("goroutine 12 [running]:"): for tests only.
func goroutineID() string {
	b := make([]byte, 64)
	b = b[:runtime.Stack(b, false)]
	b, _, _ = bytes.Cut(bytes.TrimPrefix(b, []byte("goroutine ")), []byte(" "))
	return string(b)
}

// whereRef is viewGame's referee, noting the goroutine its prompts are
// asked on.
type whereRef struct {
	viewRef
	mu     sync.Mutex
	prompt map[string]bool
}

func (r *whereRef) PromptView(p int) (any, bool) {
	r.mu.Lock()
	r.prompt[goroutineID()] = true
	r.mu.Unlock()
	return r.viewRef.PromptView(p)
}

type whereGame struct{ ref *whereRef }

func (whereGame) Info() game.Info                         { return viewGame{}.Info() }
func (g whereGame) New(game.Config) (game.Referee, error) { return g.ref, nil }

// whereBot notes the goroutine it answers on.
type whereBot struct {
	viewBot
	mu    sync.Mutex
	where map[string]bool
}

func (b *whereBot) RespondView(v any) []byte {
	b.mu.Lock()
	b.where[goroutineID()] = true
	b.mu.Unlock()
	return b.viewBot.RespondView(v)
}

// TestBuiltinsAnswerOnTheRunnersGoroutine: in a match of builtins only,
// every answer is a call on the runner's goroutine, the one that asks the
// referee for the prompts (no goroutine hand-off a turn); as soon as one
// bot is not a builtin (it can be timed out, so nobody may wait for it),
// the builtins answer on their own goroutines again, and the replies are
// the same either way.
func TestBuiltinsAnswerOnTheRunnersGoroutine(t *testing.T) {
	for _, c := range []struct {
		name    string
		builtin bool
		inline  bool
	}{{"builtins only", true, true}, {"with a bot that can time out", false, false}} {
		t.Run(c.name, func(t *testing.T) {
			ref := &whereRef{prompt: map[string]bool{}}
			bots := []*whereBot{{where: map[string]bool{}}, {where: map[string]bool{}}}
			rep, err := match.Run(context.Background(), match.Match{Game: whereGame{ref}, Grace: 10 * time.Millisecond,
				Players: []match.Player{
					{Name: "a", Open: func() (bot.Bot, error) { return &bot.InProcess{Bot: bots[0], Builtin: true}, nil }},
					{Name: "b", Open: func() (bot.Bot, error) { return &bot.InProcess{Bot: bots[1], Builtin: c.builtin}, nil }},
				}})
			if err != nil {
				t.Fatal(err)
			}
			if len(ref.prompt) != 1 {
				t.Fatalf("prompts asked on %d goroutines", len(ref.prompt))
			}
			for i, b := range bots {
				for g := range b.where {
					if ref.prompt[g] != c.inline {
						t.Errorf("bot %d answered on the runner's goroutine: %v, want %v", i, ref.prompt[g], c.inline)
					}
				}
			}
			if len(rep.Turns) != 3 {
				t.Fatalf("%d turns, want 3", len(rep.Turns))
			}
			for i, tr := range rep.Turns {
				for p, r := range tr.Replies {
					if r.Status != game.Answered || r.Text() != "view "+string(rune('1'+i)) {
						t.Errorf("turn %d, seat %d: %s %q", i+1, p, r.Status, r.Text())
					}
				}
			}
		})
	}
}

// panicker is a builtin that panics on turn 2.
type panicker struct{ viewBot }

func (panicker) RespondView(v any) []byte {
	if v.(*turnView).turn == 2 {
		panic("out of ideas")
	}
	return []byte("fine\n")
}

// TestABuiltinThatPanicsOnTheRunnersGoroutine: a builtin answering on the
// runner's goroutine that panics is gone from that turn on, with the
// panic's account, and the match goes on to its end without it.
func TestABuiltinThatPanicsOnTheRunnersGoroutine(t *testing.T) {
	broken := panicker{}
	// Its end must come (its lines' pump sees them end): without it, the
	// runner would wait for the answer as long as a builtin may take.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := match.Run(ctx, match.Match{Game: viewGame{}, Grace: 10 * time.Millisecond,
		Players: []match.Player{
			{Name: "broken", Open: func() (bot.Bot, error) { return &bot.InProcess{Bot: broken, Builtin: true}, nil }},
			{Name: "fine", Open: func() (bot.Bot, error) { return &bot.InProcess{Bot: viewBot{}, Builtin: true}, nil }},
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Turns) != 3 {
		t.Fatalf("%d turns, want 3", len(rep.Turns))
	}
	want := []game.ReplyStatus{game.Answered, game.Gone, game.Gone}
	for i, tr := range rep.Turns {
		if tr.Replies[0].Status != want[i] || tr.Replies[1].Status != game.Answered {
			t.Errorf("turn %d: %s and %s, want %s and answered", i+1, tr.Replies[0].Status, tr.Replies[1].Status, want[i])
		}
	}
	if msg := rep.Turns[1].Replies[0].Error; !strings.Contains(msg, "builtin bot panicked: out of ideas") {
		t.Errorf("turn 2's account: %q", msg)
	}
}

// TestAMatchOfBuiltinsStopsWhenCancelled: a match of builtins, which never
// waits for an answer, still stops at its context's end, within a turn.
func TestAMatchOfBuiltinsStopsWhenCancelled(t *testing.T) {
	seed := int64(3)
	m, err := match.Setup{Game: "sum", Bots: []string{"builtin:seeded", "builtin:count"}, Seed: &seed,
		Options: []string{"turns=1000"}}.Build()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	turns := 0
	m.OnTurn = func(replay.Turn) {
		if turns++; turns == 5 {
			cancel()
		}
	}
	rep, err := match.Run(ctx, m)
	if err == nil || !strings.Contains(err.Error(), "cancelled") {
		t.Fatalf("the match ended with %v, want cancelled", err)
	}
	if n := len(rep.Turns); n > 6 {
		t.Errorf("%d turns played, want the match stopped within a turn of the 5th", n)
	}
}
