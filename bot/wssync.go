package bot

import (
	"context"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/sys/unix"
)

// A WebSocket bot's answer is in Arena's hands the moment its bytes are in
// the connection's socket, however late Arena's reading goroutine (inside
// the WebSocket library, which owns the connection) gets to them on a busy
// machine. The connections the hub accepts are counted (countConn), so
// that at a deadline Sync can tell whether the bot had sent something that
// Arena has not turned into a message yet: bytes waiting in the socket
// (SIOCINQ, alias FIONREAD), or bytes the library has read and not yet completed into a
// message. The next message the reading goroutine completes is then
// stamped with the moment Sync looked (see wsSync).

// countConn counts the bytes read from a connection.
type countConn struct {
	net.Conn
	n atomic.Int64
}

func (c *countConn) Read(p []byte) (int, error) {
	c.quickAck()
	n, err := c.Conn.Read(p)
	c.n.Add(int64(n))
	if h := connReadHook.Load(); h != nil && n > 0 {
		(*h)()
	}
	return n, err
}

// quickAcks is off only where a benchmark measures what it saves.
var quickAcks = true

// quickAck asks the kernel to acknowledge what comes next at once, before
// each read. A bot's server that writes its reply's header and body in
// two writes (Flask, Python's http.server) has Nagle hold the body until
// the header is acknowledged, and Linux delays that acknowledgement by up
// to 40 ms on a kept-alive connection: every turn then cost ~44 ms for a
// bot that answered in 1. Linux leaves quick-ack mode on its own, so it
// is asked again before every read (one setsockopt).
func (c *countConn) quickAck() {
	tc, ok := c.Conn.(*net.TCPConn)
	if !ok || !quickAcks {
		return
	}
	if rc, err := tc.SyscallConn(); err == nil {
		rc.Control(func(fd uintptr) { unix.SetsockoptInt(int(fd), unix.IPPROTO_TCP, unix.TCP_QUICKACK, 1) })
	}
}

// unread returns the bytes waiting in the connection's socket, and false
// when the connection has no file descriptor to ask.
func (c *countConn) unread() (int, bool) {
	sc, ok := c.Conn.(syscall.Conn)
	if !ok {
		return 0, false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return 0, false
	}
	n, ierr := 0, error(nil)
	if err := rc.Control(func(fd uintptr) { n, ierr = unix.IoctlGetInt(int(fd), unix.SIOCINQ) }); err != nil || ierr != nil {
		return 0, false
	}
	return n, true
}

// inbound reports whether bytes from the peer have come since mark bytes
// had been read: waiting in the socket, or read past mark (by a library
// that has not made them into a message yet). ok is false when the socket
// cannot be asked.
func (c *countConn) inbound(mark int64) (in, ok bool) {
	waiting, ok := c.unread()
	return ok && (waiting > 0 || c.n.Load() > mark), ok
}

// countDials makes dial's connections countConns.
func countDials(dial func(ctx context.Context, network, addr string) (net.Conn, error)) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		return &countConn{Conn: c}, nil
	}
}

// countingListener hands out countConns.
type countingListener struct{ net.Listener }

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countConn{Conn: c}, nil
}

// connKey carries the accepted connection in a request's context.
type connKey struct{}

func withConn(ctx context.Context, c net.Conn) context.Context {
	return context.WithValue(ctx, connKey{}, c)
}

func connOf(ctx context.Context) *countConn {
	c, _ := ctx.Value(connKey{}).(*countConn)
	return c
}

// wsSync is a WebSocketConn's side of Sync.
type wsSync struct {
	conn *countConn // nil: the connection is not counted, no Sync

	mu       sync.Mutex
	mark     int64     // bytes read when the last message was completed
	produced int       // messages relayed so far
	armed    bool      // Sync found bytes: the next message is stamped at
	at       time.Time // the moment Sync looked
}

// sync reports what the connection held at this moment; see Syncer.
func (s *wsSync) sync() (Synced, bool) {
	if s.conn == nil {
		return Synced{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in, ok := s.conn.inbound(s.mark)
	if !ok {
		return Synced{}, false
	}
	at := time.Now()
	st := Synced{At: at, Lines: s.produced}
	if in {
		// A message was on its way in: the next one the reading
		// goroutine completes is taken as received now.
		s.armed, s.at = true, at
		st.Lines++
	}
	return st, true
}

// completed is called by the reading goroutine when it has completed a
// message at `at`: it returns the message's stamp. relayed says whether
// the message goes to Lines (not dropped).
func (s *wsSync) completed(at time.Time, relayed bool) time.Time {
	if s.conn == nil {
		return at
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mark = s.conn.n.Load()
	if relayed {
		s.produced++
	}
	if s.armed {
		s.armed = false
		if at.After(s.at) {
			at = s.at
		}
	}
	return at
}

// connReadHook, when set (by tests), is called when a counted connection
// has read bytes, before they are handed to the library that reads them:
// a hook that blocks stands for a goroutine not run in time.
var connReadHook atomic.Pointer[func()]

// wsReadHook, when set (by tests), is called by a WebSocket connection's
// reading goroutine before it reads each message: a hook that blocks
// stands for a goroutine the OS or the Go scheduler does not run in time.
var wsReadHook atomic.Pointer[func()]

// control is called when the library has handled a control frame (ping,
// pong): its bytes were no message on its way.
func (s *wsSync) control() {
	if s.conn == nil {
		return
	}
	s.mu.Lock()
	s.mark = s.conn.n.Load()
	s.mu.Unlock()
}

// acceptOptions are the hub's options for a connection counted by s.
func (s *wsSync) acceptOptions() *websocket.AcceptOptions {
	return &websocket.AcceptOptions{
		InsecureSkipVerify: true,
		OnPingReceived:     func(context.Context, []byte) bool { s.control(); return true },
		OnPongReceived:     func(context.Context, []byte) { s.control() },
	}
}
