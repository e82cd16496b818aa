package jungle_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/games/jungle/jungletest"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// Two matches side by side, each with two sandboxed 2022-style bots that
// connect to their hard-coded ws://0.0.0.0:8765: in each sandbox that
// address reaches the bot's own match (its network namespace has nothing
// else), whatever holds the host's port 8765.
func TestSandboxedMatchesSideBySideOnPort8765(t *testing.T) {
	js := jungletest.JSKit(t)
	sandboxtest.NeedSandbox(t)
	kit := readableCopy(t, filepath.Dir(js))
	bot := "env -u ARENA_WS_URL node " + filepath.Join(kit, "index.js")
	reps := make([]*replay.Replay, 2)
	var wg sync.WaitGroup
	for i := range reps {
		wg.Go(func() {
			seed := int64(20 + i)
			m := matchtest.Build(t, match.Setup{Game: "jungle", Bots: []string{"a=" + bot, "b=" + bot}, Seed: &seed,
				Options: append(append([]string{}, patient...), "map=clearing", "nb_ticks=30"), Sandbox: &sandbox.Limits{}})
			m.Grace = 500 * time.Millisecond
			reps[i] = matchtest.Run(t, m, 2*time.Minute)
		})
	}
	wg.Wait()
	for i, rep := range reps {
		if rep == nil {
			continue
		}
		for _, p := range rep.Result.Players {
			if p.Status != game.OK {
				t.Errorf("match %d, %s: %s %s", i, p.Name, p.Status, p.Message)
			}
		}
		answered := 0
		for _, tr := range rep.Turns {
			for _, r := range tr.Replies {
				if r.Status == game.Answered {
					answered++
				}
			}
		}
		if len(rep.Turns) != 30 || answered < 2*28 {
			t.Errorf("match %d: %d turns, %d answers of %d", i, len(rep.Turns), answered, 2*len(rep.Turns))
		}
		if err := match.Verify(rep); err != nil {
			t.Errorf("match %d: %v", i, err)
		}
	}
}

// readableCopy copies a kit into a directory the sandbox's unprivileged
// identity can read (the repository may be in a private home directory).
func readableCopy(t *testing.T, dir string) string {
	t.Helper()
	d := t.TempDir()
	os.Chmod(filepath.Dir(d), 0o755)
	os.Chmod(d, 0o755)
	if out, err := exec.Command("cp", "-r", dir+"/.", d).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	exec.Command("chmod", "-R", "a+rX", d).Run()
	return d
}
