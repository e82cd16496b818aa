package ants

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
	"github.com/seed27749672/arena/replay"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// generous are time limits no loaded test machine misses: these tests are
// about what bots read and write, not about speed.
var generous = []string{"first_turn_timeout_ms=20000", "turn_timeout_ms=10000"}

// runMatch plays one match through the real runner.
func runMatch(t *testing.T, bots []string, seed int64, league int, opts ...string) *replay.Replay {
	t.Helper()
	m := matchtest.Build(t, match.Setup{Game: "ants", Bots: bots, Seed: &seed, League: league, Options: opts})
	m.Grace = 500 * time.Millisecond
	return matchtest.Run(t, m, 3*time.Minute)
}

// requireOK fails unless every player ended with status ok and the replay
// re-simulates.
func requireOK(t *testing.T, rep *replay.Replay) {
	t.Helper()
	for i, p := range rep.Result.Players {
		if p.Status != game.OK {
			var stderr string
			for _, tr := range rep.Turns {
				stderr += tr.Replies[i].Stderr
			}
			t.Errorf("%s: status %s (%s) after %d turns; stderr:\n%s", p.Name, p.Status, p.Message, len(rep.Turns), stderr)
		}
	}
	if err := match.Verify(rep); err != nil {
		t.Errorf("verify: %v", err)
	}
}

// TestGoldenInput plays a full game between two process bots in each
// league and compares every byte they read with testdata/golden (go test
// -run TestGoldenInput -update rewrites them). It also checks that what
// they read is exactly what the referee's prompts were.
func TestGoldenInput(t *testing.T) {
	py := matchtest.Python(t)
	script, err := filepath.Abs("testdata/bots/golden.py")
	if err != nil {
		t.Fatal(err)
	}
	for league := 1; league <= 4; league++ {
		t.Run(fmt.Sprintf("league %d", league), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			var bots []string
			for p := range 2 {
				bots = append(bots, fmt.Sprintf("%s %s %s %d", py, script, filepath.Join(dir, fmt.Sprintf("p%d.txt", p)), 2+p))
			}
			rep := runMatch(t, bots, int64(100+league), league, generous...)
			requireOK(t, rep)
			prompts := replayPrompts(t, rep)
			for p := range 2 {
				got, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("p%d.txt", p)))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, prompts[p]) {
					t.Errorf("player %d read %d bytes, the referee sent %d: %s", p, len(got), len(prompts[p]), firstDiff(got, prompts[p]))
				}
				golden := filepath.Join("testdata", "golden", fmt.Sprintf("league%d-p%d.txt", league, p))
				if *update {
					if err := os.WriteFile(golden, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -run TestGoldenInput -update to create it)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("player %d input differs from %s: %s", p, golden, firstDiff(got, want))
				}
			}
			checkLeagueShape(t, league, prompts[0], len(rep.Turns))
		})
	}
}

// replayPrompts re-simulates a replay and concatenates each player's
// prompts.
func replayPrompts(t *testing.T, rep *replay.Replay) [2][]byte {
	t.Helper()
	g, cfg, err := match.Config(rep)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := g.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out [2][]byte
	for _, tr := range rep.Turns {
		replies := make([]game.Reply, 2)
		for p := range 2 {
			if msg, ask := ref.Prompt(p); ask {
				out[p] = append(out[p], msg...)
			}
			replies[p] = tr.Replies[p].Reply
		}
		ref.Play(replies)
	}
	return out
}

// checkLeagueShape checks the line structure of a whole input: the init
// block once, then one block per turn, with the score line only in league
// 4.
func checkLeagueShape(t *testing.T, league int, input []byte, turns int) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(input), "\n"), "\n")
	var n int
	fmt.Sscan(lines[0], &n)
	per := n
	if league == 4 {
		per++
	}
	if want := 1 + n + 3 + turns*per; len(lines) != want {
		t.Errorf("league %d: %d lines for %d cells and %d turns, want %d", league, len(lines), n, turns, want)
	}
	if first := strings.Fields(lines[n+4]); (len(first) == 2) != (league == 4) {
		t.Errorf("league %d: first turn line %q", league, lines[n+4])
	}
}

func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < min(len(la), len(lb)); i++ {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d: %q vs %q", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("%d lines vs %d lines", len(la), len(lb))
}

// Full games with the builtin bots in every league: every builtin parses
// the real input and plays legally, the replay verifies, and a match is a
// pure function of its seed.
func TestBuiltinGames(t *testing.T) {
	for league := 1; league <= 4; league++ {
		boss := fmt.Sprintf("builtin:boss%d", league)
		for _, opp := range []string{"builtin:random", "builtin:wait", "builtin:boss1", "builtin:boss4"} {
			t.Run(fmt.Sprintf("league %d %s %s", league, boss, opp), func(t *testing.T) {
				t.Parallel()
				a := runMatch(t, []string{boss, opp}, int64(league), league, generous...)
				requireOK(t, a)
				b := runMatch(t, []string{boss, opp}, int64(league), league, generous...)
				a.StripTimings()
				b.StripTimings()
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				if !bytes.Equal(ja, jb) {
					t.Errorf("the same seed gave two different matches")
				}
			})
		}
	}
}

