package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/sandbox"
)

// The "websocket" transport (Coveo Blitz style): Arena hosts a WebSocket
// server, starts each bot as a process with a token and the server's URL in
// its environment, and the bot connects and registers. game.WebSocketProtocol
// says how a game's bots register; WebSocketConn relays one registered
// connection, also for servers that accept bots connecting by themselves
// (arena host).

func init() {
	RegisterTransport("websocket", openWebSocket)
	RegisterTransport("ws", openWebSocket)
}

func openWebSocket(info game.Info, spec Spec, seat int) (Bot, error) {
	if info.WebSocket == nil || info.WebSocket.Register == nil {
		return nil, fmt.Errorf("%s bots cannot connect over WebSocket; use a plain command (stdin/stdout)", info.Name)
	}
	return &WebSocketBot{Argv: Command(spec.Target), Dir: spec.Dir, Protocol: *info.WebSocket, MaxLine: info.MaxLine, Sandbox: spec.Sandbox}, nil
}

// WebSocketConn is a bot reached through a WebSocket connection that has
// registered: each Send is one text message, each message received one
// Line. Messages received before the first Send are dropped: in these
// protocols the server speaks first, so they answer nothing (the 2022
// server ignored a COMMAND sent before the first TICK). A message the
// protocol rejects closes the connection whenever it comes.
type WebSocketConn struct {
	c       *websocket.Conn
	valid   func([]byte) bool
	lines   chan Line
	done    chan struct{} // the connection is closed
	stop    chan struct{} // closed by Close: nobody reads lines any more
	once    sync.Once     // closes stop
	started atomic.Bool   // a message was sent
	ws      *wsSync       // what Sync needs
	dropped atomic.Int64  // messages dropped before the first Send

	mu     sync.Mutex
	why    error // why the connection ended
	closed bool
	fault  bool // Arena closed it for what the bot sent or did not read
}

// NewWebSocketConn starts relaying a registered connection. maxLine bounds
// a message (0: DefaultMaxLine); a longer one closes the connection. valid,
// when not nil, closes the connection on a message it rejects.
func NewWebSocketConn(c *websocket.Conn, maxLine int, valid func([]byte) bool) *WebSocketConn {
	return newWebSocketConn(c, maxLine, valid, &wsSync{})
}

// newWebSocketConn is NewWebSocketConn for a connection the hub accepted,
// whose bytes ws counts (see Sync).
func newWebSocketConn(c *websocket.Conn, maxLine int, valid func([]byte) bool, ws *wsSync) *WebSocketConn {
	ws.completed(time.Now(), false) // the registration is read
	if maxLine <= 0 {
		maxLine = DefaultMaxLine
	}
	c.SetReadLimit(int64(maxLine))
	w := &WebSocketConn{c: c, valid: valid, ws: ws, lines: make(chan Line, linesBuffer), done: make(chan struct{}), stop: make(chan struct{})}
	go w.read()
	return w
}

func (w *WebSocketConn) read() {
	defer close(w.lines)
	for {
		if h := wsReadHook.Load(); h != nil {
			(*h)()
		}
		_, data, err := w.c.Read(context.Background())
		at := time.Now()
		if err != nil {
			if websocket.CloseStatus(err) == websocket.StatusMessageTooBig {
				w.endFault(describeClose(err))
			} else {
				w.end(describeClose(err))
			}
			return
		}
		valid := w.valid == nil || w.valid(data)
		started := w.started.Load()
		at = w.ws.completed(at, valid && started)
		if !valid {
			w.endFault(fmt.Errorf("sent an invalid message (the connection was closed): %s", clipText(string(data), 80)))
			return
		}
		if !started {
			w.dropped.Add(1)
			continue
		}
		select {
		case w.lines <- Line{Line: game.Line{Text: string(data)}, At: at}:
		case <-w.stop:
			return
		}
	}
}

