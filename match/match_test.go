package match_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/game/gametest"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
	"github.com/seed27749672/arena/replay"
)

var testbot string

func TestMain(m *testing.M) {
	gametest.Register()
	dir, err := os.MkdirTemp("", "arena-match-test")
	if err != nil {
		panic(err)
	}
	testbot = filepath.Join(dir, "testbot")
	out, err := exec.Command("go", "build", "-o", testbot, "./testdata/testbot").CombinedOutput()
	if err != nil {
		panic("building testbot: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// play runs the sum game with the given bot specs and options.
func play(t *testing.T, specs []string, opts ...string) *replay.Replay {
	t.Helper()
	seed := int64(1)
	m := matchtest.Build(t, match.Setup{Game: "sum", Bots: specs, Seed: &seed, Options: opts})
	m.Grace = 200 * time.Millisecond
	return matchtest.Run(t, m, time.Minute)
}

func tb(args string) string { return testbot + " " + args }

// noReader answers 50 turns at once and never reads its input.
const noReader = `sh -c 'i=0; while [ $i -lt 50 ]; do echo 1; i=$((i+1)); done; exec sleep 600'`

// stoppedReading checks the replay of a bot that stopped reading its
// input: its first timeout, on a turn after the first, is the one whose
// prompt could not be written, with the bytes that were unread then, and
// the message names that turn.
func stoppedReading(t *testing.T, rep *replay.Replay) {
	t.Helper()
	for _, tr := range rep.Turns {
		r := tr.Replies[1]
		if r.Status != game.Timeout {
			continue
		}
		if tr.Turn < 2 || r.Unread < 40000 {
			t.Errorf("first timeout on turn %d with %d bytes unread; want a turn after the first, the pipe full of earlier prompts", tr.Turn, r.Unread)
		}
		if want := replay.StoppedReadingMessage(tr.Turn, r.Unread); rep.Result.Players[1].Message != want {
			t.Errorf("message %q, want %q", rep.Result.Players[1].Message, want)
		}
		return
	}
	t.Errorf("the bot never timed out")
}

func TestMisbehavingBots(t *testing.T) {
	cases := []struct {
		name    string
		bot     string
		opts    []string
		status  game.Status
		message string // substring of the result message
		check   func(t *testing.T, rep *replay.Replay)
	}{
		{name: "crash at start", bot: "sh -c 'echo dying >&2; exit 3'", status: game.Crashed, message: "exited with status 3: dying"},
		{name: "crash mid-game", bot: tb("crash-at 3"), status: game.Crashed, message: "crashing on purpose",
			check: func(t *testing.T, rep *replay.Replay) {
				if got := rep.Result.Players[1].Score; got != 1+2 {
					t.Errorf("score before the crash = %v, want 3", got)
				}
			}},
		{name: "hang", bot: tb("hang"), status: game.TimedOut},
		{name: "garbage", bot: tb("garbage"), status: game.Invalid, message: `not a number: "garbage!!"`},
		{name: "partial line", bot: tb("partial"), status: game.TimedOut},
		{name: "line over 1 MiB", bot: tb("huge"), status: game.Invalid, message: "line too long"},
		{name: "output flood", bot: tb("flood"), opts: []string{"realtime=true", "turns=3", "turn_ms=300"}, status: game.OK,
			check: func(t *testing.T, rep *replay.Replay) {
				dropped := 0
				for _, tr := range rep.Turns {
					dropped += tr.Replies[1].Dropped
				}
				if dropped == 0 {
					t.Errorf("a flooding bot should have lines dropped")
				}
			}},
		{name: "stderr flood", bot: tb("stderr-flood"), status: game.OK,
			check: func(t *testing.T, rep *replay.Replay) {
				// 1 MiB then "last words" on turn 1 only: at most 64 KiB kept
				// per turn, the rest counted, the last words kept (on a
				// loaded machine they may come with the next turn).
				var all string
				var dropped int64
				for _, tr := range rep.Turns {
					r := tr.Replies[1]
					if len(r.Stderr) > bot.DefaultStderrKeep {
						t.Errorf("turn %d kept %d bytes of stderr", tr.Turn, len(r.Stderr))
					}
					all += r.Stderr
					dropped += r.StderrDropped
				}
				if !strings.HasSuffix(all, "last words\n") || dropped < 1<<20-bot.DefaultStderrKeep {
					t.Errorf("stderr kept %d bytes (dropped %d), ends %q", len(all), dropped, all[max(0, len(all)-20):])
				}
			}},
		// A prompt larger than the pipe, unread on turn 1: the bot may be
		// reading it slowly, so it is a plain timeout.
		{name: "never reads stdin", bot: tb("noread"), opts: []string{"pad=1000000"}, status: game.TimedOut},
		// Answers without reading: the 20 kB prompts fill its input pipe
		// (64 KiB) within a few turns, and the next one cannot be written.
		{name: "stops reading its input", bot: noReader, opts: []string{"pad=20000", "turns=10"}, status: game.StoppedReading,
			message: "stopped reading its input: its input pipe was full when turn ", check: stoppedReading},
		// The same where a timeout does not end the bot's game: the game
		// counts it fine, the result says it stopped reading.
		{name: "stops reading its input, policy skip", bot: noReader, opts: []string{"pad=20000", "turns=6", "policy=skip"}, status: game.StoppedReading,
			message: "stopped reading its input", check: stoppedReading},
		{name: "exits 0 at once", bot: tb("exit0"), status: game.Crashed, message: "exited with status 0"},
		{name: "command does not exist", bot: "/nonexistent/bot --x", status: game.DidNotStart, message: "did not start"},
		{name: "slow start", bot: tb("slowstart 2500"), status: game.TimedOut},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			// Patient limits: timing is not the subject here, and a loaded
			// machine must not make the well-behaved bot late.
			opts := append([]string{"first_ms=1500", "turn_ms=500"}, c.opts...)
			rep := play(t, []string{tb("echo"), c.bot}, opts...)
			good, bad := rep.Result.Players[0], rep.Result.Players[1]
			if good.Status != game.OK {
				t.Errorf("the well-behaved bot got %s: %s", good.Status, good.Message)
			}
			if bad.Status != c.status || !strings.Contains(bad.Message, c.message) {
				t.Errorf("status %s %q, want %s containing %q", bad.Status, bad.Message, c.status, c.message)
			}
			if c.check != nil {
				c.check(t, rep)
			}
			if err := match.Verify(rep); err != nil {
				t.Errorf("verify: %v", err)
			}
		})
	}
}

// Timing tests run alone (not in parallel with the misbehaving bots, which
// burn CPU) and through timed: on a machine too loaded to keep its timers,
// an attempt proves nothing and is run again.

// timed runs a timing check up to five times (matchtest.Timed): an
// attempt that failed on a machine that could not keep time does not count.
func timed(t *testing.T, slack time.Duration, check func() error) {
	t.Helper()
	matchtest.Timed(t, 5, slack, check)
}

func TestTimeLimits(t *testing.T) {
	timed(t, 15*time.Millisecond, func() error {
		rep := play(t, []string{tb("sleep 30"), tb("sleep 80"), tb("slowfirst 80")},
			"turn_ms=50", "first_ms=200", "turns=3")
		// sleep 30 always passes; sleep 80 passes turn 1 (200 ms) and fails
		// turn 2; slowfirst answers turn 1 at once and fails turn 2 too.
		want := []game.Status{game.OK, game.TimedOut, game.TimedOut}
		for i, p := range rep.Result.Players {
			if p.Status != want[i] {
				return fmt.Errorf("bot %d: %s (%s), want %s", i, p.Status, p.Message, want[i])
			}
		}
		first := rep.Turns[0].Replies
		if first[1].Status != game.Answered {
			return fmt.Errorf("an 80 ms answer on turn 1 must pass the 200 ms first-turn limit, got %s", first[1].Status)
		}
		if second := rep.Turns[1].Replies; second[1].Status != game.Timeout || second[0].Status != game.Answered {
			return fmt.Errorf("turn 2: %s, %s; want answered (30 ms) and timeout (80 ms)", second[0].Status, second[1].Status)
		}
		// The bot's own sleep starts when it has read the prompt, a few
		// microseconds before the write returns on our side.
		if d := first[0].Time; d < 29*time.Millisecond || d > 50*time.Millisecond {
			return fmt.Errorf("a 30 ms answer was timed %v", d)
		}
		return nil
	})
}

func TestPolicySkipDiscardsOwedAnswer(t *testing.T) {
	timed(t, 20*time.Millisecond, func() error {
		rep := play(t, []string{tb("slowat 2 75")}, "policy=skip", "turns=4", "turn_ms=50")
		var got []string
		for _, tr := range rep.Turns {
			got = append(got, tr.Replies[0].Text()+"/"+string(tr.Replies[0].Status))
		}
		// Turn 2 times out; the bot's late "2" must not be taken for turn 3.
		// It answers "2" 25 ms into turn 3, then "3" at once.
		if want := "1/answered /timeout 3/answered 4/answered"; strings.Join(got, " ") != want {
			return fmt.Errorf("replies %v, want %s", got, want)
		}
		return nil
	})
}

func TestPolicyLateDeliversLateAnswer(t *testing.T) {
	timed(t, 20*time.Millisecond, func() error {
		rep := play(t, []string{tb("echo"), tb("slowat 2 80")}, "policy=late", "turns=5", "turn_ms=50")
		var got []string
		for _, tr := range rep.Turns {
			r := tr.Replies[1]
			s := string(r.Status)
			if r.Late {
				s += "(late)"
			}
			got = append(got, s+":"+r.Text())
		}
		// Turn 2 times out; the bot gets no turn-3 prompt; its answer to
		// turn 2 arrives during turn 3 and is delivered late; turn 4 is
		// asked again.
		if want := "answered:1 timeout: answered(late):2 answered:3 answered:4"; strings.Join(got, " ") != want {
			return fmt.Errorf("replies\n got %s\nwant %s", strings.Join(got, " "), want)
		}
		if rep.Turns[2].Replies[1].Asked {
			return fmt.Errorf("a lagging bot must not be prompted")
		}
		return nil
	})
}

func TestRealtimeTurnsLastTheirLimit(t *testing.T) {
	start := time.Now()
	// The start-up turn ends as soon as the answer is in; the 3 others
	// last their whole 40 ms.
	play(t, []string{"builtin:count"}, "realtime=true", "turns=4", "turn_ms=40", "first_ms=40")
	if d := time.Since(start); d < 120*time.Millisecond {
		t.Errorf("3 real-time turns of 40 ms took %v", d)
	}
}

func TestDeterminismAndVerify(t *testing.T) {
	t.Parallel()
	specs := []string{"builtin:seeded", "builtin:count", "builtin:seeded"}
	a := play(t, specs, "turns=20")
	b := play(t, specs, "turns=20")
	a.StripTimings()
	b.StripTimings()
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Fatalf("same seed and bots gave different replays:\n%s\n%s", ja, jb)
	}
	if err := match.Verify(a); err != nil {
		t.Fatalf("verify: %v", err)
	}
	// Through a file, gzip included.
	path := filepath.Join(t.TempDir(), "m.json.gz")
	if err := replay.Save(path, a); err != nil {
		t.Fatal(err)
	}
	loaded, err := replay.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := match.Verify(loaded); err != nil {
		t.Fatalf("verify after save/load: %v", err)
	}
	// A tampered reply changes the frames: verify must refuse it.
	loaded.Turns[3].Replies[0].Lines[0].Text = "99"
	if err := match.Verify(loaded); err == nil {
		t.Fatal("verify accepted a tampered replay")
	}
}

func TestNoLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	var pids pidList
	seed := int64(3)
	m, err := match.Setup{Game: "sum", Bots: []string{tb("echo"), "sh -c '" + testbot + " echo & " + testbot + " hang & wait'"}, Seed: &seed}.Build()
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Players {
		open := m.Players[i].Open
		m.Players[i].Open = func() (bot.Bot, error) {
			b, err := open()
			if err == nil {
				return recorder{Process: b.(*bot.Process), pids: &pids}, nil
			}
			return b, err
		}
	}
	m.Grace = 100 * time.Millisecond
	if _, err := match.Run(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	for _, pid := range pids.pids {
		if bot.GroupAlive(pid) {
			t.Errorf("process group %d still has live processes after the match", pid)
		}
	}
	if len(pids.pids) != 2 {
		t.Fatalf("recorded %d process groups, want 2", len(pids.pids))
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before the match, %d after:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
}

// recorder remembers the process group of each bot it starts (the runner
// starts them all at once).
type recorder struct {
	*bot.Process
	pids *pidList
}

type pidList struct {
	mu   sync.Mutex
	pids []int
}

func (r recorder) Start(ctx context.Context) error {
	err := r.Process.Start(ctx)
	if err == nil {
		r.pids.mu.Lock()
		r.pids.pids = append(r.pids.pids, r.Process.Pid())
		r.pids.mu.Unlock()
	}
	return err
}

func TestSetupErrors(t *testing.T) {
	cases := []struct {
		setup match.Setup
		want  string
	}{
		{match.Setup{Game: "nope", Bots: []string{"builtin:count"}}, `unknown game "nope"`},
		{match.Setup{Game: "sum", Bots: nil}, "1 to 8 bots; 0 given"},
		{match.Setup{Game: "sum", Bots: []string{"builtin:count"}, Options: []string{"colour=red"}}, `unknown option "colour" (known options: first_ms, pad, policy, realtime, turn_ms, turns)`},
		{match.Setup{Game: "sum", Bots: []string{"builtin:count"}, Options: []string{"turns=0"}}, "option turns: 0 is not between 1 and 1000"},
		{match.Setup{Game: "sum", Bots: []string{"builtin:nope"}}, `sum has no builtin bot "nope" (available: count, seeded)`},
		{match.Setup{Game: "sum", Bots: []string{"builtin:count"}, League: 2}, "sum has no leagues"},
	}
	for _, c := range cases {
		_, err := c.setup.Build()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.setup, err, c.want)
		}
	}
}

