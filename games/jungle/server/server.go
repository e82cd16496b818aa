// Package server is `arena host jungle`: the stand-alone Coveo Blitz 2022
// game server. Bots connect by themselves over WebSocket and register by
// team name or token; viewers connect on the same port with the 2022
// viewer protocol; each game is played by the same engine as any Arena
// match (match.Run with bots that are the registered connections), and the
// server keeps alive for the next game. It also holds jungle's map tools
// (`arena maps jungle`, and the 2022 server's list-maps, gen-map and
// validate-maps).
//
// Unlike the game itself (package jungle, which imports only game, so
// that match and everything above can use it), this subpackage sits above
// match: it runs matches (match, bot), saves their replays (replay) and
// serves Arena's viewer on its port (web). It is a program of its own that
// happens to belong to jungle, not part of the referee, so it lives beside
// the game and registers itself with package host; games/all/hosts
// compiles it into the arena command.
package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/games/jungle"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/web"
)

// Server is the hosted game server.
type Server struct {
	cfg  Config
	out  io.Writer
	ui   http.Handler // plain HTTP: the viewer (nil when serveUi is off)
	site *web.Server  // the viewer's server, which shows the games live

	logMu sync.Mutex

	mu      sync.Mutex
	game    *hosted
	viewers map[*viewer]struct{}
	played  int // games played so far
}

// hosted is one game: registering, then running.
type hosted struct {
	k       int
	seed    int64
	teams   []*team
	running bool
	full    chan struct{} // closed when nb_teams teams have registered
	id      string        // its name in Arena's viewer
}

type team struct {
	name string
	conn *bot.WebSocketConn
}

// New checks the configuration (the map must load) and makes a server;
// its log goes to out.
func New(cfg Config, out io.Writer) (*Server, error) {
	if cfg.NbTeams > 4 {
		return nil, fmt.Errorf("The argument 'nbOfTeams' is invalid: the value %d is more than the 4 teams a jungle game holds.", cfg.NbTeams)
	}
	if cfg.Map != "" {
		if _, err := jungle.LoadMap(cfg.Map, cfg.MapsDir); err != nil {
			return nil, fmt.Errorf("The argument 'mapName' is invalid: the map %s is invalid.\n%v", cfg.Map, err)
		}
	}
	if !cfg.SeedSet {
		cfg.Seed = match.RandomSeed()
	}
	if cfg.RegisterWithin == 0 {
		cfg.RegisterWithin = 5 * time.Second
	}
	s := &Server{cfg: cfg, out: out, viewers: map[*viewer]struct{}{}}
	if _, err := game.ParseOptions(jungle.Game{}.Info().Options, s.options()); err != nil {
		return nil, err
	}
	if cfg.ServeUI {
		s.ui = s.viewerHandler()
	}
	return s, nil
}

// logf writes one log line, as the 2022 server's console did.
func (s *Server) logf(format string, args ...any) {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.out, "%s %s\n", time.Now().Format("2006-01-02 15:04:05.000"), fmt.Sprintf(format, args...))
}

// options are the game options of this configuration.
func (s *Server) options() []string {
	c := s.cfg
	o := []string{
		"nb_teams=" + strconv.Itoa(c.NbTeams),
		"nb_ticks=" + strconv.Itoa(c.Ticks),
		"tick_timeout_ms=" + strconv.Itoa(c.TickTimeoutMs),
		"first_ticks_count=" + strconv.Itoa(c.FirstTicks),
		"first_ticks_extra_ms=" + strconv.Itoa(c.FirstExtraMs),
		"delay_between_ticks_ms=" + strconv.Itoa(c.DelayMs),
		"legacy_last_state=" + strconv.FormatBool(c.LegacyLastState),
		"legacy_errors=" + strconv.FormatBool(c.LegacyErrors),
	}
	if c.UnitsSet {
		o = append(o, "nb_units_per_team="+strconv.Itoa(c.Units))
	}
	if c.Map != "" {
		o = append(o, "map="+c.Map)
	}
	if c.MapsDir != "" {
		o = append(o, "maps_dir="+c.MapsDir)
	}
	return o
}

// Serve accepts connections on ln and plays games until ctx is done, or
// after one game without keep-alive.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	// the first game is open before the first connection is served: a
	// team that registers at once is not told a game is running
	first := s.open(0)
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	defer hs.Close()
	s.logf("Game server listening on port %d", ln.Addr().(*net.TCPAddr).Port)
	if s.ui != nil {
		s.logf("Web viewer available on http://localhost:%d", ln.Addr().(*net.TCPAddr).Port)
	}
	for k := 0; ; k++ {
		g := first
		if k > 0 {
			g = s.open(k)
		}
		err := s.playOne(ctx, g)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			s.logf("%v", err)
		}
		if !s.cfg.KeepAlive {
			return err
		}
	}
}

