package sandbox_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// workDir returns a directory the sandbox's identity can reach.
func workDir(t *testing.T) string {
	d := t.TempDir()
	os.Chmod(filepath.Dir(d), 0o755)
	os.Chmod(d, 0o755)
	return d
}

// runIn runs a shell command in dir, writable, in a fresh sandbox with
// the given limits.
func runIn(ctx context.Context, dir, command string, l sandbox.Limits) (sandbox.Result, error) {
	return sandbox.RunIn(ctx, sandbox.Config{Limits: l, Dir: dir}, command, nil)
}

func run(t *testing.T, dir, command string, l sandbox.Limits) sandbox.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r, err := runIn(ctx, dir, command, l)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRunBuildsInItsDirectory(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	dir := workDir(t)
	os.WriteFile(filepath.Join(dir, "main.py"), []byte("print('built')\n"), 0o644)
	r := run(t, dir, `set -e; cp main.py out.py; python3 out.py; echo to-stderr >&2; id -u; exit 3`, sandbox.Limits{})
	if r.Code != 3 || r.Status != "exited with status 3" {
		t.Fatalf("status %q code %d, want exited with status 3; output %s", r.Status, r.Code, r.Output)
	}
	out := string(r.Output)
	for _, want := range []string{"built\n", "to-stderr\n", "65534\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output %q lacks %q", out, want)
		}
	}
	fi, err := os.Stat(filepath.Join(dir, "out.py"))
	if err != nil {
		t.Fatal("the build's output is missing:", err)
	}
	// Given back to the directory's owner (the test's user).
	if uid := fi.Sys().(*syscall.Stat_t).Uid; int(uid) != os.Getuid() {
		t.Errorf("out.py belongs to uid %d, want %d", uid, os.Getuid())
	}
	if r := run(t, dir, "true", sandbox.Limits{}); !r.OK() {
		t.Errorf("true: %q", r.Status)
	}
}

func TestRunKeepsTheEndOfALongOutput(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	r := run(t, workDir(t), `head -c 3000000 /dev/zero | tr '\0' x; echo END`, sandbox.Limits{})
	if len(r.Output) != sandbox.MaxOutput || r.Dropped != 3000004-sandbox.MaxOutput || !strings.HasSuffix(string(r.Output), "xEND\n") {
		t.Fatalf("kept %d bytes, dropped %d, ends %q", len(r.Output), r.Dropped, r.Output[len(r.Output)-10:])
	}
}

func TestRunTimesOut(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	r, err := runIn(ctx, workDir(t), "sleep 1000", sandbox.Limits{})
	if err != nil || r.Status != "timed out" {
		t.Fatalf("status %q, err %v", r.Status, err)
	}
}

func TestBwrapMissingIsAClearError(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := sandbox.New(sandbox.Config{})
	if err == nil || !strings.Contains(err.Error(), "bubblewrap (bwrap) is not installed") {
		t.Fatalf("err = %v", err)
	}
}

// The escape attempts: each a small real program run sandboxed, which
// must fail and leave the host untouched.

func TestNoNetwork(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := l.Accept(); err == nil {
			c.Close()
			accepted <- struct{}{}
		}
	}()
	port := l.Addr().(*net.TCPAddr).Port
	prog := fmt.Sprintf(`
import socket, sys
try:
    socket.create_connection(("127.0.0.1", %d), timeout=3)
    print("CONNECTED")
except OSError as e:
    print("connect failed:", e)
try:
    print("RESOLVED", socket.getaddrinfo("example.com", 80))
except OSError as e:
    print("resolve failed:", e)
`, port)
	dir := workDir(t)
	os.WriteFile(filepath.Join(dir, "net.py"), []byte(prog), 0o644)
	r := run(t, dir, "python3 net.py", sandbox.Limits{})
	out := string(r.Output)
	if strings.Contains(out, "CONNECTED") || strings.Contains(out, "RESOLVED") || !strings.Contains(out, "connect failed") || !strings.Contains(out, "resolve failed") {
		t.Fatalf("output:\n%s", out)
	}
	select {
	case <-accepted:
		t.Fatal("the host's server accepted a connection from the sandbox")
	default:
	}
}

