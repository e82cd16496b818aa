package bot

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

// httpTestProtocol is an HTTP protocol like territory's: messages ending in
// " FINAL" are the farewell, and the body is the message without its
// last word.
var httpTestProtocol = game.HTTPProtocol{
	StatusPath: "/status/", ReadyBody: "true", Poll: 50 * time.Millisecond, Within: 2 * time.Second,
	MovePath: "/move/", FinalPath: "/final/", ContentType: "application/json",
	Request: func(msg []byte) ([]byte, bool) {
		s := string(msg)
		i := strings.LastIndexByte(s, ' ')
		return []byte(s[:i]), s[i+1:] == "FINAL"
	},
	Answer: func(status int, body []byte, err error) (string, error) {
		if err != nil {
			return "", err
		}
		if status >= 500 {
			return "", fmt.Errorf("status %d", status)
		}
		return fmt.Sprintf("%d %s", status, body), nil
	},
}

type httpSeen struct {
	method, path, ctype, body string
}

type fakeHTTPBot struct {
	mu      sync.Mutex
	reqs    []httpSeen
	polls   int
	readyAt int // the poll that first says ready
	delay   time.Duration
}

func (f *fakeHTTPBot) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.reqs = append(f.reqs, httpSeen{r.Method, r.URL.Path, r.Header.Get("Content-Type"), string(b)})
	delay := f.delay
	if r.URL.Path == "/status/" {
		f.polls++
		ready := f.polls >= f.readyAt
		f.mu.Unlock()
		if ready {
			io.WriteString(w, "  TRUE\n")
		} else {
			io.WriteString(w, "false")
		}
		return
	}
	f.mu.Unlock()
	if strings.HasPrefix(string(b), "slow") {
		delay = 300 * time.Millisecond
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
	}
	io.WriteString(w, "echo "+string(b))
}

func (f *fakeHTTPBot) all() []httpSeen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]httpSeen(nil), f.reqs...)
}

func startHTTPBot(t *testing.T, f *fakeHTTPBot) *HTTP {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	h := &HTTP{Protocol: httpTestProtocol, URL: srv.URL + "/"}
	if err := h.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close(time.Second) })
	return h
}

func nextHTTPLine(t *testing.T, h *HTTP, wait time.Duration) (Line, bool) {
	t.Helper()
	select {
	case l, ok := <-h.Lines():
		return l, ok
	case <-time.After(wait):
		return Line{}, false
	}
}

