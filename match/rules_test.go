package match_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
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

// TestRetirer: under PolicyLate the runner no longer waits for what a
// retired player owes, so that an eliminated bot that hangs does not make
// every later turn last its whole limit.
func TestRetirer(t *testing.T) {
	for _, retire := range []bool{false, true} {
		t.Run(fmt.Sprint("retired=", retire), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := register(probe{name: fmt.Sprint("retire-", retire), players: 2, turns: 5,
					clock: game.Clock{First: 100 * ms, FirstTurns: 1, Turn: 100 * ms, Policy: game.PolicyLate},
					// Seat 1 leaves the match once turn 2 is played.
					retired: func(played, p int) bool { return retire && p == 1 && played >= 2 }})
				hangs := &scripted{script: func(prompt string) []out {
					if prompt == "turn 1" {
						return echo(prompt)
					}
					return nil // never answers again
				}}
				_, elapsed := runFake(t, g, player("a", func() bot.Bot { return &scripted{script: echo} }),
					player("b", func() bot.Bot { return hangs }))
				// Turn 2 lasts its 100 ms (seat 1 is asked and times out);
				// turns 3 to 5 last 100 ms each while the runner waits for
				// the answer seat 1 owes, and nothing once it is retired.
				want := 400 * ms
				if retire {
					want = 100 * ms
				}
				if elapsed != want {
					t.Errorf("the match lasted %v, want %v", elapsed, want)
				}
			})
		})
	}
}

// TestCanceler: a transport that abandons its request at the deadline
// (bot.Canceler, HTTP) owes no late answer: under PolicyLate it is asked
// again on the next turn, and the answer it would have sent never comes.
// A bot whose transport cannot abandon it owes the answer, is not asked,
// and its answer is delivered late.
func TestCanceler(t *testing.T) {
	for _, cancels := range []bool{false, true} {
		t.Run(fmt.Sprint("cancels=", cancels), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := register(probe{name: "cancel", players: 1, turns: 3,
					clock: game.Clock{First: 100 * ms, FirstTurns: 1, Turn: 100 * ms, Policy: game.PolicyLate}})
				b := &scripted{script: func(prompt string) []out {
					if prompt == "turn 2" {
						return []out{at(150*ms, "2")}
					}
					return echo(prompt)
				}}
				open := func() bot.Bot { return b }
				want := []string{"answered:1", "timeout:", "answered:2 (late) (not asked)"}
				if cancels {
					open = func() bot.Bot { return cancelable{b} }
					want[2] = "answered:3"
				}
				rep, _ := runFake(t, g, player("b", open))
				if got := seatReplies(rep, 0); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("replies\n got %v\nwant %v", got, want)
				}
			})
		})
	}
}

// TestReadyAtStart: a bot that was ready when it started needs no
// start-up time: its start-up turns have the turn limit.
func TestReadyAtStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := register(probe{name: "ready", players: 2, turns: 2,
			clock: game.Clock{First: time.Second, FirstTurns: 1, Turn: 100 * ms, Policy: game.PolicySkip}})
		// Both answer turn 1 in 500 ms: within the start-up limit, not
		// within the turn limit.
		slow := func(prompt string) []out {
			if prompt == "turn 1" {
				return []out{at(500*ms, "1")}
			}
			return echo(prompt)
		}
		rep, _ := runFake(t, g, player("starting", func() bot.Bot { return &scripted{script: slow} }),
			player("ready", func() bot.Bot { return readyAtStart{&scripted{script: slow}} }))
		if got := describe(rep.Turns[0].Replies[0]); got != "answered:1" {
			t.Errorf("a bot starting up: %s", got)
		}
		if got := describe(rep.Turns[0].Replies[1]); got != "timeout:" {
			t.Errorf("a bot ready at start: %s, want a timeout at 100 ms", got)
		}
	})
}

// TestLateStrays: under PolicyLate, lines read while nothing is asked (an
// answer is in, the turn not yet resolved) reach Play as strays, and never
// answer a later prompt.
func TestLateStrays(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := register(probe{name: "latestrays", players: 1, turns: 3,
			clock: game.Clock{Turn: 100 * ms, Policy: game.PolicyLate, Realtime: true}})
		b := &scripted{script: func(prompt string) []out {
			n := strings.TrimPrefix(prompt, "turn ")
			return []out{at(10*ms, n), at(20*ms, "x"+n), at(30*ms, "y"+n)}
		}}
		rep, _ := runFake(t, g, player("b", func() bot.Bot { return b }))
		want := []string{"answered:1 [stray x1 y1]", "answered:2 [stray x2 y2]", "answered:3 [stray x3 y3]"}
		if got := seatReplies(rep, 0); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("replies\n got %v\nwant %v", got, want)
		}
	})
}

