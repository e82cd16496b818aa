package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"github.com/seed27749672/arena/sandbox"
)

// Process is a bot run as a local process that reads its input on stdin and
// answers on stdout. It runs in its own process group, and everything in
// that group is killed when the bot is closed.
//
// Its stdout is a pipe; with the environment of CodinGameEnv, C, C++ and
// Python programs line-buffer it anyway, so that a bot that never flushes
// still answers at once, as it did on CodinGame. Set PTY to give the bot a
// pseudo-terminal as stdout instead (line-buffered by any C library, even
// in a static binary; each round trip costs about 10 µs more).
type Process struct {
	Argv       []string // program and arguments, run without a shell
	Dir        string   // working directory; "" is the current one
	Env        []string // added to the arena's environment
	MaxLine    int      // see game.Info.MaxLine; 0 is DefaultMaxLine
	StderrKeep int      // stderr bytes kept between two Stderr calls; 0 is DefaultStderrKeep
	PTY        bool     // stdout is a pseudo-terminal in raw mode
	// Sandbox, when not nil, runs the bot contained with these limits (see
	// contain.go): it gets nothing of Arena's environment, only Env.
	Sandbox *sandbox.Limits
	Forward []sandbox.Forward // loopback ports a contained bot gets
	sb      *sandbox.Sandbox

	cmd     *exec.Cmd
	stdin   *os.File
	stdinRC syscall.RawConn // stdin's, for TrySend; nil if it has none
	sendBuf []byte          // TrySend's message with its newline
	// TrySend's write, made once (a closure made on every call would be
	// allocated on every call), and what it writes and its error.
	tryWrite  func(fd uintptr)
	tryMsg    []byte
	tryErr    error
	out, err  *os.File    // our ends of stdout and stderr
	lines     chan Line   // nil when forwarded
	outlet    Outlet      // where the lines go: lines, or the one given to ForwardLines
	reader    *pipeReader // nil when stdout cannot be read without blocking
	direct    bool        // stdout is read by ReadOutput (see DirectReader)
	outFD     int         // stdout's descriptor, when direct
	errFD     int         // stderr's, when direct
	readDone  chan struct{}
	stop      chan struct{}
	errDone   chan struct{} // stderr fully read
	errReader *errReader    // reads stderr; nil: drain does
	stderr    *tail
	waited    chan struct{}
	marker    string        // the environment entry of its processes, see killAll
	group     *botGroup     // its control group, nil without one
	cgroups   []cgroupPlace // where to make the group; nil: the machine's (tests choose)

	mu     sync.Mutex
	exit   Exit
	closed bool
	// CPU figures: the last one returned, the descendants' share at the
	// last look in /proc, whether there were live ones, and the calls.
	lastCPU  time.Duration
	others   time.Duration
	kids     bool
	cpuCalls int
	watch    *procWatch // without a group: the bot's /proc files, kept open
	waits    *waitWatch // the time its threads waited for a CPU
	est      cpuEstimate
}

// Command returns the argv for a bot command string: the string split on
// blanks when it is a plain command line, or `sh -c STRING` when it uses
// shell syntax (quotes, pipes, redirections, variables, globs, ...).
func Command(s string) []string {
	const shellChars = "|&;<>()$`\\\"'*?[]#~=%{}!\n"
	for _, c := range s {
		for _, sc := range shellChars {
			if c == sc {
				return []string{"/bin/sh", "-c", s}
			}
		}
	}
	var argv []string
	field := []rune{}
	for _, c := range s {
		if c == ' ' || c == '\t' {
			if len(field) > 0 {
				argv = append(argv, string(field))
				field = field[:0]
			}
			continue
		}
		field = append(field, c)
	}
	if len(field) > 0 {
		argv = append(argv, string(field))
	}
	return argv
}

