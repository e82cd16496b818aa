package match_test

import (
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
)

// The runner's documented rules (docs/architecture.md), each played on the
// fake clock with scripted bots, so that every moment is exact.

const ms = time.Millisecond

// TestLineReadBeforeThePromptIsStray: under PolicyGame and PolicyLate, a
// line read while nothing is asked is a stray, never the answer to the
// next prompt, even when the runner handles it only once that prompt is on
// its way (here: read while the referee is still building the prompt).
func TestLineReadBeforeThePromptIsStray(t *testing.T) {
	for _, policy := range []game.Policy{game.PolicyGame, game.PolicyLate} {
		t.Run(policy.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := register(probe{name: "slowprompt-" + policy.String(), players: 1, turns: 3,
					clock: game.Clock{First: time.Second, FirstTurns: 1, Turn: time.Second, Policy: policy},
					// Turn 2's prompt takes 10 ms to build.
					slowPrompt: func(turn, p int) time.Duration {
						if turn == 2 {
							return 10 * ms
						}
						return 0
					}})
				// The bot answers turn 1 at once and writes "x" 5 ms later,
				// while turn 2's prompt is being built; it answers turn 2
				// 10 ms after receiving it.
				b := &scripted{script: func(prompt string) []out {
					switch prompt {
					case "turn 1":
						return []out{at(0, "1"), at(5*ms, "x")}
					case "turn 2":
						return []out{at(10*ms, "2")}
					}
					return echo(prompt)
				}}
				rep, _ := runFake(t, g, player("b", func() bot.Bot { return b }))
				got := fmt.Sprint(seatReplies(rep, 0))
				want := fmt.Sprint([]string{"answered:1", "answered:2 [stray x]", "answered:3"})
				if got != want {
					t.Errorf("replies\n got %s\nwant %s", got, want)
				}
			})
		})
	}
}
