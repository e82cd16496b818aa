package match_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
)

// Real-time pacing, start-up turns and restarts: the runner behaviour that
// catmouse's timeline (shared/rules/catmouse.md §4.1) relies on, tested on
// small games that know nothing of catmouse.

func TestRealtimeStartupTurnEndsEarly(t *testing.T) {
	t.Parallel()
	start := time.Now()
	rep := play(t, []string{"builtin:count"}, "realtime=true", "turns=3", "turn_ms=20", "first_ms=3000")
	// The start-up turn (3 s allowed) ends when the answer is in; the two
	// paced turns last 20 ms each.
	if d := time.Since(start); d > 2*time.Second || d < 40*time.Millisecond {
		t.Errorf("a start-up turn answered at once and 2 real-time turns of 20 ms took %v", d)
	}
	if got := rep.Turns[0].Replies[0].Status; got != game.Answered {
		t.Errorf("start-up turn: %s", got)
	}
}

func TestRealtimeGridCountsWholeTurns(t *testing.T) {
	// The bot answers turn 1, then sleeps through the rest of the match:
	// its turn-2 request stays outstanding, and at the end of turn k it
	// has waited exactly the k-1 turns 2..k of the grid, whatever the
	// runner's own delays between turns. A delay of a whole turn starts
	// the grid again (by design), so the test is timed: on a machine that
	// stalls the runner that long, an attempt proves nothing.
	const turnMs = 100
	timed(t, 50*time.Millisecond, func() error {
		rep := play(t, []string{tb("slowat 2 100000")}, "policy=late", "realtime=true", "turns=8",
			"turn_ms="+strconv.Itoa(turnMs), "first_ms=2000")
		if got := rep.Turns[1].Replies[0].Status; got != game.Timeout {
			return fmt.Errorf("turn 2: %s, want timeout", got)
		}
		var errs []string
		for k := 3; k <= 8; k++ {
			r := rep.Turns[k-1].Replies[0]
			want := time.Duration(k-1) * turnMs * time.Millisecond
			if r.Status != game.Waiting || r.Waiting != want {
				errs = append(errs, fmt.Sprintf("turn %d: %s, waiting %v; want waiting exactly %v", k, r.Status, r.Waiting, want))
			}
		}
		if len(errs) > 0 {
			return errors.New(strings.Join(errs, "; "))
		}
		return nil
	})
}

func TestAnsweredThenGone(t *testing.T) {
	t.Parallel()
	// The bot answers turn 2, then exits: the paced turn lasts 300 ms, so
	// the runner sees the exit before resolving it.
	rep := play(t, []string{`sh -c 'read l; echo 1; read l; echo 2; exit 0'`}, "realtime=true", "turns=4", "turn_ms=300")
	r := rep.Turns[1].Replies[0]
	if r.Status != game.Answered || r.Text() != "2" || !strings.Contains(r.Error, "exited with status 0") {
		t.Errorf("turn 2: %s %q, error %q; want the answer with the exit reported", r.Status, r.Text(), r.Error)
	}
	if r := rep.Turns[2].Replies[0]; r.Status != game.Gone {
		t.Errorf("turn 3: %s, want gone", r.Status)
	}
}

func TestRestartGivesStartupTurnsAgain(t *testing.T) {
	// Each leg's bot answers its first prompt in 80 ms and the others at
	// once: with 200 ms for start-up turns and 50 ms for the others, the
	// first turn of leg 2 (a fresh process) must get 200 ms again. The
	// margins are tens of milliseconds, so the test is timed.
	timed(t, 20*time.Millisecond, func() error {
		seed := int64(1)
		m, err := match.Setup{Game: "legs", Bots: []string{tb("slowat 1 80")}, Seed: &seed,
			Options: []string{"legs=2", "turns=3", "first_ms=200", "turn_ms=50"}}.Build()
		if err != nil {
			t.Fatal(err)
		}
		m.Grace = 200 * time.Millisecond
		rep, err := match.Run(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tr := range rep.Turns {
			got = append(got, string(tr.Replies[0].Status)+":"+tr.Replies[0].Text())
		}
		want := "answered:1 answered:2 answered:3 answered:1 answered:2 answered:3"
		if strings.Join(got, " ") != want {
			return fmt.Errorf("replies %s, want %s", strings.Join(got, " "), want)
		}
		if !rep.Turns[2].Restart || rep.Turns[5].Restart {
			t.Errorf("restart flags: turn 3 %v, turn 6 %v", rep.Turns[2].Restart, rep.Turns[5].Restart)
		}
		if err := match.Verify(rep); err != nil {
			t.Error(err)
		}
		return nil
	})
}

// legsGame is a test game played in legs, with fresh bots for each leg
// (game.Restarter): every turn the bot is sent "turn T" (T counting from 1
// in each leg) and its answer is recorded.
type legsGame struct{}

func (legsGame) Info() game.Info {
	return game.Info{
		Name: "legs", Title: "Legs (test game)", Summary: "legs with fresh bots", Version: "1",
		MinPlayers: 1, MaxPlayers: 2,
		Clock: game.Clock{First: 200 * time.Millisecond, FirstTurns: 1, Turn: 50 * time.Millisecond, Policy: game.PolicySkip},
		Options: []game.Option{
			game.IntOption("legs", 2, 1, 10, "legs"),
			game.IntOption("turns", 3, 1, 100, "turns per leg"),
			game.IntOption("turn_ms", 50, 1, 10000, "turn limit"),
			game.IntOption("first_ms", 200, 1, 10000, "start-up limit"),
		},
	}
}

func (legsGame) New(cfg game.Config) (game.Referee, error) {
	return &legsRef{cfg: cfg, leg: 1}, nil
}

type legsRef struct {
	cfg       game.Config
	leg, turn int
	got       []string
}

func (r *legsRef) Clock() game.Clock {
	c := legsGame{}.Info().Clock
	c.First = time.Duration(r.cfg.Options.Int("first_ms")) * time.Millisecond
	c.Turn = time.Duration(r.cfg.Options.Int("turn_ms")) * time.Millisecond
	return c
}

func (r *legsRef) Prompt(p int) ([]byte, bool) {
	t := r.turn + 1
	if r.legOver() {
		t = 1
	}
	return []byte(fmt.Sprintf("turn %d\n", t)), true
}

func (r *legsRef) legOver() bool { return r.turn == r.cfg.Options.Int("turns") }

func (r *legsRef) Play(replies []game.Reply) {
	if r.legOver() {
		r.leg, r.turn = r.leg+1, 0
	}
	r.turn++
	r.got = r.got[:0]
	for _, rp := range replies {
		r.got = append(r.got, string(rp.Status)+":"+rp.Text())
	}
}

func (r *legsRef) Restart() bool { return r.legOver() && !r.Over() }

func (r *legsRef) Over() bool { return r.legOver() && r.leg == r.cfg.Options.Int("legs") }

func (r *legsRef) Frame() json.RawMessage {
	b, _ := json.Marshal(map[string]any{"leg": r.leg, "turn": r.turn, "got": r.got})
	return b
}

func (r *legsRef) Result() game.Result {
	var res game.Result
	for range r.cfg.Players {
		res.Players = append(res.Players, game.PlayerResult{Rank: 1, Status: game.OK})
	}
	return res
}

func init() { game.Register(legsGame{}) }
