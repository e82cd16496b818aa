package match_test

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// TestBuiltinsNeverTimeOutUnderLoad: builtin bots are Arena's own
// deterministic code, so matches between builtins with the same seed give
// the same result, however busy the machine. With a 1 ms limit and
// goroutines spinning on every core, a builtin is often not scheduled in
// time: it must be waited for, not timed out, and its time still kept.
func TestBuiltinsNeverTimeOutUnderLoad(t *testing.T) {
	stop := make(chan struct{})
	var hogs sync.WaitGroup
	for range 2 * runtime.GOMAXPROCS(0) {
		hogs.Go(func() {
			for x := 0; ; x++ {
				select {
				case <-stop:
					return
				default:
				}
				for i := 0; i < 1e5; i++ {
					x ^= i
				}
			}
		})
	}
	defer func() { close(stop); hogs.Wait() }()
	var want string
	for i := range 12 {
		seed := int64(7)
		m, err := match.Setup{Game: "sum", Bots: []string{"builtin:seeded", "builtin:count", "builtin:seeded", "builtin:count", "builtin:seeded", "builtin:count", "builtin:seeded", "builtin:count"},
			Seed: &seed, Options: []string{"turns=40", "turn_ms=1", "first_ms=1"}}.Build()
		if err != nil {
			t.Fatal(err)
		}
		rep, err := match.Run(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range rep.Result.Players {
			if p.Timeouts > 0 {
				t.Fatalf("run %d: %s timed out %d times: %s", i, p.Name, p.Timeouts, p.Message)
			}
		}
		// Answered on the runner's goroutine, a builtin's answer may take
		// less than the 0.1 ms a result shows: its replies keep the time.
		timed := false
		for _, tr := range rep.Turns {
			for _, r := range tr.Replies {
				timed = timed || r.Status == game.Answered && r.Time > 0
			}
		}
		if !timed {
			t.Errorf("run %d: no answer time kept", i)
		}
		got := outcome(t, rep)
		if i == 0 {
			want = got
		} else if got != want {
			t.Fatalf("run %d differs from run 0:\n got %s\nwant %s", i, got, want)
		}
	}
}

// outcome is what a match decided, without the times: frames, replies'
// statuses and texts, and the result.
func outcome(t *testing.T, rep *replay.Replay) string {
	t.Helper()
	var b []byte
	for _, tr := range rep.Turns {
		b = append(b, tr.Frame...)
		for _, r := range tr.Replies {
			b = fmt.Appendf(b, " %s:%s", r.Status, r.Text())
		}
		b = append(b, '\n')
	}
	for _, p := range rep.Result.Players {
		j, _ := json.Marshal([]any{p.Name, p.Status, p.Score, p.Rank, p.Message})
		b = append(b, j...)
	}
	return string(b)
}

// TestTrustedBotIsWaitedFor: a builtin (bot.InProcess with Builtin set) that
// takes longer than its limit is waited for, under every policy, and its
// real time is recorded; an untrusted in-process bot times out.
func TestTrustedBotIsWaitedFor(t *testing.T) {
	for _, policy := range []game.Policy{game.PolicyDisqualify, game.PolicySkip, game.PolicyLate, game.PolicyGame} {
		for _, realtime := range []bool{false, true} {
			synctest.Test(t, func(t *testing.T) {
				g := register(probe{name: fmt.Sprintf("probe-trusted-%s-%v", policy, realtime), players: 2, turns: 3,
					clock: game.Clock{First: 50 * time.Millisecond, FirstTurns: 1, Turn: 50 * time.Millisecond,
						Policy: policy, Realtime: realtime}})
				slow := game.BotFunc(func(msg []byte) []byte {
					time.Sleep(120 * time.Millisecond)
					return []byte("x\n")
				})
				// Slower still, so that it has not answered when the
				// builtin's answer ends the turn (under PolicyLate an answer
				// read by then would count).
				slower := game.BotFunc(func(msg []byte) []byte {
					time.Sleep(200 * time.Millisecond)
					return []byte("x\n")
				})
				rep, _ := runFake(t, g,
					match.Player{Name: "builtin", Open: func() (bot.Bot, error) { return &bot.InProcess{Bot: slow, Builtin: true}, nil }},
					match.Player{Name: "plain", Open: func() (bot.Bot, error) { return &bot.InProcess{Bot: slower}, nil }})
				// A builtin cannot be killed: let the last Respond return.
				defer time.Sleep(time.Second)
				for i, tr := range rep.Turns {
					if r := tr.Replies[0]; r.Status != game.Answered || r.Late || r.Time != 120*time.Millisecond {
						t.Errorf("%s realtime=%v turn %d: builtin %s late=%v in %v, want answered in 120ms", policy, realtime, i+1, r.Status, r.Late, r.Time)
					}
				}
				if r := rep.Turns[0].Replies[1]; r.Status != game.Timeout {
					t.Errorf("%s realtime=%v: the untrusted bot's turn 1: %s, want timeout", policy, realtime, r.Status)
				}
				if p := rep.Result.Players[0]; p.Timeouts != 0 || p.MaxMs != 120 {
					t.Errorf("%s realtime=%v: builtin's figures %d timeouts, max %v ms", policy, realtime, p.Timeouts, p.MaxMs)
				}
			})
		}
	}
}
