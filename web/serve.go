package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/replay"
)

// How long a client has to take what it is sent: a base, plus the time to
// move the bytes at a slow link's speed. A client slower than that is
// dropped, so that it holds no memory and no goroutine for long.
// (Variables: the tests shorten them.)
var (
	writeBase  = 10 * time.Second
	writeSpeed = int64(128 << 10) // bytes per second
)

func writeTimeout(n int) time.Duration {
	return writeBase + time.Duration(int64(n)*int64(time.Second)/writeSpeed)
}

// replay serves a match in the page's format (seed as a string), from the
// cache, gzip-compressed when the client takes it; ?turns=N only its start
// (see head); ?download=1 gives the
// replay file itself (arena replay verify, arena replay html read it). A
// live match is served as it stands.
func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	download := r.URL.Query().Get("download") != ""
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Vary", "Accept-Encoding")
	if download {
		// A quoted string, escaped: an id may hold '"' or '\'.
		w.Header().Set("Content-Disposition", `attachment; filename="`+quoteEscaper.Replace(id)+`.json"`)
	}
	if l := s.liveMatch(id); l != nil {
		if download {
			snap := l.snapshot()
			replay.Write(paced(w), &snap)
			return
		}
		page := l.pageJSON()
		deadline(w, len(page))
		w.Write(page)
		return
	}
	if n, ok, err := headTurns(r.URL.Query().Get("turns")); err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	} else if ok && !download && s.head(w, r, id, n) {
		return
	}
	if r.URL.Query().Get("lines") != "" && !download {
		s.lines(w, r, id)
		return
	}
	path, e, ok := s.recorded(w, id)
	if !ok {
		return
	}
	gz := acceptsGzip(r)
	if download {
		s.download(w, path, gz)
		return
	}
	body := e.page
	if gz {
		w.Header().Set("Content-Encoding", "gzip")
		body = e.gz
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	deadline(w, len(body))
	w.Write(body)
}

// head serves the start of a recorded match (?turns=N): its header, its
// initial frame and its first N turns, read from the file without loading
// the rest (see replayHead), once while the file stays the same
// (headCache); the page shows them while it fetches the
// whole replay. A file smaller than headMinSize is not worth two requests:
// head answers nothing and returns false, and the whole replay is served.
func (s *Server) head(w http.ResponseWriter, r *http.Request, id string, n int) bool {
	path, info, err := s.lib.file(id)
	if err == nil && info.Size() < headMinSize {
		return false
	}
	var page, gz []byte
	if err == nil {
		page, gz, err = s.heads.get(path, info, n)
	}
	if err != nil {
		httpError(w, http.StatusNotFound, fmt.Sprintf("match %q: %v", clip(id), errNotFound))
		return true
	}
	if acceptsGzip(r) && gz != nil {
		w.Header().Set("Content-Encoding", "gzip")
		page = gz
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(page)))
	deadline(w, len(page))
	w.Write(page)
	return true
}

// lines serves a recorded match in the line form (lines.go), from the
// cache. The viewer that makes the cache read the file gets each line as
// it is cut (when it takes gzip), the others the whole from the cache; a
// client that takes no gzip gets it unzipped on the way.
func (s *Server) lines(w http.ResponseWriter, r *http.Request, id string) {
	path, info, err := s.lib.file(id)
	var e *cacheEntry
	teed := false
	gz := acceptsGzip(r)
	w.Header().Set("Content-Type", "application/x-ndjson")
	var tee io.Writer
	qw := &quietWriter{w: paced(w)}
	// The compressor writes a few hundred bytes at a time: sent in 64 KB
	// pieces (about 50 turns of a jungle match), the first viewer's
	// browser took the stream twice as fast on a busy machine.
	bw := bufio.NewWriterSize(qw, 256<<10)
	if gz {
		// Set before anything is written: the headers go with the first bytes.
		w.Header().Set("Content-Encoding", "gzip")
		tee = bw
	}
	if err == nil {
		e, teed, err = s.cache.getLines(path, info, tee)
	}
	if teed && (err == nil || qw.wrote || bw.Buffered() > 0) {
		bw.Flush()
		return // sent as it was made; an error cuts the body short, which the page reports
	}
	if err != nil {
		w.Header().Del("Content-Encoding")
		w.Header().Set("Content-Type", "application/json")
		httpError(w, http.StatusNotFound, fmt.Sprintf("match %q: %v", clip(id), errNotFound))
		return
	}
	if gz {
		w.Header().Set("Content-Length", fmt.Sprint(len(e.gz)))
		deadline(w, len(e.gz))
		w.Write(e.gz)
		return
	}
	zr, err := gzip.NewReader(bytes.NewReader(e.gz))
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	io.Copy(paced(w), zr)
}

// quietWriter passes writes on until one fails, then takes the rest
// without writing it: a viewer that goes away while the cache is being
// filled for it must not stop the filling.
type quietWriter struct {
	w      io.Writer
	wrote  bool
	failed bool
}