// Under PolicyGame, a line read while nothing is asked is never taken for
// the next answer: it reaches Play as a stray line (of the turn being
// resolved when it is read, or of the next one).
func TestPolicyGameStrayLines(t *testing.T) {
	rep := play(t, []string{tb("double")}, "policy=game", "turns=3", "turn_ms=500", "first_ms=1500")
	var strays []string
	for k, tr := range rep.Turns {
		r := tr.Replies[0]
		if r.Status != game.Answered || r.Text() != "1" {
			t.Errorf("turn %d: %s %q, want the first line of the answer", k+1, r.Status, r.Text())
		}
		for _, l := range r.Stray {
			strays = append(strays, l.Text)
		}
	}
	// The bot writes "1" then the turn number, in one write (two lines
	// read at the same moment, before the next prompt, whenever the runner
	// handles the second): the numbers are strays, in order (the last one
	// may come after the end).
	if got := strings.Join(strays, " "); got != "1 2" && got != "1 2 3" {
		t.Errorf("strays %q, want the turn numbers", got)
	}
}

// The CPU time a bot uses is recorded on the turn it used it, and the
// result's total is the sum of the turns.
func TestCPUTimePerTurn(t *testing.T) {
	t.Parallel()
	rep := play(t, []string{tb("burn 2 200")}, "turns=3", "turn_ms=10000", "first_ms=10000")
	var sum time.Duration
	for _, tr := range rep.Turns {
		sum += tr.Replies[0].CPU
	}
	if cpu := rep.Turns[1].Replies[0].CPU; cpu < 180*time.Millisecond {
		t.Errorf("turn 2 used 200 ms of CPU, recorded %v", cpu)
	}
	if got, want := rep.Result.Players[0].CPUMs, float64(sum.Microseconds())/1000; got != want {
		t.Errorf("cpuMs %v, want the sum of the turns' %v", got, want)
	}
}
