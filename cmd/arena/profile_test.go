package main

import (
	"os"
	"path/filepath"
	"testing"
)

// --cpuprofile writes Arena's CPU profile (gzipped, as pprof reads it)
// for play and tournament; a path that cannot be written is an error.
func TestCPUProfile(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"play", "ants", "--bot", "builtin:boss4", "--bot", "builtin:random", "--seed", "1"},
		{"tournament", "ants", "--bot", "builtin:boss4", "--bot", "builtin:random", "--seed", "1"},
	} {
		p := filepath.Join(dir, args[0]+".prof")
		if out, stderr, code := run(t, append(args, "--cpuprofile", p)...); code != 0 {
			t.Fatalf("%v: %d %s%s", args, code, out, stderr)
		}
		b, err := os.ReadFile(p)
		if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			t.Errorf("%s: not a profile (%d bytes, %v)", args[0], len(b), err)
		}
	}
	if _, _, code := run(t, "play", "ants", "--bot", "builtin:boss4", "--bot", "builtin:random", "--cpuprofile", filepath.Join(dir, "no", "such", "dir")); code == 0 {
		t.Error("an unwritable --cpuprofile was accepted")
	}
}
