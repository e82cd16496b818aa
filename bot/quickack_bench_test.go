package bot

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// splitWriter serves HTTP/1.1 the way Flask and Python's http.server do:
// the reply's header, then its body, in two writes, Nagle on.
func splitWriter(b *testing.B) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.(*net.TCPConn).SetNoDelay(false)
			go serveSplit(c)
		}
	}()
	return "http://" + l.Addr().String()
}

func serveSplit(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	for {
		req, err := http.ReadRequest(r)
		if err != nil {
			return
		}
		req.Body.Close()
		body := "true"
		c.Write([]byte("HTTP/1.1 200 OK\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n"))
		c.Write([]byte(body))
	}
}

// BenchmarkSplitReply: one request to a bot whose server writes header
// and body apart, with and without quick acknowledgements (the baseline,
// in the same run).
func BenchmarkSplitReply(b *testing.B) {
	url := splitWriter(b)
	benchQuickAck(b, "/move", func() *HTTP {
		return &HTTP{URL: url, Protocol: game.HTTPProtocol{StatusPath: "/", ReadyBody: "true"}}
	})
}

// BenchmarkFlaskBot: one move request to a 2020-style territory bot
// (Flask served by gevent, Debian's python3-flask and python3-gevent),
// with and without quick acknowledgements, in the same run. Skipped
// where they are not installed.
func BenchmarkFlaskBot(b *testing.B) {
	benchQuickAck(b, "/Consciousness/OnNextMove/", func() *HTTP { return flaskBot(b) })
}

// benchQuickAck times requests to path of the bot made by open, with
// quick acknowledgements off, then on.
func benchQuickAck(b *testing.B, path string, open func() *HTTP) {
	for _, on := range []bool{false, true} {
		b.Run("quickack="+strconv.FormatBool(on), func(b *testing.B) {
			quickAcks = on
			defer func() { quickAcks = true }()
			h := open()
			if err := h.Start(context.Background()); err != nil {
				b.Fatal(err)
			}
			defer h.Close(0)
			for b.Loop() {
				if _, _, err := h.do(context.Background(), http.MethodPost, path, []byte("{}")); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// flaskBot is the Flask + gevent bot, or a skip where the machine lacks
// them.
func flaskBot(tb testing.TB) *HTTP {
	if exec.Command("/usr/bin/python3", "-c", "import flask, gevent").Run() != nil {
		tb.Skip("no python3-flask and python3-gevent in /usr/bin/python3 (apt-get install python3-flask python3-gevent)")
	}
	script, _ := filepath.Abs("testdata/flaskbot.py")
	return &HTTP{Argv: []string{"/usr/bin/python3", script}, Protocol: game.HTTPProtocol{StatusPath: "/Consciousness/GetStatus/", ReadyBody: "true"}}
}

// TestFlaskBotAnswers: a 2020-style Flask + gevent bot is started as an
// HTTP bot and answers its move requests.
func TestFlaskBotAnswers(t *testing.T) {
	h := flaskBot(t)
	if err := h.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer h.Close(0)
	for range 3 {
		status, body, err := h.do(context.Background(), http.MethodPost, "/Consciousness/OnNextMove/", []byte("{}"))
		if err != nil || status != 200 || !strings.Contains(string(body), `"X"`) {
			t.Fatalf("move: %d %q %v", status, body, err)
		}
	}
}
