package bot_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/game/gametest"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// TestAnswerInPipeAtDeadlineIsOnTime: a real bot answers at once, but
// Arena's reading goroutine is held up for 3 s before it reads (a test
// hook standing for a goroutine the OS does not run in time). The answer
// was in the pipe long before the 1 s deadline: the runner reads it when
// the deadline passes and counts it on time, charged at most the limit.
func TestAnswerInPipeAtDeadlineIsOnTime(t *testing.T) {
	// Turn 2's answer comes 0.3 s after its prompt: the runner writes that
	// prompt before it reports turn 1 (OnTurn, which arms the hook), and an
	// answer read in between would never be held up.
	m := sumMatch(t, "sh -c 'read l; echo 1; while read l; do sleep 0.3; echo 1; done'")
	// Held up: the first read after turn 1, the one of turn 2's answer.
	var armed, held atomic.Bool
	defer bot.SetReadHook(func() {
		if armed.CompareAndSwap(true, false) {
			held.Store(true)
			time.Sleep(3 * time.Second)
		}
	})()
	m.OnTurn = func(tr replay.Turn) { armed.Store(tr.Turn == 1) }
	rep := runTwoTurns(t, m)
	r := rep.Turns[1].Replies[0]
	// Charged: its time less what the deadline moved for the time the
	// machine kept it waiting for a CPU.
	if r.Status != game.Answered || r.Time-r.Extra > time.Second {
		t.Fatalf("turn 2: %s in %v (deadline moved %v); want answered, charged at most the 1 s limit", r.Status, r.Time, r.Extra)
	}
	if p := rep.Result.Players[0]; p.Status != game.OK || p.Score != 2 {
		t.Errorf("result %s %v (%s)", p.Status, p.Score, p.Message)
	}
	if !held.Load() {
		t.Error("the reading goroutine was never held up")
	}
}

// sumMatch builds two turns of sum for one bot (cmd, or a placeholder
// the test replaces with Players[0].Open): 10 s for turn 1, 1 s from
// turn 2.
func sumMatch(t *testing.T, cmd string) match.Match {
	t.Helper()
	gametest.Register()
	seed := int64(1)
	m, err := match.Setup{Game: "sum", Bots: []string{cmd}, Seed: &seed,
		Options: []string{"turns=2", "first_ms=10000", "turn_ms=1000"}}.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// runTwoTurns plays a sumMatch (within a minute) and returns its replay,
// which has its two turns.
func runTwoTurns(t *testing.T, m match.Match) *replay.Replay {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := match.Run(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Turns) != 2 {
		t.Fatalf("%d turns", len(rep.Turns))
	}
	return rep
}