// ServeHTTP routes a request: a WebSocket upgrade on any path is a bot or
// a viewer of the 2022 protocol (Arena's own live stream aside); anything
// else is the viewer's page.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	upgrade := strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
	if upgrade && !strings.HasPrefix(r.URL.Path, "/api/") {
		s.accept(w, r)
		return
	}
	if s.ui == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		http.NotFound(w, r)
		return
	}
	s.ui.ServeHTTP(w, r)
}

// accept reads a connection's registration (spec §5.2).
func (s *Server) accept(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return
	}
	c.SetReadLimit(bot.DefaultMaxLine)
	late := time.AfterFunc(s.cfg.RegisterWithin, func() {
		s.logf("Client didn't registered in time, closing the connection.")
		closeQuietly(c)
	})
	for {
		_, msg, err := c.Read(context.Background())
		if err != nil {
			late.Stop()
			c.CloseNow()
			return
		}
		hello, err := jungle.ParseHello(msg)
		if err != nil {
			late.Stop()
			s.logf("Invalid message, closing the connection: %s", clip(string(msg)))
			closeQuietly(c)
			return
		}
		if !hello.Viewer && !hello.Register {
			continue // ignored; the connection must still register in time
		}
		if !late.Stop() {
			return // too late: it is being closed
		}
		if hello.Viewer {
			s.addViewer(c)
			return
		}
		name, err := hello.TeamName(s.cfg.TokenNames)
		if err == nil {
			err = s.register(name, c)
		}
		if err != nil {
			s.logf("%v", err)
			closeQuietly(c)
		}
		return
	}
}

// closeQuietly closes with no status code, as the 2022 server did.
func closeQuietly(c *websocket.Conn) {
	go c.Close(websocket.StatusNoStatusRcvd, "")
}

// register adds a team to the game waiting for teams.
func (s *Server) register(name string, c *websocket.Conn) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.game
	if g == nil || g.running || len(g.teams) >= s.cfg.NbTeams {
		return jungle.ErrRunning
	}
	g.teams = append(g.teams, &team{name: name, conn: bot.NewWebSocketConn(c, 0, json.Valid)})
	s.logf("Registering new team %s to the game.", name)
	if len(g.teams) == s.cfg.NbTeams {
		g.running = true
		close(g.full)
		s.logf("Number of expected teams (%d) reached, starting the game.", s.cfg.NbTeams)
	}
	return nil
}

// open makes game k the one teams register to.
func (s *Server) open(k int) *hosted {
	g := &hosted{k: k, seed: s.cfg.Seed + int64(k), full: make(chan struct{}),
		id: fmt.Sprintf("%s-jungle-host-%d", time.Now().UTC().Format("20060102-150405"), k+1)}
	s.mu.Lock()
	s.game = g
	s.mu.Unlock()
	return g
}

// playOne waits for the teams of game g (open), plays it and reports it.
func (s *Server) playOne(ctx context.Context, g *hosted) error {
	k := g.k
	s.logf("Game %d (seed %d): waiting for %d team(s).", k+1, g.seed, s.cfg.NbTeams)
	var timer <-chan time.Time
	if s.cfg.StartTimeoutMs > 0 {
		t := time.NewTimer(time.Duration(s.cfg.StartTimeoutMs) * time.Millisecond)
		defer t.Stop()
		timer = t.C
	}
	select {
	case <-g.full:
	case <-timer:
		s.mu.Lock()
		n := len(g.teams)
		g.running = true
		s.mu.Unlock()
		if n == 0 {
			return fmt.Errorf("Max wait time for the game to start of %d ms exceeded but no teams were registered.", s.cfg.StartTimeoutMs)
		}
		s.logf("Starting the game automatically after waiting for %d ms with %d teams.", s.cfg.StartTimeoutMs, n)
	case <-ctx.Done():
		s.mu.Lock()
		g.running = true
		s.mu.Unlock()
		for _, t := range g.teams {
			t.conn.Close(time.Second)
		}
		s.closeViewers()
		return ctx.Err()
	}
	rep, record, err := s.run(ctx, g)
	s.closeViewers()
	if err != nil {
		return fmt.Errorf("An error occured while playing the game: %w", err)
	}
	s.report(g, rep, record)
	return nil
}

// run plays the game through the match runner.
func (s *Server) run(ctx context.Context, g *hosted) (*replay.Replay, [][]byte, error) {
	info := jungle.Game{}.Info()
	opts, err := game.ParseOptions(info.Options, s.options())
	if err != nil {
		return nil, nil, err
	}
	m := match.Match{Game: jungle.Game{}, Config: game.Config{Seed: g.seed, Options: opts, Files: game.NewFiles()}, Grace: time.Second}
	for _, t := range g.teams {
		conn := t.conn
		m.Players = append(m.Players, match.Player{Name: t.name, Spec: "websocket",
			Open: func() (bot.Bot, error) { return conn, nil }})
	}
	var initial json.RawMessage
	var record [][]byte
	m.OnStart = func(r *replay.Replay) { initial = r.Initial }
	m.OnTurn = func(tr replay.Turn) {
		msgs, rec, err := jungle.ViewerMessages(initial, tr.Frame)
		if err == nil {
			s.broadcast(msgs)
			record = append(record, rec...)
		}
		s.logFrame(tr.Frame)
	}
	finish := func(*replay.Replay, error) {}
	if s.site != nil {
		finish = s.site.Watch(g.id, &m) // Arena's viewer: live, then saved
	}
	rep, err := match.Run(ctx, m)
	finish(rep, err)
	return rep, record, err
}

