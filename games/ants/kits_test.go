package ants

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
)

// The C++ starter kit builds and plays full games against the bosses of
// every league, ending ok. (The shared test in kits/ plays every kit,
// this one included, against boss4 only.)
func TestStarterKits(t *testing.T) {
	kits, err := filepath.Abs("../../kits/ants")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("cpp", func(t *testing.T) {
		t.Parallel()
		gxx, err := exec.LookPath("g++")
		if err != nil {
			t.Skip("g++ is not installed")
		}
		bin := filepath.Join(t.TempDir(), "ants-bot")
		if out, err := exec.Command(gxx, "-O2", "-std=c++17", "-Wall", "-Werror", "-o", bin, filepath.Join(kits, "cpp", "bot.cpp")).CombinedOutput(); err != nil {
			t.Fatalf("g++: %v\n%s", err, out)
		}
		for league := 1; league <= 4; league++ {
			rep := runMatch(t, []string{bin, fmt.Sprintf("builtin:boss%d", league)}, 22, league, generous...)
			requireOK(t, rep)
		}
	})
}
