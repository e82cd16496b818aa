package sandbox

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Self is where a sandboxed program sees the binary that made its sandbox
// (Arena, or a test binary that doubles as a bot).
const Self = "/run/arena-sandbox/arena"

const insideExe = Self

// srcInside is where a private copy's original is shown (Config.Private).
const srcInside = "/run/arena-sandbox/src"

// system are the host directories every sandbox sees read-only: enough to
// run python3, node, java or a compiled program. On merged-/usr systems
// the top-level ones are symlinks, recreated as such.
var system = []string{"/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt"}

// BaseEnv is the environment every sandboxed program starts with; the
// program's own variables are added to it. Nothing of Arena's environment
// goes in.
func (s *Sandbox) BaseEnv() []string {
	return []string{
		"PATH=/usr/local/bin:/usr/bin:/bin",
		"HOME=" + s.dir,
		"TMPDIR=/tmp",
		"LANG=C.UTF-8",
		// The JVM sizes its heap from the machine's memory, which it
		// cannot see the limit of here (no cgroup file system inside).
		"JAVA_TOOL_OPTIONS=-XX:MaxRAM=" + strconv.FormatInt(s.cfg.Memory, 10),
	}
}

// Wrap turns cmd, made for the host, into the same command run inside the
// sandbox: its Args run there (looked up in the sandbox's PATH), cmd.Env is
// added to BaseEnv (nothing else of the host's environment), cmd.Dir is
// where it starts (default: Config.Chdir, else the work directory). The
// caller's standard streams, SysProcAttr (process group, parent-death
// signal) and Wait work as before. A killed sandbox exits 128+signal.
func (s *Sandbox) Wrap(cmd *exec.Cmd) error {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return errors.New("sandbox: closed")
	}
	if len(cmd.Args) == 0 {
		return errors.New("sandbox: no program")
	}
	exe, err := helperExe()
	if err != nil {
		return err
	}
	dir := cmd.Dir
	if dir == "" {
		dir = s.cfg.Chdir
	}
	if dir == "" {
		dir = s.dir
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return err
	}
	if err := s.findProgram(cmd.Args[0], dir); err != nil {
		return err
	}
	env := append(s.BaseEnv(), cmd.Env...)
	args, err := s.bwrapArgs(exe, dir, env, cmd.Args, len(cmd.ExtraFiles))
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	// bwrap reports its PID namespace's init there, for the reaper
	// (orphans.go).
	info, err := newInfoPipe()
	if err != nil {
		return err
	}
	cmd.ExtraFiles = append(cmd.ExtraFiles, info.w)
	args = append([]string{"--info-fd", strconv.Itoa(2 + len(cmd.ExtraFiles))}, args...)
	sp := enterSpec{UID: s.id.uid, GID: s.id.gid, Change: s.id.change, Bwrap: s.bwrap, Args: args}
	if s.cg != nil {
		sp.Cgroup = s.cg.dirs()
	}
	b, _ := json.Marshal(sp)
	cmd.Path, cmd.Args, cmd.Err = self, []string{"arena-sandbox", enterArg, string(b)}, nil
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	cmd.Dir = ""
	s.mu.Lock()
	s.cmds = append(s.cmds, cmd)
	s.infos = append(s.infos, info)
	s.mu.Unlock()
	s.watch()
	return nil
}

// workMount mounts the work directory: the given Dir itself, or a tmpfs
// of Limits.Disk bytes (the sandbox's own directory, or a private copy of
// the given one, whose original is shown read-only at srcInside), so
// that a program cannot fill the host's disk.
func (s *Sandbox) workMount() []string {
	size := strconv.FormatInt(s.cfg.Disk, 10)
	switch {
	case s.cfg.Private:
		return []string{"--ro-bind", s.dir, srcInside, "--size", size, "--tmpfs", s.dir}
	case s.ownDir:
		a := []string{"--size", size, "--tmpfs", s.dir}
		s.mu.Lock()
		files := s.files
		s.mu.Unlock()
		if files != "" {
			a = append(a, "--ro-bind", files, files)
		}
		return a
	}
	return []string{"--bind", s.dir, s.dir}
}