// stopRelaying tells the reader that nobody takes its lines any more.
func (w *WebSocketConn) stopRelaying() { w.once.Do(func() { close(w.stop) }) }

// describeClose says how a connection ended, for the result table.
func describeClose(err error) error {
	switch code := websocket.CloseStatus(err); {
	case code == websocket.StatusMessageTooBig:
		return errors.New("sent a message over the size limit (the connection was closed)")
	case code != -1:
		return fmt.Errorf("closed the connection (status %d)", code)
	}
	return errors.New("disconnected")
}

// end closes the connection with no status code, as the 2022 server did
// (clients see 1005), and records why it ended.
func (w *WebSocketConn) end(why error) {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	w.closed = true
	if w.why == nil {
		w.why = why
	}
	w.mu.Unlock()
	go func() {
		w.c.Close(websocket.StatusNoStatusRcvd, "")
		close(w.done)
	}()
}

// endFault is end for the bot's own fault: that reason, not how its
// process then exited, is what the team is told.
func (w *WebSocketConn) endFault(why error) {
	w.mu.Lock()
	if !w.closed {
		w.fault = true
	}
	w.mu.Unlock()
	w.end(why)
}

// Fault is why Arena closed the connection for the bot's fault (a message
// the protocol rejects or over the size limit, messages left unread), if
// it did.
func (w *WebSocketConn) Fault() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fault {
		return w.why
	}
	return nil
}

// Start does nothing: the connection is already relayed.
func (w *WebSocketConn) Start(ctx context.Context) error { return nil }

// Send writes msg as one text message.
func (w *WebSocketConn) Send(msg []byte, deadline time.Time) error {
	w.started.Store(true)
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	err := w.c.Write(ctx, websocket.MessageText, msg)
	if err != nil && ctx.Err() != nil {
		w.endFault(errors.New("did not read its messages in time"))
		return ErrDeadline
	}
	return err
}

// Sync reports whether the bot had sent more than Arena has read (see
// Syncer): bytes in the connection's socket or read and not yet completed
// into a message. If so, the next message is stamped with this moment.
// Connections not accepted by the hub (arena host) cannot tell.
func (w *WebSocketConn) Sync() (Synced, bool) { return w.ws.sync() }

// Lines returns the messages received, one Line each.
func (w *WebSocketConn) Lines() <-chan Line { return w.lines }

// Stderr is empty: a connection has no error stream.
func (w *WebSocketConn) Stderr() ([]byte, int64) { return nil, 0 }

// CPU is unknown for a remote bot.
func (w *WebSocketConn) CPU() (time.Duration, bool) { return 0, false }

// Dropped is the number of messages dropped because they came before the
// first Send.
func (w *WebSocketConn) Dropped() int64 { return w.dropped.Load() }

// Close closes the connection (no status code, no last message).
func (w *WebSocketConn) Close(grace time.Duration) Exit {
	w.stopRelaying()
	w.end(errors.New("closed at the end of the match"))
	select {
	case <-w.done:
	case <-time.After(grace):
	}
	e, _ := w.Exit(0)
	return e
}