// Start launches the process.
func (p *Process) Start(ctx context.Context) error {
	if len(p.Argv) == 0 {
		return errors.New("empty command")
	}
	if p.MaxLine == 0 {
		p.MaxLine = DefaultMaxLine
	}
	if p.StderrKeep == 0 {
		p.StderrKeep = DefaultStderrKeep
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return err
	}
	outR, outW, err := p.openStdout()
	if err != nil {
		inR.Close()
		inW.Close()
		return err
	}
	errR, errW, err := p.openStderr()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return err
	}
	becomeSubreaper()
	p.marker = newMarker()
	if p.Sandbox != nil {
		if err := p.newSandbox(); err != nil {
			closeAll(inR, inW, outR, outW, errR, errW)
			return fmt.Errorf("cannot start %q: %w", p.Argv[0], err)
		}
	}
	newCmd := func() *exec.Cmd {
		cmd := exec.Command(p.Argv[0], p.Argv[1:]...)
		cmd.Dir = p.Dir
		cmd.Env = append(append(os.Environ(), p.Env...), p.marker)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		if p.sb != nil {
			p.wrap(cmd) // an error is kept in cmd.Err, for Start
		}
		return cmd
	}
	cmd := newCmd()
	// In a control group of its own where the machine allows it; else
	// without (see cgroup.go).
	err = errors.New("no cgroup")
	if g, gerr := newBotGroup(p.places(), strings.TrimPrefix(p.marker, markerVar+"=")); gerr == nil {
		if err = g.start(cmd); err == nil {
			p.group = g
		} else {
			g.remove()
			cmd = newCmd()
		}
	}
	if p.group == nil {
		if err = cmd.Start(); err == nil {
			p.watch = openProcWatch(cmd.Process.Pid)
		}
	}
	closeAll(inR, outW, errW) // the child has its own copies
	if err != nil {
		closeAll(inW, outR, errR)
		if p.sb != nil {
			p.sb.Close()
			return fmt.Errorf("cannot start %q in its sandbox: %w", p.Argv[0], err)
		}
		return startError(cmd.Path, p.Dir, p.Argv[0], err)
	}
	p.cmd, p.stdin, p.out, p.err = cmd, inW, outR, errR
	p.waits = newWaitWatch(p.threads())
	p.stdinRC, _ = inW.SyscallConn()
	p.readDone = make(chan struct{})
	p.stop = make(chan struct{})
	p.stderr = &tail{keep: p.StderrKeep}
	p.waited = make(chan struct{})
	if p.direct {
		p.outFD = int(outR.Fd()) // not in the poller: Fd leaves it as it is
		p.reader = newDirectReader(outR, p.MaxLine)
		close(p.readDone)
	} else {
		p.startReading(outR)
	}
	p.errDone = make(chan struct{})
	p.errReader = newErrReader(errR, p.stderr)
	if p.direct && p.errReader != nil {
		// Read by the caller too (ReadStderr), and at the end (stderrEnd).
		p.errFD = int(errR.Fd()) // not in the poller: Fd leaves it as it is
		close(p.errDone)
		go p.wait()
		return nil
	}
	go func() {
		if p.errReader != nil {
			p.errReader.run()
		} else {
			drain(errR, p.stderr)
		}
		close(p.errDone)
	}()
	go p.wait()
	return nil
}

// startReading starts the goroutine that reads stdout into the outlet:
// the one given to ForwardLines, else the Lines channel.
func (p *Process) startReading(outR *os.File) {
	if p.outlet == nil {
		p.lines = make(chan Line, linesBuffer)
		p.outlet = chanOutlet(p.lines)
	}
	p.reader = newPipeReader(outR, p.MaxLine, p.outlet, p.stop)
	go func() {
		if p.reader != nil {
			p.reader.run()
		} else {
			readLines(eofOnEIO{outR}, p.MaxLine, p.outlet, p.stop)
		}
		close(p.readDone)
	}()
}

// places returns where the bot's control group may be made. A contained
// bot joins its sandbox's version 2 group when it starts (leaving any other
// version 2 group): it gets a version 1 group only.
func (p *Process) places() []cgroupPlace {
	pl := p.cgroups
	if pl == nil {
		pl = machineCgroups()
	}
	if p.Sandbox == nil {
		return pl
	}
	var v1 []cgroupPlace
	for _, c := range pl {
		if !c.v2 {
			v1 = append(v1, c)
		}
	}
	return v1
}

var machineCgroups = sync.OnceValue(func() []cgroupPlace { return cgroupPlaces(CgroupRoot) })

// openStderr returns the pipe of the bot's stderr: read directly (see
// DirectReader) with its stdout, else by a goroutine through Go's poller.
func (p *Process) openStderr() (r, w *os.File, err error) {
	if p.direct {
		return directPipe()
	}
	return os.Pipe()
}

