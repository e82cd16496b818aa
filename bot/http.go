package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/sandbox"
)

// The "http" transport reaches bots that are HTTP servers, with Arena as
// the client (Ready AI Code 2020): `http:CMD` starts CMD with PORT set to a
// free port and calls http://127.0.0.1:PORT; `http://HOST:PORT` calls a bot
// that already listens there (a 2020 bot that always listens on 3000, in
// its own container or network namespace). The paths, the readiness rule
// and how messages map to request bodies are the game's (game.HTTPProtocol).
func init() {
	RegisterTransport("http", func(info game.Info, spec Spec, seat int) (Bot, error) {
		if info.HTTP == nil {
			return nil, fmt.Errorf("bot %q: %s bots are not HTTP servers; give a plain command instead", spec, info.Name)
		}
		// info.MaxLine caps the lines of process bots; a reply body is
		// read up to DefaultMaxLine and turned into a line by the game.
		h := &HTTP{Protocol: *info.HTTP}
		if spec.Kind == "url" {
			h.URL = spec.Target
		} else {
			h.Argv, h.Dir, h.Sandbox = Command(spec.Target), spec.Dir, spec.Sandbox
		}
		return h, nil
	})
}

// Defaults of an HTTPProtocol's timing when it leaves them zero.
const (
	DefaultHTTPPoll   = 250 * time.Millisecond
	DefaultHTTPWithin = 30 * time.Second
)

// HTTP is a bot that is an HTTP server. Start waits until it is ready; each
// prompt is one POST whose reply is the answer line; the farewell is a PUT.
// A request that passes its deadline is abandoned (Cancel): the bot owes no
// late answer and is asked again on the next turn.
type HTTP struct {
	Protocol game.HTTPProtocol
	// URL is the base URL of a bot that already listens; when empty, Argv is
	// started with PORT=<a free port> in its environment.
	URL     string
	Argv    []string
	Dir     string   // Argv's working directory ("" is Arena's)
	Env     []string // added to the environment of Argv
	MaxLine int      // reply bodies are read up to this many bytes; 0 is DefaultMaxLine
	// Sandbox, when not nil, runs Argv contained: it listens on PORT
	// (ContainedHTTPPort) in its own network namespace, and Arena reaches
	// it there through the sandbox.
	Sandbox *sandbox.Limits
	// Control, when set, vets every connection to URL once its address is
	// resolved, before it is made (net.Dialer.Control): the platform
	// refuses a team's URL that resolves to a private address at the
	// time of the call, not only when it was registered.
	Control func(network, address string, c syscall.RawConn) error

	proc   *Process
	base   string
	client *http.Client
	lines  chan Line
	log    *outputLog // the process's stdout and stderr
	gone   chan struct{}

	mu       sync.Mutex
	inflight *httpRequest
	produced int  // lines sent on lines
	closed   bool // lines is closed
	exit     Exit
	ended    bool
}

type httpRequest struct {
	cancel context.CancelFunc
	// The connection the request went out on (h.mu): bytes read from it
	// after mark are its reply's. Sync sets synced when it found some.
	conn   *countConn
	mark   int64
	synced bool
	at     time.Time // when Sync found them
}

// Start launches the bot (for a command) and polls its status until it is
// ready, for at most Protocol.Within. A bot never ready is stopped and
// reported as not started: it keeps its seat and is sent nothing.
func (h *HTTP) Start(ctx context.Context) error {
	if h.MaxLine == 0 {
		h.MaxLine = DefaultMaxLine
	}
	h.lines = make(chan Line, linesBuffer)
	h.gone = make(chan struct{})
	h.client = &http.Client{
		Transport: &http.Transport{
			Proxy:               nil, // a local bot must never be reached through a proxy
			DialContext:         countDials((&net.Dialer{Timeout: 5 * time.Second, Control: h.Control}).DialContext),
			MaxIdleConnsPerHost: 4,
		},
		// A redirect is the bot's reply: the game judges its status (only
		// a 200 answers), rather than the reply of another request.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	if h.URL != "" {
		h.base = strings.TrimRight(h.URL, "/")
	} else {
		if err := h.startProcess(ctx); err != nil {
			return err
		}
	}
	if err := h.waitReady(ctx); err != nil {
		h.Close(0)
		return err
	}
	return nil
}