// Exit reports how the connection ended, waiting up to wait.
func (w *WebSocketConn) Exit(wait time.Duration) (Exit, bool) {
	w.mu.Lock()
	closed := w.closed
	w.mu.Unlock()
	if !closed && !ended(w.done, wait) {
		return Exit{}, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return Exit{Code: -1, Err: w.why}, true
}

// WebSocketBot is a process bot that connects to Arena over WebSocket: it
// is started with its token and the server's URL in its environment (see
// game.WebSocketProtocol), and Start waits for it to register, as the
// event's server waited for every team before its first tick: the first
// prompt's clock starts when it is sent, whatever the bot's start-up took.
// Its stdout and stderr are its log.
type WebSocketBot struct {
	Argv     []string
	Dir      string
	Env      []string
	MaxLine  int
	Protocol game.WebSocketProtocol
	// Sandbox, when not nil, runs the bot contained: in its own network
	// namespace, 127.0.0.1:Protocol.Port reaches this match's server and
	// nothing else, so that bots with the event's hard-coded address play
	// side by side in separate matches.
	Sandbox *sandbox.Limits

	proc     *Process
	hub      *wsHub
	token    string
	conn     *WebSocketConn
	attached chan struct{} // closed when a connection registered for this bot
	lines    chan Line
	stop     chan struct{} // closed by Close: nobody reads lines any more
	log      *outputLog    // the process's stdout and stderr
	closed   atomic.Bool
}

// Start starts the shared server if needed and launches the process.
func (b *WebSocketBot) Start(ctx context.Context) error {
	hub, err := acquireHub(b.Protocol)
	if err != nil {
		return err
	}
	b.hub = hub
	b.token = newToken()
	b.attached = make(chan struct{})
	b.lines = make(chan Line, linesBuffer)
	b.stop = make(chan struct{})
	hub.expect(b)
	env := append([]string{}, b.Env...)
	if b.Protocol.TokenEnv != "" {
		env = append(env, b.Protocol.TokenEnv+"="+b.token)
	}
	url, port := hub.url, b.Protocol.Port
	if b.Sandbox != nil {
		if port == 0 {
			port = defaultContainedWSPort
		}
		url = "ws://127.0.0.1:" + strconv.Itoa(port)
	}
	if b.Protocol.URLEnv != "" {
		env = append(env, b.Protocol.URLEnv+"="+url)
	}
	b.proc = &Process{Argv: b.Argv, Dir: b.Dir, Env: env, MaxLine: b.MaxLine, Sandbox: b.Sandbox}
	if b.Sandbox != nil {
		b.proc.Forward = []sandbox.Forward{{Port: port}}
	}
	if err := b.proc.Start(ctx); err != nil {
		hub.forget(b)
		releaseHub(hub)
		b.hub = nil
		return err
	}
	if b.Sandbox != nil {
		// The sandbox's end of its port: served by the shared server, which
		// tells the bots apart by their tokens as it does on TCP. Serve
		// returns when the sandbox closes the listener at the end.
		go hub.srv.Serve(countingListener{b.proc.sb.Listener(port)})
	}
	b.log = newOutputLog(b.proc) // its answers are its messages
	go b.relay()
	if err := b.waitRegistered(ctx); err != nil {
		b.Close(0)
		return err
	}
	return nil
}

// DefaultStartWithin is how long a started WebSocket bot has to register
// when the game does not say (game.WebSocketProtocol.StartWithin).
const DefaultStartWithin = 10 * time.Second

// waitRegistered waits until the bot has registered, exited, or run out of
// time (the protocol's StartWithin, scaled by the match's time scale).
func (b *WebSocketBot) waitRegistered(ctx context.Context) error {
	within := b.Protocol.StartWithin
	if within <= 0 {
		within = DefaultStartWithin
	}
	within = scaled(ctx, within)
	t := time.NewTimer(within)
	defer t.Stop()
	select {
	case <-b.attached:
		return nil
	case <-b.proc.waited:
		e, _ := b.proc.Exit(0)
		tail, _ := b.log.final()
		return errors.New(CrashReport("the bot exited before it registered ("+e.String()+")", tail))
	case <-t.C:
		return fmt.Errorf("the bot did not connect and register within %v (a slow start-up? try --time-scale)", within)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// relay forwards the connection's lines once it registers; the bot's
// output ends when its connection does, or when the process exits first.
func (b *WebSocketBot) relay() {
	defer close(b.lines)
	exited := make(chan struct{})
	go func() {
		b.proc.Exit(24 * time.Hour * 365)
		close(exited)
	}()
	select {
	case <-b.attached:
	case <-exited:
		b.hub.forget(b)
		return
	}
	for l := range b.conn.Lines() {
		select {
		case b.lines <- l:
		case <-b.stop:
			return
		}
	}
}

// attach gives the bot its registered connection (called by the hub).
func (b *WebSocketBot) attach(c *WebSocketConn) {
	b.conn = c
	close(b.attached)
}

// Send writes msg (Start returned once the bot had registered).
func (b *WebSocketBot) Send(msg []byte, deadline time.Time) error {
	return b.conn.Send(msg, deadline)
}

// Sync is the connection's Sync (see Syncer).
func (b *WebSocketBot) Sync() (Synced, bool) {
	select {
	case <-b.attached:
		return b.conn.Sync()
	default:
		return Synced{}, false
	}
}

// Lines returns the messages the bot sends.
func (b *WebSocketBot) Lines() <-chan Line { return b.lines }

// Stderr returns the bot's log: what it printed on stdout, then on stderr.
func (b *WebSocketBot) Stderr() ([]byte, int64) { return b.log.take() }

// CPU is the process's CPU time.
func (b *WebSocketBot) CPU() (time.Duration, bool) { return b.proc.CPU() }

// Exit describes how the bot ended: the fault Arena closed its connection
// for (a bot that exits once its connection is closed would otherwise hide
// why), else the process's exit when it has exited, else how its
// connection ended.
func (b *WebSocketBot) Exit(wait time.Duration) (Exit, bool) {
	if e, ok := b.fault(); ok {
		return e, true
	}
	if e, ok := b.proc.Exit(0); ok {
		return e, true
	}
	select {
	case <-b.attached:
		if e, ok := b.conn.Exit(0); ok {
			return e, true
		}
	default:
	}
	return b.proc.Exit(wait)
}

// Close closes the connection (as the 2022 server did at the end of a
// game, with no last message), then ends the process: it gets grace to
// exit by itself.
func (b *WebSocketBot) Close(grace time.Duration) Exit {
	if b.proc == nil || b.closed.Swap(true) {
		if b.proc != nil {
			e, _ := b.proc.Exit(0)
			return e
		}
		return Exit{Err: errors.New("not started")}
	}
	close(b.stop)
	select {
	case <-b.attached:
		b.conn.stopRelaying()
		b.conn.end(errors.New("closed at the end of the match"))
	default:
	}
	e := b.proc.Close(grace)
	b.hub.forget(b)
	releaseHub(b.hub)
	if f, ok := b.fault(); ok {
		return f
	}
	return e
}

// fault is the exit for the fault Arena closed the connection for, if any.
func (b *WebSocketBot) fault() (Exit, bool) {
	select {
	case <-b.attached:
		if err := b.conn.Fault(); err != nil {
			return Exit{Code: -1, Err: err}, true
		}
	default:
	}
	return Exit{}, false
}

// defaultContainedWSPort is the port a contained WebSocket bot connects to
// when its game names none.
const defaultContainedWSPort = 8765

func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// wsHub is the WebSocket server shared by the websocket bots of every match
// running in this process: tokens tell the bots apart.
type wsHub struct {
	proto game.WebSocketProtocol
	srv   *http.Server
	url   string
	refs  int // guarded by hubsMu

	mu      sync.Mutex
	waiting []*WebSocketBot // started and not yet registered, in start order
	parked  []parkedConn    // registered by name, waiting for a seat
}

var (
	hubsMu sync.Mutex
	hubs   = map[int]*wsHub{}
)

// acquireHub returns the running server for this protocol's port, starting
// it on 127.0.0.1:Port when that is free, else on an ephemeral port.
func acquireHub(p game.WebSocketProtocol) (*wsHub, error) {
	hubsMu.Lock()
	defer hubsMu.Unlock()
	if h := hubs[p.Port]; h != nil {
		h.refs++
		return h, nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p.Port))
	if err != nil || p.Port == 0 {
		if ln != nil {
			ln.Close()
		}
		if ln, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
			return nil, fmt.Errorf("cannot listen for WebSocket bots: %w", err)
		}
		if p.Port != 0 {
			slog.Warn("port busy: WebSocket bots must read the server address from the environment",
				"port", p.Port, "env", p.URLEnv, "url", "ws://"+ln.Addr().String())
		}
	}
	h := &wsHub{proto: p, url: "ws://" + ln.Addr().String(), refs: 1}
	h.srv = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ConnContext: withConn}
	go h.srv.Serve(countingListener{ln})
	hubs[p.Port] = h
	return h, nil
}

