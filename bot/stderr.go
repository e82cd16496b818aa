package bot

import (
	"os"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// errReader reads a process's stderr into its tail from a goroutine, and
// lets Stderr read at once what is still in the pipe (sync): what a bot
// wrote on stderr just before its answer is in the pipe when the answer
// arrives, however late the goroutine is, and Stderr takes it without
// waiting for the goroutine to be scheduled. Both read with non-blocking
// system calls under mu, so the bytes keep their order.
type errReader struct {
	rc  syscall.RawConn
	t   *tail
	mu  sync.Mutex
	buf []byte
	eof bool
	// syncRead is syncLocked, made once: sync is called every turn for a
	// bot that writes on stderr, and a closure would be allocated each time.
	syncRead func(fd uintptr)
}

// newErrReader returns nil when f cannot be read without blocking.
func newErrReader(f *os.File, t *tail) *errReader {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	e := &errReader{rc: rc, t: t, buf: make([]byte, 32<<10)}
	e.syncRead = e.syncFD
	return e
}

// run reads until the end of the stream, or until the file is closed.
func (e *errReader) run() {
	for {
		err := e.rc.Read(func(fd uintptr) bool {
			e.mu.Lock()
			defer e.mu.Unlock()
			return e.readLocked(int(fd))
		})
		e.mu.Lock()
		if err != nil {
			e.eof = true
		}
		eof := e.eof
		e.mu.Unlock()
		if eof {
			return
		}
	}
}

// sync reads what the pipe holds now (a full pipe is 64 KiB: a few reads).
func (e *errReader) sync() { e.rc.Control(e.syncRead) }

func (e *errReader) syncFD(fd uintptr) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := 0; i < 8 && !e.eof && e.readLocked(int(fd)); i++ {
	}
}

// readLocked makes one non-blocking read (e.mu held); it reports false
// when there was nothing to read.
func (e *errReader) readLocked(fd int) bool {
	if e.eof {
		return true
	}
	n, err := unix.Read(fd, e.buf)
	for err == unix.EINTR {
		n, err = unix.Read(fd, e.buf)
	}
	if err == unix.EAGAIN {
		return false
	}
	if n > 0 {
		e.t.Write(e.buf[:n])
	}
	if n == 0 || err != nil {
		e.eof = true
	}
	return true
}

// ended reports whether the end of the stream has been read.
func (e *errReader) ended() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.eof
}
