package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/games/jungle/jungletest"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// syncBuffer is the server's log, read while the server writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type testServer struct {
	srv     *Server
	url     string // ws://127.0.0.1:PORT
	http    string // http://127.0.0.1:PORT
	replays string
	log     *syncBuffer
	done    chan struct{} // closed when Serve has returned
	err     error
}

// start runs a server on an ephemeral port with the given flags.
func start(t *testing.T, args ...string) *testServer {
	t.Helper()
	cfg, _, err := Parse(append([]string{"--seed=5", "--delayBetweenTicksMs=0"}, args...), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.RegisterWithin = time.Second // shorter than the 5 s of the game, for TestRegisterTimeout
	if cfg.Replays == "" {
		cfg.Replays = t.TempDir()
	}
	log := &syncBuffer{}
	s, err := New(cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ts := &testServer{srv: s, url: "ws://" + ln.Addr().String(), http: "http://" + ln.Addr().String(), log: log, done: make(chan struct{}),
		replays: cfg.Replays}
	go func() {
		ts.err = s.Serve(ctx, ln)
		close(ts.done)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-ts.done:
		case <-time.After(10 * time.Second):
			t.Error("the server did not stop")
		}
	})
	return ts
}

func (ts *testServer) waitLog(t *testing.T, want string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(ts.log.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("the log never said %q:\n%s", want, ts.log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func dial(t *testing.T, url string) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.Dial(context.Background(), url, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadLimit(1 << 24)
	t.Cleanup(func() { c.CloseNow() })
	return c
}

func send(t *testing.T, c *websocket.Conn, msg string) {
	t.Helper()
	if err := c.Write(context.Background(), websocket.MessageText, []byte(msg)); err != nil {
		t.Fatal(err)
	}
}

// read returns the next message and -1, or, when the server closed the
// connection, its close status (0 when it sent no close frame).
func read(t *testing.T, c *websocket.Conn) (string, websocket.StatusCode) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, msg, err := c.Read(ctx)
	if err != nil {
		if ctx.Err() != nil {
			t.Fatal("nothing received within 20 s")
		}
		return "", max(websocket.CloseStatus(err), 0)
	}
	return string(msg), -1
}

// 1. A connection that does not register in time is closed.
func TestRegisterTimeout(t *testing.T) {
	ts := start(t)
	c := dial(t, ts.url)
	if msg, code := read(t, c); code != websocket.StatusNoStatusRcvd {
		t.Fatalf("got %q, status %d; want the socket closed with no status", msg, code)
	}
	ts.waitLog(t, "Client didn't registered in time, closing the connection.")
}

// 2. A token without a token map is refused.
func TestTokenWithoutMap(t *testing.T) {
	ts := start(t)
	c := dial(t, ts.url)
	send(t, c, `{"type":"REGISTER","token":"abc"}`)
	if msg, code := read(t, c); code == -1 {
		t.Fatalf("got %q", msg)
	}
	ts.waitLog(t, "You need to register using a teamName")
	if strings.Contains(ts.log.String(), "Registering new team") {
		t.Error("registered anyway")
	}
}

// 3. With a token map: the token gives the name; a team name or an unknown
// token is refused. The game starts with the team registered by token.
func TestTokenMap(t *testing.T) {
	ts := start(t, `--teamNamesByToken={"abc":"Alpha"}`, "--nbOfTeams=1", "--nbOfTicks=2", "--no-keepAlive")
	byName := dial(t, ts.url)
	send(t, byName, `{"type":"REGISTER","teamName":"Mallory"}`)
	if _, code := read(t, byName); code == -1 {
		t.Error("a registration by name was accepted")
	}
	ts.waitLog(t, "You need to register using your secret token")
	unknown := dial(t, ts.url)
	send(t, unknown, `{"type":"REGISTER","token":"xyz"}`)
	if _, code := read(t, unknown); code == -1 {
		t.Error("an unknown token was accepted")
	}
	ts.waitLog(t, "You need to specify a team name")
	alpha := dial(t, ts.url)
	send(t, alpha, `{"type":"REGISTER","token":"abc"}`)
	msg, code := read(t, alpha)
	if code != -1 || !strings.Contains(msg, `"name":"Alpha"`) {
		t.Fatalf("first TICK %q (%d)", msg, code)
	}
}

// 4. A viewer gets the welcome, then the ticks of the game.
func TestViewer(t *testing.T) {
	ts := start(t, "--nbOfTeams=1", "--nbOfTicks=3", "--no-keepAlive")
	v := dial(t, ts.url)
	send(t, v, `{"type":"VIEWER"}`)
	if msg, _ := read(t, v); msg != `{"type":"message","message":"Succesfully registered as viewer!"}` {
		t.Fatalf("welcome %q", msg)
	}
	b := dial(t, ts.url)
	send(t, b, `{"type":"REGISTER","teamName":"Solo"}`)
	go answer(b, 0)
	var ticks []string
	for {
		msg, code := read(t, v)
		if code != -1 {
			break
		}
		ticks = append(ticks, msg)
	}
	// Per tick: one message for the team's turn, one for the end of the tick.
	if len(ticks) != 6 {
		t.Fatalf("%d viewer messages, want 6", len(ticks))
	}
	if !strings.HasPrefix(ticks[0], `{"type":"tick","tick":{"teams":[{"id":"`) || !strings.Contains(ticks[0], `"playingTeamId":"`) ||
		strings.Contains(ticks[1], `"playingTeamId"`) || !strings.Contains(ticks[1], `"viewerTiles":[[`) {
		t.Errorf("viewer messages: %s\n%s", ticks[0], ticks[1])
	}
}

// A viewer that has its welcome is already among the viewers every tick
// goes to: a game starting right after the welcome cannot slip a tick past
// it.
func TestViewerListedWhenWelcomed(t *testing.T) {
	ts := start(t)
	for i := 1; i <= 20; i++ {
		v := dial(t, ts.url)
		send(t, v, `{"type":"VIEWER"}`)
		if msg, _ := read(t, v); msg != `{"type":"message","message":"Succesfully registered as viewer!"}` {
			t.Fatalf("welcome %q", msg)
		}
		ts.srv.mu.Lock()
		n := len(ts.srv.viewers)
		ts.srv.mu.Unlock()
		if n != i {
			t.Fatalf("viewer %d welcomed, %d listed", i, n)
		}
	}
}

// A viewer that sends a message that is not JSON is closed, as any socket
// of the 2022 server was (spec §5.4); other messages are ignored.
func TestViewerGarbage(t *testing.T) {
	ts := start(t)
	v := dial(t, ts.url)
	send(t, v, `{"type":"VIEWER"}`)
	read(t, v) // the welcome
	send(t, v, `{"type":"whatever"}`)
	send(t, v, `{not json`)
	if msg, code := read(t, v); code != websocket.StatusNoStatusRcvd {
		t.Fatalf("got %q, status %d; want the socket closed with no status", msg, code)
	}
	ts.waitLog(t, "Invalid message from a viewer, closing the connection: {not json")
}

// answer plays NONE for every TICK until the socket closes; it answers
// the wrong tick when skew is not 0.
func answer(c *websocket.Conn, skew int) {
	for {
		_, msg, err := c.Read(context.Background())
		if err != nil {
			return
		}
		var tick struct{ Tick int }
		json.Unmarshal(msg, &tick)
		c.Write(context.Background(), websocket.MessageText, []byte(fmt.Sprintf(`{"type":"COMMAND","tick":%d,"actions":[]}`, tick.Tick+skew)))
	}
}

// 12. At the end: sockets closed with no status and no last message; the
// ranking logged; the record and results files written; registration is
// refused while a game runs.
func TestEndOfGame(t *testing.T) {
	dir := t.TempDir()
	rec, res := filepath.Join(dir, "record.json"), filepath.Join(dir, "results.json")
	ts := start(t, "--nbOfTeams=2", "--nbOfTicks=40", "--no-keepAlive", "--recordPath", rec, "--resultsPath="+res,
		"--mapName=clearing", "--timePerTickMs=0")
	a, b := dial(t, ts.url), dial(t, ts.url)
	send(t, a, `{"type":"REGISTER","teamName":"Alpha"}`)
	ts.waitLog(t, "Registering new team Alpha")
	send(t, b, `{"type":"REGISTER","teamName":"Beta"}`)
	late := dial(t, ts.url)
	ts.waitLog(t, "starting the game")
	send(t, late, `{"type":"REGISTER","teamName":"Late"}`)
	if _, code := read(t, late); code == -1 {
		t.Error("a team joined a running game")
	}
	ts.waitLog(t, "Game already running of completed, can't add team")
	go answer(b, 0)
	var last string
	for {
		msg, code := read(t, a)
		if code != -1 {
			if code != websocket.StatusNoStatusRcvd {
				t.Errorf("closed with status %d, want none (1005)", code)
			}
			break
		}
		last = msg
		var tick struct{ Tick int }
		json.Unmarshal([]byte(msg), &tick)
		send(t, a, fmt.Sprintf(`{"type":"COMMAND","tick":%d,"actions":[]}`, tick.Tick))
	}
	if !strings.Contains(last, `"tick":39`) {
		t.Errorf("the last message was not TICK 39: %.80s", last)
	}
	// Both teams tie on every count but response time, which ranks them.
	ts.waitLog(t, "Team Alpha finished #")
	ts.waitLog(t, "Team Beta finished #")
	ts.waitLog(t, " with 0 points!")
	<-ts.done
	var results []map[string]any
	if b, err := os.ReadFile(res); err != nil || json.Unmarshal(b, &results) != nil || len(results) != 2 || results[0]["rank"] != 1.0 || results[1]["rank"] != 2.0 {
		t.Errorf("results %v: %v", results, err)
	}
	var record []map[string]any
	if b, err := os.ReadFile(rec); err != nil || json.Unmarshal(b, &record) != nil || len(record) != 40*3 {
		t.Errorf("record: %d entries (%v)", len(record), err)
	}
}

// Keep-alive: a new game after each one, with seed+1.
func TestKeepAlive(t *testing.T) {
	ts := start(t, "--nbOfTeams=1", "--nbOfTicks=2")
	for k := 1; k <= 2; k++ {
		c := dial(t, ts.url)
		send(t, c, `{"type":"REGISTER","teamName":"Again"}`)
		answer(c, 0)
		ts.waitLog(t, fmt.Sprintf("Game %d (seed %d)", k+1, 5+k))
	}
}

// The game starts after gameStartTimeoutMs with the teams registered; the
// units per team stay those of the expected team count.
func TestAutoStart(t *testing.T) {
	ts := start(t, "--nbOfTeams=4", "--gameStartTimeoutMs=300", "--nbOfTicks=1", "--mapName=canopy", "--no-keepAlive")
	c := dial(t, ts.url)
	send(t, c, `{"type":"REGISTER","teamName":"Early"}`)
	msg, _ := read(t, c)
	var tick struct {
		Teams []struct{ Units []json.RawMessage }
	}
	json.Unmarshal([]byte(msg), &tick)
	if len(tick.Teams) != 1 || len(tick.Teams[0].Units) != 2 {
		t.Errorf("%d teams, units %v", len(tick.Teams), tick.Teams)
	}
	ts.waitLog(t, "Starting the game automatically after waiting for 300 ms with 1 teams.")
}

// A team that answers for the wrong tick times out (with the effective
// timeout in the message), and its answers are logged.
func TestWrongTickHosted(t *testing.T) {
	ts := start(t, "--nbOfTeams=1", "--nbOfTicks=3", "--timePerTickMs=30", "--firstTicksExtraMs=20", "--no-keepAlive")
	c := dial(t, ts.url)
	send(t, c, `{"type":"REGISTER","teamName":"Skewed"}`)
	read(t, c) // TICK 0
	send(t, c, `{"type":"COMMAND","tick":99,"actions":[]}`)
	msg, _ := read(t, c) // TICK 1
	if !strings.Contains(msg, `"errors":["No command was received in time on tick 0. Timeout value : 50"]`) {
		t.Errorf("TICK 1: %s", msg)
	}
	ts.waitLog(t, "Skewed: Invalid tick number received: 99")
}

// Arena's viewer on plain HTTP: its pages; the game in progress, live;
// finished games in the list.
func TestArenaViewer(t *testing.T) {
	ts := start(t, "--nbOfTeams=1", "--nbOfTicks=2", "--timePerTickMs=0")
	get := func(path string) (int, string, string) {
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := client.Get(ts.http + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Location"), string(body)
	}
	if code, _, page := get("/"); code != 200 || !strings.Contains(page, "<html") {
		t.Errorf("GET / before a game: %d %.100s", code, page)
	}
	c := dial(t, ts.url)
	send(t, c, `{"type":"REGISTER","teamName":"Shown"}`)
	read(t, c) // TICK 0; no answer yet, and no time limit: the game waits
	code, loc, _ := get("/")
	if code != http.StatusFound || !strings.HasPrefix(loc, "/match/") {
		t.Fatalf("GET / during a game: %d to %q", code, loc)
	}
	id := strings.TrimPrefix(loc, "/match/")
	if _, _, list := get("/api/matches"); !strings.Contains(list, id) || !strings.Contains(list, `"live":true`) {
		t.Errorf("the game in progress is not listed: %s", list)
	}
	lv := dial(t, ts.url+"/api/matches/"+id+"/live")
	if first, _ := read(t, lv); !strings.HasPrefix(first, `{"type":"replay",`) || !strings.Contains(first, `"replay":{`) {
		t.Errorf("live stream starts with %.80s", first)
	}
	send(t, c, `{"type":"COMMAND","tick":0,"actions":[]}`)
	go answer(c, 0)
	if turn, _ := read(t, lv); !strings.HasPrefix(turn, `{"type":"turn"`) {
		t.Errorf("then %.80s", turn)
	}
	ts.waitLog(t, "Team Shown finished #1")
	ts.waitLog(t, "Game 2 (seed 6)")
	if _, _, list := get("/api/matches"); !strings.Contains(list, id) || strings.Contains(list, `"live":true`) {
		t.Errorf("the finished game is not listed: %s", list)
	}
	if code, _, _ := get("/api/matches/" + id); code != 200 {
		t.Errorf("the finished game's replay: %d", code)
	}
}

// The Go kit and the JavaScript kit play a whole game against the hosted
// server, unchanged: by team name, at the address in ARENA_WS_URL.
func TestKitsAgainstHost(t *testing.T) {
	js := jungletest.JSKit(t)
	gk := jungletest.GoKit(t)
	playHosted(t, []string{"MyBot JavaScript", "MyGoBot"}, []string{"node", js}, []string{gk})
}

// The Python, Rust and C++ kits, WebSocket clients as the 2022 kits were,
// play a whole game against the hosted server the same way.
func TestMoreKitsAgainstHost(t *testing.T) {
	py := jungletest.PythonKit(t)
	rs := jungletest.RustKit(t)
	cc := jungletest.CppKit(t)
	playHosted(t, []string{"MyBot Python", "MyBot Rust", "MyBot C++"}, py, []string{rs}, []string{cc})
}

// playHosted starts a server for as many teams as argvs, then the kits,
// which register by name (no TOKEN) at ARENA_WS_URL; each team named must
// finish, each kit exit at the end, none disconnect, and the game replay.
func playHosted(t *testing.T, names []string, argvs ...[]string) {
	t.Helper()
	// a patient clock: the subject is that every kit answers, not speed
	ts := start(t, fmt.Sprintf("--nbOfTeams=%d", len(argvs)), "--no-keepAlive", "--delayBetweenTicksMs=1", "--mapName=mangrove",
		"--timePerTickMs=2000")
	env := append(os.Environ(), "ARENA_WS_URL="+ts.url, "TOKEN=")
	var procs []*exec.Cmd
	outs := make([]*syncBuffer, len(argvs))
	for i, argv := range argvs {
		outs[i] = &syncBuffer{}
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = env
		cmd.Stdout, cmd.Stderr = outs[i], outs[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		procs = append(procs, cmd)
		t.Cleanup(func() { cmd.Process.Kill() })
	}
	for _, n := range names {
		ts.waitLog(t, "Team "+n+" finished #")
	}
	for i, p := range procs {
		done := make(chan error, 1)
		go func() { done <- p.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: %v\n%s", p.Path, err, lastLines(outs[i].String()))
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%s did not exit when the server closed its socket\n%s", p.Path, lastLines(outs[i].String()))
		}
	}
	if strings.Contains(ts.log.String(), "disconnected") {
		t.Errorf("a kit disconnected during the game:\n%s", lastLines(ts.log.String()))
	}
	// The hosted game replays like any match.
	<-ts.done
	files, _ := filepath.Glob(filepath.Join(ts.replays, "*.json.gz"))
	if len(files) != 1 {
		t.Fatalf("replays saved: %v", files)
	}
	rep, err := replay.Load(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Turns) != 300 {
		t.Errorf("%d turns", len(rep.Turns))
	}
	for seat, p := range rep.Result.Players {
		answered := 0
		for _, tr := range rep.Turns {
			if tr.Replies[seat].Status == game.Answered {
				answered++
			}
		}
		if answered < 290 {
			t.Errorf("%s answered %d of %d ticks", p.Name, answered, len(rep.Turns))
		}
	}
	if err := match.Verify(rep); err != nil {
		t.Error(err)
	}
}

func lastLines(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-15):], "\n")
}