func TestWritesOutsideTheWorkDirFail(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	home, _ := os.UserHomeDir()
	replays := workDir(t) // a directory of Arena's, like its replay directory
	hostTmp := filepath.Join(os.TempDir(), "arena-escape-"+strconv.Itoa(os.Getpid()))
	targets := []string{filepath.Join(home, "arena-escape"), hostTmp, filepath.Join(replays, "escape.json"), "/usr/arena-escape", "/arena-escape"}
	dir := workDir(t)
	var cmds []string
	for _, p := range targets {
		cmds = append(cmds, fmt.Sprintf("(echo x > %q) 2>/dev/null && echo wrote %q", p, p))
	}
	r := run(t, dir, strings.Join(cmds, "; ")+"; echo ok > inside", sandbox.Limits{})
	for _, p := range targets {
		if _, err := os.Stat(p); err == nil {
			os.Remove(p)
			t.Errorf("the sandbox wrote %s on the host", p)
		}
	}
	// Writing /tmp succeeds inside, on the sandbox's private /tmp only.
	if !strings.Contains(string(r.Output), "wrote "+hostTmp) {
		t.Errorf("the private /tmp was not writable: %s", r.Output)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "inside")); err != nil || string(b) != "ok\n" {
		t.Errorf("the work directory was not writable: %v %q", err, b)
	}
}

