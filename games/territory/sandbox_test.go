package territory

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// Two sandboxed HTTP bots (the Python kit, 2020 style) in one match: each
// listens on port 3000 of its own network namespace, and Arena reaches each
// there through its sandbox.
func TestSandboxedHTTPBots(t *testing.T) {
	matchtest.Python(t)
	sandboxtest.NeedSandbox(t)
	d := t.TempDir()
	os.Chmod(filepath.Dir(d), 0o755)
	os.Chmod(d, 0o755)
	if out, err := exec.Command("cp", "-r", "../../kits/territory/python-http/.", d).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	exec.Command("chmod", "-R", "a+rX", d).Run()
	kit := "http:python3 " + filepath.Join(d, "bot.py")
	seed := int64(5)
	m := matchtest.Build(t, match.Setup{Game: "territory", Bots: []string{"k1=" + kit, "builtin:greedy", "k2=" + kit, "builtin:random"},
		Seed: &seed, Options: append(append([]string{}, patient...), "turns=40"), Sandbox: &sandbox.Limits{}})
	m.Grace = 300 * time.Millisecond
	rep := matchtest.Verified(t, m, 90*time.Second)
	for _, seat := range []int{0, 2} {
		p := rep.Result.Players[seat]
		if p.Status == game.DidNotStart || p.Status == game.Crashed || strings.Contains(p.Message, "not ready") {
			t.Fatalf("%s: %s %s", p.Name, p.Status, p.Message)
		}
		answered := 0
		for _, tr := range rep.Turns {
			if seat < len(tr.Replies) && tr.Replies[seat].Status == game.Answered {
				answered++
			}
		}
		if answered == 0 {
			t.Errorf("%s never answered (%s %s)", p.Name, p.Status, p.Message)
		}
		t.Logf("%s: %s, %d answers", p.Name, p.Status, answered)
	}
}
