package catmouse_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// TestStarterKits plays the C++ kit's example bot for a whole game (both
// roles) against the builtins: it ends ok, every answer is understood (no
// ERROR line) and the tick's debug drawings reach the frames. (The shared
// test in kits/ plays every kit against builtin:evasive, without the
// drawings check.)
func TestStarterKits(t *testing.T) {
	kits, err := filepath.Abs("../../kits/catmouse")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("cpp", func(t *testing.T) {
		t.Parallel()
		gxx, err := exec.LookPath("g++")
		if err != nil {
			t.Skip("g++ is not installed")
		}
		bin := filepath.Join(t.TempDir(), "catmouse-bot")
		if out, err := exec.Command(gxx, "-O2", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-o", bin, filepath.Join(kits, "cpp", "bot.cpp")).CombinedOutput(); err != nil {
			t.Fatalf("g++: %v\n%s", err, out)
		}
		checkKit(t, run(t, []string{bin, "builtin:pursuit"}, "maxturns=60"))
		checkKit(t, run(t, []string{"builtin:evasive", bin}, "map=gen", "game=2", "maxturns=60"))
	})
}

// checkKit: the kit's seat is the one that is not a builtin.
func checkKit(t *testing.T, rep *replay.Replay) {
	t.Helper()
	seat := 0
	if rep.Players[0].Spec[:8] == "builtin:" {
		seat = 1
	}
	if p := rep.Result.Players[seat]; p.Status != game.OK {
		t.Fatalf("the kit ended %s: %s", p.Status, p.Message)
	}
	drawings := map[string]int{}
	for i, tr := range rep.Turns {
		var f struct {
			Sides []struct {
				Role     string
				Errors   []json.RawMessage
				Drawings []json.RawMessage
			}
		}
		json.Unmarshal(tr.Frame, &f)
		if n := len(f.Sides[seat].Errors); n > 0 {
			t.Fatalf("turn %d: the kit's answer gave %d errors: %s", i+1, n, f.Sides[seat].Errors[0])
		}
		drawings[f.Sides[seat].Role] += len(f.Sides[seat].Drawings)
	}
	if drawings["cats"] == 0 || drawings["mouse"] == 0 {
		t.Errorf("the kit's drawings: %v, want some in both roles", drawings)
	}
}