func (p *Process) openStdout() (r, w *os.File, err error) {
	if p.direct {
		return directPipe()
	}
	if !p.PTY {
		return os.Pipe()
	}
	master, slave, err := pty.Open()
	if err != nil {
		return nil, nil, fmt.Errorf("pseudo-terminal for stdout: %w", err)
	}
	if err := makeRaw(slave); err != nil {
		closeAll(master, slave)
		return nil, nil, err
	}
	if master, err = nonBlocking(master); err != nil {
		slave.Close()
		return nil, nil, fmt.Errorf("pseudo-terminal for stdout: %w", err)
	}
	return master, slave, nil
}

// nonBlocking returns f as a file in non-blocking mode, which Go polls,
// and closes f. pty.Open leaves the master in blocking mode (it calls Fd):
// there a read waits for the bot's output, also the one Sync makes at a
// deadline, which must not wait (nor hold the reader's lock while it does).
func nonBlocking(f *os.File) (*os.File, error) {
	fd, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD_CLOEXEC, 0)
	f.Close()
	if err != nil {
		return nil, err
	}
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return nil, err
	}
	// NewFile polls a descriptor that is in non-blocking mode.
	return os.NewFile(uintptr(fd), f.Name()), nil
}

// makeRaw turns off every transformation of the terminal line discipline,
// so that the bytes the bot writes arrive unchanged (no CR before LF, no
// echo, no special characters).
func makeRaw(f *os.File) error {
	fd := int(f.Fd())
	t, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return err
	}
	t.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
	t.Oflag &^= unix.OPOST
	t.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	t.Cflag &^= unix.CSIZE | unix.PARENB
	t.Cflag |= unix.CS8
	t.Cc[unix.VMIN], t.Cc[unix.VTIME] = 1, 0
	return unix.IoctlSetTermios(fd, unix.TCSETS, t)
}

// eofOnEIO turns the EIO a pseudo-terminal master returns once the bot and
// all its children have closed it into a plain end of file.
type eofOnEIO struct{ f *os.File }

func (e eofOnEIO) Read(b []byte) (int, error) {
	n, err := e.f.Read(b)
	if errors.Is(err, syscall.EIO) {
		err = io.EOF
	}
	return n, err
}

func (p *Process) wait() {
	err := p.cmd.Wait()
	st := p.cmd.ProcessState
	p.mu.Lock()
	p.exit = Exit{Code: -1}
	if st != nil {
		p.exit.Code = st.ExitCode()
		if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			p.exit.Signal = unix.SignalName(ws.Signal())
		}
		// The rusage of the ended process includes the children it waited for.
		p.lastCPU = max(p.lastCPU, st.UserTime()+st.SystemTime())
	} else if err != nil {
		p.exit.Err = err
	}
	if p.sb != nil {
		p.exit = containedExit(p.sb, p.exit)
	}
	p.mu.Unlock()
	close(p.waited)
}

// Pid returns the process id (also the process group id), 0 before Start.
func (p *Process) Pid() int {
	if p.cmd == nil || p.cmd.Process == nil {
		return 0
	}
	return p.cmd.Process.Pid
}

// Send writes msg to the bot's stdin, adding a final newline if missing.
func (p *Process) Send(msg []byte, deadline time.Time) error {
	msg = withNewline(msg)
	if err := p.stdin.SetWriteDeadline(deadline); err != nil {
		return err
	}
	n, err := p.stdin.Write(msg)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return &InputFull{Written: n, Unread: p.unread()}
	}
	return err
}

// unread returns how many bytes wait in the bot's stdin pipe, unread
// (FIONREAD, which a pipe answers on its writing end too); -1 when it
// cannot tell.
func (p *Process) unread() int {
	rc := p.stdinRC
	if rc == nil {
		return -1
	}
	n, ierr := -1, error(nil)
	if err := rc.Control(func(fd uintptr) { n, ierr = unix.IoctlGetInt(int(fd), unix.TIOCINQ) }); err != nil || ierr != nil {
		return -1
	}
	return n
}

