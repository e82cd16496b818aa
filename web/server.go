// Package web is Arena's viewer: the static pages (plain ES modules and
// canvas, embedded in the binary) and the HTTP server behind `arena serve`,
// which lists recorded matches, serves replays, starts matches and streams
// them live to every open viewer.
package web

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/sync/semaphore"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

//go:embed *.html *.css *.js games/*.js
var staticFiles embed.FS

// Static returns the viewer's files (index.html, player.js, games/*.js, ...).
func Static() fs.FS { return staticFiles }

// Server serves the viewer and its API.
type Server struct {
	// Replays is the directory of recorded matches; matches started from
	// the page are saved there too. It is created if missing.
	Replays string
	// AllowCommands lets the page start matches with command bots (not
	// only builtin ones). Anyone who reaches the server can then run
	// programs on this machine: keep it for local use.
	AllowCommands bool
	// Cores caps the CPU cores the matches started from the page may use
	// at once (0: all of them). A match needs one core per command bot, one
	// in all for builtin bots (and all of them when it needs more); a match
	// that does not fit is refused, so that running matches side by side
	// never makes a bot late.
	Cores int
	// ReadOnly refuses to start matches from the page (a server that only
	// shows the matches someone else plays, like `arena host jungle`).
	ReadOnly bool
	// Hosts are the host names the server answers for besides localhost
	// names and IP addresses (the public name of an exposed server); "*"
	// answers any name. Requests for another name are refused, so that a
	// page whose name an attacker rebinds to this machine gets nothing.
	Hosts []string
	Log   *slog.Logger

	lib     library
	mu      sync.Mutex
	running map[string]*live
	cores   *semaphore.Weighted
	ncores  int64
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	once    sync.Once
}

func (s *Server) init() {
	s.once.Do(func() {
		s.lib.dir = s.Replays
		s.running = map[string]*live{}
		n := s.Cores
		if n <= 0 {
			n = runtime.NumCPU()
		}
		s.ncores = int64(n)
		s.cores = semaphore.NewWeighted(s.ncores)
		s.ctx, s.cancel = context.WithCancel(context.Background())
		if s.Log == nil {
			s.Log = slog.New(slog.DiscardHandler)
		}
	})
}

// Close stops the matches in progress and waits for them to end.
func (s *Server) Close() {
	s.init()
	s.cancel()
	s.wg.Wait()
}

// Handler returns the HTTP handler of the viewer and its API.
func (s *Server) Handler() http.Handler {
	s.init()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/games", s.games)
	mux.HandleFunc("GET /api/matches", s.matches)
	mux.HandleFunc("POST /api/matches", s.start)
	mux.HandleFunc("GET /api/matches/{id}", s.replay)
	mux.HandleFunc("GET /api/matches/{id}/live", s.stream)
	mux.HandleFunc("GET /match/{id}", s.page("match.html"))
	mux.Handle("GET /", http.FileServerFS(Static()))
	return s.guard(mux)
}

func (s *Server) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, Static(), name)
	}
}

// GameInfo is what the page needs to know about a game.
type GameInfo struct {
	Name       string        `json:"name"`
	Title      string        `json:"title"`
	Summary    string        `json:"summary"`
	MinPlayers int           `json:"minPlayers"`
	MaxPlayers int           `json:"maxPlayers"`
	Leagues    []game.League `json:"leagues,omitempty"`
	League     int           `json:"defaultLeague,omitempty"`
	Builtins   []string      `json:"builtins"`
	Options    []OptionInfo  `json:"options,omitempty"`
}

// OptionInfo describes one game option.
type OptionInfo struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Help    string   `json:"help"`
	Values  []string `json:"values,omitempty"`
}

