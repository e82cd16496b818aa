package junglehost

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/web"
)

// Arena's viewer on the host's port: the web package's pages and replays
// (each finished game is saved in the replay directory), plus the game in
// progress, streamed live the way `arena serve` streams its matches.

// viewerHandler serves Arena's viewer for plain HTTP requests.
func (s *Server) viewerHandler() http.Handler {
	if s.cfg.Replays == "" {
		dir, err := os.MkdirTemp("", "arena-host-jungle-")
		if err == nil {
			s.cfg.Replays = dir
		}
	}
	site := (&web.Server{Replays: s.cfg.Replays}).Handler()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		if g := s.currentLive(); g != nil {
			http.Redirect(w, r, "/match/"+g.id, http.StatusFound)
			return
		}
		site.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/matches", func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		site.ServeHTTP(rec, r)
		var list []web.Summary
		if g := s.currentLive(); g != nil && json.Unmarshal(rec.Body.Bytes(), &list) == nil {
			list = append([]web.Summary{g.summary()}, list...)
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(list)
			return
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	})
	mux.HandleFunc("GET /api/matches/{id}", func(w http.ResponseWriter, r *http.Request) {
		if g := s.currentLive(); g != nil && g.id == r.PathValue("id") {
			snap, _ := g.snapshot()
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(&snap)
			return
		}
		site.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/matches/{id}/live", func(w http.ResponseWriter, r *http.Request) {
		if g := s.currentLive(); g != nil && g.id == r.PathValue("id") {
			g.stream(w, r)
			return
		}
		site.ServeHTTP(w, r)
	})
	mux.Handle("GET /", site)
	return mux
}

// currentLive is the game in progress, nil between games.
func (s *Server) currentLive() *liveGame {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.game == nil || s.game.live == nil || s.game.live.isDone() {
		return nil
	}
	return s.game.live
}

// liveGame is the game being played, for Arena's viewer: the replay so far
// and the pages following it. The stream is the one `arena serve` sends:
// {"type":"replay"} first, then {"type":"turn"} messages, then {"type":"end"}.
type liveGame struct {
	id   string
	mu   sync.Mutex
	rep  replay.Replay
	done bool
	subs map[chan []byte]struct{}
}

type streamMsg struct {
	Type    string          `json:"type"`
	Replay  *replay.Replay  `json:"replay,omitempty"`
	Turn    *replay.Turn    `json:"turn,omitempty"`
	Result  *replay.Result  `json:"result,omitempty"`
	Outcome json.RawMessage `json:"outcome,omitempty"`
	Error   string          `json:"error,omitempty"`
}

func newLiveGame(id string) *liveGame {
	return &liveGame{id: id, subs: map[chan []byte]struct{}{}}
}

func (l *liveGame) onStart(r *replay.Replay) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rep = *r
	l.rep.Turns = nil
}

func (l *liveGame) onTurn(t replay.Turn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rep.Turns = append(l.rep.Turns, t)
	l.send(streamMsg{Type: "turn", Turn: &t})
}

func (l *liveGame) finish(r *replay.Replay, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done = true
	if err != nil {
		l.send(streamMsg{Type: "error", Error: err.Error()})
	} else if r != nil {
		out, _ := json.Marshal(r.Outcome)
		l.send(streamMsg{Type: "end", Result: r.Result, Outcome: out})
	}
	for c := range l.subs {
		close(c)
	}
	l.subs = nil
}

// send queues a message for every page (l.mu held); a page too slow to keep
// up is dropped (it reloads the replay when it reconnects).
func (l *liveGame) send(m streamMsg) {
	b, _ := json.Marshal(m)
	for c := range l.subs {
		select {
		case c <- b:
		default:
			delete(l.subs, c)
			close(c)
		}
	}
}

func (l *liveGame) isDone() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done
}

func (l *liveGame) snapshot() (replay.Replay, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	snap := l.rep
	snap.Turns = append([]replay.Turn(nil), l.rep.Turns...)
	return snap, l.done
}

func (l *liveGame) summary() web.Summary {
	snap, _ := l.snapshot()
	sum := web.Summary{ID: l.id, Game: snap.Game, Seed: snap.Seed, Started: snap.Started, Turns: len(snap.Turns), Live: true}
	for _, p := range snap.Players {
		sum.Players = append(sum.Players, p.Name)
	}
	return sum
}

// stream follows the game over a WebSocket.
func (l *liveGame) stream(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer c.CloseNow()
	ctx := c.CloseRead(r.Context())
	l.mu.Lock()
	snap := l.rep
	snap.Turns = append([]replay.Turn(nil), l.rep.Turns...)
	first, _ := json.Marshal(streamMsg{Type: "replay", Replay: &snap})
	events := make(chan []byte, 1024)
	if l.done {
		close(events)
	} else {
		l.subs[events] = struct{}{}
	}
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		if _, ok := l.subs[events]; ok {
			delete(l.subs, events)
			close(events)
		}
		l.mu.Unlock()
	}()
	if c.Write(ctx, websocket.MessageText, first) != nil {
		return
	}
	for {
		select {
		case b, ok := <-events:
			if !ok {
				c.Close(websocket.StatusNormalClosure, "game over")
				return
			}
			if c.Write(ctx, websocket.MessageText, b) != nil {
				return
			}
		case <-ctx.Done():
			return
		case <-time.After(time.Hour):
			return
		}
	}
}
