package ants

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/seed27749672/arena/match/matchtest"
)

// The starter kits build and play full games against the league-4 boss
// (and the other bosses in their leagues), ending ok.
func TestStarterKits(t *testing.T) {
	kits, err := filepath.Abs("../../kits/ants")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("python", func(t *testing.T) {
		t.Parallel()
		py := matchtest.Python(t)
		for league := 1; league <= 4; league++ {
			rep := runMatch(t, []string{py + " " + filepath.Join(kits, "python", "bot.py"), fmt.Sprintf("builtin:boss%d", league)}, 21, league, generous...)
			requireOK(t, rep)
		}
	})
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
