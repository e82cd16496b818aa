package bot

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
)

func TestProgramDirs(t *testing.T) {
	cwd := t.TempDir()
	os.MkdirAll(filepath.Join(cwd, "bots", "lib"), 0o755)
	os.WriteFile(filepath.Join(cwd, "bots", "me.py"), nil, 0o644)
	os.WriteFile(filepath.Join(cwd, "run"), nil, 0o755)
	for _, c := range []struct {
		argv []string
		want []string
	}{
		{[]string{"python3", "bots/me.py"}, []string{filepath.Join(cwd, "bots")}},
		{[]string{"./run", "-v", "bots/lib"}, []string{cwd, filepath.Join(cwd, "bots", "lib")}},
		{[]string{"/bin/sh", "-c", "cd bots && python3 me.py | tee /tmp/x"}, []string{filepath.Join(cwd, "bots")}},
		{[]string{"/usr/bin/python3", "-c", "print(1)"}, nil}, // system directories are shown anyway
		{[]string{"java", "-jar", "missing.jar"}, nil},
	} {
		if got := programDirs(c.argv, cwd); !reflect.DeepEqual(got, c.want) {
			t.Errorf("programDirs(%q) = %q, want %q", c.argv, got, c.want)
		}
	}
}

func needSandbox(t *testing.T) {
	t.Helper()
	if err := sandbox.Ready(); err != nil {
		t.Skip(err)
	}
}

// A contained bot leaves nothing: its work directory and its cgroup are
// gone once it is closed, and a limit it hit is in its exit.
func TestContainedBotCleansUp(t *testing.T) {
	needSandbox(t)
	p := &Process{Argv: []string{"/bin/sh", "-c", `echo $HOME; read x; b() { b | b & }; b; sleep 100`}, Sandbox: &sandbox.Limits{Procs: 16}}
	if err := p.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	l := <-p.Lines()
	home := l.Text
	if home != p.sb.Dir() {
		t.Fatalf("HOME is %q, the work directory %q", home, p.sb.Dir())
	}
	if _, err := os.Stat(home); err != nil {
		t.Fatal("no work directory while the bot runs:", err)
	}
	p.Send([]byte("go\n"), time.Now().Add(time.Second))
	e, ok := p.Exit(30 * time.Second)
	if !ok || e.String() != "process limit 16 exceeded" {
		t.Errorf("exit %v (%v), want the process limit", e, ok)
	}
	p.Close(0)
	if _, err := os.Stat(home); !os.IsNotExist(err) {
		t.Errorf("the work directory is still there: %v", err)
	}
	// This test binary's sandboxes' groups (no other test runs one now).
	groups, _ := filepath.Glob("/sys/fs/cgroup/*/arena-sandbox/" + strconv.Itoa(os.Getpid()) + "-*")
	if len(groups) > 0 {
		t.Errorf("cgroups left: %v", groups)
	}
}

// A Node.js bot written for CodinGame (the global readline and print of the
// shim) runs contained: the shim is copied where the bot can read it.
func TestContainedNodeBotHasTheShim(t *testing.T) {
	needSandbox(t)
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	dir := t.TempDir()
	os.Chmod(filepath.Dir(dir), 0o755)
	os.Chmod(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "bot.js"), []byte("while (true) { const l = readline(); print('got ' + l); }\n"), 0o644)
	p := &Process{Argv: []string{"node", filepath.Join(dir, "bot.js")}, Env: CodinGameEnv(), Sandbox: &sandbox.Limits{}}
	if err := p.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer p.Close(0)
	if p.sb == nil {
		t.Fatal("not contained")
	}
	p.Send([]byte("turn 1\n"), time.Now().Add(10*time.Second))
	select {
	case l, ok := <-p.Lines():
		if !ok || l.Text != "got turn 1" {
			tail, _ := p.Stderr()
			t.Fatalf("line %q (%v), stderr %s", l.Text, ok, tail)
		}
	case <-time.After(30 * time.Second):
		tail, _ := p.Stderr()
		t.Fatalf("no answer; stderr %s", tail)
	}
}