func TestHTTPReadinessAndMoves(t *testing.T) {
	f := &fakeHTTPBot{readyAt: 3}
	start := time.Now()
	h := startHTTPBot(t, f)
	if f.polls != 3 || time.Since(start) < 90*time.Millisecond {
		t.Errorf("ready after %d polls in %v; want the third, 50 ms apart", f.polls, time.Since(start))
	}
	if err := h.Send([]byte(`{"a":1} TURN`), time.Now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	l, ok := nextHTTPLine(t, h, 2*time.Second)
	if !ok || l.Text != `200 echo {"a":1}` {
		t.Fatalf("line %q (%v)", l.Text, ok)
	}
	reqs := f.all()
	last := reqs[len(reqs)-1]
	if last != (httpSeen{"POST", "/move/", "application/json", `{"a":1}`}) {
		t.Errorf("request %+v", last)
	}
	if err := h.Send([]byte(`{"end":1} FINAL`), time.Now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	reqs = f.all()
	if last := reqs[len(reqs)-1]; last != (httpSeen{"PUT", "/final/", "application/json", `{"end":1}`}) {
		t.Errorf("farewell %+v", last)
	}
	if _, ok := nextHTTPLine(t, h, 100*time.Millisecond); ok {
		t.Errorf("the farewell's reply must not become a line")
	}
	if _, ok := h.CPU(); ok {
		t.Errorf("a bot reached by URL has no CPU figure")
	}
}

func TestHTTPCancelAbandonsTheRequest(t *testing.T) {
	f := &fakeHTTPBot{readyAt: 1, delay: 300 * time.Millisecond}
	h := startHTTPBot(t, f)
	h.Send([]byte("first TURN"), time.Now().Add(time.Second))
	time.Sleep(50 * time.Millisecond)
	h.Cancel()
	if l, ok := nextHTTPLine(t, h, 500*time.Millisecond); ok {
		t.Fatalf("an abandoned request delivered %q", l.Text)
	}
	f.mu.Lock()
	f.delay = 0
	f.mu.Unlock()
	h.Send([]byte("second TURN"), time.Now().Add(time.Second))
	if l, ok := nextHTTPLine(t, h, time.Second); !ok || l.Text != "200 echo second" {
		t.Errorf("after a cancel: %q %v", l.Text, ok)
	}
	// A new prompt also abandons a request still in flight.
	h.Send([]byte("slow TURN"), time.Now().Add(time.Second))
	time.Sleep(20 * time.Millisecond)
	h.Send([]byte("fast TURN"), time.Now().Add(time.Second))
	if l, ok := nextHTTPLine(t, h, time.Second); !ok || l.Text != "200 echo fast" {
		t.Errorf("got %q %v, want the fast reply only", l.Text, ok)
	}
	if l, ok := nextHTTPLine(t, h, 500*time.Millisecond); ok {
		t.Errorf("the abandoned slow reply arrived: %q", l.Text)
	}
}

func TestHTTPNeverReady(t *testing.T) {
	f := &fakeHTTPBot{readyAt: 1 << 30}
	srv := httptest.NewServer(f)
	defer srv.Close()
	p := httpTestProtocol
	// A second: on a loaded machine a poll of a local server can take
	// a few hundred milliseconds, and the error must show a reply.
	p.Within = time.Second
	h := &HTTP{Protocol: p, URL: srv.URL}
	err := h.Start(context.Background())
	if err == nil || !strings.Contains(err.Error(), "not ready after 1s") || !strings.Contains(err.Error(), `"false"`) {
		t.Fatalf("error %v", err)
	}
	for _, r := range f.all() {
		if r.method != "GET" {
			t.Errorf("a bot never ready got %s %s", r.method, r.path)
		}
	}
	// Nothing listening at all.
	h = &HTTP{Protocol: p, URL: "http://127.0.0.1:1"}
	if err := h.Start(context.Background()); err == nil || !strings.Contains(err.Error(), "not ready") {
		t.Errorf("error %v", err)
	}
}

// The last poll of the wait is cut short by its end: on a loaded machine
// it often has no reply in time. That says nothing about the bot, so the
// error keeps what the earlier polls got (here "false") rather than the cut
// poll's "context deadline exceeded".
func TestHTTPNotReadyKeepsTheLastReply(t *testing.T) {
	var mu sync.Mutex
	polls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		polls++
		n := polls
		mu.Unlock()
		if n > 1 {
			<-r.Context().Done() // hangs until the client gives up
			return
		}
		io.WriteString(w, "false")
	}))
	defer srv.Close()
	p := httpTestProtocol
	p.Within = time.Second
	h := &HTTP{Protocol: p, URL: srv.URL}
	err := h.Start(context.Background())
	if err == nil || !strings.Contains(err.Error(), `body "false"`) {
		t.Fatalf("error %v, want the reply of the first poll", err)
	}
}

// A command is started with PORT set; its stdout is a log, not answers;
// when it exits, its answers end.
func TestHTTPCommand(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "bot.py")
	os.WriteFile(script, []byte(`
import os, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
class H(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(b"true")
    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        print("got", body.decode(), flush=True)
        self.send_response(200); self.end_headers(); self.wfile.write(b"ok " + body)
        self.wfile.flush()
        if body == b"bye":
            print("leaving", file=sys.stderr, flush=True)
            os._exit(4)
    def log_message(self, *a): pass
print("port", os.environ["PORT"], flush=True)
HTTPServer(("127.0.0.1", int(os.environ["PORT"])), H).serve_forever()
`), 0o644)
	// Timing is not the subject: a Python start-up takes seconds on a
	// loaded machine, and the limits are patient (an answer comes at once
	// on a quiet one, so the test does not wait for them).
	p := httpTestProtocol
	p.Within = DefaultHTTPWithin
	h := &HTTP{Protocol: p, Argv: []string{"python3", script}}
	if err := h.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer h.Close(time.Second)
	h.Send([]byte("hello TURN"), time.Now().Add(10*time.Second))
	if l, ok := nextHTTPLine(t, h, 20*time.Second); !ok || l.Text != "200 ok hello" {
		t.Fatalf("line %q %v", l.Text, ok)
	}
	h.Send([]byte("bye TURN"), time.Now().Add(10*time.Second))
	deadline := time.After(20 * time.Second)
	for done := false; !done; {
		select {
		case _, ok := <-h.Lines():
			done = !ok
		case <-deadline:
			t.Fatal("the answers did not end when the process exited")
		}
	}
	e, ok := h.Exit(10 * time.Second)
	if !ok || e.Code != 4 {
		t.Errorf("exit %+v %v", e, ok)
	}
	time.Sleep(50 * time.Millisecond)
	out, _ := h.Stderr()
	if !strings.Contains(string(out), "leaving") || !strings.Contains(string(out), "port ") || !strings.Contains(string(out), "got hello") {
		t.Errorf("log %q", out)
	}
	if _, ok := h.CPU(); !ok {
		t.Errorf("a local process has a CPU figure")
	}
}

