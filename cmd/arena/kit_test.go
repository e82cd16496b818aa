package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestKitLists(t *testing.T) {
	out, _, code := run(t, "kit")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, g := range []string{"ants", "tracks", "jungle", "catmouse", "territory", "python"} {
		if !strings.Contains(out, g) {
			t.Errorf("arena kit lacks %q:\n%s", g, out)
		}
	}
	out, _, code = run(t, "kit", "territory")
	if code != 0 || !strings.Contains(out, "python-http") || !strings.Contains(out, "python3 bot.py") {
		t.Errorf("arena kit territory (exit %d):\n%s", code, out)
	}
	_, errs, code := run(t, "kit", "chess")
	if code == 0 || !strings.Contains(errs, `no kits for the game "chess"`) {
		t.Errorf("arena kit chess (exit %d): %s", code, errs)
	}
}

func TestKitWrites(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my bot")
	out, errs, code := run(t, "kit", "tracks", "python", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "arena play tracks --bot 'python=stdio:cd '\\''"+dir+"'\\'' && python3 bot.py'") {
		t.Errorf("the play line does not quote the directory:\n%s", out)
	}
	want, _ := os.ReadFile("../../kits/tracks/python/bot.py")
	if got, err := os.ReadFile(filepath.Join(dir, "bot.py")); err != nil || string(got) != string(want) {
		t.Errorf("bot.py not written as in kits/: %v", err)
	}
	_, errs, code = run(t, "kit", "tracks", "python", dir)
	if code == 0 || !strings.Contains(errs, "not empty") {
		t.Errorf("writing twice (exit %d): %s", code, errs)
	}
	_, errs, code = run(t, "kit", "tracks", "python")
	if code == 0 || !strings.Contains(errs, "arena kit tracks python DIR") {
		t.Errorf("no DIR (exit %d): %s", code, errs)
	}
}