// bwrapArgs builds bubblewrap's command line. The program keeps the
// caller's extra descriptors (3 to 3+extra-1), no other.
func (s *Sandbox) bwrapArgs(exe, dir string, env, argv []string, extra int) ([]string, error) {
	a := []string{
		"--unshare-all", "--unshare-user", "--disable-userns",
		"--uid", "65534", "--gid", "65534", "--hostname", "sandbox",
		"--die-with-parent", "--new-session", "--clearenv",
	}
	for _, d := range system {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(d)
			if err == nil {
				a = append(a, "--symlink", target, d)
			}
		case fi.IsDir():
			a = append(a, "--ro-bind", d, d)
		}
	}
	a = append(a, "--proc", "/proc", "--dev", "/dev",
		"--size", strconv.FormatInt(s.cfg.Tmp, 10), "--tmpfs", "/tmp",
		"--ro-bind", exe, insideExe)
	// The starting directory exists even when nothing is bound there.
	a = append(a, "--dir", dir)
	for _, p := range s.cfg.ReadOnly {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		if err := s.reachable(abs); err != nil {
			return nil, err
		}
		a = append(a, "--ro-bind", abs, abs)
	}
	a = append(a, s.workMount()...)
	if s.sockDir != "" {
		a = append(a, "--bind", s.sockDir, s.sockDir)
	}
	// The root is a tmpfs holding the mount points: nothing to write there.
	a = append(a, "--remount-ro", "/", "--chdir", dir)
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		a = append(a, "--setenv", k, v)
	}
	ls := launchSpec{Rlimits: s.rlimits(), Forward: s.cfg.Forward, SockDir: s.sockDir, Extra: extra}
	b, _ := json.Marshal(ls)
	a = append(a, "--", insideExe, launchArg, string(b))
	return append(a, argv...), nil
}

func (s *Sandbox) rlimits() []rlimit {
	l := s.cfg.Limits
	rs := []rlimit{
		{syscall.RLIMIT_FSIZE, uint64(l.FileSize)},
		{syscall.RLIMIT_NOFILE, uint64(l.OpenFiles)},
		{syscall.RLIMIT_CPU, uint64((l.CPU + time.Second - 1) / time.Second)},
	}
	// Counted in the sandbox's user namespace: the sandbox's own. With a
	// cgroup, its pids limit comes first (it is the one a status can name),
	// this one is a backstop.
	if s.cg == nil {
		rs = append(rs, rlimit{rlimitNPROC, uint64(l.Procs)})
	} else {
		rs = append(rs, rlimit{rlimitNPROC, uint64(l.Procs) + 16})
	}
	if s.cg == nil {
		// Without a memory cgroup, cap the data segment (heap and private
		// writable mappings; the address space reservations of Java and
		// Node stay possible).
		rs = append(rs, rlimit{syscall.RLIMIT_DATA, uint64(l.Memory)})
	}
	return rs
}

// insidePath is the PATH of BaseEnv.
var insidePath = []string{"/usr/local/bin", "/usr/bin", "/bin"}

// Path is the PATH of every sandboxed program: the directories whose
// programs a build or a bot finds by name.
func Path() []string { return append([]string(nil), insidePath...) }

// findProgram checks that the program exists as the sandbox will see it, so
// that a bot that cannot start is told so at once (did not start), rather
// than crashing with the launcher's message.
func (s *Sandbox) findProgram(name, dir string) error {
	if !strings.Contains(name, "/") {
		for _, d := range insidePath {
			if fi, err := os.Stat(filepath.Join(d, name)); err == nil && !fi.IsDir() {
				return nil
			}
		}
		return fmt.Errorf("sandbox: %q is not in the sandbox's PATH (%s); give its full path (a program of your own must be in its bot's directory)", name, strings.Join(insidePath, ":"))
	}
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	if _, err := os.Stat(p); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	seen := append([]string{s.dir}, s.cfg.ReadOnly...)
	for _, d := range system {
		if _, err := os.Lstat(d); err == nil {
			seen = append(seen, d) // a directory, or a link recreated inside
		}
	}
	for _, d := range seen {
		if abs, err := filepath.Abs(d); err == nil && (p == abs || strings.HasPrefix(p, abs+"/")) {
			return nil
		}
	}
	return fmt.Errorf("sandbox: %s is not in a directory the sandbox shows", p)
}

