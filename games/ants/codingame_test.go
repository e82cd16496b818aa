package ants

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Bots written for CodinGame run unchanged: a JavaScript bot that calls
// the global readline() and print()/console.log(), and a C bot that uses
// printf without ever flushing. Both play a full game and end ok.
func TestCodinGameBots(t *testing.T) {
	t.Run("javascript readline", func(t *testing.T) {
		t.Parallel()
		node, err := exec.LookPath("node")
		if err != nil {
			t.Skip("node is not installed")
		}
		script, _ := filepath.Abs("testdata/bots/codingame.js")
		rep := runMatch(t, []string{node + " " + script, "builtin:boss4"}, 11, 4, generous...)
		requireOK(t, rep)
		// Turn 1 answers with console.log, turn 2 with print.
		for i := range min(2, len(rep.Turns)) {
			if got := rep.Turns[i].Replies[0].Text(); !strings.HasPrefix(got, "LINE ") {
				t.Errorf("turn %d: answer %q", i+1, got)
			}
		}
		if len(rep.Turns) < 2 {
			t.Errorf("the game lasted %d turns", len(rep.Turns))
		}
	})
	t.Run("c without fflush", func(t *testing.T) {
		t.Parallel()
		gcc, err := exec.LookPath("gcc")
		if err != nil {
			t.Skip("gcc is not installed")
		}
		bin := filepath.Join(t.TempDir(), "bot")
		if out, err := exec.Command(gcc, "-O2", "-o", bin, "testdata/bots/codingame.c").CombinedOutput(); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		rep := runMatch(t, []string{bin, "builtin:boss4"}, 12, 4, generous...)
		requireOK(t, rep)
		if got := rep.Turns[0].Replies[0].Text(); !strings.HasPrefix(got, "LINE ") {
			t.Errorf("turn 1: answer %q", got)
		}
	})
}
