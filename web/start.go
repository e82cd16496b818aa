package web

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// StartRequest asks for a match.
type StartRequest struct {
	Game    string   `json:"game"`
	Bots    []string `json:"bots"`
	Seed    *Seed    `json:"seed,omitempty"` // a string or a number; random when absent
	League  int      `json:"league,omitempty"`
	Options []string `json:"options,omitempty"`
	// PauseMs slows the match down for its spectators: a wait after every
	// turn, in milliseconds (at most MaxPause).
	PauseMs int `json:"pauseMs,omitempty"`
}

// StartReply is the answer to a started match. CancelToken stops it
// (POST /api/matches/{id}/cancel): only the page that started it has it.
type StartReply struct {
	ID          string `json:"id"`
	URL         string `json:"url"`
	CancelToken string `json:"cancelToken"`
}

// Limits sets the bounds of the matches started from the page and the
// load one client may put on the server. Zero fields take the defaults
// (DefaultLimits).
type Limits struct {
	// MaxDuration stops a match that runs longer (pauses included).
	MaxDuration time.Duration
	// MaxTurns stops a match that plays more turns, whatever its options.
	MaxTurns int
	// MaxReplayBytes stops a match whose replay grows larger (what the
	// server holds of it in memory while it plays).
	MaxReplayBytes int64
	// MaxPause is the longest pause between turns a page may ask for.
	MaxPause time.Duration
	// StartsPerMinute and StartBurst: how many matches one client address
	// may start, on average and at once.
	StartsPerMinute float64
	StartBurst      int
	// StreamsPerClient and Streams cap the live viewers' WebSockets of one
	// client address and in all.
	StreamsPerClient int
	Streams          int
}

// DefaultLimits are the bounds unless the organiser sets others.
var DefaultLimits = Limits{
	MaxDuration:      30 * time.Minute,
	MaxTurns:         20000,
	MaxReplayBytes:   64 << 20,
	MaxPause:         5 * time.Second,
	StartsPerMinute:  6,
	StartBurst:       10,
	StreamsPerClient: 16,
	Streams:          256,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	set(&d.MaxDuration, l.MaxDuration)
	set(&d.MaxTurns, l.MaxTurns)
	set(&d.MaxReplayBytes, l.MaxReplayBytes)
	set(&d.MaxPause, l.MaxPause)
	set(&d.StartsPerMinute, l.StartsPerMinute)
	set(&d.StartBurst, l.StartBurst)
	set(&d.StreamsPerClient, l.StreamsPerClient)
	set(&d.Streams, l.Streams)
	return d
}

// set replaces a default with v when v is positive (zero: the default).
func set[T int | int64 | float64 | time.Duration](d *T, v T) {
	if v > 0 {
		*d = v
	}
}

var (
	errBusy      = errors.New("the CPU cores are taken by the matches running; try again when one ends")
	errForbidden = errors.New("this server only runs builtin bots (start it with --allow-commands to run commands)")
	errReadOnly  = errors.New("this server only shows matches; it does not start them")
	errRate      = errors.New("too many matches started from this address; wait a little")
)

// The reasons the server stops a match from the page before its end.
var (
	errTooLong    = errors.New("the match ran longer than this server allows")
	errTooMany    = errors.New("the match played more turns than this server allows")
	errTooBig     = errors.New("the match's replay grew larger than this server allows")
	errCancelled  = errors.New("the match was stopped from its page")
	errServerStop = errors.New("the server stopped")
)

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
	if !s.allowStart(clientAddr(r)) {
		w.Header().Set("Retry-After", "10")
		httpError(w, http.StatusTooManyRequests, errRate.Error())
		return
	}
	rep, err := s.startMatch(req)
	switch {
	case errors.Is(err, errBusy):
		httpError(w, http.StatusTooManyRequests, err.Error())
	case errors.Is(err, errForbidden), errors.Is(err, errReadOnly), errors.As(err, new(errMap)):
		httpError(w, http.StatusForbidden, err.Error())
	case err != nil:
		httpError(w, http.StatusBadRequest, pageWording(err.Error()))
	default:
		writeJSON(w, http.StatusCreated, rep)
	}
}

// MaxBotName is the longest bot name (in characters) a match started
// from the page may have: the scoreboards have room for about that much.
const MaxBotName = 32

// cliFlags finds what the games' errors say in the command line's words
// (--opt key=FILE, --bot), which the page's form does not have.
var cliFlags = strings.NewReplacer(
	" (use --bot once per bot)", " (add or remove bots in the form)",
	"--opt solo=true", "the option solo=true",
	"=FILE", "=MAP",
	"--opt ", "the option ",
	"--bot", "a bot",
)

// pageWording rewords a game's error for the page's form: options instead
// of --opt flags, maps (the server's --maps entries) instead of files.
func pageWording(msg string) string {
	return cliFlags.Replace(msg)
}

