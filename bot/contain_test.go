package bot

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
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
		// a class path's entries: the jar's system directory, and cwd
		{[]string{"java", "-cp", "/usr/share/java/x.jar:.", "Player"}, []string{cwd}},
	} {
		if got, err := programDirs(c.argv, cwd); err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("programDirs(%q) = %q, want %q", c.argv, got, c.want)
		}
	}
}

// A relative path of the command may pass through symbolic links of the
// bot's directory only to places inside it: the sandbox shows what the
// command names, and a link the bot's files hold (dist -> ../../7/dist)
// would otherwise choose another directory of the host to show.
func TestProgramDirsRefusesLinksOut(t *testing.T) {
	top := t.TempDir()
	cwd := filepath.Join(top, "bot")
	os.MkdirAll(filepath.Join(cwd, "build", "dist"), 0o755)
	os.MkdirAll(filepath.Join(top, "secret"), 0o755)
	os.WriteFile(filepath.Join(cwd, "build", "dist", "main.js"), nil, 0o644)
	os.WriteFile(filepath.Join(top, "secret", "main.js"), nil, 0o644)
	os.Symlink("build/dist", filepath.Join(cwd, "dist"))
	os.Symlink("../secret", filepath.Join(cwd, "out"))
	os.Symlink("/", filepath.Join(cwd, "root"))
	os.Symlink("../secret/main.js", filepath.Join(cwd, "main.js"))
	got, err := programDirs([]string{"node", "dist/main.js"}, cwd)
	if want := []string{filepath.Join(cwd, "dist")}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("a link inside the directory: %q (%v), want %q", got, err, want)
	}
	for _, argv := range [][]string{
		{"node", "out/main.js"},
		{"/bin/sh", "-c", "cat root/etc/passwd"},
		{"node", filepath.Join(cwd, "out", "main.js")},
		{"node", "main.js"},
	} {
		if got, err := programDirs(argv, cwd); err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("programDirs(%q) = %q (%v), want a refusal naming the link", argv, got, err)
		}
	}
	// Outside the bot's directory, a path is the operator's: shown as named.
	got, err = programDirs([]string{"node", filepath.Join(top, "secret", "main.js")}, cwd)
	if want := []string{filepath.Join(top, "secret")}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("a path outside: %q (%v), want %q", got, err, want)
	}
}

// A contained bot whose command goes through a link out of its directory
// does not start.
func TestContainedBotLinkOutDoesNotStart(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	top := t.TempDir()
	os.Chmod(filepath.Dir(top), 0o711) // the sandbox's identity must get through
	os.Chmod(top, 0o755)
	cwd := filepath.Join(top, "bot")
	os.MkdirAll(cwd, 0o755)
	os.MkdirAll(filepath.Join(top, "secret"), 0o755)
	os.WriteFile(filepath.Join(top, "secret", "key"), []byte("secret\n"), 0o644)
	os.Symlink("../secret", filepath.Join(cwd, "out"))
	p := &Process{Argv: []string{"/bin/sh", "-c", "cat out/key; read x"}, Dir: cwd, Sandbox: &sandbox.Limits{}}
	err := p.Start(context.Background())
	if err == nil {
		defer p.Close(time.Second)
		t.Fatalf("the bot started; it read %q", (<-p.Lines()).Text)
	}
	if !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("error %v, want the link named", err)
	}
}

// A bot given its own directory sees all of it, not only the folders its
// command names: a TypeScript kit runs dist/index.js, whose require('ws')
// is found in node_modules/ beside dist/.
func TestContainedBotSeesItsWholeTree(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	top := t.TempDir()
	os.Chmod(filepath.Dir(top), 0o711) // the sandbox's identity must get through
	os.Chmod(top, 0o755)
	cwd := filepath.Join(top, "kit")
	os.MkdirAll(filepath.Join(cwd, "dist"), 0o755)
	os.MkdirAll(filepath.Join(cwd, "node_modules", "ws"), 0o755)
	os.WriteFile(filepath.Join(cwd, "dist", "main.sh"), []byte("cat node_modules/ws/index.js || echo missing; read x\n"), 0o644)
	os.WriteFile(filepath.Join(cwd, "node_modules", "ws", "index.js"), []byte("the module\n"), 0o644)
	p := &Process{Argv: []string{"/bin/sh", "dist/main.sh"}, Dir: cwd, Sandbox: &sandbox.Limits{}}
	if err := p.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer p.Close(0)
	if l := <-p.Lines(); l.Text != "the module" {
		tail, _ := p.Stderr()
		t.Errorf("the bot read %q, want its node_modules file (stderr %q)", l.Text, tail)
	}
}

// A contained bot leaves nothing: its work directory and its cgroup are
// gone once it is closed, and a limit it hit is in its exit.
func TestContainedBotCleansUp(t *testing.T) {
	sandboxtest.NeedSandbox(t)
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
	sandboxtest.NeedSandbox(t)
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
