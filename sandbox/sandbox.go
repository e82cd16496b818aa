// Package sandbox runs code that Arena did not write (contestants' bots and
// their builds) contained: a read-only view of the system, a private
// writable work directory and /tmp, its own PID, network, IPC, UTS, user
// and cgroup namespaces, an unprivileged identity, and limits on memory,
// processes, file size, open files and CPU time. Everything it starts is
// killed, and its work directory removed, when it is closed.
//
// The namespaces and mounts are made by bubblewrap (bwrap), the tool
// Flatpak uses, run as an unprivileged user. Before bwrap, Arena re-executes
// itself as a tiny helper (see helper.go) that joins the sandbox's cgroup,
// sets the rlimits and drops to the sandbox's identity; inside the
// sandbox, the same binary can run a port forwarder (see forward.go) that
// gives a bot the loopback addresses its game needs and nothing else.
package sandbox

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Limits are what a sandboxed program may use. A zero field takes the
// default below.
type Limits struct {
	Memory    int64         // bytes of memory (cgroup; RLIMIT_DATA where no cgroup)
	Procs     int           // processes and threads, bwrap's included (cgroup pids; RLIMIT_NPROC)
	FileSize  int64         // bytes in one file (RLIMIT_FSIZE)
	OpenFiles int           // open descriptors per process (RLIMIT_NOFILE)
	CPU       time.Duration // CPU time per process (RLIMIT_CPU)
	Tmp       int64         // bytes of the private /tmp (a tmpfs)
	// Disk is the bytes of the work directory when it is the sandbox's
	// own (a tmpfs): the one it makes, or a private copy of the given
	// Dir (Config.Private). Files caps the entries a private copy may
	// leave (RunTree).
	Disk  int64
	Files int
	// Cores is the CPU the programs may use together, in cores (a cgroup
	// CPU quota): a program forking busy loops slows itself only. 0 sets
	// no quota.
	Cores float64
}

// Defaults for a zero Limits field.
const (
	DefaultMemory    = 768 << 20
	DefaultProcs     = 256 // a JVM starts a GC thread per core
	DefaultFileSize  = 256 << 20
	DefaultOpenFiles = 1024
	DefaultCPU       = 10 * time.Minute
	DefaultTmp       = 64 << 20
	DefaultDisk      = 256 << 20
	DefaultFiles     = 20000
)

// withDefaults fills the zero fields.
func (l Limits) withDefaults() Limits {
	if l.Memory <= 0 {
		l.Memory = DefaultMemory
	}
	if l.Procs <= 0 {
		l.Procs = DefaultProcs
	}
	if l.FileSize <= 0 {
		l.FileSize = DefaultFileSize
	}
	if l.OpenFiles <= 0 {
		l.OpenFiles = DefaultOpenFiles
	}
	if l.CPU <= 0 {
		l.CPU = DefaultCPU
	}
	if l.Tmp <= 0 {
		l.Tmp = DefaultTmp
	}
	if l.Disk <= 0 {
		l.Disk = DefaultDisk
	}
	if l.Files <= 0 {
		l.Files = DefaultFiles
	}
	return l
}

// Config describes one sandbox.
type Config struct {
	Limits
	// Dir is the writable work directory, seen at the same path inside,
	// and the program's starting directory unless Chdir says otherwise.
	// When empty, a fresh directory is made, and removed by Close.
	Dir string
	// ReadOnly are host files or directories the program may read, seen at
	// the same paths (a bot's own code, a shim it preloads).
	ReadOnly []string
	// Chdir is where the program starts, when not Dir (a bot's command line
	// may name its files relative to the directory Arena runs in). It is
	// created empty inside when nothing else puts it there.
	Chdir string
	// Forward lists loopback ports the program gets (see Forward).
	Forward []Forward
	// Private shows the given Dir as a copy on a tmpfs of Limits.Disk
	// bytes: nothing the programs write reaches the host's disk. RunTree
	// reads back what they left, within Limits.Disk and Limits.Files.
	Private bool
}