// maxBody caps the request bodies the API reads (a match request is a
// few hundred bytes).
const maxBody = 64 << 10

// Start validates and starts a match in the background, within the
// server's Limits; it returns its id.
func (s *Server) Start(req StartRequest) (string, error) {
	rep, err := s.startMatch(req)
	return rep.ID, err
}

// startMatch checks a request from the cheapest check to the dearest: the
// bots and options, then the cores (a refused start costs no referee),
// then the game's own check of its settings.
func (s *Server) startMatch(req StartRequest) (StartReply, error) {
	s.init()
	if s.ReadOnly {
		return StartReply{}, errReadOnly
	}
	g, err := game.Lookup(req.Game)
	if err != nil {
		return StartReply{}, err
	}
	opts, err := s.resolveFiles(g.Info().Options, req.Options)
	if err != nil {
		return StartReply{}, err
	}
	need := int64(0)
	for _, b := range req.Bots {
		sp, err := bot.ParseSpec(b)
		if err != nil {
			return StartReply{}, err
		}
		if n := utf8.RuneCountInString(sp.Name); n > MaxBotName {
			return StartReply{}, fmt.Errorf("bot name %q is %d characters long; at most %d", sp.Name, n, MaxBotName)
		}
		if sp.Kind != "builtin" && !s.AllowCommands {
			return StartReply{}, fmt.Errorf("bot %q: %w", b, errForbidden)
		}
		need += int64(sp.Cores())
	}
	pause := time.Duration(req.PauseMs) * time.Millisecond
	if req.PauseMs < 0 || pause > s.limits.MaxPause {
		return StartReply{}, fmt.Errorf("pauseMs must be between 0 and %d, not %d", s.limits.MaxPause.Milliseconds(), req.PauseMs)
	}
	var seed *int64
	if req.Seed != nil {
		n := int64(*req.Seed)
		seed = &n
	}
	m, err := match.Setup{Game: req.Game, Bots: req.Bots, Seed: seed, League: req.League, Options: opts}.Build()
	if err != nil {
		return StartReply{}, err
	}
	need = min(max(need, 1), s.ncores)
	if !s.cores.TryAcquire(need) {
		return StartReply{}, errBusy
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
		s.cores.Release(need)
		return StartReply{}, fmt.Errorf("%s: %w", req.Game, err)
	}
	m.Pause = pause
	id := newID(req.Game)
	token := newToken()
	ctx, cancel := context.WithCancelCause(s.ctx)
	ctx, stopTimer := context.WithTimeoutCause(ctx, s.limits.MaxDuration, errTooLong)
	l, finish := s.watch(id, &m)
	s.bound(&m, l, cancel)
	s.mu.Lock()
	s.cancels[id] = canceller{token: token, cancel: cancel}
	s.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer s.cores.Release(need)
		defer cancel(nil)
		defer stopTimer()
		rep, err := match.Run(ctx, m)
		if err != nil && context.Cause(ctx) != nil {
			err = stopReason(ctx)
		}
		s.mu.Lock()
		delete(s.cancels, id)
		s.mu.Unlock()
		finish(rep, err)
	}()
	return StartReply{ID: id, URL: "/match/" + id, CancelToken: token}, nil
}

// stopReason says why a match's context ended.
func stopReason(ctx context.Context) error {
	cause := context.Cause(ctx)
	if errors.Is(cause, context.Canceled) {
		return errServerStop
	}
	return cause
}

// bound stops a match that plays more turns, or holds a larger replay,
// than the limits allow, whatever the game's options say.
func (s *Server) bound(m *match.Match, l *live, cancel context.CancelCauseFunc) {
	turns := 0
	onTurn := m.OnTurn
	m.OnTurn = func(t replay.Turn) {
		onTurn(t)
		turns++
		switch {
		case turns >= s.limits.MaxTurns:
			cancel(errTooMany)
		case l.size() > s.limits.MaxReplayBytes:
			cancel(errTooBig)
		}
	}
}

// canceller stops one match started from the page, for the holder of its
// token.
type canceller struct {
	token  string
	cancel context.CancelCauseFunc
}

// cancelMatch is POST /api/matches/{id}/cancel {"token": "..."}: the page
// that started a match (and only it: the token came in the start reply)
// stops it.
func (s *Server) cancelMatch(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&req); err != nil {
		httpError(w, http.StatusBadRequest, "the request must be JSON with the match's token")
		return
	}
	s.mu.Lock()
	c, ok := s.cancels[r.PathValue("id")]
	s.mu.Unlock()
	if !ok {
		httpError(w, http.StatusNotFound, "no match of that id is running here")
		return
	}
	if subtle.ConstantTimeCompare([]byte(c.token), []byte(req.Token)) != 1 {
		httpError(w, http.StatusForbidden, "only the page that started the match can stop it")
		return
	}
	c.cancel(errCancelled)
	writeJSON(w, http.StatusOK, map[string]string{"status": "stopping"})
}

func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