// logFrame prints what the server logged during a tick.
func (s *Server) logFrame(frame []byte) {
	var f struct {
		Log []string `json:"log"`
	}
	if json.Unmarshal(frame, &f) == nil {
		for _, l := range f.Log {
			s.logf("%s", l)
		}
	}
}

// report logs the ranking and writes the record, results and replay files.
func (s *Server) report(g *hosted, rep *replay.Replay, record [][]byte) {
	type result struct {
		TeamName string `json:"teamName"`
		Rank     int    `json:"rank"`
		Score    int    `json:"score"`
	}
	results := make([]result, len(rep.Result.Players))
	for _, p := range rep.Result.Players {
		if p.Rank >= 1 && p.Rank <= len(results) {
			results[p.Rank-1] = result{TeamName: p.Name, Rank: p.Rank, Score: int(p.Score)}
		}
	}
	for _, r := range results {
		s.logf("Team %s finished #%d with %d points!", r.TeamName, r.Rank, r.Score)
	}
	if s.cfg.RecordPath != "" {
		var b bytes.Buffer
		b.WriteString("[")
		for i, r := range record {
			if i > 0 {
				b.WriteString(",")
			}
			b.Write(r)
		}
		b.WriteString("]")
		var pretty bytes.Buffer
		json.Indent(&pretty, b.Bytes(), "", "  ")
		s.logf("Saving state file to %s", s.cfg.RecordPath)
		if err := os.WriteFile(s.cfg.RecordPath, pretty.Bytes(), 0o644); err != nil {
			s.logf("Cannot write the record: %v", err)
		}
	}
	if s.cfg.ResultsPath != "" {
		b, _ := json.Marshal(results)
		if err := os.WriteFile(s.cfg.ResultsPath, b, 0o644); err != nil {
			s.logf("Cannot write the results: %v", err)
		}
	}
	s.mu.Lock()
	s.played++
	s.mu.Unlock()
}

func clip(s string) string {
	if len(s) > 100 {
		return s[:100] + "..."
	}
	return s
}

// viewer is a connection registered with {"type":"VIEWER"}.
type viewer struct {
	c    *websocket.Conn
	out  chan []byte
	once sync.Once
}

// addViewer welcomes a viewer and sends it every tick from then on. The
// welcome is queued first and the viewer joins the broadcast list in the
// same step, so that no tick goes out between them: the 2022 server sent
// the welcome and registered the viewer at once, and a viewer welcomed
// before it is listed would miss the first ticks of a game that starts
// right then (or, joining after the game's end, never be closed).
func (s *Server) addViewer(c *websocket.Conn) {
	v := &viewer{c: c, out: make(chan []byte, 4096)}
	v.out <- []byte(jungle.ViewerWelcome)
	s.mu.Lock()
	s.viewers[v] = struct{}{}
	s.mu.Unlock()
	go func() {
		for msg := range v.out {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err := c.Write(ctx, websocket.MessageText, msg)
			cancel()
			if err != nil {
				s.dropViewer(v)
				for range v.out {
				}
				return
			}
		}
		c.Close(websocket.StatusNoStatusRcvd, "")
	}()
	go func() {
		// What a viewer sends is ignored, unless it is not JSON: the 2022
		// server closed any socket that sent such a message. Reading also
		// notices the viewer leaving.
		for {
			_, msg, err := c.Read(context.Background())
			if err == nil && !json.Valid(msg) {
				s.logf("Invalid message from a viewer, closing the connection: %s", clip(string(msg)))
				err = errors.New("not JSON")
			}
			if err != nil {
				s.dropViewer(v)
				return
			}
		}
	}()
}

func (s *Server) dropViewer(v *viewer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.viewers[v]; ok {
		delete(s.viewers, v)
		v.once.Do(func() { close(v.out) })
	}
}

// broadcast sends messages to every viewer; a viewer too slow to keep up
// is dropped.
func (s *Server) broadcast(msgs [][]byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for v := range s.viewers {
	send:
		for _, m := range msgs {
			select {
			case v.out <- m:
			default:
				delete(s.viewers, v)
				v.once.Do(func() { close(v.out) })
				break send
			}
		}
	}
}

// closeViewers closes every viewer's connection at the end of a game, as
// the 2022 server closed all its sockets.
func (s *Server) closeViewers() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for v := range s.viewers {
		delete(s.viewers, v)
		v.once.Do(func() { close(v.out) })
	}
}
