package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestSandboxCheckSaysEachProtection(t *testing.T) {
	out, errOut, code := run(t, "sandbox", "check")
	for _, want := range []string{"bubblewrap", "own PID namespace", "no network", "memory limit (768 MiB)", "process limit", "unprivileged identity", "nothing left behind"} {
		if _, err := exec.LookPath("bwrap"); err != nil && want != "bubblewrap" {
			break // without bwrap, only its absence is reported
		}
		if !strings.Contains(out, want) {
			t.Errorf("arena sandbox check does not mention %q:\n%s", want, out)
		}
	}
	switch {
	case code == 0 && strings.Contains(out, "ready:") && !strings.Contains(out, "NO "):
	case code == 1 && strings.Contains(out, "NO ") && strings.Contains(errOut, "cannot run untrusted code contained"):
		t.Logf("this machine does not give every protection:\n%s", out)
	default:
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

func TestSandboxCheckWithoutBubblewrap(t *testing.T) {
	cmd := exec.Command(arena, "sandbox", "check")
	cmd.Env = []string{"PATH=" + t.TempDir()}
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "NO  bubblewrap  not installed: apt-get install bubblewrap") {
		t.Fatalf("err %v, output:\n%s", err, out)
	}
}

// readableDir returns a temporary directory the sandbox's unprivileged
// identity can read.
func readableDir(t *testing.T) string {
	d := t.TempDir()
	os.Chmod(filepath.Dir(d), 0o755)
	os.Chmod(d, 0o755)
	return d
}

func TestPlaySandboxed(t *testing.T) {
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("bubblewrap is not installed")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	kit := readableDir(t)
	for _, f := range []string{"bot.py", "ants.py"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "kits", "ants", "python", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(kit, f), b, 0o644)
	}
	replays := t.TempDir()
	evil := filepath.Join(readableDir(t), "evil.py")
	os.WriteFile(evil, []byte(fmt.Sprintf("open(%q, 'w').write('x')\n", filepath.Join(replays, "evil"))), 0o644)
	out, stderr, code := run(t, "play", "ants", "--sandbox", "--bot", "kit=python3 "+filepath.Join(kit, "bot.py"),
		"--bot", "evil=python3 "+evil, "--seed", "3", "--json", "--replay", filepath.Join(replays, "m.json"),
		"--time-scale", "20") // the subject is the sandbox, not speed: a busy machine must not time the kit out
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res jsonResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err, out)
	}
	if p := res.Players[0]; p.Status != "ok" {
		t.Errorf("the kit bot, sandboxed: %+v", p)
	}
	if p := res.Players[1]; p.Status != "crashed" || !strings.Contains(p.Message, "No such file or directory") {
		t.Errorf("the bot writing to the replay directory: %+v", p)
	}
	if _, err := os.Stat(filepath.Join(replays, "evil")); err == nil {
		t.Error("a sandboxed bot wrote in the replay directory")
	}
}

func TestSandboxFlagErrors(t *testing.T) {
	_, stderr, code := run(t, "play", "ants", "--sandbox", "--sandbox-memory", "4", "--bot", "builtin:random", "--bot", "builtin:random")
	if code == 0 || !strings.Contains(stderr, "--sandbox-memory must be at least 16") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	cmd := exec.Command(arena, "tournament", "ants", "--sandbox", "--bot", "builtin:random", "--bot", "builtin:random")
	cmd.Env = []string{"PATH=" + t.TempDir()}
	b, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(b), "--sandbox: this machine cannot sandbox: bubblewrap: not installed") {
		t.Errorf("err %v: %s", err, b)
	}
}
