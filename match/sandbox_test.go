package match_test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// pyBot writes a Python bot that first runs attempt, then answers 1 to
// every prompt of the sum game, and returns its command. The directory is
// one the sandbox's unprivileged identity can read.
func pyBot(t *testing.T, attempt string) string {
	t.Helper()
	dir := t.TempDir()
	os.Chmod(filepath.Dir(dir), 0o755)
	os.Chmod(dir, 0o755)
	src := "import os, sys, socket, ctypes\n" + attempt + "\nfor line in sys.stdin:\n    print(1, flush=True)\n"
	p := filepath.Join(dir, "bot.py")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return "python3 " + p
}

// running reports whether a process whose command line contains marker runs.
func running(marker string) bool {
	ms, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, m := range ms {
		if b, _ := os.ReadFile(m); strings.Contains(string(b), marker) {
			return true
		}
	}
	return false
}

// Each escape attempt is a real program in a real match of the sum game,
// next to a well-behaved bot, both sandboxed: the attempt fails with a
// status that says how, the host is untouched, and the match ends normally
// for the other bot.
func TestSandboxedEscapeAttempts(t *testing.T) {
	matchtest.Python(t)
	sandboxtest.NeedSandbox(t)
	t.Setenv("ARENA_TEST_SECRET", "s3cret-env")
	server, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	var connections atomic.Int32
	go func() {
		for {
			c, err := server.Accept()
			if err != nil {
				return
			}
			connections.Add(1)
			c.Close()
		}
	}()
	port := server.Addr().(*net.TCPAddr).Port
	home, _ := os.UserHomeDir()
	replays := t.TempDir()
	hostTmp := filepath.Join(os.TempDir(), "arena-escape-"+strconv.Itoa(os.Getpid()))
	other, err := sandbox.New(sandbox.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	os.WriteFile(filepath.Join(other.Dir(), "secret"), []byte("theirs"), 0o644)
	victim := exec.Command("sleep", "120")
	if err := victim.Start(); err != nil {
		t.Fatal(err)
	}
	defer victim.Process.Kill()
	marker := "7373." + strconv.Itoa(os.Getpid())

	cases := []struct {
		name, bot  string
		limits     sandbox.Limits
		status     game.Status
		message    string // substring of the result message
		afterwards func(t *testing.T)
	}{
		{name: "TCP to the host's loopback", bot: pyBot(t, fmt.Sprintf(`socket.create_connection(("127.0.0.1", %d), timeout=5)`, port)),
			status: game.Crashed, message: "Connection refused",
			afterwards: func(t *testing.T) {
				if connections.Load() > 0 {
					t.Error("the host's server accepted a connection")
				}
			}},
		{name: "resolve a host name", bot: pyBot(t, `socket.getaddrinfo("example.com", 80)`),
			status: game.Crashed, message: "name resolution"},
		{name: "write the home directory", bot: pyBot(t, fmt.Sprintf(`open(%q, "w").write("x")`, filepath.Join(home, "arena-escape"))),
			status: game.Crashed, message: "Error",
			afterwards: func(t *testing.T) { noFile(t, filepath.Join(home, "arena-escape")) }},
		{name: "write the replay directory", bot: pyBot(t, fmt.Sprintf(`open(%q, "w").write("x")`, filepath.Join(replays, "r.json"))),
			status: game.Crashed, message: "No such file or directory",
			afterwards: func(t *testing.T) { noFile(t, filepath.Join(replays, "r.json")) }},
		{name: "write the host's /tmp", bot: pyBot(t, fmt.Sprintf(`open(%q, "w").write("x")`, hostTmp)),
			status:     game.OK, // its own private /tmp
			afterwards: func(t *testing.T) { noFile(t, hostTmp) }},
		{name: "read another sandbox's work dir", bot: pyBot(t, fmt.Sprintf(`print(open(%q).read())`, filepath.Join(other.Dir(), "secret"))),
			status: game.Crashed, message: "No such file or directory"},
		{name: "fork bomb", bot: "sh -c 'b() { b | b & }; b; sleep 100'", limits: sandbox.Limits{Procs: 32},
			status: game.Crashed, message: "process limit 32 exceeded"},
		{name: "unbounded memory", bot: pyBot(t, "a = []\nwhile True: a.append(bytearray(1 << 20))"), limits: sandbox.Limits{Memory: 64 << 20},
			status: game.Crashed, message: "memory limit 64 MiB exceeded"},
		{name: "10 GiB file", bot: pyBot(t, "f = open(os.environ['HOME'] + '/big', 'wb')\nfor i in range(10 << 10): f.write(bytes(1 << 20))"), limits: sandbox.Limits{FileSize: 8 << 20},
			status: game.Crashed, message: "File too large"},
		{name: "100,000 open files", bot: pyBot(t, "fs = [open('/dev/null') for i in range(100000)]"),
			status: game.Crashed, message: "Too many open files"},
		{name: "double-forking daemon", bot: fmt.Sprintf(`sh -c '(setsid sh -c "trap \"\" HUP TERM; exec sleep %s" </dev/null >/dev/null 2>&1 &); while read l; do echo 1; done'`, marker),
			status: game.OK,
			afterwards: func(t *testing.T) {
				if running(marker) {
					t.Error("the daemon outlived the match")
				}
			}},
		// The inner sh kills the outer one (the bot's first process, the
		// only one it can reach: the PID namespace's init and itself are
		// spared), which ends the sandbox; it waits before answering, or on a
		// loaded machine it could answer every turn before the sandbox is
		// torn down, and the bot would end ok.
		{name: "kill -9 -1", bot: "sh -c 'kill -9 -1; sleep 2; while read l; do echo 1; done'",
			status: game.Crashed, message: "killed by signal SIGKILL",
			afterwards: func(t *testing.T) {
				if victim.Process.Signal(syscall.Signal(0)) != nil {
					t.Error("a host process was killed")
				}
			}},
		{name: "ptrace a sibling", bot: pyBot(t, fmt.Sprintf(`libc = ctypes.CDLL(None, use_errno=True)
if libc.ptrace(16, %d, 0, 0) != 0: raise OSError(ctypes.get_errno(), "ptrace: " + os.strerror(ctypes.get_errno()))`, victim.Process.Pid)),
			status: game.Crashed, message: "ptrace: No such process"},
		{name: "read Arena's environ", bot: pyBot(t, fmt.Sprintf(`print(open("/proc/%d/environ").read())`, os.Getpid())),
			status: game.Crashed, message: "No such file or directory"},
		{name: "a program the sandbox does not have", bot: "no-such-program-here --x",
			status: game.DidNotStart, message: "is not in the sandbox's PATH"},
		{name: "its own environment has nothing of Arena's", bot: pyBot(t, `assert "s3cret" not in open("/proc/self/environ").read(), "LEAKED"`),
			status: game.OK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seed := int64(1)
			good := pyBot(t, "")
			m := matchtest.Build(t, match.Setup{Game: "sum", Bots: []string{good, c.bot}, Seed: &seed,
				Options: []string{"first_ms=3000", "turn_ms=1000", "turns=3"}, Sandbox: &c.limits})
			m.Grace = 200 * time.Millisecond
			rep := matchtest.Run(t, m, 2*time.Minute)
			g, bad := rep.Result.Players[0], rep.Result.Players[1]
			if g.Status != game.OK || g.Score != 3 {
				t.Errorf("the well-behaved bot got %s (%s), score %v", g.Status, g.Message, g.Score)
			}
			if bad.Status != c.status || !strings.Contains(bad.Message, c.message) {
				t.Errorf("got %s: %q, want %s: ...%s...", bad.Status, bad.Message, c.status, c.message)
			}
			t.Logf("%s: %s", bad.Status, bad.Message)
			if c.afterwards != nil {
				c.afterwards(t)
			}
		})
	}
}

func noFile(t *testing.T, p string) {
	t.Helper()
	if _, err := os.Stat(p); err == nil {
		os.Remove(p)
		t.Errorf("the bot wrote %s on the host", p)
	}
}
