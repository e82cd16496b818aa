package bot

import (
	"context"
	"encoding/json"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/game"
)

// The test binary doubles as a WebSocket bot: with WSBOT set it connects to
// $WSBOT_URL, registers as its mode says, and echoes every message.
func TestMain(m *testing.M) {
	if mode := os.Getenv("WSBOT"); mode != "" {
		wsClient(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func wsClient(mode string) {
	if mode == "exit" {
		os.Exit(3)
	}
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, os.Getenv("WSBOT_URL"), nil)
	if err != nil {
		os.Exit(4)
	}
	reg := `{"type":"REGISTER","token":"` + os.Getenv("WSBOT_TOKEN") + `"}`
	switch mode {
	case "name":
		reg = `{"type":"REGISTER","teamName":"named"}`
	case "badtoken":
		reg = `{"type":"REGISTER","token":"not-mine"}`
	case "silent":
		time.Sleep(10 * time.Second)
	}
	c.Write(ctx, websocket.MessageText, []byte(reg))
	switch mode {
	case "early":
		c.Write(ctx, websocket.MessageText, []byte(`{"early":true}`))
	case "earlygarbage":
		c.Write(ctx, websocket.MessageText, []byte("{not json"))
	}
	for n := 0; ; n++ {
		_, msg, err := c.Read(ctx)
		if err != nil {
			if mode == "badtoken" {
				os.Stdout.WriteString("refused: " + err.Error() + "\n")
				os.Exit(5)
			}
			return
		}
		switch {
		case mode == "flood":
			for i := range 2000 {
				c.Write(ctx, websocket.MessageText, []byte(`{"flood":`+strconv.Itoa(i)+`}`))
			}
		case mode == "garbage" && n == 1:
			c.Write(ctx, websocket.MessageText, []byte("{not json"))
		case mode == "one":
			c.Write(ctx, websocket.MessageText, []byte("1"))
			if mark := os.Getenv("WSBOT_SENT"); mark != "" && n == 1 {
				// The second answer is in Arena's socket by now.
				os.WriteFile(mark, nil, 0o600)
			}
		case mode == "late" && n == 1:
			// The second prompt is answered 3 s late.
			time.Sleep(3 * time.Second)
			c.Write(ctx, websocket.MessageText, []byte("1"))
		case mode == "late":
			c.Write(ctx, websocket.MessageText, []byte("1"))
		case mode == "quit" && n == 1:
			c.CloseNow()
			time.Sleep(5 * time.Second)
			return
		default:
			out, _ := json.Marshal(map[string]string{"echo": string(msg)})
			c.Write(ctx, websocket.MessageText, out)
		}
	}
}

var testProtocol = game.WebSocketProtocol{
	Port: 0, TokenEnv: "WSBOT_TOKEN", URLEnv: "WSBOT_URL", RegisterWithin: time.Second,
	Register: func(msg []byte) (string, string, bool) {
		var r struct{ Type, Token, TeamName string }
		if json.Unmarshal(msg, &r) != nil || r.Type != "REGISTER" {
			return "", "", false
		}
		return r.Token, r.TeamName, r.Token != "" || r.TeamName != ""
	},
	Valid: json.Valid,
}

func wsBot(t *testing.T, mode string) *WebSocketBot {
	t.Helper()
	b := &WebSocketBot{Argv: []string{os.Args[0]}, Env: []string{"WSBOT=" + mode}, Protocol: testProtocol}
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close(time.Second) })
	return b
}

// startErr starts a bot that is expected not to register, and returns why
// Start failed.
func startErr(t *testing.T, ctx context.Context, mode string, within time.Duration) error {
	t.Helper()
	p := testProtocol
	p.StartWithin = within
	b := &WebSocketBot{Argv: []string{os.Args[0]}, Env: []string{"WSBOT=" + mode}, Protocol: p}
	err := b.Start(ctx)
	if err == nil {
		b.Close(0)
		t.Fatal("Start succeeded")
	}
	if _, ok := b.proc.Exit(5 * time.Second); !ok {
		t.Error("the process was left running")
	}
	return err
}

func nextLine(t *testing.T, b Bot) (Line, bool) {
	t.Helper()
	select {
	case l, ok := <-b.Lines():
		return l, ok
	case <-time.After(10 * time.Second):
		t.Fatal("no line within 10 s")
	}
	return Line{}, false
}

func TestWebSocketTokenRegistration(t *testing.T) {
	b := wsBot(t, "echo")
	for i, msg := range []string{`{"n":1}`, `{"n":2}`} {
		if err := b.Send([]byte(msg), time.Now().Add(10*time.Second)); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
		l, ok := nextLine(t, b)
		want, _ := json.Marshal(map[string]string{"echo": msg})
		if !ok || l.Text != string(want) {
			t.Fatalf("got %q (%v), want %s", l.Text, ok, want)
		}
	}
	if e := b.Close(2 * time.Second); e.Code != 0 || e.Killed {
		t.Errorf("the bot should exit by itself when the socket closes: %s", e)
	}
}

// Two bots share one server; a bot that ignores its token registers by
// name and takes the seat that has waited longest.
func TestWebSocketNameRegistration(t *testing.T) {
	a := wsBot(t, "echo")
	b := wsBot(t, "name")
	for _, bt := range []*WebSocketBot{a, b} {
		if err := bt.Send([]byte(`{"hi":1}`), time.Now().Add(10*time.Second)); err != nil {
			t.Fatal(err)
		}
		if _, ok := nextLine(t, bt); !ok {
			t.Fatal("no answer")
		}
	}
	if a.hub != b.hub {
		t.Error("two bots of one process use two servers")
	}
}