func (s *Server) games(w http.ResponseWriter, r *http.Request) {
	var out struct {
		Games         []GameInfo `json:"games"`
		AllowCommands bool       `json:"allowCommands"`
		ReadOnly      bool       `json:"readOnly"` // the page hides its start form
	}
	out.AllowCommands, out.ReadOnly = s.AllowCommands, s.ReadOnly
	for _, g := range game.All() {
		info := g.Info()
		gi := GameInfo{Name: info.Name, Title: info.Title, Summary: info.Summary, MinPlayers: info.MinPlayers,
			MaxPlayers: info.MaxPlayers, Leagues: info.Leagues, League: info.DefaultLeague, Builtins: []string{}}
		for _, b := range info.Builtins {
			gi.Builtins = append(gi.Builtins, b.Name)
		}
		for _, o := range info.Options {
			gi.Options = append(gi.Options, OptionInfo{Name: o.Name, Default: o.Default, Help: o.Help, Values: o.Values})
		}
		out.Games = append(out.Games, gi)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) matches(w http.ResponseWriter, r *http.Request) {
	list := s.lib.list()
	seen := map[string]bool{}
	for _, m := range list {
		seen[m.ID] = true
	}
	s.mu.Lock()
	for id, l := range s.running {
		if !seen[id] {
			snap, done := l.snapshot()
			list = append(list, summarize(id, &snap, !done))
		}
	}
	s.mu.Unlock()
	sortNewestFirst(list)
	if list == nil {
		list = []Summary{}
	}
	writeJSON(w, http.StatusOK, list)
}

// replay serves a match as a replay file; ?download=1 asks the browser to
// save it. A live match is served as it stands.
func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var rep *replay.Replay
	if l := s.liveMatch(id); l != nil {
		snap, _ := l.snapshot()
		rep = &snap
	} else {
		var err error
		if rep, err = s.lib.load(id); err != nil {
			httpError(w, http.StatusNotFound, fmt.Sprintf("match %q: %v", id, err))
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	if r.URL.Query().Get("download") != "" {
		// The replay file's own format, for arena replay verify/html.
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.json"`, id))
		replay.Write(w, rep)
		return
	}
	json.NewEncoder(w).Encode(pageReplay{rep})
}

func (s *Server) liveMatch(id string) *live {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running[id]
}

// StartRequest asks for a match.
type StartRequest struct {
	Game    string   `json:"game"`
	Bots    []string `json:"bots"`
	Seed    *Seed    `json:"seed,omitempty"` // a string or a number; random when absent
	League  int      `json:"league,omitempty"`
	Options []string `json:"options,omitempty"`
	// PauseMs slows the match down for its spectators: a wait after every
	// turn, in milliseconds (at most 5000).
	PauseMs int `json:"pauseMs,omitempty"`
}

func (s *Server) start(w http.ResponseWriter, r *http.Request) {
	var req StartRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&req); err != nil {
		if _, big := errors.AsType[*http.MaxBytesError](err); big {
			httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is larger than %d bytes", maxBody))
			return
		}
		httpError(w, http.StatusBadRequest, "the request must be JSON: "+err.Error())
		return
	}
	id, err := s.Start(req)
	switch {
	case errors.Is(err, errBusy):
		httpError(w, http.StatusTooManyRequests, err.Error())
	case errors.Is(err, errForbidden), errors.Is(err, errReadOnly):
		httpError(w, http.StatusForbidden, err.Error())
	case err != nil:
		httpError(w, http.StatusBadRequest, err.Error())
	default:
		writeJSON(w, http.StatusCreated, map[string]string{"id": id, "url": "/match/" + id})
	}
}

// maxBody caps the request bodies the API reads (a match request is a
// few hundred bytes).
const maxBody = 64 << 10

var (
	errBusy      = errors.New("the CPU cores are taken by the matches running; try again when one ends")
	errForbidden = errors.New("this server only runs builtin bots (start it with --allow-commands to run commands)")
)

var errReadOnly = errors.New("this server only shows matches; it does not start them")

// Start validates and starts a match in the background; it returns its id.
func (s *Server) Start(req StartRequest) (string, error) {
	s.init()
	if s.ReadOnly {
		return "", errReadOnly
	}
	need := int64(0)
	for _, b := range req.Bots {
		sp, err := bot.ParseSpec(b)
		if err != nil {
			return "", err
		}
		if sp.Kind != "builtin" && !s.AllowCommands {
			return "", fmt.Errorf("bot %q: %w", b, errForbidden)
		}
		need += int64(sp.Cores())
	}
	var seed *int64
	if req.Seed != nil {
		n := int64(*req.Seed)
		seed = &n
	}
	m, err := match.Setup{Game: req.Game, Bots: req.Bots, Seed: seed, League: req.League, Options: req.Options}.Build()
	if err != nil {
		return "", err
	}
	if req.PauseMs < 0 || req.PauseMs > 5000 {
		return "", fmt.Errorf("pauseMs must be between 0 and 5000, not %d", req.PauseMs)
	}
	// Let the game refuse its settings now (a player count its maps do not
	// fit, say), so that the page says why instead of opening a dead match.
	// Referees are side-effect free to make: replays verify by making another.
	cfg := m.Config
	cfg.Players = len(m.Players)
	for _, p := range m.Players {
		cfg.Names = append(cfg.Names, p.Name)
	}
	if _, err := m.Game.New(cfg); err != nil {
		return "", fmt.Errorf("%s: %w", req.Game, err)
	}
	m.Pause = time.Duration(req.PauseMs) * time.Millisecond
	need = min(max(need, 1), s.ncores)
	if !s.cores.TryAcquire(need) {
		return "", errBusy
	}
	id := newID(req.Game)
	finish := s.Watch(id, &m)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer s.cores.Release(need)
		finish(match.Run(s.ctx, m))
	}()
	return id, nil
}