// TestQueuedLinesAnswerLaterPrompts: under PolicyDisqualify, lines read
// while no answer is expected stay queued and are read as the answers of
// the next prompts, as on CodinGame: a bot that writes two lines a turn
// answers turn t with its t-th line.
func TestQueuedLinesAnswerLaterPrompts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		// Real-time turns: the second line comes before the next prompt.
		g := register(probe{name: "queued", players: 1, turns: 6,
			clock: game.Clock{Turn: 100 * ms, Realtime: true}})
		b := &scripted{script: func(prompt string) []out {
			n := strings.TrimPrefix(prompt, "turn ")
			return []out{at(0, "a"+n), at(1*ms, "b"+n)}
		}}
		rep, _ := runFake(t, g, player("b", func() bot.Bot { return b }))
		want := []string{"answered:a1", "answered:b1", "answered:a2", "answered:b2", "answered:a3", "answered:b3"}
		if got := seatReplies(rep, 0); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("replies\n got %v\nwant %v", got, want)
		}
	})
}

// TestQueuedLinesKeepTheirOrder: a bot that writes three lines a turn
// and answers with one falls further behind every turn; the queue of its
// lines (a ring that grows, and wraps round as lines leave it) gives them
// back in the order they were written, turn after turn, and keeps no more
// than its cap: what came beyond it is dropped and counted.
func TestQueuedLinesKeepTheirOrder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const turns = 600
		g := register(probe{name: "queued-order", players: 1, turns: turns,
			clock: game.Clock{Turn: 100 * ms, Realtime: true}})
		written := 0
		b := &scripted{script: func(string) []out {
			var outs []out
			for k := range 3 {
				written++
				outs = append(outs, at(time.Duration(k)*ms, strconv.Itoa(written)))
			}
			return outs
		}}
		rep, _ := runFake(t, g, player("b", func() bot.Bot { return b }))
		dropped := 0
		for k, tr := range rep.Turns {
			r := tr.Replies[0]
			if want := strconv.Itoa(k + 1); r.Status != game.Answered || len(r.Lines) != 1 || r.Lines[0].Text != want {
				t.Fatalf("turn %d: %s, want the answer %s", k+1, describe(r), want)
			}
			dropped += r.Dropped
		}
		// Written, less answered, less the 1024 queued at the end.
		if want := 3*turns - turns - 1024; dropped != want {
			t.Errorf("%d lines dropped, want %d", dropped, want)
		}
	})
}

// TestFloodCaps: what the runner keeps of a bot's output between answers
// is capped, and what it drops is counted on the turn: 100 stray lines
// (PolicyGame), 1024 queued lines or 4 MiB (PolicyDisqualify).
func TestFloodCaps(t *testing.T) {
	cases := []struct {
		name    string
		policy  game.Policy
		lines   int
		size    int
		dropped int
	}{
		{"strays", game.PolicyGame, 300, 1, 200},
		{"queued lines", game.PolicyDisqualify, 2000, 1, 2000 - 1024},
		{"queued bytes", game.PolicyDisqualify, 1000, 8 << 10, 1000 - 512},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := register(probe{name: "flood-" + c.policy.String(), players: 1, turns: 2,
					clock: game.Clock{Turn: 100 * ms, Policy: c.policy, Realtime: true}})
				b := &scripted{script: func(prompt string) []out {
					if prompt != "turn 1" {
						return echo(prompt)
					}
					// The answer, then a flood 10 ms later, while nothing
					// is expected until the end of the real-time turn.
					outs := []out{at(0, "1")}
					for range c.lines {
						outs = append(outs, at(10*ms, strings.Repeat("f", c.size)))
					}
					return outs
				}}
				rep, _ := runFake(t, g, player("b", func() bot.Bot { return b }))
				dropped := 0
				for _, tr := range rep.Turns {
					dropped += tr.Replies[0].Dropped
				}
				if dropped != c.dropped {
					t.Errorf("%d lines dropped, want %d", dropped, c.dropped)
				}
				if c.policy == game.PolicyGame {
					if n := len(rep.Turns[0].Replies[0].Stray); n != 100 {
						t.Errorf("%d stray lines kept, want 100", n)
					}
				}
			})
		})
	}
}

