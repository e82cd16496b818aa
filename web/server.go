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
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
	"golang.org/x/time/rate"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/internal/keyrate"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

//go:embed *.html *.css *.js games/*.js platform/*.html platform/*.css platform/*.js
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
	// Maps is the organiser's directory of map files: from the page, the
	// options that name files (game.Option.File) may only name one of its
	// entries. Empty: no file can be named from the page.
	Maps string
	// Limits bound the matches started from the page and the load of
	// each client; zero fields take DefaultLimits.
	Limits Limits
	Log    *slog.Logger
	// Platform, when set, is the competition platform's API, served under
	// PlatformPrefix behind the same host check, headers and refusal of
	// cross-origin requests (see guard).
	Platform http.Handler

	lib     library
	limits  Limits
	starts  keyrate.Buckets
	mu      sync.Mutex
	running map[string]*live
	cancels map[string]canceller
	cache   replayCache
	heads   headCache
	streams map[string]int // open WebSockets by client address (guarded by mu)
	nstream int
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
		s.cancels = map[string]canceller{}
		s.limits = s.Limits.withDefaults()
		s.cache.budget = 256 << 20
		s.streams = map[string]int{}
		s.starts = keyrate.Buckets{Every: rate.Limit(s.limits.StartsPerMinute / 60), Burst: s.limits.StartBurst}
		if s.Maps != "" {
			if abs, err := filepath.Abs(s.Maps); err == nil {
				s.Maps = abs // the games read it whatever their directory
			}
		}
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

// PlatformPrefix is the path of the platform's API (Server.Platform).
const PlatformPrefix = "/api/platform/"

// Handler returns the HTTP handler of the viewer and its API.
func (s *Server) Handler() http.Handler {
	s.init()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/games", s.games)
	mux.HandleFunc("GET /api/matches", s.matches)
	mux.HandleFunc("POST /api/matches", s.start)
	mux.HandleFunc("POST /api/matches/{id}/cancel", s.cancelMatch)
	mux.HandleFunc("GET /api/matches/{id}", s.replay)
	mux.HandleFunc("GET /api/matches/{id}/live", s.stream)
	mux.HandleFunc("GET /match/{id}", s.page("match.html"))
	if s.Platform != nil {
		mux.Handle("GET "+PlatformPrefix, s.Platform)
		mux.Handle("POST "+PlatformPrefix, s.Platform)
	}
	s.platformPages(mux)
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
	Name       string `json:"name"`
	Title      string `json:"title"`
	Summary    string `json:"summary"`
	MinPlayers int    `json:"minPlayers"`
	MaxPlayers int    `json:"maxPlayers"`
	// Players: how many bots the page's form starts with, the fewest the
	// game accepts with its default settings (territory's generated arenas
	// need 4).
	Players  int           `json:"players"`
	Leagues  []game.League `json:"leagues,omitempty"`
	League   int           `json:"defaultLeague,omitempty"`
	Builtins []string      `json:"builtins"`
	Options  []OptionInfo  `json:"options,omitempty"`
	// HTTP: the game has an HTTP protocol (game.Info.HTTP), so that bots
	// may be HTTP servers: the platform's events of it may take them.
	HTTP bool `json:"http"`
}

// OptionInfo describes one game option.
type OptionInfo struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Help    string   `json:"help"`
	Values  []string `json:"values,omitempty"`
	// File: the value names a file; from the page, one of the maps.
	File bool `json:"file,omitempty"`
}

