package match_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
)

// TestLateAnswerAfterPacedTurnEnd: under PolicyLate, an answer belongs to
// the first turn resolved at or after the moment it was read (catmouse
// D6). A paced turn is resolved at its due end even when the runner is
// busy then; an answer read after that end, but handled before the runner
// got round to resolving the turn, belongs to the next turn: the turn
// times out, the bot is not prompted again, and the answer is delivered
// late at the next turn. On a fake clock, the referee's Complete holding
// the runner past the end of turn 2 stands for a busy machine.
func TestLateAnswerAfterPacedTurnEnd(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := stallGame{}
		bots := []game.BotFunc{
			// Seat 0 answers turn 2 with a line that keeps the runner
			// busy from 100 to 400 ms, then its answer.
			func(msg []byte) []byte {
				if string(msg) == "turn 2\n" {
					time.Sleep(100 * time.Millisecond)
					return []byte("stall\n2\n")
				}
				return []byte(msg[5:])
			},
			// Seat 1 answers turn 2 at 350 ms: after its due end (300 ms).
			func(msg []byte) []byte {
				if string(msg) == "turn 2\n" {
					time.Sleep(350 * time.Millisecond)
				}
				return []byte(msg[5:])
			},
		}
		var players []match.Player
		for i, f := range bots {
			players = append(players, match.Player{Name: fmt.Sprint("seat", i), Open: func() (bot.Bot, error) {
				return &bot.InProcess{Bot: f}, nil
			}})
		}
		rep, err := match.Run(context.Background(), match.Match{Game: g, Players: players, Grace: 10 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tr := range rep.Turns {
			r := tr.Replies[1]
			s := fmt.Sprintf("%s:%s", r.Status, r.Text())
			if r.Late {
				s += "(late)"
			}
			if !r.Asked {
				s += "(not asked)"
			}
			got = append(got, s)
		}
		want := fmt.Sprint([]string{"answered:1", "timeout:", "answered:2(late)(not asked)", "answered:4"})
		if fmt.Sprint(got) != want {
			t.Errorf("seat 1's replies\n got %v\nwant %v", got, want)
		}
		if r := rep.Turns[1].Replies[0]; r.Status != game.Answered || len(r.Lines) != 2 || r.Late {
			t.Errorf("seat 0, turn 2: %s %+v late %v", r.Status, r.Lines, r.Late)
		}
		if err := match.Verify(rep); err != nil {
			t.Error(err)
		}
	})
}

// TestAnswerAtPacedTurnEnd: an answer read exactly at a paced turn's due
// end belongs to that turn (catmouse D6 and scenario 41), although the
// runner's timer and the bot wake at the same moment and the line still
// has to travel from the transport to the runner. On a fake clock, where
// that moment is exact, every one of 20 games must count it for turn 2.
func TestAnswerAtPacedTurnEnd(t *testing.T) {
	for i := range 20 {
		synctest.Test(t, func(t *testing.T) {
			answers := func(delay time.Duration) match.Player {
				return match.Player{Name: fmt.Sprint(delay), Open: func() (bot.Bot, error) {
					return &bot.InProcess{Bot: game.BotFunc(func(msg []byte) []byte {
						if string(msg) == "turn 2\n" {
							time.Sleep(delay)
						}
						return []byte(msg[5:])
					})}, nil
				}}
			}
			players := []match.Player{answers(0), answers(300 * time.Millisecond)}
			rep, err := match.Run(context.Background(), match.Match{Game: stallGame{}, Players: players, Grace: 10 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if r := rep.Turns[1].Replies[1]; r.Status != game.Answered || r.Late || r.Text() != "2" || !rep.Turns[2].Replies[1].Asked {
				t.Errorf("game %d: the answer read at the end of turn 2 gave %s %q (late %v); asked at turn 3: %v",
					i, r.Status, r.Text(), r.Late, rep.Turns[2].Replies[1].Asked)
			}
		})
	}
}

// stallGame is a paced PolicyLate game of 4 turns of 300 ms: every turn
// each seat is sent "turn T" and answers one line; a line "stall" is part
// of an answer and keeps the runner busy for 300 ms in Complete.
type stallGame struct{}

func init() { game.Register(stallGame{}) }

func (stallGame) Info() game.Info {
	return game.Info{
		Name: "stall", Title: "Stall (test game)", Summary: "a busy runner", Version: "1",
		MinPlayers: 2, MaxPlayers: 2,
		Clock: game.Clock{First: time.Second, FirstTurns: 1, Turn: 300 * time.Millisecond, Policy: game.PolicyLate, Realtime: true},
	}
}

func (stallGame) New(cfg game.Config) (game.Referee, error) { return &stallRef{}, nil }

type stallRef struct{ turn int }

func (r *stallRef) Prompt(p int) ([]byte, bool) { return fmt.Appendf(nil, "turn %d\n", r.turn+1), true }

func (r *stallRef) Complete(p int, l game.Line) bool {
	if l.Text == "stall" {
		time.Sleep(300 * time.Millisecond)
		return false
	}
	return true
}

func (r *stallRef) Play(replies []game.Reply) { r.turn++ }

func (r *stallRef) Over() bool { return r.turn == 4 }

func (r *stallRef) Frame() json.RawMessage { return json.RawMessage(fmt.Sprint(r.turn)) }

func (r *stallRef) Result() game.Result {
	return game.Result{Players: []game.PlayerResult{{Rank: 1, Status: game.OK}, {Rank: 1, Status: game.OK}}}
}

// TestHeldAnswerThenGone: a bot that answers after a paced turn's due end
// and then ends, both before the busy runner resolved the turn, has its
// answer held for the next turn, and its end with it: the referee sees a
// timeout, then the late answer (with the end reported), then the bot
// gone; never gone first and answering after.
func TestHeldAnswerThenGone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		// Seat 0 keeps the runner busy from 100 to 400 ms on turn 2 (see
		// TestLateAnswerAfterPacedTurnEnd).
		stall := match.Player{Name: "stall", Open: func() (bot.Bot, error) {
			return &bot.InProcess{Bot: game.BotFunc(func(msg []byte) []byte {
				if string(msg) == "turn 2\n" {
					time.Sleep(100 * time.Millisecond)
					return []byte("stall\n2\n")
				}
				return []byte(msg[5:])
			})}, nil
		}}
		// Seat 1 answers turn 2 at 350 ms, after its due end (300 ms),
		// and ends at 360 ms.
		b := &scripted{script: func(prompt string) []out {
			if prompt == "turn 2" {
				return []out{at(350*ms, "2"), {after: 360 * ms, end: true}}
			}
			return echo(prompt)
		}}
		rep, _ := runFake(t, stallGame{}, stall, player("b", func() bot.Bot { return b }))
		got := fmt.Sprint(seatReplies(rep, 1))
		want := fmt.Sprint([]string{"answered:1", "timeout:", "answered:2 (late) (not asked)", "gone: (not asked)"})
		if got != want {
			t.Errorf("seat 1's replies\n got %s\nwant %s", got, want)
		}
		if r := rep.Turns[2].Replies[1]; r.Error == "" {
			t.Errorf("turn 3: the late answer does not say that the bot has ended")
		}
	})
}