func TestHTTPCommandThatExitsBeforeReady(t *testing.T) {
	p := httpTestProtocol
	p.Within = DefaultHTTPWithin // the exit ends the wait, however slow the start
	h := &HTTP{Protocol: p, Argv: []string{"sh", "-c", "echo broken >&2; exit 2"}}
	err := h.Start(context.Background())
	if err == nil || !strings.Contains(err.Error(), "ended before it was ready") || !strings.Contains(err.Error(), "broken") {
		t.Errorf("error %v", err)
	}
}

func TestHTTPSpecs(t *testing.T) {
	info := game.Info{Name: "g", HTTP: &httpTestProtocol}
	for _, c := range []struct{ spec, url, argv string }{
		{"http:python3 bot.py", "", "python3 bot.py"},
		{"me=http://127.0.0.1:3000", "http://127.0.0.1:3000", ""},
	} {
		s, err := ParseSpec(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		open, err := Open(info, s, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		b, err := open()
		if err != nil {
			t.Fatal(err)
		}
		h, ok := b.(*HTTP)
		if !ok || h.URL != c.url || strings.Join(h.Argv, " ") != c.argv {
			t.Errorf("%s: %#v", c.spec, b)
		}
	}
	s, _ := ParseSpec("http:./bot")
	open, err := Open(game.Info{Name: "plain"}, s, 0, 0)
	if err == nil {
		_, err = open()
	}
	if err == nil || !strings.Contains(err.Error(), "not HTTP servers") {
		t.Errorf("a game without an HTTP protocol: %v", err)
	}
}

// A redirect is the bot's reply, not a pointer to follow: the game sees its
// status (territory's §6.2: only a 200 is an answer), and a status page
// that redirects is not a ready bot.
func TestHTTPRedirectIsTheReply(t *testing.T) {
	var mu sync.Mutex
	var followed []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/status/", "/move/":
			http.Redirect(w, r, "/elsewhere"+r.URL.Path, http.StatusTemporaryRedirect)
		default:
			mu.Lock()
			followed = append(followed, r.Method+" "+r.URL.Path)
			mu.Unlock()
			io.WriteString(w, "true")
		}
	}))
	defer srv.Close()
	p := httpTestProtocol
	p.Within = time.Second // time for a poll on a loaded machine
	h := &HTTP{Protocol: p, URL: srv.URL}
	if err := h.Start(context.Background()); err == nil || !strings.Contains(err.Error(), "status 307") {
		t.Errorf("a status page that redirects: %v, want not ready (status 307)", err)
	}
	h = &HTTP{Protocol: httpTestProtocol, URL: srv.URL}
	h.Protocol.StatusPath = "/ready/"
	if err := h.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer h.Close(time.Second)
	h.Send([]byte(`{"a":1} TURN`), time.Now().Add(time.Second))
	if l, ok := nextHTTPLine(t, h, 2*time.Second); !ok || !strings.HasPrefix(l.Text, "307 ") {
		t.Errorf("line %q (%v), want the 307 itself", l.Text, ok)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, f := range followed {
		if f != "GET /ready/" {
			t.Errorf("the client followed a redirect: %s", f)
		}
	}
}

