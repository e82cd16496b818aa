package sandbox

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Ports are forwarded without a relay where Arena may enter the sandbox's
// network namespace (as root): before the program starts, the launcher
// connects to the sandbox's "ready" socket; Arena learns its process from
// the connection's credentials, opens the listening sockets of the
// outward forwards inside that namespace and keeps the namespace to dial
// the inward ones, then tells the launcher to go on ('D'). A socket stays
// in the namespace it was made in, so Arena serves and dials them directly:
// no extra process, no extra hop per message. Where Arena cannot enter
// (an ordinary user may not), it answers 'F' and the launcher starts the
// forwarder (forward.go) instead.

const readySocket = "ready.sock"

// direct is whether Arena tries to enter namespaces (tests turn it off to
// run the forwarder where Arena could enter).
var direct = true

// mux is Arena's end of an outward forward: it accepts from the forwarder's
// unix socket, and from the TCP listener inside the namespace once there is
// one.
type mux struct {
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
	mu    sync.Mutex
	ls    []net.Listener
	addr  net.Addr
}

func newMux(first net.Listener) *mux {
	m := &mux{conns: make(chan net.Conn), done: make(chan struct{}), addr: first.Addr()}
	m.add(first)
	return m
}

func (m *mux) add(l net.Listener) {
	m.mu.Lock()
	m.ls = append(m.ls, l)
	m.mu.Unlock()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			select {
			case m.conns <- c:
			case <-m.done:
				c.Close()
				return
			}
		}
	}()
}

func (m *mux) Accept() (net.Conn, error) {
	select {
	case c := <-m.conns:
		return c, nil
	case <-m.done:
		return nil, net.ErrClosed
	}
}

func (m *mux) Close() error {
	m.once.Do(func() {
		close(m.done)
		m.mu.Lock()
		for _, l := range m.ls {
			l.Close()
		}
		m.mu.Unlock()
	})
	return nil
}

func (m *mux) Addr() net.Addr { return m.addr }

// serveReady answers the launcher of each program started in the sandbox.
func (s *Sandbox) serveReady(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		mode := byte('F')
		if direct && s.enter(c.(*net.UnixConn)) == nil {
			mode = 'D'
		}
		c.Write([]byte{mode})
		c.Close()
	}
}

// enter opens the outward forwards' listeners in the namespace of the
// process at the other end of c, and keeps that namespace for dialing.
func (s *Sandbox) enter(c *net.UnixConn) error {
	rc, err := c.SyscallConn()
	if err != nil {
		return err
	}
	var cred *unix.Ucred
	rc.Control(func(fd uintptr) {
		cred, err = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	})
	if err != nil {
		return err
	}
	ns, err := os.Open("/proc/" + strconv.Itoa(int(cred.Pid)) + "/ns/net")
	if err != nil {
		return err
	}
	var ls []net.Listener
	err = inNetns(ns, func() error {
		for _, f := range s.cfg.Forward {
			if f.In {
				continue
			}
			l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(f.Port))
			if err != nil {
				return err
			}
			ls = append(ls, l)
		}
		return nil
	})
	if err != nil {
		ns.Close()
		for _, l := range ls {
			l.Close()
		}
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.netns != nil {
		ns.Close()
		for _, l := range ls {
			l.Close()
		}
		return errors.New("sandbox: closed, or entered already")
	}
	s.netns = ns
	i := 0
	for _, f := range s.cfg.Forward {
		if !f.In {
			s.listeners[f.Port].(*mux).add(ls[i])
			i++
		}
	}
	return nil
}

// inNetns runs f on a thread that has entered the network namespace ns,
// then brings the thread back to Arena's namespace before the Go scheduler
// may use it again. The thread must not simply end (a goroutine that ends
// locked ends its thread): the programs Arena started on that thread would
// get their parent-death signal (bwrap's --die-with-parent, Pdeathsig).
func inNetns(ns *os.File, f func() error) error {
	home, err := os.Open("/proc/thread-self/ns/net")
	if err != nil {
		return err
	}
	defer home.Close()
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := unix.Setns(int(ns.Fd()), unix.CLONE_NEWNET); err != nil {
			runtime.UnlockOSThread()
			done <- err
			return
		}
		err := f()
		if unix.Setns(int(home.Fd()), unix.CLONE_NEWNET) != nil {
			// Stranded in the sandbox's namespace: keep the thread
			// out of use for good rather than end it.
			done <- err
			select {}
		}
		runtime.UnlockOSThread()
		done <- err
	}()
	return <-done
}

// dialInside connects to 127.0.0.1:port in the sandbox's namespace.
func (s *Sandbox) dialInside(ctx context.Context, ns *os.File, port int) (net.Conn, error) {
	var c net.Conn
	err := inNetns(ns, func() error {
		var err error
		var d net.Dialer
		c, err = d.DialContext(ctx, "tcp", "127.0.0.1:"+strconv.Itoa(port))
		return err
	})
	return c, err
}

// waitReady is the launcher's side: connect to the ready socket and read
// the mode, 'D' (Arena listens inside) or 'F' (start the forwarder).
func waitReady(sockDir string) (byte, error) {
	c, err := net.DialTimeout("unix", filepath.Join(sockDir, readySocket), 10*time.Second)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	var b [1]byte
	if _, err := c.Read(b[:]); err != nil {
		return 0, err
	}
	return b[0], nil
}
