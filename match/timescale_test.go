package match_test

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
)

// TestTimeScale: the time scale multiplies every limit, the start-up
// turns' included: a bot answering the first turn in 150 ms and the others
// in 80 ms times out with the clock 100/50 ms and passes with it scaled by
// 2. The replay records the factor and the scaled clock, and verifies.
func TestTimeScale(t *testing.T) {
	for _, scale := range []float64{0, 2} {
		synctest.Test(t, func(t *testing.T) {
			g := register(probe{name: "probe-scale", players: 1, turns: 3,
				clock: game.Clock{First: 100 * time.Millisecond, FirstTurns: 1, Turn: 50 * time.Millisecond, Policy: game.PolicySkip}})
			b := game.BotFunc(func(msg []byte) []byte {
				if string(msg) == "turn 1\n" {
					time.Sleep(150 * time.Millisecond)
				} else {
					time.Sleep(80 * time.Millisecond)
				}
				return []byte("x\n")
			})
			players := []match.Player{{Name: "b", Open: func() (bot.Bot, error) { return &bot.InProcess{Bot: b}, nil }}}
			rep, err := match.Run(t.Context(), match.Match{Game: g, Players: players, Grace: 10 * time.Millisecond,
				Config: game.Config{TimeScale: scale}})
			if err != nil {
				t.Fatal(err)
			}
			defer time.Sleep(time.Second) // the last answer, abandoned
			if err := match.Verify(rep); err != nil {
				t.Errorf("verify: %v", err)
			}
			want := "timeout"
			if scale == 2 {
				want = "answered"
			}
			for i, tr := range rep.Turns {
				if tr.Turn == 2 && scale == 0 {
					continue // the answer owed to turn 1 (skip policy) makes it late
				}
				if s := string(tr.Replies[0].Status); s != want {
					t.Errorf("scale %g, turn %d: %s, want %s", scale, i+1, s, want)
				}
			}
			if rep.TimeScale != scale || rep.Clock.First != game.ScaleDuration(100*time.Millisecond, scale) || rep.Clock.Turn != game.ScaleDuration(50*time.Millisecond, scale) {
				t.Errorf("recorded: scale %g, clock %s", rep.TimeScale, rep.Clock)
			}
		})
	}
}

// TestStartupTimeoutNote: a bot timed out of the match on its first turn
// is told that its start-up counts and which switch gives more time; one
// timed out later is not. The note is part of the result that verifies.
func TestStartupTimeoutNote(t *testing.T) {
	for _, first := range []bool{true, false} {
		synctest.Test(t, func(t *testing.T) {
			g := register(probe{name: "probe-startup", players: 1, turns: 3, timeoutStatus: true,
				clock: game.Clock{First: 100 * time.Millisecond, FirstTurns: 1, Turn: 50 * time.Millisecond}})
			late := "turn 2\n"
			if first {
				late = "turn 1\n"
			}
			b := game.BotFunc(func(msg []byte) []byte {
				if string(msg) == late {
					time.Sleep(300 * time.Millisecond)
				}
				return []byte("x\n")
			})
			players := []match.Player{{Name: "b", Open: func() (bot.Bot, error) { return &bot.InProcess{Bot: b}, nil }}}
			rep, _ := runFake(t, g, players...)
			defer time.Sleep(time.Second)
			p := rep.Result.Players[0]
			noted := strings.Contains(p.Message, "start-up") && strings.Contains(p.Message, "--time-scale 2")
			if p.Status != game.TimedOut || noted != first {
				t.Errorf("late on %q: %s %q", late, p.Status, p.Message)
			}
			if first && !strings.Contains(p.Message, "start-up (interpreter, JVM) counts against turn 1's 100 ms; slow or busy machine? try --time-scale 2") {
				t.Errorf("message %q", p.Message)
			}
		})
	}
}
