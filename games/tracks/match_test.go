package tracks_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
	"github.com/seed27749672/arena/replay"

	_ "github.com/seed27749672/arena/games/tracks"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// relaxed is the tracks game with a generous clock, for tests whose process
// bots must not lose a turn because the machine is busy (timing never
// decides whether those tests pass). Its name stays "tracks", so replays
// verify against the real game.
type relaxed struct{ game.Game }

func (g relaxed) Info() game.Info {
	info := g.Game.Info()
	info.Clock.First, info.Clock.Turn = 30*time.Second, 10*time.Second
	return info
}

// slowStart is the tracks game with the real 50 ms turns but a generous
// first turn, for tests of the turn limit with a bot whose start-up (an
// interpreter, seconds on a loaded machine) is not the subject.
type slowStart struct{ game.Game }

func (g slowStart) Info() game.Info {
	info := g.Game.Info()
	info.Clock.First = 30 * time.Second
	return info
}

type matchSpec struct {
	bots      []string
	seed      int64
	league    int
	opts      []string
	relaxed   bool
	slowStart bool
}

func runMatch(t *testing.T, s matchSpec) *replay.Replay {
	t.Helper()
	m := matchtest.Build(t, match.Setup{Game: "tracks", Bots: s.bots, Seed: &s.seed, League: s.league, Options: s.opts})
	if s.relaxed {
		m.Game = relaxed{m.Game}
	}
	if s.slowStart {
		m.Game = slowStart{m.Game}
	}
	m.Grace = 2 * time.Second
	return matchtest.Verified(t, m, 5*time.Minute)
}

func statuses(rep *replay.Replay) string {
	var s []string
	for _, p := range rep.Result.Players {
		s = append(s, string(p.Status))
	}
	return strings.Join(s, ",")
}

func TestBuiltinMatches(t *testing.T) {
	cases := []matchSpec{
		{bots: []string{"builtin:boss5", "builtin:boss4"}, seed: 1},
		{bots: []string{"builtin:boss4", "builtin:boss3"}, seed: 2},
		{bots: []string{"builtin:boss3", "builtin:boss2"}, seed: 3},
		{bots: []string{"builtin:random", "builtin:random"}, seed: 4},
		{bots: []string{"builtin:random", "builtin:boss5"}, seed: 5, opts: []string{"ruleset=reference"}},
		{bots: []string{"builtin:wait", "builtin:boss1"}, seed: 6},
		{bots: []string{"builtin:boss3", "builtin:boss1"}, seed: 7, league: 1},
		{bots: []string{"builtin:boss4", "builtin:boss2"}, seed: 8, league: 2},
		{bots: []string{"builtin:boss5", "builtin:boss3"}, seed: 9, opts: []string{"ink_threshold=5", "side_quest=false"}},
	}
	for _, c := range cases {
		c.relaxed = true // builtins must not lose a turn when the machine is busy
		t.Run(fmt.Sprintf("%s/seed%d/league%d", strings.Join(c.bots, "-"), c.seed, c.league), func(t *testing.T) {
			t.Parallel()
			rep := runMatch(t, c)
			if statuses(rep) != "ok,ok" {
				t.Errorf("statuses %s: %+v", statuses(rep), rep.Result.Players)
			}
			if n := len(rep.Turns); n < 1 || n > 100 {
				t.Errorf("%d turns", n)
			}
			for _, f := range rep.Frames() {
				if !json.Valid(f) {
					t.Fatalf("invalid frame JSON")
				}
			}
			t.Logf("%d turns: %s", len(rep.Turns), rep.Result.Summary)
		})
	}
}

func TestDeterministicReplay(t *testing.T) {
	t.Parallel()
	spec := matchSpec{bots: []string{"builtin:random", "builtin:boss4"}, seed: 42, relaxed: true}
	a, b := runMatch(t, spec), runMatch(t, spec)
	a.StripTimings()
	b.StripTimings()
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Fatal("the same seed and bots gave two different replays")
	}
	// A tampered reply must be caught by verification.
	for i := range a.Turns {
		if r := &a.Turns[i].Replies[0]; len(r.Lines) > 0 {
			r.Lines[0].Text = "PLACE_TRACKS 1  1"
			break
		}
	}
	if err := match.Verify(a); err == nil {
		t.Fatal("verify accepted a tampered replay")
	}
}

// Leagues 1-5 each against their boss, the default league being the full game.
func TestLeaguesAndBosses(t *testing.T) {
	g, err := game.Lookup("tracks")
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	if info.DefaultLeague != 5 || len(info.Leagues) != 5 {
		t.Fatalf("leagues %v default %d", info.Leagues, info.DefaultLeague)
	}
	for _, l := range info.Leagues {
		if _, err := info.FindBuiltin(l.Boss); err != nil {
			t.Errorf("league %d: %v", l.Number, err)
		}
	}
	for _, name := range []string{"random", "wait", "boss1", "boss2", "boss3", "boss4", "boss5"} {
		if _, err := info.FindBuiltin(name); err != nil {
			t.Error(err)
		}
	}
}

