package tournament

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/game/gametest"
	"github.com/seed27749672/arena/match"
)

// starvedBot stands for a bot on a machine that never gives it a CPU: it
// is runnable all the time, waits for a CPU all the time, and uses none.
// With answer set it answers every prompt at once instead.
type starvedBot struct {
	answer bool
	start  time.Time
	lines  chan bot.Line
	once   sync.Once
}

func (b *starvedBot) Start(context.Context) error {
	b.start, b.lines = time.Now(), make(chan bot.Line, 64)
	return nil
}

func (b *starvedBot) Send([]byte, time.Time) error {
	if b.answer {
		b.lines <- bot.Line{Line: game.Line{Text: "1"}, At: time.Now()}
	}
	return nil
}

func (b *starvedBot) Lines() <-chan bot.Line              { return b.lines }
func (b *starvedBot) Stderr() ([]byte, int64)             { return nil, 0 }
func (b *starvedBot) CPU() (time.Duration, bool)          { return 0, true }
func (b *starvedBot) Exit(time.Duration) (bot.Exit, bool) { return bot.Exit{}, false }
func (b *starvedBot) Waited(bool) (time.Duration, bool)   { return time.Since(b.start), true }
func (b *starvedBot) Runnable() bool                      { return true }
func (b *starvedBot) Close(time.Duration) bot.Exit {
	b.once.Do(func() { close(b.lines) })
	return bot.Exit{Killed: true}
}

// starvedMatch is a one-bot sum match of two 5 ms turns whose bot is
// starved on the plays starve says (counted from 1), and answers on the
// others.
func starvedMatch(t *testing.T, starve func(play int) bool) match.Match {
	gametest.Register()
	seed := int64(7)
	m, err := match.Setup{Game: "sum", Bots: []string{"builtin:count"}, Seed: &seed,
		Options: []string{"turns=2", "first_ms=5", "turn_ms=5"}}.Build()
	if err != nil {
		t.Fatal(err)
	}
	plays := 0
	m.Players[0].Open = func() (bot.Bot, error) {
		plays++
		return &starvedBot{answer: !starve(plays)}, nil
	}
	return m
}

func TestRunFairPlaysAStarvedMatchAgain(t *testing.T) {
	m := starvedMatch(t, func(play int) bool { return play == 1 })
	rep, voided, err := RunFair(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	if len(voided) != 1 || voided[0].Seed != 7 || voided[0].Starved.Turn != 1 {
		t.Fatalf("voided %+v, want the first play, starved on turn 1", voided)
	}
	if p := rep.Result.Players[0]; p.Status != game.OK {
		t.Errorf("the fair play's result: %s (%s)", p.Status, p.Message)
	}
	if rep.Seed != 7 {
		t.Errorf("played again with seed %d, want the same seed 7", rep.Seed)
	}
	if got := voided[0].String(); !strings.HasPrefix(got, "seed 7: count starved on turn 1: the machine gave the bot 0.0 ms of CPU in ") || !strings.HasSuffix(got, "; voided and played again") {
		t.Errorf("the voided play is said %q", got)
	}
}

func TestRunFairGivesUpOnAnUnplayableMatch(t *testing.T) {
	m := starvedMatch(t, func(int) bool { return true })
	rep, voided, err := RunFair(context.Background(), m)
	if !errors.Is(err, ErrUnplayable) {
		t.Fatalf("error %v, want ErrUnplayable", err)
	}
	if len(voided) != FairPlays {
		t.Errorf("%d plays voided, want %d", len(voided), FairPlays)
	}
	p := rep.Result.Players[0]
	if p.Status != game.Starved {
		t.Errorf("the last play's status %s (%s), want starved", p.Status, p.Message)
	}
	// Cut off at the bound (10 times the limit, at least 1 s), with no
	// CPU used.
	if r := rep.Turns[0].Replies[0]; !r.Starved || r.Time+r.Extra != time.Second {
		t.Errorf("turn 1: starved %v, time %v + %v moved; want starved at 1 s", r.Starved, r.Time, r.Extra)
	}
	t.Log(err)
}
