package web

import (
	"compress/gzip"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// bigReplay records a sum match and pads its bots' stderr until the
// replay is about mb megabytes, then saves it as id.json.gz.
func bigReplay(t *testing.T, dir, id string, mb int) {
	t.Helper()
	rep := playSum(t, 3, "turns=1000")
	pad := strings.Repeat("stderr of a chatty bot ", mb*1024*1024/len(rep.Turns)/23+1)
	for i := range rep.Turns {
		rep.Turns[i].Replies[0].Stderr = pad
	}
	if err := replay.Save(filepath.Join(dir, id+".json.gz"), rep); err != nil {
		t.Fatal(err)
	}
}

func heap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// dialSlow opens a viewer socket that never reads, with a small receive
// buffer: the server's writes to it block as a slow link's would.
func dialSlow(ctx context.Context, url string) (*websocket.Conn, *http.Response, error) {
	client := &http.Client{Transport: &http.Transport{DialContext: slowDialer().DialContext}}
	return websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: client})
}

// slowDialer dials with a small receive buffer, so that a connection that
// is not read blocks the server's writes as a slow link's would.
func slowDialer() *net.Dialer {
	return &net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		return c.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
	}}
}

func (s *Server) openStreams() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nstream
}

// 300 viewer sockets on a 4 MB replay: the server holds the replay once
// (not once per socket), refuses the sockets beyond its limits, and a
// match played meanwhile gives the same result as without the viewers.
func TestManyViewers(t *testing.T) {
	dir := t.TempDir()
	bigReplay(t, dir, "big", 4)
	s := &Server{Replays: dir, Cores: 4, Limits: Limits{StreamsPerClient: 1000, Streams: 256}}
	srv := &http.Server{Handler: s.Handler()}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer s.Close()
	defer srv.Close()
	base := "http://" + ln.Addr().String()
	wsURL := "ws://" + ln.Addr().String() + "/api/matches/big/live"

	before := heap()
	// A match plays while the viewers connect.
	id, err := s.Start(StartRequest{Game: "sum", Bots: []string{"builtin:count", "builtin:seeded"}, Seed: ptr(Seed(77)), Options: []string{"turns=200"}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var mu sync.Mutex
	var conns []*websocket.Conn
	refused := 0
	var wg sync.WaitGroup
	for k := 0; k < 300; k++ {
		wg.Go(func() {
			c, res, err := dialSlow(ctx, wsURL)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if res != nil && res.StatusCode == 429 {
					refused++
				} else {
					t.Errorf("dial: %v", err)
				}
				return
			}
			conns = append(conns, c)
		})
	}
	wg.Wait()
	during := heap()
	t.Logf("heap: %d MB before, %d MB with %d sockets open (%d refused)", before>>20, during>>20, len(conns), refused)
	if len(conns) != 256 || refused != 44 {
		t.Errorf("%d sockets accepted, %d refused: want 256 and 44", len(conns), refused)
	}
	// The replay is about 4 MB as JSON, 5 with its gzip; one copy per
	// socket would be a gigabyte.
	if during > before+128<<20 {
		t.Errorf("the heap grew from %d MB to %d MB with the sockets open", before>>20, during>>20)
	}
	waitSaved(t, s, id)
	got, err := replay.Load(filepath.Join(dir, id+".json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	alone := playSum(t, 77, "turns=200")
	got.StripTimings()
	alone.StripTimings()
	if !reflect.DeepEqual(got.Turns, alone.Turns) || !reflect.DeepEqual(got.Result, alone.Result) {
		t.Error("the match played among the viewers differs from the same seed played alone")
	}
	for _, c := range conns {
		c.CloseNow()
	}
	// The list still answers.
	res, err := http.Get(base + "/api/matches")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("list: %v", err)
	}
	res.Body.Close()
	for deadline := time.Now().Add(30 * time.Second); s.openStreams() > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d streams still open after their clients left", s.openStreams())
		}
	}
}

