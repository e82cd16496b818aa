package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// Forward gives a sandboxed program one TCP port on 127.0.0.1 of its own
// network namespace, which has no other way out. Each sandbox has its own
// loopback, so programs side by side can all use the same port.
//
// The two ends meet through a unix socket in a directory bound into the
// sandbox: unix sockets are files, not network, and the directory is the
// sandbox's own. Inside, a forwarder (this binary, re-executed) relays
// between the socket and the port.
type Forward struct {
	Port int
	// In: the program listens on Port and Arena connects to it (DialContext).
	// Otherwise the program connects to Port and reaches Arena's listener
	// (Listener).
	In bool
	// Serve, for an outward forward of RunIn or RunTree, answers the
	// connections the command makes to the port (a build's registry
	// proxy), for the command's life: those make their sandbox inside
	// and the caller never sees its Listener.
	Serve func(net.Listener) `json:"-"`
}

func (f Forward) socket(dir string) string {
	dirn := "out"
	if f.In {
		dirn = "in"
	}
	return filepath.Join(dir, dirn+"-"+strconv.Itoa(f.Port)+".sock")
}

// Listener is Arena's end of an outward forward: connections the program
// makes to 127.0.0.1:port arrive here. It is nil for a port not forwarded.
func (s *Sandbox) Listener(port int) net.Listener {
	l := s.listeners[port]
	if l == nil {
		return nil
	}
	return l
}

// DialContext connects to the port the program listens on inside (an In
// forward; the address is ignored), for an http.Transport.
func (s *Sandbox) DialContext(ctx context.Context, port int) (net.Conn, error) {
	s.mu.Lock()
	ns := s.netns
	s.mu.Unlock()
	for _, f := range s.cfg.Forward {
		if f.In && f.Port == port {
			if ns != nil {
				return s.dialInside(ctx, ns, port)
			}
			var d net.Dialer
			return d.DialContext(ctx, "unix", f.socket(s.sockDir))
		}
	}
	return nil, fmt.Errorf("sandbox: port %d is not forwarded in", port)
}

// listenOut opens Arena's ends of the outward forwards, owned by the
// sandbox's identity so that the forwarder can connect.
func (s *Sandbox) listenOut() error {
	s.listeners = map[int]net.Listener{}
	if len(s.cfg.Forward) == 0 {
		return nil
	}
	ready, err := net.Listen("unix", filepath.Join(s.sockDir, readySocket))
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	s.ready = ready
	if err := s.id.chown(filepath.Join(s.sockDir, readySocket)); err != nil {
		return err
	}
	go s.serveReady(ready)
	for _, f := range s.cfg.Forward {
		if f.In {
			continue
		}
		path := f.socket(s.sockDir)
		l, err := net.Listen("unix", path)
		if err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
		s.listeners[f.Port] = newMux(l)
		if err := s.id.chown(path); err != nil {
			return err
		}
	}
	return nil
}

type forwardSpec struct {
	Forward []Forward
	SockDir string
}

// forward is the forwarder's main: listen on every forward, tell the
// launcher (descriptor 3) it is ready, relay until the sandbox ends.
func forward(arg string) error {
	var sp forwardSpec
	if err := json.Unmarshal([]byte(arg), &sp); err != nil {
		return err
	}
	var ls []net.Listener
	var dial []func() (net.Conn, error)
	for _, f := range sp.Forward {
		var l net.Listener
		var err error
		sock := f.socket(sp.SockDir)
		addr := "127.0.0.1:" + strconv.Itoa(f.Port)
		if f.In {
			l, err = net.Listen("unix", sock)
			dial = append(dial, func() (net.Conn, error) { return net.Dial("tcp", addr) })
		} else {
			l, err = net.Listen("tcp", addr)
			dial = append(dial, func() (net.Conn, error) { return net.Dial("unix", sock) })
		}
		if err != nil {
			return err
		}
		ls = append(ls, l)
	}
	ready := os.NewFile(3, "ready")
	ready.Write([]byte{1})
	ready.Close()
	var wg sync.WaitGroup
	for i, l := range ls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			serve(l, dial[i])
		}()
	}
	wg.Wait()
	return errors.New("forwarder stopped")
}

func serve(l net.Listener, dial func() (net.Conn, error)) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		go func() {
			d, err := dial()
			if err != nil {
				c.Close()
				return
			}
			relay(c, d)
		}()
	}
}

// relay copies both ways; when one side ends its writing, the other side
// is told (half close), as a direct connection would.
func relay(a, b net.Conn) {
	var wg sync.WaitGroup
	wg.Add(2)
	half := func(dst, src net.Conn) {
		defer wg.Done()
		io.Copy(dst, src)
		if cw, ok := dst.(interface{ CloseWrite() error }); ok {
			cw.CloseWrite()
		} else {
			dst.Close()
		}
	}
	go half(a, b)
	go half(b, a)
	wg.Wait()
	a.Close()
	b.Close()
}