// Each league's boss beats the bots that do nothing useful, from either
// seat, on several maps.
func TestBossesWin(t *testing.T) {
	for league := 1; league <= 4; league++ {
		for seed := int64(1); seed <= 3; seed++ {
			for seat := range 2 {
				bots := []string{fmt.Sprintf("builtin:boss%d", league), "builtin:wait"}
				if seat == 1 {
					bots[0], bots[1] = bots[1], bots[0]
				}
				rep := runMatch(t, bots, seed, league, generous...)
				if rep.Result.Players[seat].Rank != 1 || rep.Result.Players[1-seat].Rank != 2 {
					t.Errorf("league %d seed %d: boss in seat %d did not win: %s", league, seed, seat, rep.Result.Summary)
				}
			}
		}
	}
}

// writeScript writes a test bot into a temporary directory.
func writeScript(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// pyReader is the input reading of the Python test bots.
const pyReader = `import sys, time
def read():
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    return line
n = int(read())
for _ in range(n + 3):
    read()
def turn():
    first = read().split()
    if len(first) == 2:
        read()
    for _ in range(n - 1):
        read()
`

// S48: a bot that writes two lines on turn 1 has its second line taken as
// its turn-2 answer at once (the SDK keeps extra lines for the next turn).
func TestS48ExtraLinesAreNextAnswers(t *testing.T) {
	py := matchtest.Python(t)
	bot := writeScript(t, "ahead.py", pyReader+`
turn()
print("WAIT\nBEACON 1 1", flush=True)
while True:
    turn()
    print("WAIT", flush=True)
`)
	rep := runMatch(t, []string{"builtin:wait", py + " " + bot}, 5, 4, append(generous, "max_turns=4")...)
	requireOK(t, rep)
	var got []string
	for _, tr := range rep.Turns {
		got = append(got, tr.Replies[1].Text())
	}
	if strings.Join(got, "|") != "WAIT|BEACON 1 1|WAIT|WAIT" {
		t.Errorf("answers %q, want WAIT, BEACON 1 1, WAIT, WAIT", got)
	}
	var f frame
	if err := json.Unmarshal(rep.Turns[1].Frame, &f); err != nil {
		t.Fatal(err)
	}
	if f.Beacons[1][1] != 1 {
		t.Errorf("turn 2 beacons %v: BEACON 1 1 was not applied", f.Beacons[1])
	}
}

// S48: no answer in time deactivates the player with "Timeout!", the game
// ends after that turn and the score is -1; on turn 1 the limit is the
// first-turn limit.
func TestS48Timeout(t *testing.T) {
	t.Parallel()
	py := matchtest.Python(t)
	cases := []struct {
		name  string
		body  string
		opts  []string
		turns int
	}{
		{name: "turn 3", body: pyReader + `
t = 0
while True:
    turn()
    t += 1
    if t == 3:
        time.sleep(30)
    print("WAIT", flush=True)
`, opts: []string{"first_turn_timeout_ms=20000", "turn_timeout_ms=700"}, turns: 3},
		{name: "first turn", body: `import time
time.sleep(30)
`, opts: []string{"first_turn_timeout_ms=700", "turn_timeout_ms=100"}, turns: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			bot := writeScript(t, "slow.py", c.body)
			rep := runMatch(t, []string{"builtin:boss4", py + " " + bot}, 9, 4, c.opts...)
			if err := match.Verify(rep); err != nil {
				t.Errorf("verify: %v", err)
			}
			slow, good := rep.Result.Players[1], rep.Result.Players[0]
			if slow.Status != game.TimedOut || slow.Score != -1 || !strings.HasPrefix(slow.Message, "Timeout!") {
				t.Errorf("slow bot: %s, score %v, %q", slow.Status, slow.Score, slow.Message)
			}
			if good.Status != game.OK || good.Rank != 1 {
				t.Errorf("the other bot: %s, rank %d", good.Status, good.Rank)
			}
			if len(rep.Turns) != c.turns {
				t.Errorf("%d turns, want the game to end after turn %d", len(rep.Turns), c.turns)
			}
			var f frame
			json.Unmarshal(rep.Turns[len(rep.Turns)-1].Frame, &f)
			if f.Players[1].Error != "Timeout!" || f.Players[1].Status != "timeout" || !f.Over || f.End.Scores[1] != -1 {
				t.Errorf("last frame: %+v, end %+v", f.Players[1], f.End)
			}
		})
	}
}

// A bot that writes a bad command is disqualified with the exact message,
// through a real process.
func TestInvalidOutputProcess(t *testing.T) {
	py := matchtest.Python(t)
	bot := writeScript(t, "bad.py", pyReader+`
turn()
print("BEACON 0 1;Beacon 1 2", flush=True)
while True:
    turn()
    print("WAIT", flush=True)
`)
	rep := runMatch(t, []string{py + " " + bot, "builtin:boss4"}, 3, 4, generous...)
	p := rep.Result.Players[0]
	want := "Invalid Input: Expected BEACON <cell_index> <beacon_strength> but got 'Beacon 1 2'"
	if p.Status != game.Disqualified || p.Score != -1 || p.Message != want {
		t.Errorf("%s %v %q", p.Status, p.Score, p.Message)
	}
	if len(rep.Turns) != 1 {
		t.Errorf("%d turns, want 1", len(rep.Turns))
	}
	if err := match.Verify(rep); err != nil {
		t.Error(err)
	}
}