// passable says whether a sandbox's identity can pass through directory
// fi: open to others, or to the sandboxes' group (PrivateDir).
func passable(fi os.FileInfo, change bool) bool {
	if fi.Mode().Perm()&0o001 != 0 {
		return true
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	return change && ok && st.Gid == sandboxGID && fi.Mode().Perm()&0o010 != 0
}

// rlimitNPROC is RLIMIT_NPROC, missing from package syscall.
const rlimitNPROC = 6

// reachable checks that the sandbox's identity can get to path: bwrap runs
// as that identity, and a private directory on the way would stop it with
// a less helpful message.
func (s *Sandbox) reachable(path string) error {
	if !s.id.change {
		return nil
	}
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
		if !passable(fi, s.id.change) {
			return fmt.Errorf("sandbox: %s cannot be shown to the sandbox: %s is private (the sandbox runs as an unprivileged user; chmod o+x %s, or move the files)", path, d, d)
		}
		if d == "/" {
			break
		}
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	return nil
}

var (
	exeMu   sync.Mutex
	exePath string
)

// helperExe returns a copy of this binary that sandboxes can read (a test
// binary, or an arena installed in a private home directory, may not be):
// a hard link, or a copy, in the base directory, named after the binary's
// identity so that it is made once. A copy removed meanwhile (see
// removeStaleExes) is made again, from the running binary itself.
func helperExe() (string, error) {
	exeMu.Lock()
	defer exeMu.Unlock()
	if exePath != "" {
		if _, err := os.Stat(exePath); err == nil {
			return exePath, nil
		}
	}
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	fi, err := os.Stat("/proc/self/exe")
	if err != nil {
		return "", fmt.Errorf("sandbox: %w", err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	h := sha256.Sum256(fmt.Appendf(nil, "%s %d %d %d %d", self, st.Dev, st.Ino, fi.Size(), fi.ModTime().UnixNano()))
	base, err := baseDir()
	if err != nil {
		return "", err
	}
	removeStaleExes(base)
	p := filepath.Join(base, "exe-"+hex.EncodeToString(h[:8]))
	if _, err := os.Stat(p); err == nil {
		exePath = p
		return p, nil
	}
	tmp := p + ".tmp" + strconv.Itoa(os.Getpid())
	if !sameFile(self, st) || os.Link(self, tmp) != nil {
		// The binary was replaced, or is on another file system: copy what
		// runs.
		if err := copyFile("/proc/self/exe", tmp); err != nil {
			return "", fmt.Errorf("sandbox: %w", err)
		}
	}
	os.Chmod(tmp, 0o755)
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("sandbox: %w", err)
	}
	exePath = p
	return p, nil
}

// removeStaleExes removes the helper binaries that are the last link to
// their file (the original binary is gone: a test binary's build directory
// was removed) and have been so for an hour (the inode's change time is
// when its link count last changed). A process still running such a
// binary makes its copy again when it needs it.
func removeStaleExes(base string) {
	es, _ := os.ReadDir(base)
	for _, e := range es {
		if !strings.HasPrefix(e.Name(), "exe-") {
			continue
		}
		p := filepath.Join(base, e.Name())
		fi, err := os.Lstat(p)
		if err != nil {
			continue
		}
		st := fi.Sys().(*syscall.Stat_t)
		changed := time.Unix(st.Ctim.Sec, st.Ctim.Nsec)
		if st.Nlink == 1 && time.Since(changed) > time.Hour {
			os.Remove(p)
		}
	}
}

// sameFile reports whether path is the file st describes.
func sameFile(path string, st *syscall.Stat_t) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	o := fi.Sys().(*syscall.Stat_t)
	return o.Dev == st.Dev && o.Ino == st.Ino
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		os.Remove(to)
		return err
	}
	return out.Close()
}