// Watch shows a match the caller runs, live, under id: it hooks itself
// into m's OnStart and OnTurn (keeping hooks already there), and returns
// finish, which the caller calls with match.Run's outcome. The replay is
// then saved in the replay directory and the match listed from there.
func (s *Server) Watch(id string, m *match.Match) (finish func(*replay.Replay, error)) {
	s.init()
	l := &live{id: id}
	onStart, onTurn := m.OnStart, m.OnTurn
	m.OnStart = func(r *replay.Replay) {
		if onStart != nil {
			onStart(r)
		}
		l.onStart(r)
	}
	m.OnTurn = func(t replay.Turn) {
		if onTurn != nil {
			onTurn(t)
		}
		l.onTurn(t)
	}
	s.mu.Lock()
	s.running[id] = l
	s.mu.Unlock()
	return func(rep *replay.Replay, err error) {
		if err == nil {
			err = s.save(id, rep)
		}
		if err != nil {
			s.Log.Error("match failed", "id", id, "err", err)
		}
		l.finish(rep, err)
		// Keep serving it from memory a little, then from the file.
		time.AfterFunc(time.Minute, func() {
			s.mu.Lock()
			delete(s.running, id)
			s.mu.Unlock()
		})
	}
}

// Live returns the id of a match in progress, if any (the newest one).
func (s *Server) Live() (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	best, found := "", false
	for id, l := range s.running {
		if _, done := l.snapshot(); !done && id > best {
			best, found = id, true
		}
	}
	return best, found
}

func (s *Server) save(id string, rep *replay.Replay) error {
	if err := os.MkdirAll(s.Replays, 0o755); err != nil {
		return err
	}
	return replay.Save(filepath.Join(s.Replays, id+".json.gz"), rep)
}

// newID names a match so that names sort by date: 20261122-153000-ants-1a2b3c.
func newID(gameName string) string {
	var b [3]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102-150405") + "-" + gameName + "-" + hex.EncodeToString(b[:])
}

// stream follows a match over a WebSocket: first everything so far, then
// every turn as it is played. A recorded match is sent whole, then closed.
func (s *Server) stream(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	l := s.liveMatch(id)
	if l == nil {
		rep, err := s.lib.load(id)
		if err != nil {
			httpError(w, http.StatusNotFound, fmt.Sprintf("match %q: %v", id, err))
			return
		}
		l = &live{id: id, rep: *rep, done: true}
	}
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer c.CloseNow()
	ctx := c.CloseRead(r.Context())
	first, events := l.subscribe()
	defer l.unsubscribe(events)
	if err := c.Write(ctx, websocket.MessageText, first); err != nil {
		return
	}
	for {
		select {
		case b, ok := <-events:
			if !ok {
				c.Close(websocket.StatusNormalClosure, "match over")
				return
			}
			if err := c.Write(ctx, websocket.MessageText, b); err != nil {
				return
			}
		case <-ctx.Done():
			return
		}
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": strings.TrimSpace(msg)})
}
