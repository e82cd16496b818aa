package bot_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// httpSpy is an HTTP bot that tells the test when the runner has called
// Sync, what Sync found, and whether the reply had been sent by then.
type httpSpy struct {
	*bot.HTTP
	synced  chan struct{} // closed at the first Sync
	once    sync.Once
	found   atomic.Pointer[bot.Synced] // what the first Sync found
	replied *atomic.Bool               // the server has sent its second reply
	sent    atomic.Bool                // ...and had when the runner called Sync
}

func (s *httpSpy) Sync() (bot.Synced, bool) {
	s.sent.Store(s.replied.Load())
	st, ok := s.HTTP.Sync()
	if ok {
		s.once.Do(func() {
			s.found.Store(&st)
			close(s.synced)
		})
	}
	return st, ok
}

// runHeldHTTP plays two turns of sum (1 s limit from turn 2) against an
// HTTP bot that answers "1", after `delay` on turn 2. Once turn 1 is
// over, the HTTP client's goroutine that reads the reply is held up, as
// soon as it has read bytes, until the runner has called Sync at turn 2's
// deadline. It returns turn 2's reply, the result, what Sync found and
// whether the reply had been sent when Sync was called.
func runHeldHTTP(t *testing.T, delay time.Duration) (replay.Reply, replay.PlayerResult, bot.Synced, bool) {
	t.Helper()
	var moves atomic.Int32
	var replied atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Write([]byte("ok"))
			return
		}
		if moves.Add(1) == 2 {
			select {
			case <-time.After(delay):
			case <-r.Context().Done():
				return
			}
		}
		w.Write([]byte("1"))
		w.(http.Flusher).Flush()
		if moves.Load() == 2 {
			replied.Store(true)
		}
	}))
	defer srv.Close()
	m := sumMatch(t, "unused")
	spy := &httpSpy{synced: make(chan struct{}), replied: &replied}
	m.Players[0].Open = func() (bot.Bot, error) {
		spy.HTTP = &bot.HTTP{URL: srv.URL, Protocol: game.HTTPProtocol{StatusPath: "/", ReadyBody: "ok", MovePath: "/move"}}
		return spy, nil
	}
	var armed atomic.Bool
	defer bot.SetConnReadHook(func() {
		if !armed.CompareAndSwap(true, false) {
			return
		}
		select {
		case <-spy.synced:
		case <-time.After(30 * time.Second):
		}
	})()
	m.OnTurn = func(tr replay.Turn) { armed.Store(tr.Turn == 1) }
	rep := runTwoTurns(t, m)
	return rep.Turns[1].Replies[0], rep.Result.Players[0], syncedOrZero(spy.found.Load()), spy.sent.Load()
}

// TestHTTPReplyInSocketAtDeadlineIsOnTime: the bot replies at once, but
// the client's goroutine that reads the reply is not run before the 1 s
// deadline. The reply had come: it is on time, charged at most the limit.
func TestHTTPReplyInSocketAtDeadlineIsOnTime(t *testing.T) {
	r, res, found, sent := runHeldHTTP(t, 0)
	checkOnTime(t, r, res, found, sent)
}

// TestHTTPReplyAfterDeadlineIsTimeout: the bot replies 3 s after a 1 s
// deadline: nothing had come when the runner checked, and it is a timeout.
func TestHTTPReplyAfterDeadlineIsTimeout(t *testing.T) {
	r, res, found, _ := runHeldHTTP(t, 3*time.Second)
	checkTimedOut(t, r, res, found)
}
