package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

const startBody = `{"game":"sum","bots":["builtin:count","builtin:seeded"],"options":["turns=3"]}`

// request sends one request to the server's handler as a browser (or an
// attacker's script) would, with the given headers.
func request(t *testing.T, h http.Handler, method, url, body string, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, url, strings.NewReader(body))
	r.Host = "localhost:8080"
	for k, v := range hdr {
		if k == "Host" {
			r.Host = v
			continue
		}
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func (s *Server) runningCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.running)
}

// Cross-site requests start nothing: a page on another origin posting a
// "simple request" (text/plain, a form, multipart), a JSON post that says
// it comes from another site, and any request under a host name the
// server does not answer for (DNS rebinding) are all refused.
func TestCrossSiteStartsRefused(t *testing.T) {
	s := &Server{Replays: t.TempDir(), AllowCommands: true, Cores: 8}
	defer s.Close()
	h := s.Handler()
	evil := "http://evil.example"
	cases := []struct {
		name string
		body string
		hdr  map[string]string
		code int
	}{
		{"text/plain from another origin", startBody, map[string]string{"Content-Type": "text/plain", "Origin": evil, "Sec-Fetch-Site": "cross-site"}, 415},
		{"text/plain without Origin", startBody, map[string]string{"Content-Type": "text/plain;charset=UTF-8"}, 415},
		{"form encoding", "game=sum&bots=builtin:count", map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": evil}, 415},
		{"multipart form", "--x\r\n\r\n" + startBody + "\r\n--x--", map[string]string{"Content-Type": "multipart/form-data; boundary=x", "Origin": evil}, 415},
		{"no content type", startBody, nil, 415},
		{"JSON from another origin", startBody, map[string]string{"Content-Type": "application/json", "Origin": evil}, 403},
		{"JSON from another site", startBody, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403},
		{"JSON from a sibling subdomain", startBody, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-site", "Origin": "http://other.localhost:8080"}, 403},
		{"rebinding Host", startBody, map[string]string{"Content-Type": "application/json", "Host": "evil.example:8080", "Origin": "http://evil.example:8080", "Sec-Fetch-Site": "same-origin"}, 421},
		{"rebinding Host without port", startBody, map[string]string{"Content-Type": "application/json", "Host": "evil.example"}, 421},
	}
	for _, c := range cases {
		w := request(t, h, "POST", "/api/matches", c.body, c.hdr)
		if w.Code != c.code {
			t.Errorf("%s: status %d (%s), want %d", c.name, w.Code, strings.TrimSpace(w.Body.String()), c.code)
		}
		if n := s.runningCount(); n != 0 {
			t.Fatalf("%s: %d matches started", c.name, n)
		}
	}
	// A rebinding page cannot read the answers either.
	for _, path := range []string{"/api/matches", "/api/games", "/", "/match/x"} {
		if w := request(t, h, "GET", path, "", map[string]string{"Host": "evil.example:8080"}); w.Code != 421 {
			t.Errorf("GET %s under a foreign Host: status %d", path, w.Code)
		}
	}
	// The server's own page, and a non-browser client, still start matches.
	for _, hdr := range []map[string]string{
		{"Content-Type": "application/json", "Origin": "http://localhost:8080", "Sec-Fetch-Site": "same-origin"},
		{"Content-Type": "application/json; charset=utf-8"},
		{"Content-Type": "application/json", "Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080"},
		{"Content-Type": "application/json", "Host": "[::1]:8080"},
	} {
		if w := request(t, h, "POST", "/api/matches", startBody, hdr); w.Code != 201 {
			t.Errorf("same-origin start %v: %d %s", hdr, w.Code, w.Body)
		}
	}
}

// --host adds the names an exposed server is reached by; "*" any name.
func TestHostAllowList(t *testing.T) {
	s := &Server{Replays: t.TempDir(), Hosts: []string{"Arena.Example.org"}}
	defer s.Close()
	h := s.Handler()
	for host, want := range map[string]int{
		"arena.example.org": 200, "arena.example.org.:80": 200, "ARENA.EXAMPLE.ORG:8080": 200,
		"localhost": 200, "x.localhost:1": 200, "192.168.1.20:8080": 200, "[fe80::1]:8080": 200,
		"example.org": 421, "arena.example.org.evil.example": 421, "": 421, "localhost.evil.example": 421,
	} {
		if w := request(t, h, "GET", "/api/matches", "", map[string]string{"Host": host}); w.Code != want {
			t.Errorf("Host %q: %d, want %d", host, w.Code, want)
		}
	}
	any := &Server{Replays: t.TempDir(), Hosts: []string{"*"}}
	defer any.Close()
	if w := request(t, any.Handler(), "GET", "/api/matches", "", map[string]string{"Host": "whatever.example"}); w.Code != 200 {
		t.Errorf("Hosts * refused a name: %d", w.Code)
	}
}

// Every answer carries the headers that keep the pages from running
// injected or framed script and from being sniffed as another type.
func TestSecurityHeaders(t *testing.T) {
	_, ts := newServer(t, false)
	for _, path := range []string{"/", "/match/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E", "/player.js", "/api/matches", "/api/matches/nope"} {
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		h := res.Header
		c := h.Get("Content-Security-Policy")
		if !strings.Contains(c, "script-src 'self';") || !strings.Contains(c, "frame-ancestors 'none'") || strings.Contains(c, "unsafe") {
			t.Errorf("%s: CSP %q", path, c)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", path, h)
		}
	}
}

// A body larger than the API takes is refused before it is read whole.
func TestStartBodyLimit(t *testing.T) {
	s := &Server{Replays: t.TempDir()}
	defer s.Close()
	big := `{"game":"sum","bots":["builtin:count"],"options":["x=` + strings.Repeat("a", 2<<20) + `"]}`
	w := request(t, s.Handler(), "POST", "/api/matches", big, map[string]string{"Content-Type": "application/json"})
	if w.Code != 413 {
		t.Errorf("a 2 MB body: %d %.200s", w.Code, w.Body)
	}
}

// A page of another site cannot open the live stream (the WebSocket
// handshake checks the Origin), nor reach it under a rebinding name.
func TestStreamCrossOrigin(t *testing.T) {
	s, ts := newServer(t, false)
	record(t, s.Replays, "m", 1)
	url := "ws" + strings.TrimPrefix(ts.URL, "http") + "/api/matches/m/live"
	for _, hdr := range []http.Header{
		{"Origin": {"http://evil.example"}},
		{"Origin": {"http://evil.example"}, "Host": {"evil.example"}},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		opts := &websocket.DialOptions{HTTPHeader: hdr}
		if h := hdr.Get("Host"); h != "" {
			opts.Host = h
		}
		c, res, err := websocket.Dial(ctx, url, opts)
		cancel()
		if err == nil {
			c.CloseNow()
			t.Errorf("%v: the stream opened", hdr)
			continue
		}
		if res == nil || (res.StatusCode != 403 && res.StatusCode != 421) {
			t.Errorf("%v: %v", hdr, err)
		}
	}
	if n := s.openStreams(); n != 0 {
		t.Errorf("%d stream slots held by refused sockets", n)
	}
}

// An IPv6 client counts by its /64: a fresh address of the same network
// draws from the same start bucket and stream count.
func TestClientAddrIPv6Network(t *testing.T) {
	for _, c := range []struct{ remote, want string }{
		{"192.0.2.7:5000", "192.0.2.7"},
		{"[::ffff:192.0.2.7]:5000", "192.0.2.7"},
		{"[2001:db8:1:2::1]:5000", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:aaaa:bbbb:cccc:dddd]:6000", "2001:db8:1:2::/64"},
		{"[2001:db8:1:3::1]:5000", "2001:db8:1:3::/64"},
		{"[fe80::1%eth0]:5000", "fe80::/64"},
		{"pipe", "pipe"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		if got := clientAddr(r); got != c.want {
			t.Errorf("clientAddr(%q) = %q, want %q", c.remote, got, c.want)
		}
	}
}