// One client address holds at most StreamsPerClient sockets.
func TestStreamsPerClient(t *testing.T) {
	dir := t.TempDir()
	record(t, dir, "m", 1)
	s := &Server{Replays: dir, Limits: Limits{StreamsPerClient: 3}}
	ts := httptestServer(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var open []*websocket.Conn
	for k := 0; k < 4; k++ {
		c, res, err := dialSlow(ctx, "ws"+strings.TrimPrefix(ts, "http")+"/api/matches/m/live")
		if k < 3 {
			if err != nil {
				t.Fatalf("socket %d: %v", k, err)
			}
			open = append(open, c)
			continue
		}
		if err == nil || res == nil || res.StatusCode != 429 {
			t.Errorf("socket 4 of a client allowed 3: %v", err)
		}
	}
	for _, c := range open {
		c.CloseNow()
	}
}

// A viewer that does not take what it is sent is dropped when its write
// deadline passes, and holds nothing after.
func TestSlowViewerDropped(t *testing.T) {
	oldBase, oldSpeed := writeBase, writeSpeed
	writeBase, writeSpeed = 300*time.Millisecond, 1<<40
	defer func() { writeBase, writeSpeed = oldBase, oldSpeed }()
	dir := t.TempDir()
	bigReplay(t, dir, "big", 16)
	s := &Server{Replays: dir}
	ts := httptestServer(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, _, err := dialSlow(ctx, "ws"+strings.TrimPrefix(ts, "http")+"/api/matches/big/live")
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	for deadline := time.Now().Add(45 * time.Second); s.openStreams() > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the server still writes to a viewer that reads nothing")
		}
	}
}

func httptestServer(t *testing.T, s *Server) string {
	t.Helper()
	srv := &http.Server{Handler: s.Handler()}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close(); s.Close() })
	return "http://" + ln.Addr().String()
}

func ptr[T any](v T) *T { return &v }

// A client that does not take the download of a live match is dropped at
// its write deadline too (the handler ends, and the copy of the replay it
// held goes).
func TestSlowLiveDownloadDropped(t *testing.T) {
	oldBase, oldSpeed := writeBase, writeSpeed
	writeBase, writeSpeed = 300*time.Millisecond, 1<<40
	defer func() { writeBase, writeSpeed = oldBase, oldSpeed }()
	rep := playSum(t, 3, "turns=1000")
	pad := strings.Repeat("stderr of a chatty bot ", 16*1024*1024/len(rep.Turns)/23+1)
	s := &Server{Replays: t.TempDir()}
	m := &match.Match{}
	s.Watch("20990101-000000-sum-slow", m)
	m.OnStart(rep)
	for _, tn := range rep.Turns {
		tn.Replies[0].Stderr = pad
		m.OnTurn(tn)
	}
	ended := make(chan struct{}, 1)
	h := s.Handler()
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r)
		ended <- struct{}{}
	})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer func() { srv.Close(); s.Close() }()
	c, err := slowDialer().Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// Ask, and read nothing.
	if _, err := c.Write([]byte("GET /api/matches/20990101-000000-sum-slow?download=1 HTTP/1.1\r\nHost: localhost\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ended:
	case <-time.After(45 * time.Second):
		t.Fatal("the server still writes a live download to a client that reads nothing")
	}
}

// A client that takes the download of a .json.gz replay unzipped, at a
// pace well above the slow link's speed, gets all of it: the write
// deadline follows the bytes actually sent, not the compressed file's
// size (ten times smaller), which cut such a client before its end.
func TestSteadyUnzippedDownloadCompletes(t *testing.T) {
	oldBase, oldSpeed := writeBase, writeSpeed
	writeBase, writeSpeed = 300*time.Millisecond, 256<<10
	defer func() { writeBase, writeSpeed = oldBase, oldSpeed }()
	dir := t.TempDir()
	bigReplay(t, dir, "big", 4)
	s := &Server{Replays: dir}
	ts := httptestServer(t, s)
	client := &http.Client{Transport: &http.Transport{DialContext: slowDialer().DialContext, DisableCompression: true}}
	resp, err := client.Get(ts + "/api/matches/big?download=1")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	// About 2 MiB/s: eight times the speed the deadline allows for.
	var got int64
	buf := make([]byte, 64<<10)
	for {
		n, err := io.ReadFull(resp.Body, buf)
		got += int64(n)
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			t.Fatalf("after %d bytes: %v", got, err)
		}
		time.Sleep(30 * time.Millisecond)
	}
	f, err := os.Open(filepath.Join(dir, "big.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := io.Copy(io.Discard, zr)
	if st, _ := f.Stat(); want < 4*st.Size() {
		t.Fatalf("the replay is %d bytes unzipped, %d zipped: not the case this test is for", want, st.Size())
	}
	if got != want {
		t.Fatalf("the client got %d bytes of %d", got, want)
	}
}
