package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/replay"
)

// SIGTERM and SIGHUP stop arena play as Ctrl-C does: the turns played so
// far are written to the replay, and no process of the bots survives, not
// even one that daemonised (setsid, then a double fork).
func TestPlayStopSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, "m.json")
			botPid, daemonPid := filepath.Join(dir, "bot.pid"), filepath.Join(dir, "daemon.pid")
			bot := `echo $$ > ` + botPid + `; setsid sh -c "sleep 300 & echo \$! > ` + daemonPid + `"; ` +
				`while read l; do sleep 0.1; echo WAIT; done`
			cmd := exec.Command(arena, "play", "ants", "--seed", "3", "--replay", path, "--opt", "turn_timeout_ms=2000",
				"--bot", "builtin:wait", "--bot", bot, "--verbose")
			stderr, _ := cmd.StderrPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { cmd.Process.Kill() }) // after a failure
			pids := []int{waitPid(t, botPid), waitPid(t, daemonPid)}
			errb := waitLine(t, stderr, "turn 2:") // turns played, in the replay
			cmd.Process.Signal(sig)
			if err := cmd.Wait(); err == nil {
				t.Fatal("a stopped match must not exit 0")
			}
			rep, err := replay.Load(path)
			if err != nil {
				t.Fatalf("%v (stderr: %s)", err, errb.String())
			}
			if rep.Result != nil || len(rep.Turns) == 0 {
				t.Fatalf("the partial replay has %d turns, result %v", len(rep.Turns), rep.Result)
			}
			for _, pid := range pids {
				if !gone(pid) {
					t.Errorf("process %d of the bot survived arena (stderr: %s)", pid, errb.String())
					syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		})
	}
}

// waitLine waits for a line of out that begins with prefix, reading the
// rest of out in the background (the command must not block on it); the
// text's String is all of out, once out has ended.
func waitLine(t *testing.T, out io.Reader, prefix string) fmt.Stringer {
	t.Helper()
	found := make(chan struct{})
	text := &outText{done: make(chan struct{})}
	go func() {
		defer close(text.done)
		sc := bufio.NewScanner(out)
		seen := false
		for sc.Scan() {
			text.b.WriteString(sc.Text() + "\n")
			if !seen && strings.HasPrefix(sc.Text(), prefix) {
				seen = true
				close(found)
			}
		}
		io.Copy(io.Discard, out) // past a line too long for the scanner
	}()
	select {
	case <-found:
	case <-time.After(time.Minute):
		t.Fatalf("no line %q in a minute", prefix)
	}
	return text
}

// outText is what waitLine read; String waits for the end of it.
type outText struct {
	b    strings.Builder
	done chan struct{}
}

func (o *outText) String() string {
	<-o.done
	return o.b.String()
}

// waitPid waits for a bot to write its pid to path.
func waitPid(t *testing.T, path string) int {
	t.Helper()
	for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(path)
		if n, err2 := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && err2 == nil && n > 0 {
			return n
		}
	}
	t.Fatalf("no pid in %s", path)
	return 0
}

// gone reports whether process pid has ended (a zombie left to init is
// reaped within moments).
func gone(pid int) bool {
	for start := time.Now(); time.Since(start) < 5*time.Second; time.Sleep(10 * time.Millisecond) {
		if syscall.Kill(pid, 0) == syscall.ESRCH {
			return true
		}
	}
	return false
}
