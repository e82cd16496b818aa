package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/lang"
)

// arena languages lists every language with the version seen here, or
// what to install, and the CodinGame languages that cannot be had.
func TestLanguagesListsEveryLanguage(t *testing.T) {
	out, _, code := run(t, "languages")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, l := range lang.All() {
		line := ""
		for _, ln := range strings.Split(out, "\n") {
			if strings.HasPrefix(ln, l.Title+" ") {
				line = ln
			}
		}
		if line == "" || !strings.Contains(line, l.Extensions[0]) {
			t.Errorf("%s: no line with its files:\n%s", l.Title, out)
		}
		_, err := exec.LookPath(strings.Fields(l.Version)[0])
		if err != nil && !strings.Contains(line, "missing: apt-get install") {
			t.Errorf("%s is not installed, and its line says not what to install: %q", l.Title, line)
		}
	}
	if !strings.Contains(out, "VB.NET: not offered") {
		t.Errorf("VB.NET's absence is not explained:\n%s", out)
	}
}

// A source file is a bot: arena play builds it alone, then plays it.
func TestPlayBuildsASourceFile(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("C: no gcc")
	}
	src, err := os.ReadFile("../../lang/testdata/ants/main.c")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "mine.c"), src, 0o644)
	out, errOut, code := run(t, "play", "ants", "--bot", filepath.Join(dir, "mine.c"), "--bot", "builtin:wait",
		"--opt", "max_turns=3", "--opt", "turn_timeout_ms=5000", "--opt", "first_turn_timeout_ms=20000", "--seed", "4")
	if code != 0 || !strings.Contains(out, "mine.c") || !strings.Contains(out, "3 turns") || strings.Contains(out, "crashed") {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	os.WriteFile(filepath.Join(dir, "broken.c"), []byte("int main(void) { return nope; }\n"), 0o644)
	_, errOut, code = run(t, "play", "ants", "--bot", filepath.Join(dir, "broken.c"), "--bot", "builtin:wait")
	if code == 0 || !strings.Contains(errOut, "broken.c") || !strings.Contains(errOut, "nope") {
		t.Fatalf("a file that does not compile: exit %d\n%s", code, errOut)
	}
}
