package match_test

import (
	"context"
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// graceRecorder is a scripted bot that records the grace Close gives it.
type graceRecorder struct {
	*scripted
	grace chan time.Duration
}

func (b graceRecorder) Close(grace time.Duration) bot.Exit {
	b.grace <- grace
	return b.scripted.Close(grace)
}

// farewellProbe is the probe game with a farewell for seat 0 only.
type farewellProbe struct{ probe }

func (g farewellProbe) New(cfg game.Config) (game.Referee, error) {
	ref, _ := g.probe.New(cfg)
	return farewellRef{ref.(*probeRef)}, nil
}

type farewellRef struct{ *probeRef }

func (farewellRef) Farewell(p int) ([]byte, bool) { return []byte("bye\n"), p == 0 }

// TestEndWithoutFarewellIsImmediate: at the end of a match, a bot that was
// sent no farewell is closed with no grace (killed at once); one that was
// sent a farewell gets the match's grace to read it.
func TestEndWithoutFarewellIsImmediate(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := register(probe{name: "probe-end", players: 2, turns: 2,
			clock: game.Clock{First: time.Second, FirstTurns: 1, Turn: time.Second}})
		for _, c := range []struct {
			game game.Game
			want [2]time.Duration
		}{
			{g, [2]time.Duration{0, 0}},
			{farewellProbe{g}, [2]time.Duration{700 * time.Millisecond, 0}},
		} {
			var got [2]chan time.Duration
			var players []match.Player
			for i := range got {
				got[i] = make(chan time.Duration, 1)
				players = append(players, player(fmt.Sprint("p", i), func() bot.Bot {
					return graceRecorder{&scripted{script: echo}, got[i]}
				}))
			}
			_, err := match.Run(context.Background(), match.Match{Game: c.game, Players: players, Grace: 700 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				if d := <-got[i]; d != c.want[i] {
					t.Errorf("%s, seat %d: closed with grace %v, want %v", c.game.Info().Name, i, d, c.want[i])
				}
			}
		}
	})
}

// TestEndKillsAtOnce: a real bot that does not exit when its input ends
// (as C and C++ bots often do not) is ended at once when the match is
// over: the match no longer lasts the grace second longer.
func TestEndKillsAtOnce(t *testing.T) {
	timed(t, 20*time.Millisecond, func() error {
		seed := int64(1)
		m, err := match.Setup{Game: "sum", Bots: []string{"sh -c 'while read l; do echo 1; done; exec sleep 30'"},
			Seed: &seed, Options: []string{"turns=1", "first_ms=5000"}}.Build()
		if err != nil {
			return err
		}
		m.Grace = 3 * time.Second
		var last time.Time
		m.OnTurn = func(replay.Turn) { last = time.Now() }
		if _, err := match.Run(context.Background(), m); err != nil {
			return err
		}
		// Before: the grace (3 s) after the last answer; now the kill and
		// the wait for the group to be gone, a few milliseconds.
		if d := time.Since(last); d > time.Second {
			return fmt.Errorf("the match ended %v after its last turn", d)
		}
		return nil
	})
}