// TrySend writes what fits of msg (with a final newline added if missing)
// into the bot's stdin pipe without waiting, and returns the rest. It
// writes through Control, not the poller's Write: that one fails at once
// once the write deadline of an earlier Send has passed, and waits for a
// Send in progress. The runner never has a Send in progress when it calls
// TrySend (a prompt is only sent once the previous one was written).
//
// The newline is added in a buffer of the process's, reused from prompt to
// prompt (the rest returned is in it: it is only valid until the next
// TrySend).
func (p *Process) TrySend(msg []byte) ([]byte, error) {
	if len(msg) == 0 || msg[len(msg)-1] != '\n' {
		p.sendBuf = append(append(p.sendBuf[:0], msg...), '\n')
		msg = p.sendBuf
	}
	rc := p.stdinRC
	if rc == nil {
		return msg, errors.New("stdin cannot be written without waiting")
	}
	if p.tryWrite == nil {
		p.tryWrite = p.writeNow
	}
	p.tryMsg, p.tryErr = msg, nil
	err := rc.Control(p.tryWrite)
	msg, werr := p.tryMsg, p.tryErr
	p.tryMsg, p.tryErr = nil, nil
	if err == nil {
		err = werr
	}
	return msg, err
}

// writeNow writes what it can of tryMsg to fd without waiting, leaving the
// rest in tryMsg and a write error in tryErr (see TrySend).
func (p *Process) writeNow(fd uintptr) {
	for len(p.tryMsg) > 0 {
		n, err := unix.Write(int(fd), p.tryMsg)
		if n > 0 {
			p.tryMsg = p.tryMsg[n:]
		}
		if err == unix.EINTR {
			continue
		}
		if err != nil && err != unix.EAGAIN {
			p.tryErr = err
		}
		if err != nil || n == 0 {
			break
		}
	}
}

// withNewline returns msg ending with a newline: msg itself, or a copy
// with one added (msg's array is never written).
func withNewline(msg []byte) []byte {
	if len(msg) == 0 || msg[len(msg)-1] != '\n' {
		msg = append(msg[:len(msg):len(msg)], '\n')
	}
	return msg
}

// ErrDeadline is returned by Send when the bot did not read its input in time.
var ErrDeadline = errors.New("the bot did not read its input in time")

// InputFull is the ErrDeadline of a process bot (errors.Is(err,
// ErrDeadline) holds): the deadline passed with the message not fully
// written because the bot's stdin pipe was full. It says how full, so that
// the caller can tell a bot that stopped reading its input (bytes written
// before the message still unread: the pipe was full when the message was
// due) from one reading a message larger than the pipe too slowly.
type InputFull struct {
	Written int // bytes of the message Send wrote before the deadline
	Unread  int // bytes waiting in the pipe at the deadline, -1 if unknown
}

func (e *InputFull) Error() string {
	return fmt.Sprintf("%v: its input pipe was full (%d bytes unread)", ErrDeadline, e.Unread)
}

// Is makes an InputFull an ErrDeadline.
func (e *InputFull) Is(target error) bool { return target == ErrDeadline }

// Lines returns the output lines; nil when they are forwarded.
func (p *Process) Lines() <-chan Line { return p.lines }

// ForwardLines makes the process deliver its lines to o instead of Lines
// (see Forwarder). It must be called before Start.
func (p *Process) ForwardLines(o Outlet) { p.outlet = o }

// Sync reads what the bot has written on stdout and Arena has not read yet
// (see Syncer).
func (p *Process) Sync() (Synced, bool) {
	if p.reader == nil {
		return Synced{}, false
	}
	return p.reader.sync(), true
}

// Stderr returns the error output since the last call. Since stderr is a
// pipe of its own, what the bot wrote just before its answer may still be
// in the pipe when the answer arrives: it is read now.
func (p *Process) Stderr() ([]byte, int64) {
	if p.stderr == nil {
		return nil, 0
	}
	if p.errReader != nil {
		p.errReader.sync()
		return p.stderr.take()
	}
	for i := 0; i < 50 && pending(p.err) > 0; i++ {
		time.Sleep(time.Millisecond)
	}
	return p.stderr.take()
}

// pending returns the bytes waiting in a pipe (FIONREAD), without putting
// the file in blocking mode as Fd would.
func pending(f *os.File) int {
	rc, err := f.SyscallConn()
	if err != nil {
		return 0
	}
	n := 0
	rc.Control(func(fd uintptr) {
		n, _ = unix.IoctlGetInt(int(fd), unix.TIOCINQ) // FIONREAD
	})
	return n
}