func (q *quietWriter) Write(b []byte) (int, error) {
	q.wrote = true
	if !q.failed {
		if _, err := q.w.Write(b); err != nil {
			q.failed = true
		}
	}
	return len(b), nil
}

// recorded finds a recorded match's file and its cached page format, or
// answers 404.
func (s *Server) recorded(w http.ResponseWriter, id string) (string, *cacheEntry, bool) {
	path, info, err := s.lib.file(id)
	var e *cacheEntry
	if err == nil {
		e, err = s.cache.get(path, info)
	}
	if err != nil {
		httpError(w, http.StatusNotFound, fmt.Sprintf("match %q: %v", clip(id), errNotFound))
		return "", nil, false
	}
	return path, e, true
}

// download sends the replay file as it is on disk (a file the cache read
// as a replay), unzipping it for a client that takes no gzip.
func (s *Server) download(w http.ResponseWriter, path string, gz bool) {
	f, err := os.Open(path)
	if err != nil {
		httpError(w, http.StatusNotFound, errNotFound.Error())
		return
	}
	defer f.Close()
	var body io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		if gz {
			w.Header().Set("Content-Encoding", "gzip")
		} else {
			zr, err := gzip.NewReader(f)
			if err != nil {
				httpError(w, http.StatusNotFound, errNotFound.Error())
				return
			}
			defer zr.Close()
			body = zr
		}
	}
	io.Copy(paced(w), body)
}

// quoteEscaper escapes the text of a quoted-string header parameter.
var quoteEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// deadline gives the client the time to take n bytes.
func deadline(w http.ResponseWriter, n int) {
	http.NewResponseController(w).SetWriteDeadline(time.Now().Add(writeTimeout(n)))
}

// pacedWriter gives the client, at each write, the time to take every
// byte sent so far: a body whose size is not known in advance (a replay
// unzipped on the way, a live match encoded as it goes) is paced by what
// is actually sent, so a client at the slow link's speed gets all of it
// and a slower one is dropped.
type pacedWriter struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	start time.Time
	sent  int
}

func paced(w http.ResponseWriter) *pacedWriter {
	return &pacedWriter{w: w, rc: http.NewResponseController(w), start: time.Now()}
}

func (p *pacedWriter) Write(b []byte) (int, error) {
	p.rc.SetWriteDeadline(p.start.Add(writeTimeout(p.sent + len(b))))
	n, err := p.w.Write(b)
	p.sent += n
	return n, err
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// clip keeps an id from the address short in messages.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// stream follows a match over a WebSocket: first everything so far, then
// every turn as it is played. A recorded match is sent whole, then closed.
// Every write has a deadline; a viewer that falls behind is dropped; one
// client address may hold Limits.StreamsPerClient sockets, the server
// Limits.Streams in all.
func (s *Server) stream(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var first [][]byte
	var events chan []byte
	if l := s.liveMatch(id); l != nil {
		var unsubscribe func()
		first, events, unsubscribe = subscribeLive(l)
		defer unsubscribe()
	} else {
		_, e, ok := s.recorded(w, id)
		if !ok {
			return
		}
		first = [][]byte{[]byte(`{"type":"replay","replay":`), e.page, closeBrace}
		events = make(chan []byte)
		close(events)
	}
	addr := clientAddr(r)
	if !s.openStream(addr) {
		w.Header().Set("Retry-After", "5")
		httpError(w, http.StatusTooManyRequests, "too many live connections; close some pages and try again")
		return
	}
	defer s.closeStream(addr)
	c, err := websocket.Accept(w, r, nil) // same-origin pages only (the library's default)
	if err != nil {
		return
	}
	defer c.CloseNow()
	ctx := c.CloseRead(r.Context())
	if err := writeParts(ctx, c, first); err != nil {
		return
	}
	for {
		select {
		case b, ok := <-events:
			if !ok {
				c.Close(websocket.StatusNormalClosure, "match over")
				return
			}
			if err := writeParts(ctx, c, [][]byte{b}); err != nil {
				return
			}
		case <-ctx.Done():
			return
		}
	}
}

func subscribeLive(l *live) ([][]byte, chan []byte, func()) {
	first, events := l.subscribe()
	return first, events, func() { l.unsubscribe(events) }
}

// writeParts writes one message made of parts (shared, never copied),
// within the time a slow client gets for its size.
func writeParts(ctx context.Context, c *websocket.Conn, parts [][]byte) error {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	ctx, cancel := context.WithTimeout(ctx, writeTimeout(n))
	defer cancel()
	wr, err := c.Writer(ctx, websocket.MessageText)
	if err != nil {
		return err
	}
	for _, p := range parts {
		if _, err := wr.Write(p); err != nil {
			return err
		}
	}
	return wr.Close()
}

func (s *Server) openStream(addr string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.nstream >= s.limits.Streams || s.streams[addr] >= s.limits.StreamsPerClient {
		return false
	}
	s.nstream++
	s.streams[addr]++
	return true
}

func (s *Server) closeStream(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nstream--
	if s.streams[addr]--; s.streams[addr] <= 0 {
		delete(s.streams, addr)
	}
}
