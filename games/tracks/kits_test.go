package tracks_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// TestKits plays the C++ starter kit against the top boss (league 5's
// boss5) and checks that it plays whole games without fault. (The kits
// with a kit.json are played by the shared test in kits/.)
func TestKits(t *testing.T) {
	t.Parallel()
	kits, err := filepath.Abs("../../kits/tracks")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("cpp", func(t *testing.T) {
		gpp, err := exec.LookPath("g++")
		if err != nil {
			t.Skip("g++ is not installed")
		}
		bin := filepath.Join(t.TempDir(), "bot")
		out, err := exec.Command(gpp, "-O2", "-std=c++17", "-o", bin, filepath.Join(kits, "cpp", "bot.cpp")).CombinedOutput()
		if err != nil {
			t.Fatalf("g++: %v\n%s", err, out)
		}
		playKit(t, bin)
	})
}

// playKit plays the kit in both seats and returns all its answers.
func playKit(t *testing.T, cmd string) string {
	var all strings.Builder
	for seat := range 2 {
		bots := []string{"kit=" + cmd, "builtin:boss5"}
		if seat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		rep := runMatch(t, matchSpec{bots: bots, seed: int64(100 + seat), relaxed: true})
		p := rep.Result.Players[seat]
		if p.Status != game.OK {
			t.Fatalf("kit in seat %d: %s (%s)", seat, p.Status, p.Message)
		}
		if len(rep.Turns) == 0 || rep.Turns[0].Replies[seat].Text() == "WAIT" {
			t.Fatalf("kit in seat %d did not play its first turn", seat)
		}
		t.Logf("seat %d: %d turns, %s; kit replies avg %.2f ms max %.2f ms", seat, len(rep.Turns), rep.Result.Summary, p.AvgMs, p.MaxMs)
		for _, tr := range rep.Turns {
			all.WriteString(tr.Replies[seat].Text() + "\n")
		}
	}
	return all.String()
}
