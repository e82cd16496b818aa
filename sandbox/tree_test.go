package sandbox_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

func runTree(t *testing.T, dir, command string, l sandbox.Limits) sandbox.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r, err := sandbox.RunTree(ctx, sandbox.Config{Limits: l, Dir: dir}, command, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// du is the bytes and entries under dir, as the host's disk holds them.
func du(t *testing.T, dir string) (bytes int64, files int) {
	t.Helper()
	filepath.Walk(dir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil {
			bytes += fi.Size()
			files++
		}
		return nil
	})
	return
}

func TestRunTreeKeepsWhatTheBuildMade(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	dir := workDir(t)
	os.WriteFile(filepath.Join(dir, "main.sh"), []byte("echo hi\n"), 0o755)
	r := runTree(t, dir, "mkdir -p out && sh main.sh > out/said && ln -s out/said link && exit 0", sandbox.Limits{})
	if !r.OK() {
		t.Fatalf("%s: %s", r.Status, r.Output)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "link")); err != nil || string(b) != "hi\n" {
		t.Errorf("out/said through the link: %q, %v", b, err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "main.sh")); err != nil || fi.Mode().Perm()&0o100 == 0 {
		t.Errorf("the source kept with its mode: %v %v", fi, err)
	}
}

// tar pads its archive to a whole record after the end marker, where the
// reader stops: the padding is read, or tar, still writing it, dies of
// SIGPIPE (status 141), which a loaded machine's full pipe made happen to
// ordinary builds. A record of 1 MiB (TAR_OPTIONS, which GNU tar reads)
// is always past the pipe's 64 KiB.
func TestRunTreeReadsTarsPadding(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	dir := workDir(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r, err := sandbox.RunTree(ctx, sandbox.Config{Dir: dir}, "echo built > bot", []string{"TAR_OPTIONS=--blocking-factor=2048"})
	if err != nil || !r.OK() {
		t.Fatalf("%s %v: %s", r.Status, err, r.Output)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "bot")); err != nil || string(b) != "built\n" {
		t.Errorf("the tree: %q, %v", b, err)
	}
}

// A hostile build: bytes beyond its disk stop at its tmpfs; files beyond
// its count, or a tar of its own with a path out of the tree, are refused
// on the way out. The host's copy stays as it was.
func TestRunTreeBoundsWhatABuildLeaves(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	limits := sandbox.Limits{Disk: 16 << 20, Files: 500}
	for _, c := range []struct{ name, command, want string }{
		{"bytes", "dd if=/dev/zero of=big bs=1M count=64", "No space left on device"},
		{"files", "mkdir many && cd many && seq 1 2000 | xargs touch", "more than 500 files"},
		{"escape", `python3 -c "
import io, tarfile
t = tarfile.open(fileobj=open(3, 'wb', closefd=False), mode='w|')
i = tarfile.TarInfo('../escaped'); i.size = 1
t.addfile(i, io.BytesIO(b'x')); t.close()"`, "outside the tree"},
		{"through a link", `python3 -c "
import io, tarfile
t = tarfile.open(fileobj=open(3, 'wb', closefd=False), mode='w|')
l = tarfile.TarInfo('up'); l.type = tarfile.SYMTYPE; l.linkname = '..'
t.addfile(l)
i = tarfile.TarInfo('up/escaped'); i.size = 1
t.addfile(i, io.BytesIO(b'x')); t.close()"`, "outside the tree"},
		{"device", `python3 -c "
import tarfile
t = tarfile.open(fileobj=open(3, 'wb', closefd=False), mode='w|')
i = tarfile.TarInfo('null'); i.type = tarfile.CHRTYPE; i.devmajor = 1; i.devminor = 3
t.addfile(i); t.close()"`, "a file of a kind"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if strings.Contains(c.command, "python3") {
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("no python3")
				}
			}
			dir := workDir(t)
			os.WriteFile(filepath.Join(dir, "src.txt"), []byte("source\n"), 0o644)
			r := runTree(t, dir, c.command, limits)
			if r.OK() || !strings.Contains(r.Status+string(r.Output), c.want) {
				t.Errorf("status %q, output %q; want a failure saying %q", r.Status, r.Output, c.want)
			}
			if bytes, files := du(t, dir); files != 2 || bytes > 1<<20 {
				t.Errorf("the host's tree holds %d entries, %d bytes; want it as it was", files, bytes)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "escaped")); err == nil {
				t.Error("a file escaped the tree")
			}
		})
	}
}

// A run's own work directory (its HOME) is a tmpfs of Limits.Disk bytes:
// a bot cannot fill the host's disk from it.
func TestOwnWorkDirIsBounded(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	sb, err := sandbox.New(sandbox.Config{Limits: sandbox.Limits{Disk: 8 << 20}})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	given, err := sb.AddFile("given.txt", []byte("from Arena\n"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", "-c", `cat `+given+`; echo x > $HOME/small && dd if=/dev/zero of=$HOME/big bs=1M count=32; echo y > `+given)
	if err := sb.Wrap(cmd); err != nil {
		t.Fatal(err)
	}
	out, _ := cmd.CombinedOutput()
	for _, want := range []string{"from Arena", "No space left on device", "Read-only file system"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output %q lacks %q", out, want)
		}
	}
	if bytes, _ := du(t, sb.Dir()); bytes > 1<<20 {
		t.Errorf("the host holds %d bytes of the sandbox's work directory", bytes)
	}
}

// A sandbox given a CPU quota uses no more than it, however many busy
// loops its program forks: here 8 loops for a second of wall time under a
// quota of a fifth of a core. The kernel's quota is exact per 100 ms
// period, so the bound holds on any machine, busy or idle; without the
// quota the loops would take what the machine has free.
func TestCPUQuotaHoldsAForkingProgram(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	const script = `python3 -c "
import os, time
kids = []
for _ in range(8):
    pid = os.fork()
    if pid == 0:
        end = time.monotonic() + 1
        while time.monotonic() < end: pass
        os._exit(0)
    kids.append(pid)
start = time.monotonic()
for k in kids: os.waitpid(k, 0)
t = os.times()
print('cpu', t.children_user + t.children_system, 'wall', time.monotonic() - start)"`
	r := run(t, workDir(t), script, sandbox.Limits{Cores: 0.2})
	var cpu, wall float64
	if _, err := fmt.Sscanf(string(r.Output), "cpu %g wall %g", &cpu, &wall); err != nil || !r.OK() {
		t.Fatalf("%s: %q (%v)", r.Status, r.Output, err)
	}
	if !sandbox.CPUQuotas() {
		t.Skipf("this machine gives no CPU quota (the loops used %.2f s of CPU in %.2f s)", cpu, wall)
	}
	if limit := 0.2*wall + 0.1; cpu > limit {
		t.Errorf("8 busy loops used %.2f s of CPU in %.2f s under a quota of 0.2 core (at most %.2f)", cpu, wall, limit)
	}
}
