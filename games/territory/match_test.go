package territory

import (
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

// patient are the clock options of the tests whose subject is not time:
// bots that answer at once never wait for them, and a loaded machine (CI,
// parallel tests starting many Python processes) must not turn slow
// start-ups into timeouts. Tests of deadlines give their own limits, which
// come later and win.
var patient = []string{"first_ms=60000", "turn_ms=20000"}

// runMatch plays a match through the runner, as `arena play` does, and
// checks that its replay verifies.
func runMatch(t *testing.T, seed int64, bots []string, opts ...string) *replay.Replay {
	t.Helper()
	m := matchtest.Build(t, match.Setup{Game: "territory", Bots: bots, Seed: &seed, Options: append(append([]string{}, patient...), opts...)})
	m.Grace = 300 * time.Millisecond
	return matchtest.Verified(t, m, 90*time.Second)
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

const duel = `TERRITORY-ARENA 1
NAME duel
SIZE 10
ROW ##########
ROW #........#
ROW #.aa.....#
ROW #.a0.....#
ROW #........#
ROW #........#
ROW #.....1b.#
ROW #.....bb.#
ROW #........#
ROW ##########
END
`

// Scenario 36: a late stdin/stdout answer. The bot answers turn 5 after
// 1.3 s: NONE at turn 5; it gets no line on turn 6, which is resolved when
// its late answer arrives (NONE again, the answer discarded); it gets the
// line of turn 7.
func TestLateAnswerStdio(t *testing.T) {
	t.Parallel()
	rep := runMatch(t, 3, []string{helper(), helper("--sleep", "5:1300")}, "arena="+duel, "turns=8", "turn_ms=1000")
	seat := 1
	tr := rep.Turns
	if r := tr[4].Replies[seat]; r.Status != game.Timeout || !r.Asked {
		t.Errorf("turn 5: %s asked=%v, want a timeout", r.Status, r.Asked)
	}
	if r := tr[5].Replies[seat]; r.Status != game.Answered || !r.Late || r.Asked {
		t.Errorf("turn 6: %s late=%v asked=%v, want the late answer and no line", r.Status, r.Late, r.Asked)
	}
	if r := tr[6].Replies[seat]; !r.Asked || r.Status != game.Answered || r.Late {
		t.Errorf("turn 7: %s asked=%v late=%v, want a fresh line and its answer", r.Status, r.Asked, r.Late)
	}
	// Turn 6 waited for the late answer (the other bot had answered at
	// once), and that answer is timed from turn 5's line.
	if w := tr[5].Replies[seat].Time; w < 1300*time.Millisecond {
		t.Errorf("the late answer is timed %v, want at least the 1.3 s since turn 5's line", w)
	}
	if got := stat(rep.Result.Players[seat].PlayerResult, "stays"); got != 2 {
		t.Errorf("%d stays, want 2 (turns 5 and 6)", got)
	}
	frame := string(tr[5].Frame)
	if !strings.Contains(frame, `"late":true`) {
		t.Errorf("the turn 6 frame must show the discarded late answer")
	}
}

// Scenario 44: two lines for one prompt: the first is the answer, the
// second is discarded.
func TestSecondLineDiscarded(t *testing.T) {
	t.Parallel()
	rep := runMatch(t, 3, []string{helper(), helper("--double-at", "2")}, "arena="+duel, "turns=4")
	var stray int
	for _, tr := range rep.Turns {
		stray += len(tr.Replies[1].Stray)
		if tr.Replies[1].Text() == "LEFT" {
			t.Errorf("turn %d took the discarded LEFT as an answer", tr.Turn)
		}
	}
	if stray != 1 {
		t.Errorf("%d stray lines, want the one LEFT", stray)
	}
	if got := stat(rep.Result.Players[1].PlayerResult, "stays"); got != 0 {
		t.Errorf("%d stays, want 0", got)
	}
}

// An 8-player game on the largest arena where four bots misbehave: one
// exits at once, one crashes at turn 3, one stops answering at turn 2, one
// answers too late from turn 2 on. Each plays NONE from then on and is
// eliminated (inactive) by the stay limits; the game goes on for the
// others, and the ranking follows §5.
func TestMisbehavingBots(t *testing.T) {
	t.Parallel()
	bots := []string{"builtin:greedy", helper("--exit"), "builtin:hunter", helper("--crash-at", "3"),
		"builtin:random", helper("--hang-from", "2"), "builtin:greedy", helper("--sleep", "2+:2500")}
	start := time.Now()
	rep := runMatch(t, 11, bots, "size=large", "shape=square", "turn_ms=1000")
	// Once eliminated, the hung bot is no longer waited for: the 195 turns
	// after it would otherwise last a second each.
	if d := time.Since(start); d > 60*time.Second {
		t.Errorf("the match took %v: an eliminated bot's overdue answer slows every turn", d)
	}
	res := rep.Result.Players
	want := map[int]struct {
		status game.Status
		turn   int
	}{1: {game.Crashed, 4}, 3: {game.Crashed, 6}, 5: {game.TimedOut, 5}, 7: {game.TimedOut, 5}}
	for seat, w := range want {
		p := res[seat].PlayerResult
		if p.Status != w.status || stat(p, "eliminatedTurn") != w.turn || p.Stats["reason"] != "inactive" {
			t.Errorf("seat %d: %s at turn %d (%s), want %s at turn %d", seat, p.Status, stat(p, "eliminatedTurn"), p.Message, w.status, w.turn)
		}
	}
	// Later eliminations rank first; the hung and the slow bot, out on the
	// same turn with their 4 tiles, share a rank.
	if res[3].Rank != 5 || res[5].Rank != 6 || res[7].Rank != 6 || res[1].Rank != 8 {
		t.Errorf("ranks: crash %d, hang %d, slow %d, exit %d; want 5, 6, 6, 8", res[3].Rank, res[5].Rank, res[7].Rank, res[1].Rank)
	}
	checkRanking(t, res)
}

// checkRanking checks the order of §5 on a result: alive players first by
// territory, then the eliminated by turn (later first) and territory at the
// start of that turn; equal figures share a rank.
func checkRanking(t *testing.T, res []replay.PlayerResult) {
	t.Helper()
	key := func(p game.PlayerResult) [3]int {
		if p.Stats["eliminatedTurn"] == nil {
			return [3]int{1, stat(p, "territory"), 0}
		}
		return [3]int{0, stat(p, "eliminatedTurn"), stat(p, "territoryAtElimination")}
	}
	for i, a := range res {
		for j, b := range res {
			ka, kb := key(a.PlayerResult), key(b.PlayerResult)
			better := ka[0] > kb[0] || (ka[0] == kb[0] && (ka[1] > kb[1] || (ka[1] == kb[1] && ka[2] > kb[2])))
			switch {
			case ka == kb && a.Rank != b.Rank:
				t.Errorf("seats %d and %d tie on %v but rank %d and %d", i, j, ka, a.Rank, b.Rank)
			case better && a.Rank >= b.Rank:
				t.Errorf("seat %d %v should rank before seat %d %v: %d vs %d", i, ka, j, kb, a.Rank, b.Rank)
			}
		}
		if pts := stat(a.PlayerResult, "points"); pts != 5*(len(res)-a.Rank) {
			t.Errorf("seat %d: %d points for rank %d", i, pts, a.Rank)
		}
	}
}