func (h *HTTP) startProcess(ctx context.Context) error {
	if len(h.Argv) == 0 {
		return errors.New("empty command")
	}
	port := ContainedHTTPPort
	if h.Sandbox == nil {
		var err error
		if port, err = freePort(); err != nil {
			return fmt.Errorf("no free port for the bot: %w", err)
		}
	}
	env := append(CodinGameEnv(), h.Env...)
	env = append(env, "PORT="+strconv.Itoa(port))
	h.proc = &Process{Argv: h.Argv, Dir: h.Dir, Env: env, MaxLine: h.MaxLine, Sandbox: h.Sandbox}
	if h.Sandbox != nil {
		h.proc.Forward = []sandbox.Forward{{Port: port, In: true}}
	}
	if err := h.proc.Start(ctx); err != nil {
		return err
	}
	if h.Sandbox != nil {
		sb := h.proc.sb
		h.client.Transport.(*http.Transport).DialContext = countDials(func(ctx context.Context, _, _ string) (net.Conn, error) {
			return sb.DialContext(ctx, port)
		})
	}
	h.base = "http://127.0.0.1:" + strconv.Itoa(port)
	h.log = newOutputLog(h.proc) // its answers are the replies
	go func() {
		for {
			e, ok := h.proc.Exit(time.Second)
			if ok {
				h.end(e)
				return
			}
			select {
			case <-h.gone:
				return
			default:
			}
		}
	}()
	return nil
}

