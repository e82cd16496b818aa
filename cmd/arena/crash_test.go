package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// An HTTP bot (http:CMD) whose program dies before it is ready says why,
// from its stderr: here Node.js's missing module, which it prints before a
// long stack.
func TestHTTPBotMissingModule(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node here")
	}
	js := filepath.Join(t.TempDir(), "bot.js")
	os.WriteFile(js, []byte("require('arena-no-such-module');\n"), 0o644)
	out, stderr, code := run(t, "play", "territory", "--seed", "1", "--opt", "turns=5", "--json",
		"--bot", "http:node "+js, "--bot", "builtin:greedy", "--bot", "builtin:random", "--bot", "builtin:hunter")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res jsonResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if p := res.Players[0]; p.Status != "did-not-start" || !strings.Contains(p.Message, "Cannot find module 'arena-no-such-module' (not installed") {
		t.Fatalf("%s %q", p.Status, p.Message)
	}
}
