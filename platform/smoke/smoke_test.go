package smoke_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/platform/smoke"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// kitDir is a bot's directory the sandbox's identity can read, holding
// the files given.
func kitDir(t *testing.T, files map[string]string) string {
	top := t.TempDir()
	os.Chmod(filepath.Dir(top), 0o711)
	os.Chmod(top, 0o755)
	dir := filepath.Join(top, "kit")
	os.Mkdir(dir, 0o755)
	for name, body := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)
	}
	return dir
}

func info(t *testing.T, name string) game.Info {
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g.Info()
}

// A bot that waits for its input is running; one that exits at once
// fails, in its own words; one whose start-up takes CPU a while and then
// fails (a JVM on a busy machine) fails too, however long it took.
func TestStart(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	ants := info(t, "ants")
	dir := kitDir(t, map[string]string{
		"wait.sh":  "read x\n",
		"crash.sh": "echo \"Error: Cannot find module 'ws'\" >&2; exit 1\n",
		// busy for a while (longer than Settle on any machine's clock
		// it gets), then gone: watched until it is
		"slow.sh": "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; echo 'Could not find or load main class Bot' >&2; exit 1\n",
	})
	run := func(cmd string) error {
		spec := bot.Spec{Name: "t", Kind: "stdio", Target: cmd, Dir: dir, Sandbox: &sandbox.Limits{}}
		return smoke.Start(context.Background(), ants, spec)
	}
	if err := run("sh wait.sh"); err != nil {
		t.Errorf("a bot waiting for its input: %v", err)
	}
	if err := run("sh crash.sh"); err == nil || !strings.Contains(err.Error(), "Cannot find module 'ws'") || !strings.Contains(err.Error(), "exited at once") {
		t.Errorf("a bot exiting at once: %v", err)
	}
	if err := run("sh slow.sh"); err == nil || !strings.Contains(err.Error(), "Could not find or load main class") {
		t.Errorf("a bot failing after a busy start-up: %v", err)
	}
	if err := run("node dist/missing.js"); err == nil || !strings.Contains(err.Error(), "dist/missing.js") {
		t.Errorf("a run command whose file is missing: %v", err)
	}
}

// A WebSocket bot is ready once it registered: one that exits before
// fails with what it said.
func TestStartWebSocket(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	dir := kitDir(t, map[string]string{"crash.sh": "echo \"Error: Cannot find module 'ws'\" >&2; exit 1\n"})
	spec := bot.Spec{Name: "t", Kind: "ws", Target: "sh crash.sh", Dir: dir, Sandbox: &sandbox.Limits{}}
	err := smoke.Start(context.Background(), info(t, "jungle"), spec)
	if err == nil || !strings.Contains(err.Error(), "Cannot find module 'ws'") {
		t.Errorf("a WebSocket bot exiting before it registers: %v", err)
	}
}