// ContainedHTTPPort is the port a contained HTTP bot is told to listen on:
// the one the 2020 bots used when PORT was not set. Every sandbox has its
// own loopback, so contained bots side by side all use it.
const ContainedHTTPPort = 3000

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// waitReady polls the status path until the bot says it is ready.
func (h *HTTP) waitReady(ctx context.Context) error {
	poll, within := h.Protocol.Poll, h.Protocol.Within
	if poll <= 0 {
		poll = DefaultHTTPPoll
	}
	if within <= 0 {
		within = DefaultHTTPWithin
	}
	within = scaled(ctx, within) // a limit of the match: --time-scale applies
	want := h.Protocol.ReadyBody
	if want == "" {
		want = "true"
	}
	end := time.Now().Add(within)
	last := "no reply"
	for {
		next := time.Now().Add(poll)
		// A poll that hangs is given up after a second (or one interval,
		// if longer), so that a bot stuck in its start-up is polled again.
		deadline := minTime(end, time.Now().Add(max(poll, time.Second)))
		rctx, cancel := context.WithDeadline(ctx, deadline)
		status, body, err := h.do(rctx, http.MethodGet, h.Protocol.StatusPath, nil)
		cancel()
		switch {
		case err != nil && deadline.Equal(end) && errors.Is(err, context.DeadlineExceeded) && last != "no reply":
			// The end of the wait cut this poll short (on a loaded
			// machine the last one often has no reply in time): that
			// says nothing about the bot, what the earlier polls got does.
		case err != nil:
			last = err.Error()
		case status == http.StatusOK && strings.EqualFold(strings.TrimSpace(string(body)), want):
			return nil
		default:
			last = fmt.Sprintf("status %d, body %q", status, clipText(string(body), 60))
		}
		select {
		case <-h.gone:
			var tail []byte
			if h.proc != nil {
				tail, _ = h.proc.Stderr()
			}
			return errors.New(CrashReport("the bot ended before it was ready ("+h.exitNow()+")", tail))
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		if !next.Before(end) {
			return fmt.Errorf("not ready after %v: GET %s%s gave %s%s%s", within, h.base, h.Protocol.StatusPath, last, h.portHint(last), h.stderrHint())
		}
		select {
		case <-time.After(time.Until(next)):
		case <-h.gone:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (h *HTTP) exitNow() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.exit.String()
}

// portHint says, when nothing listened where Arena called a bot it
// started, that the bot must listen on the port it was given: a 2020 bot
// with its port written in its code answers nobody.
func (h *HTTP) portHint(last string) string {
	if h.proc == nil || !strings.Contains(last, "connection refused") {
		return ""
	}
	_, port, _ := strings.Cut(strings.TrimPrefix(h.base, "http://"), ":")
	return fmt.Sprintf(" (nothing listens on port %s: the bot must listen on the port Arena gives it in its PORT environment variable)", port)
}

func (h *HTTP) stderrHint() string {
	if h.proc == nil {
		return ""
	}
	if tail, _ := h.proc.Stderr(); len(tail) > 0 {
		return ": " + lastLineOf(tail)
	}
	return ""
}

func lastLineOf(b []byte) string {
	s := strings.TrimRight(string(b), "\r\n ")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return clipText(s, 200)
}

func clipText(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// do sends one request and reads the reply body, up to MaxLine bytes.
func (h *HTTP) do(ctx context.Context, method, path string, body []byte) (int, []byte, error) {
	return h.doTraced(ctx, method, path, body, nil)
}

// doTraced is do, and records in r (when not nil) the connection the
// request goes out on, for Sync.
func (h *HTTP) doTraced(ctx context.Context, method, path string, body []byte, r *httpRequest) (int, []byte, error) {
	if r != nil {
		ctx = httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) {
			c, _ := info.Conn.(*countConn)
			h.mu.Lock()
			defer h.mu.Unlock()
			if c != nil {
				r.conn, r.mark = c, c.n.Load()
			}
		}})
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, h.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if body != nil && h.Protocol.ContentType != "" {
		req.Header.Set("Content-Type", h.Protocol.ContentType)
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, int64(h.MaxLine)))
	return resp.StatusCode, b, err
}

// Send posts a prompt and returns at once; the reply becomes one line when
// it comes before the deadline (a later one is dropped). The farewell (as
// Protocol.Request tells) is put, and Send waits for its reply until the
// deadline.
func (h *HTTP) Send(msg []byte, deadline time.Time) error {
	body, final := msg, false
	if h.Protocol.Request != nil {
		body, final = h.Protocol.Request(msg)
	}
	select {
	case <-h.gone:
		return errors.New("the bot has stopped")
	default:
	}
	if final {
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		defer cancel()
		_, _, err := h.do(ctx, http.MethodPut, h.Protocol.FinalPath, body)
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	req := &httpRequest{cancel: cancel}
	h.mu.Lock()
	if h.inflight != nil {
		// A new prompt abandons whatever is still in flight.
		h.inflight.cancel()
	}
	h.inflight = req
	h.mu.Unlock()
	go func() {
		defer cancel()
		status, reply, err := h.doTraced(ctx, http.MethodPost, h.Protocol.MovePath, body, req)
		at := time.Now()
		line := h.answer(status, reply, err)
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.ended {
			// Close came first: this reply's connection went back to the
			// pool after Close emptied it.
			h.client.CloseIdleConnections()
		}
		if h.inflight != req || h.closed {
			return // abandoned: the runner no longer waits for it
		}
		h.inflight = nil
		if req.synced && at.After(req.at) {
			// Its bytes had come when the runner checked (Sync).
			at = req.at
		}
		if at.After(deadline) && !req.synced {
			// Too late, even if the runner, busy, has not abandoned the
			// request yet: it will find no answer and time the bot out.
			return
		}
		select {
		case h.lines <- Line{Line: line, At: at}:
			h.produced++
		default: // nobody reads any more
		}
	}()
	return nil
}

// answer is the line a MovePath request gives the referee: the game's
// reading of the reply, or a Failed line saying why there is no answer.
// Without the game's Answer, a 200's body is the answer and anything else
// a failure.
func (h *HTTP) answer(status int, body []byte, err error) game.Line {
	if h.Protocol.Answer != nil {
		text, failed := h.Protocol.Answer(status, body, err)
		if failed != nil {
			return game.Line{Text: failed.Error(), Failed: true}
		}
		return game.Line{Text: text}
	}
	switch {
	case err != nil:
		return game.Line{Text: "no HTTP reply: " + err.Error(), Failed: true}
	case status != http.StatusOK:
		return game.Line{Text: fmt.Sprintf("HTTP error: status %d %s", status, http.StatusText(status)), Failed: true}
	}
	return game.Line{Text: strings.TrimSpace(string(body))}
}

// Sync reports whether the reply to the request in flight has begun to
// come (see Syncer): bytes in its connection's socket, or read by the HTTP
// client since the request went out. If so, the reply is stamped with this
// moment when the client has read it whole. A bot reached through a
// connection without a file descriptor cannot tell.
func (h *HTTP) Sync() (Synced, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	r := h.inflight
	if r == nil || r.conn == nil {
		return Synced{At: time.Now(), Lines: h.produced}, r == nil
	}
	in, ok := r.conn.inbound(r.mark)
	if !ok {
		return Synced{}, false
	}
	at := time.Now()
	st := Synced{At: at, Lines: h.produced}
	if in {
		r.synced, r.at = true, at
		st.Lines++
	}
	return st, true
}

// ReadyAtStart is true: Start waited until the bot said it was ready, so
// every request gets the clock's turn limit, turn 1 included.
func (h *HTTP) ReadyAtStart() bool { return true }

// Cancel abandons the request in flight: its reply, if it comes, is dropped.
func (h *HTTP) Cancel() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.inflight != nil {
		h.inflight.cancel()
		h.inflight = nil
	}
}

// Lines returns the answers, one per reply. It is closed when the bot's
// process ends, or at Close.
func (h *HTTP) Lines() <-chan Line { return h.lines }

// Stderr returns the bot's log: what its process wrote on stdout, then on
// stderr, since the last call.
func (h *HTTP) Stderr() ([]byte, int64) {
	if h.log == nil {
		return nil, 0
	}
	return h.log.take()
}

// CPU returns the CPU time of the bot's process; a bot reached by URL runs
// elsewhere, so it is not known.
func (h *HTTP) CPU() (time.Duration, bool) {
	if h.proc == nil {
		return 0, false
	}
	return h.proc.CPU()
}

// end records how the bot ended and closes its answers.
func (h *HTTP) end(e Exit) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ended {
		return
	}
	h.ended, h.exit = true, e
	if h.inflight != nil {
		h.inflight.cancel()
		h.inflight = nil
	}
	if !h.closed {
		h.closed = true
		close(h.lines)
	}
	close(h.gone)
}

// Close abandons any request, stops the process (after grace), closes the
// answers and the connections kept alive for the next request (a bot
// reached by URL keeps listening after the match).
func (h *HTTP) Close(grace time.Duration) Exit {
	if h.lines == nil {
		return Exit{Err: errors.New("not started")}
	}
	var e Exit
	if h.proc != nil {
		e = h.proc.Close(grace)
	}
	h.end(e)
	h.client.CloseIdleConnections()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.proc != nil {
		h.exit = e // the process's own account, with Killed when it was
	}
	return h.exit
}

// Exit waits up to wait for the bot to end. A bot reached by URL ends only
// when it is closed.
func (h *HTTP) Exit(wait time.Duration) (Exit, bool) {
	if h.gone == nil {
		return Exit{Err: errors.New("not started")}, true
	}
	if !ended(h.gone, wait) {
		return Exit{}, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.exit, true
}