// CPU returns the CPU time (user+system) the bot has used, everything it
// started included. In a control group: the group's counter. Else: its own
// process, all threads, from the kernel's CPU clock of the process; and its
// descendants from /proc (see descendantsCPU): on every call for a
// single-threaded bot (procWatch) or one with live descendants, else every
// treeEvery calls and on FreshCPU, so that the CPU of a child that starts
// and ends between two looks counts on the look after it. The figure never
// decreases.
func (p *Process) CPU() (time.Duration, bool) { return p.cpu(false) }

// FreshCPU is CPU with the descendants read now: the runner asks for it when
// a bot timed out or ended, where the figure tells whether the machine or
// the bot was slow.
func (p *Process) FreshCPU() (time.Duration, bool) { return p.cpu(true) }

// treeEvery is how often CPU looks for the descendants of a multi-threaded
// bot that had none at the last look.
const treeEvery = 10

func (p *Process) cpu(fresh bool) (time.Duration, bool) {
	if p.waited == nil {
		return 0, false
	}
	p.mu.Lock()
	if g := p.group; g != nil {
		defer p.mu.Unlock()
		if d, ok := g.cpu(); ok {
			p.lastCPU = max(p.lastCPU, d)
		}
		return p.lastCPU, true
	}
	p.mu.Unlock()
	select {
	case <-p.waited:
	default:
		if own, ok := cpuClock(p.Pid()); ok {
			p.mu.Lock()
			defer p.mu.Unlock()
			scan := fresh || p.kids || p.cpuCalls%treeEvery == 0
			if p.watch != nil {
				if d, live, ok := p.watch.descendants(scan); ok {
					p.others, p.kids = d, live
				}
			} else if scan {
				if d, live, ok := descendantsCPU(p.Pid()); ok {
					p.others, p.kids = d, live
				}
			}
			p.cpuCalls++
			p.lastCPU = max(p.lastCPU, own+p.others)
			return p.lastCPU, true
		}
		// Gone: it is exiting; its final figures come with Wait.
		select {
		case <-p.waited:
		case <-time.After(50 * time.Millisecond):
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lastCPU, true
}

// Waited returns the time the bot's threads (everything it started
// included) have been runnable but kept waiting for a CPU so far: the
// machine's doing, not the bot's. fresh looks for threads started since
// the last look (see waitWatch). The figure never decreases.
func (p *Process) Waited(fresh bool) (time.Duration, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.waits == nil {
		return 0, false
	}
	return p.waits.read(fresh), true
}

// Figures returns CPU and Waited together, most of the time at the cost of
// Waited alone: see cpuEstimate. The runner
// reads both at every turn's resolution, between the last answer and the
// next prompts, where each system call delays the next turn. The CPU
// figure never decreases; fresh reads the whole of both now.
func (p *Process) Figures(fresh bool) (cpu, wait time.Duration, ok bool) {
	p.mu.Lock()
	if p.waits == nil {
		p.mu.Unlock()
		return 0, 0, false
	}
	wait, run := p.waits.readBoth(fresh)
	if d, ok := p.est.estimate(run, p.waits, fresh); ok {
		p.lastCPU = max(p.lastCPU, d)
		defer p.mu.Unlock()
		return p.lastCPU, wait, true
	}
	p.mu.Unlock()
	cpu, ok = p.cpu(fresh)
	p.mu.Lock()
	defer p.mu.Unlock()
	if ok {
		p.est.whole(cpu, run, p.waits)
	}
	return cpu, wait, ok
}

// Runnable tells whether a thread of the bot (everything it started
// included, as of the last look for new threads) is running or waiting for
// a CPU now.
func (p *Process) Runnable() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.waits != nil && p.waits.runnable()
}

// threads returns how the bot's threads are listed: its group's list,
// else its process tree; a sandbox's own processes left out (see
// sandboxOwn).
func (p *Process) threads() func() []int {
	pid := p.Pid()
	list := func() []int { return treeThreads(pid) }
	if g := p.group; g != nil {
		list = func() []int { return groupThreads(g.dir, g.place.v2) }
	}
	if p.sb == nil {
		return list
	}
	return func() []int { return sandboxOwn(list(), pid) }
}

// sandboxOwn leaves out of a sandboxed bot's threads tids the sandbox's own
// processes: bwrap, whose pid is the bot's, and the init of the sandbox's
// PID namespace, bwrap's child of the same name. They wait for the bot
// and never compute: watched (waitWatch), each would cost a read a turn.
// What they do use still counts in the bot's whole CPU reads.
func sandboxOwn(tids []int, pid int) []int {
	own := []int{pid}
	for _, c := range children(pid) {
		if b, err := os.ReadFile("/proc/" + strconv.Itoa(c) + "/comm"); err == nil && string(b) == "bwrap\n" {
			own = append(own, c)
		}
	}
	return slices.DeleteFunc(tids, func(tid int) bool { return slices.Contains(own, tid) })
}

// Exit waits up to wait for the process to end.
func (p *Process) Exit(wait time.Duration) (Exit, bool) {
	if p.waited == nil {
		return Exit{Err: errors.New("not started")}, true
	}
	if !ended(p.waited, wait) {
		return Exit{}, false
	}
	// Let the last words on stderr arrive (a child may hold it open: do
	// not wait for long).
	p.stderrEnd(500 * time.Millisecond)
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.exit, true
}

// stderrEnd waits up to wait for the end of stderr: its reading
// goroutine's end, or, read directly, the end of the stream, read here.
func (p *Process) stderrEnd(wait time.Duration) {
	if !p.direct || p.errReader == nil {
		select {
		case <-p.errDone:
		case <-time.After(wait):
		}
		return
	}
	for end := time.Now().Add(wait); ; {
		if p.errReader.sync(); p.errReader.ended() {
			return
		}
		left := time.Until(end)
		if left <= 0 {
			return
		}
		fds := []unix.PollFd{{Fd: int32(p.errFD), Events: unix.POLLIN}}
		unix.Poll(fds, int(min(left, 50*time.Millisecond)/time.Millisecond)+1)
	}
}

// Close closes stdin, gives the bot grace to exit, then kills and reaps
// everything it started (see killAll), and releases every descriptor.
func (p *Process) Close(grace time.Duration) Exit {
	if p.cmd == nil {
		return Exit{Err: errors.New("not started")}
	}
	p.mu.Lock()
	if p.closed {
		e := p.exit
		p.mu.Unlock()
		return e
	}
	p.closed = true
	p.mu.Unlock()

	p.stdin.Close()
	close(p.stop)
	exited := ended(p.waited, grace)
	// Kill everything the bot started, even after a clean exit: children
	// may linger, in its group or out of it.
	killAll(p.Pid(), p.marker, p.waited, p.group)
	<-p.waited
	p.mu.Lock()
	g, w, ws := p.group, p.watch, p.waits
	p.group, p.watch = nil, nil
	p.mu.Unlock()
	if w != nil {
		w.close()
	}
	if ws != nil {
		ws.close()
	}
	if g != nil {
		g.remove()
	}
	// The outputs end once every writer is gone; a process that escaped
	// could keep them open, so stop waiting after a moment.
	p.stderrEnd(200 * time.Millisecond)
	select {
	case <-p.readDone:
	case <-time.After(200 * time.Millisecond):
	}
	closeAll(p.out, p.err)
	<-p.readDone
	p.mu.Lock()
	defer p.mu.Unlock()
	if !exited {
		p.exit.Killed = true
	}
	if p.sb != nil {
		if p.exit.Limit == "" {
			p.exit.Limit = p.sb.Exceeded()
		}
		p.sb.Close()
	}
	return p.exit
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		if f != nil {
			f.Close()
		}
	}
}

// startError says why a program could not be started, in the words a user
// needs: a directory, a file without the exec bit, a script the kernel
// cannot run, rather than "permission denied".
func startError(path, dir, name string, err error) error {
	p := path
	if dir != "" && !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	st, serr := os.Stat(p)
	switch {
	case serr != nil:
	case st.IsDir():
		return fmt.Errorf("cannot start %q: it is a directory, not a program", name)
	case errors.Is(err, fs.ErrPermission) && st.Mode().Perm()&0o111 == 0:
		return fmt.Errorf("cannot start %q: the file is not executable (no exec bit): chmod +x it, or start it with its interpreter (e.g. \"python3 %s\")", name, name)
	case errors.Is(err, syscall.ENOEXEC):
		return fmt.Errorf("cannot start %q: not a program this machine can run (a script needs a #! first line, or start it with its interpreter)", name)
	}
	return fmt.Errorf("cannot start %q: %w", name, err)
}