// TestGoldenGame plays a whole game between two process bots and compares
// every byte they read with testdata/golden-game.txt.gz (go test -update
// rewrites it).
func TestGoldenGame(t *testing.T) {
	t.Parallel()
	py := matchtest.Python(t)
	dir := t.TempDir()
	bot := func(p int) string {
		abs, _ := filepath.Abs("testdata/bots/golden.py")
		return fmt.Sprintf("p%d=%s %s %s", p, py, abs, filepath.Join(dir, fmt.Sprintf("p%d.log", p)))
	}
	rep := runMatch(t, matchSpec{bots: []string{bot(0), bot(1)}, seed: 20260701, relaxed: true})
	if statuses(rep) != "ok,ok" {
		t.Fatalf("statuses %s: %+v", statuses(rep), rep.Result.Players)
	}
	var got bytes.Buffer
	for p := range 2 {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("p%d.log", p)))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&got, "=== input of player %d (%d bytes)\n", p, len(b))
		got.Write(b)
	}
	fmt.Fprintf(&got, "=== replies\n")
	for _, tr := range rep.Turns {
		for p, r := range tr.Replies {
			fmt.Fprintf(&got, "%d %d %s\n", tr.Turn, p, r.Text())
		}
	}
	fmt.Fprintf(&got, "=== result\n%s\n", rep.Result.Summary)
	golden := "testdata/golden-game.txt.gz"
	if *update {
		var z bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		zw.Write(got.Bytes())
		zw.Close()
		if err := os.WriteFile(golden, z.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	want, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		gl, wl := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < max(len(gl), len(wl)); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("the game differs from %s at line %d:\n got %q\nwant %q\n(go test -update rewrites it after a deliberate rule change)", golden, i+1, g, w)
			}
		}
	}
}

const slowBot = `import sys, time
def rl(): return sys.stdin.readline()
me = int(rl()); w = int(rl()); h = int(rl())
for _ in range(w * h): rl()
for _ in range(int(rl())): rl()
turn = 0
while True:
    for _ in range(2 + w * h): rl()
    turn += 1
    if turn == 2:
        time.sleep(1.5)
    print("WAIT;WAIT")
    print("PLACE_TRACKS 0 0", flush=True)
`

// Checklist 49 with a real process and the real clock. The bot writes two
// lines a turn: only one is read per turn, the second stays queued and is
// its answer to the next turn (CodinGame semantics). On turn 2 it sleeps far
// beyond the limit, so its turn-3 answer is missing: it is eliminated with
// -1 and the game ends after that turn (scenario 49 checks that the other
// player's actions of that turn still apply).
func TestTimeoutProcess(t *testing.T) {
	t.Parallel()
	py := matchtest.Python(t)
	path := filepath.Join(t.TempDir(), "slow.py")
	if err := os.WriteFile(path, []byte(slowBot), 0o644); err != nil {
		t.Fatal(err)
	}
	// The other player answers at once; should the machine stall it past
	// 50 ms as well, the match is played again (timing must not decide).
	var rep *replay.Replay
	for attempt := 0; ; attempt++ {
		rep = runMatch(t, matchSpec{bots: []string{"builtin:boss1", py + " " + path}, seed: 11, slowStart: true})
		if rep.Result.Players[0].Status == game.OK {
			break
		}
		if attempt == 2 {
			t.Skip("the machine is too busy for a 50 ms deadline test")
		}
	}
	res := rep.Result.Players
	if len(rep.Turns) != 3 {
		t.Fatalf("%d turns, want the game to end at the turn-3 timeout", len(rep.Turns))
	}
	last := rep.Turns[len(rep.Turns)-1]
	if last.Replies[1].Status != game.Timeout {
		t.Fatalf("last turn reply %s, want a timeout", last.Replies[1].Status)
	}
	if res[1].Status != game.TimedOut || res[1].Score != -1 || res[1].Message != rep.Players[1].Name+" has not provided 1 lines in time on turn 3 (limit 50 ms)" {
		t.Fatalf("slow bot: %+v", res[1])
	}
	if res[0].Status != game.OK || res[0].Rank != 1 {
		t.Fatalf("other bot: %+v", res[0])
	}
	if got := rep.Turns[1].Replies[1]; got.Status != game.Answered || got.Text() != "PLACE_TRACKS 0 0" {
		t.Fatalf("turn 2 should read the line queued on turn 1, got %s %q", got.Status, got.Text())
	}
}
