package territory

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// runMatch plays a match through the runner, as `arena play` does, and
// checks that its replay verifies.
func runMatch(t *testing.T, seed int64, bots []string, opts ...string) *replay.Replay {
	t.Helper()
	m, err := match.Setup{Game: "territory", Bots: bots, Seed: &seed, Options: opts}.Build()
	if err != nil {
		t.Fatal(err)
	}
	m.Grace = 300 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	rep, err := match.Run(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	if err := match.Verify(rep); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return rep
}

// stat reads an integer figure of a result, as recorded or as read back
// from JSON.
func stat(p game.PlayerResult, key string) int {
	switch v := p.Stats[key].(type) {
	case int:
		return v
	case float64:
		return int(v)
	}
	return -1
}

func helper(args ...string) string {
	return "python3 testdata/bots/helper.py " + strings.Join(args, " ")
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// golden reads the §6.4 transcript: per player, the lines it reads and
// the answers it writes.
func golden(t *testing.T) (in, out [2][]string) {
	p := -1
	for _, l := range strings.Split(readFile(t, "testdata/golden-exchange.txt"), "\n") {
		switch {
		case strings.HasPrefix(l, "== "):
			p++
		case strings.HasPrefix(l, "< "):
			in[p] = append(in[p], l[2:])
		case strings.HasPrefix(l, "> "):
			out[p] = append(out[p], l[2:])
		}
	}
	return in, out
}

// Scenario 45: the exchange of §6.4, byte for byte on the pipes.
func TestGoldenExchangeStdio(t *testing.T) {
	t.Parallel()
	in, out := golden(t)
	dir := t.TempDir()
	var bots []string
	for p := range 2 {
		ans := filepath.Join(dir, "answers"+string(rune('0'+p)))
		os.WriteFile(ans, []byte(strings.Join(out[p], "\n")+"\n"), 0o644)
		bots = append(bots, helper("--answers", ans, "--log", filepath.Join(dir, "log"+string(rune('0'+p)))))
	}
	rep := runMatch(t, 0, bots, "arena="+readFile(t, "testdata/golden-6.arena"))
	for p := range 2 {
		got := readFile(t, filepath.Join(dir, "log"+string(rune('0'+p))))
		want := strings.Join(in[p], "\n") + "\n"
		if got != want {
			t.Errorf("player %d read:\n%s\nwant:\n%s", p, got, want)
		}
	}
	if len(rep.Turns) != 2 {
		t.Fatalf("%d turns, want 2", len(rep.Turns))
	}
	for k, tr := range rep.Turns {
		for p := range 2 {
			if got := tr.Replies[p].Text(); got != out[p][k] {
				t.Errorf("turn %d player %d answered %q, want %q", k+1, p, got, out[p][k])
			}
		}
	}
	res := rep.Result.Players
	if res[0].Rank != 1 || res[1].Rank != 2 || stat(res[0].PlayerResult, "points") != 5 || stat(res[1].PlayerResult, "points") != 0 {
		t.Errorf("result %+v %+v", res[0], res[1])
	}
	if res[1].Status != game.Eliminated || res[1].Stats["reason"] != "wall" || stat(res[1].PlayerResult, "stays") != 1 {
		t.Errorf("player 1: %s %v", res[1].Status, res[1].Stats)
	}
}

// Whole games through the runner with the builtin bots: determinism (same
// seed, same replies, same replay) and verification.
func TestBuiltinGames(t *testing.T) {
	t.Parallel()
	bots := []string{"builtin:greedy", "builtin:hunter", "builtin:random", "builtin:greedy", "builtin:hunter", "builtin:random"}
	a := runMatch(t, 42, bots, "size=large", "shape=cut")
	b := runMatch(t, 42, bots, "size=large", "shape=cut")
	a.StripTimings()
	b.StripTimings()
	var ja, jb strings.Builder
	replay.Write(&ja, a)
	replay.Write(&jb, b)
	if ja.String() != jb.String() {
		t.Errorf("two runs of the same match differ")
	}
	for i, p := range a.Result.Players {
		if p.Status != game.OK && p.Status != game.Eliminated {
			t.Errorf("builtin %d: %s %s", i, p.Status, p.Message)
		}
		if r, _ := p.Stats["reason"].(string); r == "inactive" || r == "steps" || r == "wall" {
			t.Errorf("builtin %d lost to its own mistake: %s", i, p.Message)
		}
	}
	// Every player count and shape the generator knows, random arenas.
	for seed := int64(1); seed <= 6; seed++ {
		n := []int{4, 8}[seed%2]
		var lineup []string
		for k := range n {
			lineup = append(lineup, "builtin:"+[]string{"greedy", "hunter", "random"}[(k+int(seed))%3])
		}
		rep := runMatch(t, seed, lineup, "turns=80")
		if rep.Result.Turns == 0 {
			t.Errorf("seed %d: no turn played", seed)
		}
	}
}