func (s *Server) games(w http.ResponseWriter, r *http.Request) {
	var out struct {
		Games         []GameInfo `json:"games"`
		AllowCommands bool       `json:"allowCommands"`
		ReadOnly      bool       `json:"readOnly"` // the page hides its start form
		Platform      bool       `json:"platform"` // the competition platform's pages are served (--data)
		Maps          []string   `json:"maps"`     // what file options may name
		MaxPauseMs    int64      `json:"maxPauseMs"`
	}
	out.AllowCommands, out.ReadOnly, out.Platform = s.AllowCommands, s.ReadOnly, s.Platform != nil
	out.Maps, out.MaxPauseMs = s.mapNames(), s.limits.MaxPause.Milliseconds()
	if out.Maps == nil {
		out.Maps = []string{}
	}
	for _, g := range game.All() {
		info := g.Info()
		gi := GameInfo{Name: info.Name, Title: info.Title, Summary: info.Summary, MinPlayers: info.MinPlayers,
			MaxPlayers: info.MaxPlayers, Leagues: info.Leagues, League: info.DefaultLeague, Builtins: []string{},
			Players: defaultPlayers(g), HTTP: info.HTTP != nil}
		for _, b := range info.Builtins {
			gi.Builtins = append(gi.Builtins, b.Name)
		}
		for _, o := range info.Options {
			gi.Options = append(gi.Options, OptionInfo{Name: o.Name, Default: o.Default, Help: o.Help, Values: o.Values, File: o.File})
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
			list = append(list, l.summary())
		}
	}
	s.mu.Unlock()
	sortNewestFirst(list)
	if list == nil {
		list = []Summary{}
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) liveMatch(id string) *live {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running[id]
}

// Watch shows a match the caller runs, live, under id: it hooks itself
// into m's OnStart and OnTurn (keeping hooks already there), and returns
// finish, which the caller calls with match.Run's outcome. The replay is
// then saved in the replay directory and the match listed from there.
func (s *Server) Watch(id string, m *match.Match) (finish func(*replay.Replay, error)) {
	_, finish = s.watch(id, m)
	return finish
}

// Show shows a match the caller runs, live, under id, as Watch does, but
// keeps nothing: the caller records the match itself (the platform's
// public games). Once over, it is served from memory a minute more, then
// its id is unknown.
func (s *Server) Show(id string, m *match.Match) (finish func(*replay.Replay, error)) {
	l := s.follow(id, m)
	return func(rep *replay.Replay, err error) {
		l.finish(rep, err)
		s.forgetLater(id)
	}
}

func (s *Server) watch(id string, m *match.Match) (*live, func(*replay.Replay, error)) {
	l := s.follow(id, m)
	return l, func(rep *replay.Replay, err error) {
		if err == nil {
			err = s.save(id, rep)
		}
		if err != nil {
			s.Log.Error("match failed", "id", id, "err", err)
		}
		l.finish(rep, err)
		// Keep serving it from memory a little, then from the file.
		s.forgetLater(id)
	}
}

// forgetLater drops a finished match from memory in a minute.
func (s *Server) forgetLater(id string) {
	time.AfterFunc(time.Minute, func() {
		s.mu.Lock()
		delete(s.running, id)
		s.mu.Unlock()
	})
}

// follow hooks a live match into m and lists it as running.
func (s *Server) follow(id string, m *match.Match) *live {
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
	return l
}

// Live returns the id of a match in progress, if any (the newest one).
func (s *Server) Live() (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	best, found := "", false
	for id, l := range s.running {
		if !l.finished() && id > best {
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

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": strings.TrimSpace(msg)})
}

// playersOf caches defaultPlayers: a game's answer does not change.
var playersOf sync.Map // game name -> int

// defaultPlayers is the fewest bots (at least 2) with which the game's
// builtin bots can start a match under its default settings, as the game
// itself judges (its referee is made and thrown away); the game's minimum
// when none fits.
func defaultPlayers(g game.Game) int {
	info := g.Info()
	if n, ok := playersOf.Load(info.Name); ok {
		return n.(int)
	}
	n := max(2, info.MinPlayers)
	for k := n; k <= info.MaxPlayers && len(info.Builtins) > 0; k++ {
		var bots []string
		for j := 0; j < k; j++ {
			bots = append(bots, "builtin:"+info.Builtins[j%len(info.Builtins)].Name)
		}
		seed := int64(1)
		m, err := match.Setup{Game: info.Name, Bots: bots, Seed: &seed}.Build()
		if err != nil {
			continue
		}
		cfg := m.Config
		cfg.Players = len(m.Players)
		for _, p := range m.Players {
			cfg.Names = append(cfg.Names, p.Name)
		}
		if _, err := m.Game.New(cfg); err == nil {
			n = k
			break
		}
	}
	playersOf.Store(info.Name, n)
	return n
}