// Sandbox is one contained environment: a work directory, a cgroup where
// the machine gives one, and the identity its programs run as. Start
// programs in it with Command; Close kills them all and cleans up.
type Sandbox struct {
	cfg     Config
	dir     string // work directory
	ownDir  bool   // made by New, removed by Close
	sockDir string // unix sockets of the forwarded ports
	id      identity
	cg      *cgroup // nil where the machine gives none
	bwrap   string
	// listeners are Arena's ends of the outward forwards, by port.
	listeners map[int]net.Listener
	ready     net.Listener // launchers ask how ports are forwarded (netns.go)
	netns     *os.File     // the program's network namespace, once entered
	lent      *loan        // a given Dir, lent to the identity
	files     string       // host directory of AddFile's files, shown read-only

	mu      sync.Mutex
	cmds    []*exec.Cmd
	infos   []*infoPipe // each command's bwrap report (orphans.go)
	closed  bool
	watched bool
	done    chan struct{} // closed by Close: the watcher stops
}

var counter atomic.Uint32

var errBwrapMissing = errors.New("sandbox: bubblewrap (bwrap) is not installed (Debian and Ubuntu: apt-get install bubblewrap)")

// New prepares a sandbox. It fails when bubblewrap is missing or the
// kernel cannot make its namespaces: Arena never runs untrusted code
// uncontained by accident (see Check for what this machine gives).
func New(cfg Config) (*Sandbox, error) {
	bw, err := exec.LookPath("bwrap")
	if err != nil {
		return nil, errBwrapMissing
	}
	cfg.Limits = cfg.Limits.withDefaults()
	s := &Sandbox{cfg: cfg, bwrap: bw, id: pickIdentity(), done: make(chan struct{})}
	if err := s.makeDirs(); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.listenOut(); err != nil {
		s.Close()
		return nil, err
	}
	name := fmt.Sprintf("%d-%d", os.Getpid(), counter.Add(1))
	if cg, err := newCgroup(name, cfg.Limits); err == nil {
		s.cg = cg
	}
	return s, nil
}

// Dir is the sandbox's work directory (on the host and inside).
func (s *Sandbox) Dir() string { return s.dir }

// AddFile gives the programs a read-only file made of data, and returns
// its path (the same on the host and inside). A sandbox's own work
// directory is a tmpfs inside, so Arena cannot write there for them.
func (s *Sandbox) AddFile(name string, data []byte) (string, error) {
	dir := filepath.Join(s.dir, ".arena")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	p := filepath.Join(dir, filepath.Base(name))
	if err := os.WriteFile(p, data, 0o644); err != nil {
		return "", err
	}
	s.mu.Lock()
	s.files = dir
	s.mu.Unlock()
	return p, nil
}

// Limits are the sandbox's limits, defaults filled in.
func (s *Sandbox) Limits() Limits { return s.cfg.Limits }

// makeDirs creates the work directory (when not given) and the socket
// directory, owned by the sandbox's identity, under a parent that only
// lets that identity pass through.
func (s *Sandbox) makeDirs() error {
	if s.cfg.Dir == "" {
		parent, err := baseDir()
		if err != nil {
			return err
		}
		d, err := os.MkdirTemp(parent, "work-")
		if err != nil {
			return fmt.Errorf("sandbox: work directory: %w", err)
		}
		s.dir, s.ownDir = d, true
		if err := s.id.own(d); err != nil {
			return err
		}
	} else {
		d, err := filepath.Abs(s.cfg.Dir)
		if err != nil {
			return err
		}
		s.dir = d
		if err := s.reachable(d); err != nil {
			return err
		}
		if err := s.lend(d); err != nil {
			return err
		}
	}
	if len(s.cfg.Forward) > 0 {
		parent, err := baseDir()
		if err != nil {
			return err
		}
		d, err := os.MkdirTemp(parent, "sock-")
		if err != nil {
			return fmt.Errorf("sandbox: socket directory: %w", err)
		}
		s.sockDir = d
		if err := s.id.own(d); err != nil {
			return err
		}
	}
	return nil
}