func releaseHub(h *wsHub) {
	hubsMu.Lock()
	defer hubsMu.Unlock()
	h.refs--
	if h.refs == 0 {
		delete(hubs, h.proto.Port)
		h.srv.Close()
	}
}

func (h *wsHub) expect(b *WebSocketBot) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.waiting = append(h.waiting, b)
}

func (h *wsHub) forget(b *WebSocketBot) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, w := range h.waiting {
		if w == b {
			h.waiting = append(h.waiting[:i], h.waiting[i+1:]...)
			h.settle()
			return
		}
	}
}

// claim takes the waiting bot with that token.
func (h *wsHub) claim(token string) *WebSocketBot {
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, w := range h.waiting {
		if w.token == token {
			h.waiting = append(h.waiting[:i], h.waiting[i+1:]...)
			h.settle()
			return w
		}
	}
	return nil
}

// park holds a connection that registered by name until it can only be one
// seat's: when as many named connections wait as seats do, they are paired
// in order (first started, first connected). A bot that ignores its token
// thus never takes the seat of one that uses it.
func (h *wsHub) park(c *websocket.Conn, ws *wsSync) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.parked = append(h.parked, parkedConn{c, ws})
	h.settle()
	time.AfterFunc(parkLimit, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		for i, p := range h.parked {
			if p.c == c {
				h.parked = append(h.parked[:i], h.parked[i+1:]...)
				c.Close(websocket.StatusNoStatusRcvd, "")
			}
		}
	})
}