func TestAnotherSandboxIsInvisible(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	other, err := sandbox.New(sandbox.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	secret := filepath.Join(other.Dir(), "secret")
	if err := os.WriteFile(secret, []byte("s3cret"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, workDir(t), fmt.Sprintf("cat %q; ls %q; ls %q", secret, other.Dir(), filepath.Dir(other.Dir())), sandbox.Limits{})
	if strings.Contains(string(r.Output), "s3cret") || strings.Contains(string(r.Output), "secret\n") {
		t.Fatalf("read another sandbox's work dir: %s", r.Output)
	}
}

func TestForkBombHitsTheProcessLimit(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, err := runIn(ctx, workDir(t), `bomb() { bomb | bomb & }; bomb; sleep 100`, sandbox.Limits{Procs: 32})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != "process limit 32 exceeded" {
		t.Fatalf("status %q, want the process limit; output %.300s", r.Status, r.Output)
	}
}

func TestMemoryLimitIsNamed(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	r := run(t, workDir(t), `python3 -c 'a = []
while True: a.append(bytearray(1 << 20))'`, sandbox.Limits{Memory: 64 << 20})
	if r.Status != "memory limit 64 MiB exceeded" {
		t.Fatalf("status %q, output %.300s", r.Status, r.Output)
	}
}

func TestFileSizeLimitIsNamed(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	dir := workDir(t)
	// 10 GiB asked; the file stops at the limit.
	r := run(t, dir, `exec head -c 10G /dev/zero > big`, sandbox.Limits{FileSize: 8 << 20})
	if r.Status != "file size limit 8 MiB exceeded" {
		t.Fatalf("status %q, output %.300s", r.Status, r.Output)
	}
	if fi, err := os.Stat(filepath.Join(dir, "big")); err != nil || fi.Size() > 8<<20 {
		t.Fatalf("big: %v, %d bytes", err, fi.Size())
	}
}

func TestOpenFilesAreLimited(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	r := run(t, workDir(t), `python3 -c 'fs = [open("/dev/null") for _ in range(100000)]'`, sandbox.Limits{})
	if r.OK() || !strings.Contains(string(r.Output), "Too many open files") {
		t.Fatalf("status %q, output %.300s", r.Status, r.Output)
	}
}

func TestCPULimitIsNamed(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	r := run(t, workDir(t), `exec python3 -c 'while True: pass'`, sandbox.Limits{CPU: time.Second})
	if r.Status != "CPU time limit 1s exceeded" {
		t.Fatalf("status %q, output %.300s", r.Status, r.Output)
	}
}

// alive reports whether a process whose command line contains marker runs.
func alive(marker string) bool {
	ms, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, m := range ms {
		b, _ := os.ReadFile(m)
		if strings.Contains(string(b), marker) {
			return true
		}
	}
	return false
}

func TestNothingSurvives(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	marker := "4242." + strconv.Itoa(os.Getpid())
	r := run(t, workDir(t), fmt.Sprintf(`(setsid sh -c 'trap "" HUP TERM; exec sleep %s' </dev/null >/dev/null 2>&1 &) ; sleep 0.2; echo started`, marker), sandbox.Limits{})
	if !strings.Contains(string(r.Output), "started") {
		t.Fatalf("output %s", r.Output)
	}
	for i := 0; i < 100 && alive(marker); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if alive(marker) {
		t.Fatal("the daemon survived its sandbox")
	}
}

func TestKillAllOnlyKillsItself(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	victim := exec.Command("sleep", "60")
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	defer victim.Process.Kill()
	r := run(t, workDir(t), `kill -9 -1; echo still here`, sandbox.Limits{})
	if err := victim.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatal("kill -9 -1 in the sandbox killed a host process")
	}
	t.Logf("kill -9 -1: %s: %s", r.Status, r.Output)
}

func TestNoPtraceNoEnviron(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	t.Setenv("ARENA_TEST_SECRET", "s3cret-env")
	victim := exec.Command("sleep", "60")
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	defer victim.Process.Kill()
	prog := fmt.Sprintf(`
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
for pid in (%d, %d):
    r = libc.ptrace(16, pid, 0, 0)  # PTRACE_ATTACH
    print("ptrace", pid, "ok" if r == 0 else "failed", os.strerror(ctypes.get_errno()))
    try:
        print("ENVIRON", open("/proc/%%d/environ" %% pid).read())
    except OSError as e:
        print("environ failed", e)
print("OWN", open("/proc/self/environ").read())
`, victim.Process.Pid, os.Getpid())
	dir := workDir(t)
	os.WriteFile(filepath.Join(dir, "p.py"), []byte(prog), 0o644)
	r := run(t, dir, "python3 p.py", sandbox.Limits{})
	out := string(r.Output)
	if strings.Contains(out, " ok ") || strings.Contains(out, "ENVIRON") || strings.Contains(out, "s3cret-env") || strings.Count(out, "ptrace") != 2 {
		t.Fatalf("output:\n%s", out)
	}
}

// A tree under a directory private to Arena (the data directory, made by
// PrivateDir) is shown to the sandbox all the same, read-only or writable,
// while another local user can neither list nor enter that directory.
func TestTreesUnderAPrivateDirectoryAreShown(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	private := filepath.Join(t.TempDir(), "data")
	os.Chmod(filepath.Dir(private), 0o755)
	os.Chmod(filepath.Dir(filepath.Dir(private)), 0o755)
	if err := sandbox.PrivateDir(private); err != nil {
		t.Fatal(err)
	}
	ro, work := filepath.Join(private, "ro"), filepath.Join(private, "work")
	for _, d := range []string{ro, work} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(ro, "in.txt"), []byte("shown"), 0o644)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r, err := sandbox.RunIn(ctx, sandbox.Config{Dir: work, ReadOnly: []string{ro}}, "cat "+ro+"/in.txt; echo made > out.txt", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(r.Output), "shown") {
		t.Fatalf("the read-only tree was not readable: %s: %s", r.Status, r.Output)
	}
	if b, err := os.ReadFile(filepath.Join(work, "out.txt")); err != nil || string(b) != "made\n" {
		t.Fatalf("the work tree was not writable: %q, %v; output %s", b, err, r.Output)
	}
	if os.Geteuid() != 0 {
		return // no other identity to try it as
	}
	// A local user: uid and gid of an ordinary account.
	out, err := exec.Command("setpriv", "--reuid", "1234", "--regid", "1234", "--clear-groups",
		"cat", filepath.Join(ro, "in.txt")).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "Permission denied") {
		t.Fatalf("a local user read a file below the private directory: %v: %s", err, out)
	}
}

// A descriptor Arena inherited open (from a shell, a service manager)
// never reaches the program: Go's exec closes only its own.
func TestInheritedDescriptorsAreClosed(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	var p [2]int
	if err := syscall.Pipe2(p[:], 0); err != nil { // no O_CLOEXEC, as inherited
		t.Fatal(err)
	}
	defer syscall.Close(p[0])
	defer syscall.Close(p[1])
	r := run(t, workDir(t), "exec ls /proc/self/fd", sandbox.Limits{})
	// ls holds one descriptor of its own: the directory it lists.
	if got := strings.Fields(string(r.Output)); !slices.Equal(got, []string{"0", "1", "2", "3"}) {
		t.Fatalf("the program sees descriptors %v (the leaked pipe is %d and %d)", got, p[0], p[1])
	}
}