// baseDir is where work directories go: a directory of the system's temp
// directory that everyone may cross but not list, so that a sandbox's
// identity reaches its own work directory (0700, its own) and nothing else.
func baseDir() (string, error) {
	d := filepath.Join(os.TempDir(), "arena-sandbox-"+strconv.Itoa(os.Getuid()))
	if err := os.Mkdir(d, 0o711); err != nil && !errors.Is(err, os.ErrExist) {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	fi, err := os.Lstat(d)
	if err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || !ok || int(st.Uid) != os.Getuid() {
		return "", fmt.Errorf("sandbox: %s is not a directory of ours", d)
	}
	return d, os.Chmod(d, 0o711)
}

// Close kills every process of the sandbox, removes its cgroup and, when
// New made it, its work directory. It is idempotent.
func (s *Sandbox) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	cmds, infos := s.cmds, s.infos
	close(s.done)
	s.mu.Unlock()
	for _, c := range cmds {
		if c.Process != nil {
			// The helper's process group holds bwrap; bwrap's death kills
			// the sandbox's PID namespace (--die-with-parent on its init).
			syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
		}
	}
	for _, ip := range infos {
		ip.close()
	}
	for _, l := range s.listeners {
		l.Close()
	}
	if s.ready != nil {
		s.ready.Close()
	}
	s.mu.Lock()
	if s.netns != nil {
		s.netns.Close()
	}
	s.mu.Unlock()
	var errs []error
	if s.cg != nil {
		errs = append(errs, s.cg.destroy())
	}
	if s.lent != nil {
		errs = append(errs, s.lent.giveBack())
	}
	if s.ownDir && s.dir != "" {
		errs = append(errs, os.RemoveAll(s.dir))
	}
	if s.sockDir != "" {
		errs = append(errs, os.RemoveAll(s.sockDir))
	}
	return errors.Join(errs...)
}

// Exceeded names the limit the sandbox's programs ran into, "" for none:
// "memory limit 768 MiB" when the kernel killed one for memory, "process
// limit 256" when a fork failed for it. A program's own exit status can say
// more (see Verdict).
func (s *Sandbox) Exceeded() string {
	if s.cg == nil {
		return ""
	}
	if s.cg.oomKills() > 0 {
		return "memory limit " + size(s.cfg.Memory)
	}
	if s.cg.pidsMaxed() > 0 {
		return "process limit " + strconv.Itoa(s.cfg.Procs)
	}
	return ""
}

// Verdict names the limit behind an exit status of a sandboxed program
// (bwrap exits with 128+N when its program was killed by signal N), ""
// when no limit explains it.
func (s *Sandbox) Verdict(code int) string {
	if l := s.Exceeded(); l != "" {
		return l
	}
	switch code - 128 {
	case int(syscall.SIGXCPU):
		return "CPU time limit " + s.cfg.CPU.String()
	case int(syscall.SIGXFSZ):
		return "file size limit " + size(s.cfg.FileSize)
	}
	return ""
}

// size writes a byte count the way limits are given: "768 MiB".
func size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + " GiB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// watch ends the sandbox's programs once a fork has failed for the process
// limit: a program over a limit is ended, with a status that names it,
// rather than left spinning (a fork bomb would otherwise hold its processes
// until the end of the match). The kernel gives no notice of that on
// cgroup v1, so the counter is read ten times a second.
func (s *Sandbox) watch() {
	s.mu.Lock()
	if s.watched || s.cg == nil || s.closed {
		s.mu.Unlock()
		return
	}
	s.watched = true
	s.mu.Unlock()
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-s.done:
				return
			case <-t.C:
				if s.cg.pidsMaxed() > 0 {
					s.cg.killAll()
					return
				}
			}
		}
	}()
}
