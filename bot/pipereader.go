package bot

import (
	"errors"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// pipeReader reads a process's stdout (a pipe, or a pseudo-terminal
// master) like readLines, and also lets the runner read, at a deadline,
// what the bot has written but the reading goroutine has not read yet
// (sync): a bot's answer is in the pipe the moment it is written, however
// late Arena's own goroutine gets to it on a busy machine.
//
// Both read with non-blocking system calls under mu, and the lines they
// complete go to ready, in order, before the goroutine delivers them: the
// order of the stream is kept whoever reads.
type pipeReader struct {
	f    *os.File
	rc   syscall.RawConn
	out  Outlet
	stop <-chan struct{}
	// direct: read by the runner only (readNow, sync), see DirectReader;
	// out is nil.
	direct bool

	// dmu is held while lines are delivered on out, so that sync can
	// deliver what it read when the goroutine is not doing so, in order.
	dmu sync.Mutex

	mu       sync.Mutex
	sp       splitter
	ready    []Line
	produced int // lines completed so far, delivered or in ready
	eof      bool
	full     bool // the last read filled buf: more may be waiting
	buf      []byte
	// readAvail is readAvailable, made once: readNow's read, with no
	// closure allocated on every call.
	readAvail func(fd uintptr)
}

// readHook, when set (by tests), is called by the reading goroutine once
// the pipe has become readable and before it reads, and by readNow (a
// stdout read directly, see DirectReader) before it reads: a hook that
// sleeps stands for a goroutine the OS or the Go scheduler does not run in
// time.
var readHook atomic.Pointer[func()]

// newPipeReader prepares to read f, or returns nil when f cannot be read
// without blocking (not pollable: no deadlines): readLines then reads it.
func newPipeReader(f *os.File, maxLine int, out Outlet, stop <-chan struct{}) *pipeReader {
	rc, err := f.SyscallConn()
	if err != nil || f.SetReadDeadline(time.Time{}) != nil {
		return nil
	}
	return &pipeReader{f: f, rc: rc, out: out, stop: stop, sp: splitter{maxLine: maxLine}, buf: make([]byte, 64<<10)}
}

// run reads until the end of the stream (or until stop), then ends out.
func (r *pipeReader) run() {
	defer r.out.End(r.stop)
	for {
		if !r.deliver() {
			return
		}
		r.mu.Lock()
		eof := r.eof
		r.mu.Unlock()
		if eof {
			r.deliver()
			return
		}
		// Each line costs a read that finds nothing (EAGAIN) before the
		// goroutine waits again. It cannot be skipped after a read that
		// emptied the pipe: the poller reports data and the writer's
		// close in one wake-up when both came before it looked, and the
		// read of the data does not tell of the close, so waiting for
		// the next wake-up could miss the end of the output.
		err := r.rc.Read(func(fd uintptr) bool {
			if h := readHook.Load(); h != nil {
				(*h)()
			}
			r.mu.Lock()
			defer r.mu.Unlock()
			if len(r.ready) > 0 || r.eof {
				return true // sync read something: deliver it first
			}
			return r.readLocked(int(fd), time.Now)
		})
		switch {
		case errors.Is(err, os.ErrDeadlineExceeded):
			// sync woke us up to deliver what it read.
			r.f.SetReadDeadline(time.Time{})
		case err != nil: // closed by Close
			r.mu.Lock()
			r.eof = true
			r.mu.Unlock()
		}
	}
}

// readLocked makes one non-blocking read (r.mu held) and splits what it
// got; it reports false when there was nothing to read. now gives the
// lines' time stamp, taken once the read has returned.
func (r *pipeReader) readLocked(fd int, now func() time.Time) bool {
	n, err := unix.Read(fd, r.buf)
	for err == unix.EINTR {
		n, err = unix.Read(fd, r.buf)
	}
	if err == unix.EAGAIN {
		return false
	}
	at := now()
	r.full = n == len(r.buf)
	r.sp.feed(r.buf[:max(n, 0)], at, r.add)
	// n == 0 is the end of file; EIO is how a pseudo-terminal master says
	// that every writer has gone.
	if n == 0 || err != nil {
		r.sp.end(at, r.add)
		r.eof = true
	}
	return true
}

func (r *pipeReader) add(l Line) bool {
	r.ready = append(r.ready, l)
	r.produced++
	return true
}

// deliver sends the lines ready, in order; false when stopped.
func (r *pipeReader) deliver() bool {
	r.dmu.Lock()
	defer r.dmu.Unlock()
	lines := r.take()
	for _, l := range lines {
		if !r.out.Put(l, r.stop) {
			return false
		}
	}
	return true
}

func (r *pipeReader) take() []Line {
	r.mu.Lock()
	defer r.mu.Unlock()
	lines := r.ready
	r.ready = nil
	return lines
}

// tryDeliver sends the lines ready that out has room for, unless the
// goroutine is delivering; it reports whether lines are left for the
// goroutine.
func (r *pipeReader) tryDeliver() bool {
	if !r.dmu.TryLock() {
		return true
	}
	defer r.dmu.Unlock()
	lines := r.take()
	for i, l := range lines {
		if r.out.TryPut(l) {
			continue
		}
		// Full: the rest goes back in front of what was read since.
		r.mu.Lock()
		r.ready = append(lines[i:len(lines):len(lines)], r.ready...)
		r.mu.Unlock()
		return true
	}
	return false
}

// maxSync bounds what one sync reads: a pipe holds 64 KiB by default.
const maxSync = 1 << 20

// sync reads everything readable now, without waiting, and stamps the
// lines it completes with the moment it took the lock (the bytes were in
// the pipe by then), which is no earlier than the stamp of every line read
// before. It returns that moment, how many lines the stream has completed
// so far, the ones it read included (they reach out after those already
// ready), and whether the stream has ended.
func (r *pipeReader) sync() Synced {
	r.mu.Lock()
	at := time.Now()
	read := false
	r.rc.Control(func(fd uintptr) {
		for reads := 0; !r.eof && reads < maxSync/len(r.buf); reads++ {
			if !r.readLocked(int(fd), func() time.Time { return at }) {
				break
			}
			read = true
		}
	})
	s := Synced{At: at, Lines: r.produced, Ended: r.eof}
	r.mu.Unlock()
	// Deliver what was read here at once: the reading goroutine may be
	// the one that is not run in time. What does not fit, it delivers: it
	// may be waiting for the pipe to become readable, so wake it. Read
	// directly, the lines wait in ready for readNow.
	if read && !r.direct && (r.tryDeliver() || s.Ended) {
		r.f.SetReadDeadline(time.Unix(1, 0))
	}
	return s
}