// The helper binary the sandboxes run is made again when it was removed
// (removeStaleExes, or a cleaner of /tmp).
func TestHelperBinaryIsMadeAgain(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	p, err := sandbox.HelperExe()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if r := run(t, workDir(t), "echo fine", sandbox.Limits{}); !r.OK() || string(r.Output) != "fine\n" {
		t.Fatalf("%s: %s", r.Status, r.Output)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
}

// A program inside reaches Arena on 127.0.0.1:8765 of its namespace, and
// Arena reaches the program listening on 127.0.0.1:3000 there; directly
// (Arena enters the namespace, as root) and through the forwarder.
func TestForwardedPorts(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	for _, mode := range []string{"direct", "forwarder"} {
		t.Run(mode, func(t *testing.T) {
			if mode == "forwarder" {
				sandbox.SetDirect(false)
				defer sandbox.SetDirect(true)
			} else if os.Geteuid() != 0 {
				t.Skip("only root enters a sandbox's network namespace")
			}
			s, err := sandbox.New(sandbox.Config{Forward: []sandbox.Forward{{Port: 8765}, {Port: 3000, In: true}}})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			go func() {
				c, err := s.Listener(8765).Accept()
				if err != nil {
					return
				}
				c.Write([]byte("hello from arena\n"))
				c.Close()
			}()
			prog := `
import socket
c = socket.create_connection(("127.0.0.1", 8765), timeout=10)
print(c.makefile().readline().strip(), flush=True)
srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", 3000)); srv.listen()
print("listening", flush=True)
conn, _ = srv.accept()
conn.sendall(b"hello from the bot\n")
conn.shutdown(socket.SHUT_WR)
conn.recv(1)  # until Arena closes: the sandbox (and its forwarder) ends with this program
`
			cmd := exec.Command("python3", "-c", prog)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := s.Wrap(cmd); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Wait()
			buf := make([]byte, 64)
			n, rerr := io.ReadAtLeast(out, buf, len("hello from arena\nlistening\n"))
			if got := string(buf[:n]); got != "hello from arena\nlistening\n" {
				werr := cmd.Wait()
				t.Fatalf("the program printed %q (%v), exit %v; stderr %s", got, rerr, werr, stderr.String())
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			c, err := s.DialContext(ctx, 3000)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			b, _ := io.ReadAll(c)
			c.Close()
			if string(b) != "hello from the bot\n" {
				t.Fatalf("read %q from the program", b)
			}
			if entered := sandbox.EnteredNetns(s); entered != (mode == "direct") {
				t.Errorf("entered the namespace: %v", entered)
			}
		})
	}
}

func TestMissingProgramIsAnErrorAtOnce(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	s, err := sandbox.New(sandbox.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	hidden := filepath.Join(t.TempDir(), "prog")
	os.WriteFile(hidden, []byte("#!/bin/sh\n"), 0o755)
	for name, want := range map[string]string{
		"no-such-program-here": `"no-such-program-here" is not in the sandbox's PATH`,
		"/nonexistent/prog":    "no such file or directory",
		hidden:                 "is not in a directory the sandbox shows",
	} {
		err := s.Wrap(exec.Command(name))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want ...%s...", name, err, want)
		}
	}
	if err := s.Wrap(exec.Command("sh", "-c", "true")); err != nil {
		t.Errorf("sh: %v", err)
	}
}

// A JVM sizes its heap from the sandbox's memory limit, not the machine's.
func TestJavaSeesTheMemoryLimit(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	if _, err := exec.LookPath("java"); err != nil {
		t.Skip("java is not installed")
	}
	r := run(t, workDir(t), "java -XX:+PrintFlagsFinal -version 2>/dev/null | grep -w MaxHeapSize", sandbox.Limits{Memory: 256 << 20})
	f := strings.Fields(string(r.Output))
	if len(f) < 4 {
		t.Fatalf("%s: %s", r.Status, r.Output)
	}
	n, err := strconv.ParseInt(f[3], 10, 64)
	if err != nil || n > 256<<20 || n == 0 {
		t.Fatalf("MaxHeapSize %s with a 256 MiB limit", f[3])
	}
}