// A registration with someone else's token is refused: the socket closes,
// and the seat never registers: the bot did not start.
func TestWebSocketRefusedRegistration(t *testing.T) {
	err := startErr(t, context.Background(), "badtoken", 10*time.Second)
	// The client saw its socket closed (exit 5) and said so on stdout.
	if !strings.Contains(err.Error(), "exited before it registered (exited with status 5)") || !strings.Contains(err.Error(), "refused") {
		t.Errorf("start: %v", err)
	}
}

// A message that is not JSON closes the connection; the bot is gone.
func TestWebSocketGarbage(t *testing.T) {
	b := wsBot(t, "garbage")
	b.Send([]byte(`{"n":0}`), time.Now().Add(10*time.Second))
	nextLine(t, b)
	b.Send([]byte(`{"n":1}`), time.Now().Add(10*time.Second))
	if l, ok := nextLine(t, b); ok {
		t.Fatalf("garbage reached the game: %q", l.Text)
	}
	e, ok := b.Exit(time.Second)
	if !ok || e.Err == nil || !strings.Contains(e.Err.Error(), "invalid message") {
		t.Errorf("exit %v %v", e, ok)
	}
}

// Messages sent before the first prompt answer nothing and are dropped.
func TestWebSocketEarlyMessage(t *testing.T) {
	b := wsBot(t, "early")
	select {
	case <-b.attached:
	case <-time.After(10 * time.Second):
		t.Fatal("the bot did not register")
	}
	time.Sleep(200 * time.Millisecond) // let the early message arrive
	b.Send([]byte(`{"n":1}`), time.Now().Add(10*time.Second))
	l, _ := nextLine(t, b)
	if strings.Contains(l.Text, "early") || b.conn.Dropped() != 1 {
		t.Errorf("first line %q, dropped %d", l.Text, b.conn.Dropped())
	}
}

// A message that is not JSON closes the connection even before the first
// prompt: the 2022 server closed any socket that sent one (spec §5.4).
func TestWebSocketEarlyGarbage(t *testing.T) {
	b := wsBot(t, "earlygarbage")
	select {
	case <-b.attached:
	case <-time.After(10 * time.Second):
		t.Fatal("the bot did not register")
	}
	if _, ok := nextLine(t, b); ok {
		t.Fatal("a line from a bot whose first message was not JSON")
	}
	// The bot exits (status 0) once its connection is closed: why it was
	// closed is still what is reported.
	if _, ok := b.proc.Exit(5 * time.Second); !ok {
		t.Fatal("the bot did not exit once its connection was closed")
	}
	e, ok := b.Exit(time.Second)
	if !ok || e.Err == nil || !strings.Contains(e.Err.Error(), "invalid message") {
		t.Errorf("exit %v %v", e, ok)
	}
}

// A bot that disconnects mid-game: its lines end.
func TestWebSocketDisconnect(t *testing.T) {
	b := wsBot(t, "quit")
	b.Send([]byte(`{"n":0}`), time.Now().Add(10*time.Second))
	nextLine(t, b)
	b.Send([]byte(`{"n":1}`), time.Now().Add(10*time.Second))
	if _, ok := nextLine(t, b); ok {
		t.Fatal("a line after the disconnection")
	}
	if e, ok := b.Exit(time.Second); !ok || e.Err == nil {
		t.Errorf("exit %v %v", e, ok)
	}
}

// A bot that exits without connecting did not start, and says how it
// ended.
func TestWebSocketExitBeforeConnecting(t *testing.T) {
	if err := startErr(t, context.Background(), "exit", 10*time.Second); !strings.Contains(err.Error(), "exited before it registered (exited with status 3)") {
		t.Errorf("start: %v", err)
	}
}

// A bot that does not register within StartWithin, multiplied by the
// match's time scale, did not start; it is ended.
func TestWebSocketSlowRegistration(t *testing.T) {
	err := startErr(t, context.Background(), "silent", 300*time.Millisecond)
	if !strings.Contains(err.Error(), "did not connect and register within 300ms") || !strings.Contains(err.Error(), "--time-scale") {
		t.Errorf("start: %v", err)
	}
	err = startErr(t, WithTimeScale(context.Background(), 2), "silent", 300*time.Millisecond)
	if !strings.Contains(err.Error(), "within 600ms") {
		t.Errorf("start, time scale 2: %v", err)
	}
}

// A bot whose messages nobody reads any more (the match is over) leaves
// no goroutine behind once closed.
func TestWebSocketCloseWithUnreadMessages(t *testing.T) {
	relays := func() int {
		buf := make([]byte, 1<<20)
		st := string(buf[:runtime.Stack(buf, true)])
		return strings.Count(st, "bot.(*WebSocketConn).read(") + strings.Count(st, "bot.(*WebSocketBot).relay(")
	}
	before := relays()
	b := wsBot(t, "flood")
	if err := b.Send([]byte(`{"n":0}`), time.Now().Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	// Let the flood fill every buffer on the way.
	for deadline := time.Now().Add(10 * time.Second); len(b.lines) < cap(b.lines); {
		if time.Now().After(deadline) {
			t.Fatalf("only %d messages arrived", len(b.lines))
		}
		time.Sleep(10 * time.Millisecond)
	}
	b.Close(time.Second)
	deadline := time.Now().Add(2 * time.Second)
	for relays() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines relaying messages left after Close (%d before)", relays(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