// A reply completed after the request's deadline is no answer, even when
// the runner has not yet abandoned the request (a stalled machine): over
// HTTP the deadline is the bot's, not the runner's reaction time.
func TestHTTPReplyAfterTheDeadlineIsDropped(t *testing.T) {
	f := &fakeHTTPBot{readyAt: 1, delay: 300 * time.Millisecond}
	h := startHTTPBot(t, f)
	h.Send([]byte("late TURN"), time.Now().Add(100*time.Millisecond))
	if l, ok := nextHTTPLine(t, h, time.Second); ok {
		t.Fatalf("a reply after the deadline became the answer %q", l.Text)
	}
	f.mu.Lock()
	f.delay = 0
	f.mu.Unlock()
	h.Send([]byte("next TURN"), time.Now().Add(time.Second))
	if l, ok := nextHTTPLine(t, h, time.Second); !ok || l.Text != "200 echo next" {
		t.Errorf("the next request: %q %v", l.Text, ok)
	}
}

// Close leaves no connection open to a bot reached by URL: it keeps
// listening after the match, and a connection kept alive for the next
// request would hold a descriptor and two goroutines of Arena's for good.
func TestHTTPCloseClosesConnections(t *testing.T) {
	var mu sync.Mutex
	open := map[net.Conn]bool{}
	srv := httptest.NewUnstartedServer(&fakeHTTPBot{readyAt: 1})
	srv.Config.ConnState = func(c net.Conn, s http.ConnState) {
		mu.Lock()
		defer mu.Unlock()
		switch s {
		case http.StateNew:
			open[c] = true
		case http.StateClosed, http.StateHijacked:
			delete(open, c)
		}
	}
	srv.Start()
	defer srv.Close()
	h := &HTTP{Protocol: httpTestProtocol, URL: srv.URL}
	if err := h.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.Send([]byte("move TURN"), time.Now().Add(time.Second))
	if _, ok := nextHTTPLine(t, h, 2*time.Second); !ok {
		t.Fatal("no answer")
	}
	h.Close(time.Second)
	deadline := time.Now().Add(2 * time.Second)
	for {
		mu.Lock()
		n := len(open)
		mu.Unlock()
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d connections still open after Close", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A reply the game's Answer refuses reaches the referee as a Failed line
// holding why, and a reply it accepts as a plain line: the referee tells
// the transport's account from the bot's text by the flag, not the words.
// Without an Answer, only a 200's body is an answer.
func TestHTTPFailureIsMarked(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		switch {
		case r.URL.Path == "/status/":
			io.WriteString(w, "true")
		case string(b) == "fail":
			http.Error(w, "boom", http.StatusInternalServerError)
		default:
			io.WriteString(w, "status 500")
		}
	}))
	defer srv.Close()
	for _, answer := range []bool{true, false} {
		p := httpTestProtocol
		if !answer {
			p.Answer = nil
		}
		h := &HTTP{Protocol: p, URL: srv.URL}
		if err := h.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		want := []game.Line{{Text: "status 500", Failed: true}, {Text: "200 status 500"}}
		if !answer {
			want = []game.Line{{Text: "HTTP error: status 500 Internal Server Error", Failed: true}, {Text: "status 500"}}
		}
		for i, msg := range []string{"fail TURN", "ok TURN"} {
			h.Send([]byte(msg), time.Now().Add(5*time.Second))
			if l, ok := nextHTTPLine(t, h, 5*time.Second); !ok || l.Line != want[i] {
				t.Errorf("Answer %v, %q: line %+v (%v), want %+v", answer, msg, l.Line, ok, want[i])
			}
		}
		h.Close(time.Second)
	}
}

// A bot started by Arena that listens elsewhere than $PORT is told so:
// nothing listens where Arena calls it.
func TestHTTPBotThatIgnoresPort(t *testing.T) {
	p := httpTestProtocol
	p.Within = time.Second
	h := &HTTP{Protocol: p, Argv: []string{"sh", "-c", "exec sleep 30"}}
	err := h.Start(context.Background())
	defer h.Close(time.Second)
	if err == nil || !strings.Contains(err.Error(), "not ready after 1s") || !strings.Contains(err.Error(), "PORT environment variable") {
		t.Fatalf("error %v, want the port hint", err)
	}
}