// parkLimit is how long a connection registered by name may wait for a seat.
const parkLimit = time.Minute

// settle pairs parked connections with waiting seats (h.mu held).
func (h *wsHub) settle() {
	for len(h.waiting) > 0 && len(h.parked) >= len(h.waiting) {
		b, c := h.waiting[0], h.parked[0]
		h.waiting, h.parked = h.waiting[1:], h.parked[1:]
		b.attach(newWebSocketConn(c.c, b.MaxLine, h.proto.Valid, c.ws))
	}
}

// parkedConn is a connection registered by name and its byte count.
type parkedConn struct {
	c  *websocket.Conn
	ws *wsSync
}

// ServeHTTP accepts a bot's connection on any path and reads its
// registration; a plain GET gets a line of text.
func (h *wsHub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Upgrade") == "" {
		fmt.Fprintln(w, "Arena: WebSocket bots of a running match connect here.")
		return
	}
	ws := &wsSync{conn: connOf(r.Context())}
	c, err := websocket.Accept(w, r, ws.acceptOptions())
	if err != nil {
		return
	}
	within := h.proto.RegisterWithin
	if within == 0 {
		within = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	c.SetReadLimit(DefaultMaxLine)
	_, msg, err := c.Read(ctx)
	if err != nil {
		c.CloseNow()
		return
	}
	token, name, ok := h.proto.Register(msg)
	if ok && token == "" && name != "" {
		h.park(c, ws)
		return
	}
	var b *WebSocketBot
	if ok && token != "" {
		b = h.claim(token)
	}
	if b == nil {
		slog.Info("refused a WebSocket registration", "message", clipText(string(msg), 100))
		c.Close(websocket.StatusNoStatusRcvd, "")
		return
	}
	b.attach(newWebSocketConn(c, b.MaxLine, h.proto.Valid, ws))
}