// TestPause: a pause (Match.Pause, or the game's Clock.Pause) comes after
// every turn but the last, and real-time turns start their grid again
// after it, so that a pause never shortens the next turn.
func TestPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		seed := int64(1)
		m, err := match.Setup{Game: "sum", Bots: []string{"builtin:count"}, Seed: &seed,
			Options: []string{"turns=4", "realtime=true", "turn_ms=100", "first_ms=100"}}.Build()
		if err != nil {
			t.Fatal(err)
		}
		m.Pause = 30 * ms
		var ends []time.Duration
		start := time.Now()
		m.OnTurn = func(replay.Turn) { ends = append(ends, time.Since(start)) }
		rep, err := match.Run(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		// The start-up turn ends when the answer is in; the 3 others last
		// their 100 ms, each after a pause of 30 ms.
		want := []time.Duration{0, 130 * ms, 260 * ms, 390 * ms}
		if fmt.Sprint(ends) != fmt.Sprint(want) {
			t.Errorf("turns ended at %v, want %v", ends, want)
		}
		if elapsed := time.Since(start); elapsed != 390*ms {
			t.Errorf("the match lasted %v: no pause after the last turn", elapsed)
		}
		for k, tr := range rep.Turns {
			if r := tr.Replies[0]; r.Status != game.Answered {
				t.Errorf("turn %d: %s", k+1, r.Status)
			}
		}
	})
}

// TestLinesWhileAPromptTimesOut: lines read while a prompt was being
// written, which the bot did not read in time, are strays under PolicyGame
// and PolicyLate (the request is over), never the answer to the next
// prompt; under PolicyDisqualify they stay queued for the next prompts.
func TestLinesWhileAPromptTimesOut(t *testing.T) {
	for _, c := range []struct {
		policy game.Policy
		want   []string
	}{
		{game.PolicyGame, []string{"timeout: [stray x]", "answered:2"}},
		{game.PolicyLate, []string{"timeout: [stray x]", "answered:2"}},
		{game.PolicyDisqualify, []string{"timeout:", "answered:x"}},
	} {
		t.Run(c.policy.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := register(probe{name: "unread-" + c.policy.String(), players: 1, turns: 2,
					clock: game.Clock{First: 100 * ms, FirstTurns: 1, Turn: 100 * ms, Policy: c.policy}})
				// The bot does not read turn 1 in time, and writes "x"
				// meanwhile.
				b := &scripted{script: func(prompt string) []out {
					if prompt == "turn 1" {
						return []out{at(50*ms, "x")}
					}
					return echo(prompt)
				}, unread: func(prompt string) bool { return prompt == "turn 1" }}
				rep, _ := runFake(t, g, player("b", func() bot.Bot { return b }))
				if got := seatReplies(rep, 0); fmt.Sprint(got) != fmt.Sprint(c.want) {
					t.Errorf("replies\n got %v\nwant %v", got, c.want)
				}
			})
		})
	}
}

// TestRequestClockStartsWithItsPrompt: a request's time runs from its own
// prompt, not from the start of the turn, also for a transport that holds
// the deadline itself (HTTP drops a reply completed after the deadline it
// was given): building the other seats' prompts first costs it nothing.
func TestRequestClockStartsWithItsPrompt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := register(probe{name: "ownclock", players: 2, turns: 1,
			clock: game.Clock{First: 100 * ms, FirstTurns: 1, Turn: 100 * ms, Policy: game.PolicyLate},
			// Seat 0's prompt takes 50 ms to build; seat 1's comes after.
			slowPrompt: func(turn, p int) time.Duration {
				if p == 0 {
					return 50 * ms
				}
				return 0
			}})
		// Seat 1 answers 90 ms after its prompt: within its 100 ms.
		b := &scripted{script: func(string) []out { return []out{at(90*ms, "1")} }, dropLate: true}
		rep, _ := runFake(t, g, player("a", func() bot.Bot { return &scripted{script: echo} }),
			player("http", func() bot.Bot { return cancelable{b} }))
		if got := describe(rep.Turns[0].Replies[1]); got != "answered:1" {
			t.Errorf("an answer 90 ms after its prompt, with a limit of 100 ms: %s", got)
		}
		if got := rep.Turns[0].Replies[1].Time; got != 90*ms {
			t.Errorf("timed %v, want 90ms", got)
		}
	})
}
