package bot

import (
	"bytes"
	"io"
	"sync"
	"time"

	"github.com/seed27749672/arena/game"
)

// readLines reads r until EOF or error and sends each complete line on out,
// stamped with the moment the read returned. A line longer than maxLine is
// cut to maxLine bytes and flagged TooLong; the rest of it is skipped. A
// trailing CR is removed (CR LF is accepted everywhere). A last line without
// a newline is delivered at EOF. out is ended at the end. Closing stop
// makes it give up on a line nobody takes.
func readLines(r io.Reader, maxLine int, out Outlet, stop <-chan struct{}) {
	defer out.End(stop)
	buf := make([]byte, 64<<10)
	sp := splitter{maxLine: maxLine}
	emit := func(l Line) bool { return out.Put(l, stop) }
	for {
		n, err := r.Read(buf)
		at := time.Now()
		if !sp.feed(buf[:n], at, emit) {
			return
		}
		if err != nil {
			sp.end(at, emit)
			return
		}
	}
}

// splitter cuts a byte stream into lines (see readLines).
type splitter struct {
	maxLine int
	// cur keeps up to maxLine+1 bytes, so that a CR just past the cap can
	// still be recognised as part of the line terminator.
	cur  []byte
	over bool
	// last is the text of the last line: a line that repeats it (WAIT, a
	// bot's usual answer, or a flood of one line) shares its string rather
	// than allocating its own.
	last string
}

// feed splits data, read at at, and emits every line it completes; it
// stops when emit returns false, and says so.
func (sp *splitter) feed(data []byte, at time.Time, emit func(Line) bool) bool {
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		chunk := data
		if i >= 0 {
			chunk = data[:i]
		}
		if room := sp.maxLine + 1 - len(sp.cur); len(chunk) > room {
			sp.cur = append(sp.cur, chunk[:max(room, 0)]...)
			sp.over = true
		} else {
			sp.cur = append(sp.cur, chunk...)
		}
		if i < 0 {
			break
		}
		if !sp.emitLine(at, emit) {
			return false
		}
		data = data[i+1:]
	}
	return true
}

// end emits the last line, without its newline, at the end of the stream.
func (sp *splitter) end(at time.Time, emit func(Line) bool) {
	if len(sp.cur) > 0 || sp.over {
		sp.emitLine(at, emit)
	}
}

func (sp *splitter) emitLine(at time.Time, emit func(Line) bool) bool {
	line := bytes.TrimSuffix(sp.cur, []byte{'\r'})
	tooLong := sp.over || len(line) > sp.maxLine
	if len(line) > sp.maxLine {
		line = line[:sp.maxLine]
	}
	if string(line) != sp.last { // compared without a copy
		sp.last = string(line)
	}
	if !emit(Line{Line: game.Line{Text: sp.last, TooLong: tooLong}, At: at}) {
		return false
	}
	sp.cur = sp.cur[:0]
	sp.over = false
	return true
}

// tail keeps the last keep bytes written to it since the last take.
type tail struct {
	mu      sync.Mutex
	keep    int
	buf     []byte
	dropped int64
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(p)
	if len(p) > t.keep {
		t.dropped += int64(len(t.buf) + len(p) - t.keep)
		t.buf = append(t.buf[:0], p[len(p)-t.keep:]...)
		return n, nil
	}
	if over := len(t.buf) + len(p) - t.keep; over > 0 {
		t.dropped += int64(over)
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, p...)
	return n, nil
}

func (t *tail) take() ([]byte, int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b, d := t.buf, t.dropped
	t.buf, t.dropped = nil, 0
	return b, d
}

// drain copies r into t until EOF; errors end it quietly (the bot is gone).
func drain(r io.Reader, t *tail) {
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		t.Write(buf[:n])
		if err != nil {
			return
		}
	}
}

// outputLog keeps what a process writes on stdout, for transports whose
// answers come another way (HTTP, WebSocket): its stdout is then a log,
// shown with its stderr.
type outputLog struct {
	proc *Process
	out  *tail
	done chan struct{} // the process's stdout is all in out
}

func newOutputLog(p *Process) *outputLog {
	o := &outputLog{proc: p, out: &tail{keep: DefaultStderrKeep}, done: make(chan struct{})}
	go func() {
		defer close(o.done)
		for l := range p.Lines() {
			o.out.Write([]byte(l.Text + "\n"))
		}
	}()
	return o
}

// final is take once the process has exited: it first lets the last of
// its stdout arrive (a child holding it open is not waited for long).
func (o *outputLog) final() ([]byte, int64) {
	select {
	case <-o.done:
	case <-time.After(500 * time.Millisecond):
	}
	return o.take()
}

// take returns what the process wrote on stdout, then on stderr, since the
// last call, as Bot.Stderr does.
func (o *outputLog) take() ([]byte, int64) {
	out, d1 := o.out.take()
	errb, d2 := o.proc.Stderr()
	return append(out, errb...), d1 + d2
}
