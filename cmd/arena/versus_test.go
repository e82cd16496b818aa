package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func TestVersusPrintsEachPairAndTheVerdict(t *testing.T) {
	dir := t.TempDir()
	out, stderr, code := run(t, "versus", "ants", "--bot", "new=builtin:boss3", "--bot", "old=builtin:boss4", "--seed", "1",
		"--sprt", "elo0=0,elo1=20", "--replays", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"pair 1: W/D/L", "LOS", "LLR", "H0 accepted: new is at most 0 Elo stronger than old", "95 % interval"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	pairs := strings.Count(out, "\npair ")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json.gz"))
	if len(files) < 2*pairs {
		t.Errorf("%d replays for %d pairs", len(files), pairs)
	}
}

func TestVersusJSON(t *testing.T) {
	out, stderr, code := run(t, "versus", "ants", "--bot", "builtin:boss4", "--bot", "builtin:wait", "--seed", "1", "--games", "4", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Pairs, Wins, Draws, Losses int
		Penta                      [5]int `json:"pentanomial"`
		Elo                        *float64
		LOS                        float64 `json:"los"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err, out)
	}
	if res.Pairs != 2 || res.Wins+res.Draws+res.Losses != 4 || res.Penta[0]+res.Penta[1]+res.Penta[2]+res.Penta[3]+res.Penta[4] != 2 {
		t.Errorf("tally %+v\n%s", res, out)
	}
}

func TestVersusRefusesBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bot", "builtin:wait"}, "exactly two"},
		{[]string{"--bot", "builtin:wait", "--bot", "builtin:boss1", "--games", "0"}, "--games"},
		{[]string{"--bot", "builtin:wait", "--bot", "builtin:boss1", "--sprt", "elo0=5,elo1=1"}, "elo0"},
		{[]string{"--bot", "builtin:wait", "--bot", "builtin:boss1", "--cores", "-1"}, "--cores"},
		{[]string{"--bot", "builtin:wait", "--bot", "builtin:boss1", "--sandbox", "--sandbox-memory", "4"}, "--sandbox-memory"},
	} {
		_, stderr, code := run(t, append([]string{"versus", "ants"}, c.args...)...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %q", c.args, code, stderr)
		}
	}
}

// Ctrl-C prints the tally of the finished pairs and exits 130.
func TestVersusInterrupt(t *testing.T) {
	cmd := exec.Command(arena, "versus", "ants", "--bot", "builtin:boss4", "--bot", "builtin:boss1", "--games", "200000", "--seed", "1", "--cores", "1")
	pipe := &lockedBuilder{b: &strings.Builder{}}
	cmd.Stdout = pipe
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(60 * time.Second); !strings.Contains(pipe.String(), "pair 3:"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no third pair in 60 s")
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want 130", err)
	}
	if s := pipe.String(); !strings.Contains(s, "boss4 against boss1 in ants:") || !strings.Contains(s, "LOS") {
		t.Errorf("no tally after Ctrl-C:\n%s", s)
	}
}

// lockedBuilder is a strings.Builder safe to read while the command writes.
type lockedBuilder struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
