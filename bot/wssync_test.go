package bot_test

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// syncSpy is a WebSocket bot that tells the test when the runner has
// called Sync, and what Sync found.
type syncSpy struct {
	*bot.WebSocketBot
	synced chan struct{} // closed at the first Sync
	once   sync.Once
	found  atomic.Pointer[bot.Synced] // what the first Sync found
	mark   string                     // a file the bot creates once its second answer is sent
	sent   atomic.Bool                // the file existed when the runner called Sync
}

func (s *syncSpy) Sync() (bot.Synced, bool) {
	if _, err := os.Stat(s.mark); err == nil {
		s.sent.Store(true)
	}
	st, ok := s.WebSocketBot.Sync()
	if ok {
		s.once.Do(func() {
			s.found.Store(&st)
			close(s.synced)
		})
	}
	return st, ok
}

// runHeldWS plays two turns of sum (1 s limit from turn 2) against the
// test binary's WebSocket bot in mode, with the connection's reading
// goroutine held up after it has read the first answer until the runner
// has called Sync at turn 2's deadline (a goroutine the OS does not run
// in time). It returns turn 2's reply, the result, what Sync found and
// whether the second answer had been sent by then (mode "one" says).
func runHeldWS(t *testing.T, mode string) (replay.Reply, replay.PlayerResult, bot.Synced, bool) {
	t.Helper()
	m := sumMatch(t, "unused")
	spy := &syncSpy{synced: make(chan struct{}), mark: filepath.Join(t.TempDir(), "sent")}
	m.Players[0].Open = func() (bot.Bot, error) {
		spy.WebSocketBot = bot.NewTestWebSocketBot(mode, "WSBOT_SENT="+spy.mark)
		return spy, nil
	}
	var calls atomic.Int32
	var held atomic.Bool
	defer bot.SetWSReadHook(func() {
		// Call 1 reads the first answer, call 2 would read the second.
		if calls.Add(1) != 2 {
			return
		}
		held.Store(true)
		select {
		case <-spy.synced:
		case <-time.After(30 * time.Second):
		}
	})()
	rep := runTwoTurns(t, m)
	if !held.Load() {
		t.Fatal("the reading goroutine was never held up")
	}
	return rep.Turns[1].Replies[0], rep.Result.Players[0], syncedOrZero(spy.found.Load()), spy.sent.Load()
}

// TestWebSocketAnswerInSocketAtDeadlineIsOnTime: the bot answers at once,
// but Arena's reading goroutine does not read the answer before the 1 s
// deadline. The answer was in the socket: it is on time, charged at most
// the limit.
func TestWebSocketAnswerInSocketAtDeadlineIsOnTime(t *testing.T) {
	r, res, found, sent := runHeldWS(t, "one")
	checkOnTime(t, r, res, found, sent)
}

// TestWebSocketAnswerAfterDeadlineIsTimeout: the bot answers 3 s after a
// 1 s deadline while the reading goroutine is held past the deadline:
// nothing was in the socket then, and it is a timeout.
func TestWebSocketAnswerAfterDeadlineIsTimeout(t *testing.T) {
	r, res, found, _ := runHeldWS(t, "late")
	checkTimedOut(t, r, res, found)
}

// checkOnTime checks a held-reader match (runHeldHTTP, runHeldWS) whose bot
// answered turn 2 at once: Sync saw the answer on its way in, and it is on
// time, charged at most the 1 s limit. sent is false when the bot had not
// even answered by the deadline (a machine too busy to test this).
func checkOnTime(t *testing.T, r replay.Reply, res replay.PlayerResult, found bot.Synced, sent bool) {
	t.Helper()
	if found.At.IsZero() && r.Status == game.Answered && r.Time < time.Second {
		// The reply was read before the hook was armed (a busy machine ran
		// turn 1's callback late): the held reader was never exercised.
		t.Skip("the reply was read on time before the reader could be held: machine too busy")
	}
	if found.At.IsZero() {
		t.Fatal("the runner never called Sync")
	}
	if !sent {
		t.Skip("the bot had not answered when the 1 s limit passed: machine too busy")
	}
	if found.Lines != 2 {
		t.Errorf("Sync found %d answers at the deadline; want 2 (the second on its way in)", found.Lines)
	}
	if r.Status != game.Answered || r.Time > time.Second {
		t.Fatalf("turn 2: %s in %v; want answered, charged at most the 1 s limit", r.Status, r.Time)
	}
	if res.Status != game.OK || res.Score != 2 {
		t.Errorf("result %s %v (%s)", res.Status, res.Score, res.Message)
	}
}

// checkTimedOut checks a held-reader match whose bot answered turn 2 after
// the deadline: nothing had come when the runner checked, a timeout.
func checkTimedOut(t *testing.T, r replay.Reply, res replay.PlayerResult, found bot.Synced) {
	t.Helper()
	if found.At.IsZero() {
		t.Fatal("the runner never called Sync")
	}
	if found.Lines != 1 {
		t.Errorf("Sync found %d answers at the deadline; want 1 (the first only)", found.Lines)
	}
	if r.Status != game.Timeout {
		t.Errorf("turn 2: %s in %v; want a timeout", r.Status, r.Time)
	}
	if res.Status != game.TimedOut {
		t.Errorf("result %s (%s); want timed out", res.Status, res.Message)
	}
}

// syncedOrZero is what Sync found, the zero Synced when it was never called.
func syncedOrZero(st *bot.Synced) bot.Synced {
	if st == nil {
		return bot.Synced{}
	}
	return *st
}
