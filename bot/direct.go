package bot

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// DirectReader is implemented by transports whose output the runner can
// read itself, on the goroutine that waits for the answers (polling the
// descriptor OutputFD with the others it waits on), instead of a reading
// goroutine handing each line over: that hand-off is a goroutine wake-up
// per line and, with a processor idle, a thread woken too, which on a
// 2-core machine competes with the bots. ReadDirect is called before
// Start, and reports whether the transport reads that way from then on
// (Lines is nil then, and nothing is forwarded); when it reports false,
// nothing changed.
type DirectReader interface {
	ReadDirect() bool
	// OutputFD is the descriptor to poll: readable when there is output
	// to read or the output has ended.
	OutputFD() int
	// ReadOutput reads, without waiting, what the bot has written and
	// Arena has not read yet, and appends its complete lines to dst, in
	// order (those a Sync read first), each stamped when the read that
	// completed it returned; ended tells that the output has ended after
	// them. A call that found the pipe readable may leave the end of the
	// output for the next call: poll OutputFD again before it.
	ReadOutput(dst []Line) (lines []Line, ended bool)
	// StderrFD is the descriptor of the bot's error output, -1 if it has
	// none to poll; ReadStderr reads what it holds now, without waiting,
	// into what Stderr returns: the caller polls it with OutputFD and
	// reads it when it is readable (no goroutine does). A caller whose
	// poll found it empty, or read it after, in the look that found an
	// answer on stdout, holds what the bot wrote there before that answer:
	// it takes it with StderrPolled, which does not read the pipe again
	// (Stderr does).
	StderrFD() int
	ReadStderr()
	StderrPolled() ([]byte, int64)
}

// ReadDirect makes the process's stdout and stderr read by their caller
// only (ReadOutput, ReadStderr, Sync, Stderr; see DirectReader); not with
// a pseudo-terminal, whose master Arena polls through Go's poller.
func (p *Process) ReadDirect() bool {
	if p.PTY || p.cmd != nil {
		return false
	}
	p.direct = true
	return true
}

// OutputFD returns the descriptor of the process's stdout, -1 when it is
// not read directly.
func (p *Process) OutputFD() int {
	if !p.direct || p.reader == nil {
		return -1
	}
	return p.outFD
}

// ReadOutput reads what the process has written on stdout (see
// DirectReader).
func (p *Process) ReadOutput(dst []Line) ([]Line, bool) {
	if !p.direct || p.reader == nil {
		return dst, true
	}
	return p.reader.readNow(dst)
}

// directPipe returns a pipe for an output read directly: Arena's end in
// non-blocking mode but not in Go's poller (a descriptor there wakes a
// thread of Arena's each time it becomes readable, though nothing waits
// on it), the bot's end in blocking mode, as a program expects.
func directPipe() (r, w *os.File, err error) {
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_CLOEXEC); err != nil {
		return nil, nil, err
	}
	// NewFile of a blocking descriptor leaves it out of the poller; it is
	// made non-blocking after.
	r, w = os.NewFile(uintptr(fds[0]), "|0"), os.NewFile(uintptr(fds[1]), "|1")
	if err := unix.SetNonblock(fds[0], true); err != nil {
		closeAll(r, w)
		return nil, nil, err
	}
	return r, w, nil
}

// newDirectReader prepares to read f (see directPipe) from ReadOutput and
// Sync only: no goroutine reads it.
func newDirectReader(f *os.File, maxLine int) *pipeReader {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	r := &pipeReader{f: f, rc: rc, direct: true, sp: splitter{maxLine: maxLine}, buf: make([]byte, 64<<10)}
	r.readAvail = r.readAvailable
	return r
}

// readNow reads what is readable now (bounded as sync), and returns the
// lines ready, appended to dst, and whether the stream has ended.
func (r *pipeReader) readNow(dst []Line) ([]Line, bool) {
	if h := readHook.Load(); h != nil {
		(*h)() // a runner held up before it reads (tests)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	// A read that did not fill the buffer emptied the pipe: the caller
	// polls before it reads again (a level-triggered poll reports the end
	// of the output too), so a read that would find nothing is not made.
	//
	// The lines a Sync read first go to dst, then those read now, straight
	// into dst (ready is dst meanwhile): a flood of lines is held once,
	// in the caller's slice, reused from call to call.
	own := r.ready[:0]
	dst = append(dst, r.ready...)
	clear(r.ready) // the lines' strings are the caller's now
	r.ready = dst
	if err := r.rc.Control(r.readAvail); err != nil { // closed
		r.eof = true
	}
	dst, r.ready = r.ready, own
	return dst, r.eof
}

// readAvailable reads fd until a read does not fill the buffer (it emptied
// the pipe), bounded as sync (r.mu held; see readNow).
func (r *pipeReader) readAvailable(fd uintptr) {
	for reads := 0; !r.eof && reads < maxSync/len(r.buf); reads++ {
		if !r.readLocked(int(fd), time.Now) || !r.full {
			break
		}
	}
}

// StderrFD returns the descriptor of the process's stderr pipe (see
// DirectReader), -1 when it is not read directly.
func (p *Process) StderrFD() int {
	if !p.direct || p.errReader == nil {
		return -1
	}
	return p.errFD
}

// ReadStderr reads what the process's stderr pipe holds now (see
// DirectReader).
func (p *Process) ReadStderr() {
	if p.direct && p.errReader != nil {
		p.errReader.sync()
	}
}

// StderrPolled returns the error output since the last call, without
// reading the pipe (see DirectReader): what ReadStderr, Stderr or Exit
// have read, once a read one of them is making has landed.
func (p *Process) StderrPolled() ([]byte, int64) {
	if p.errReader == nil {
		return p.Stderr()
	}
	p.errReader.mu.Lock()
	defer p.errReader.mu.Unlock()
	return p.stderr.take()
}
