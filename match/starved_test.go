package match_test

import (
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/internal/cpuhog"
	"github.com/seed27749672/arena/replay"
)

// fairPair plays a bot that needs 40 % of its 50 ms limit in CPU every
// turn against one that needs 150 %, and checks what the rule says: the
// first answers every turn, the second times out on its first turn after
// the start-up one, with a timeout that is its own (not starved), on a
// quiet machine and beside a CPU hog on every core alike. A bot starved
// (cut off at the bound: a machine busier than one hog per core gave it
// less than a tenth of a CPU) is a
// run the rule cannot judge: errCannotDecide.
func fairPair(t *testing.T) (*replay.Replay, error) {
	rep := play(t, []string{tb("burnall 20"), tb("burnall 75")}, "turn_ms=50", "first_ms=5000", "turns=8")
	fast, slow := rep.Result.Players[0], rep.Result.Players[1]
	for _, tr := range rep.Turns {
		for i, r := range tr.Replies {
			t.Logf("turn %d seat %d: %s time %v cpu %v wait %v extra %v wake %v", tr.Turn, i, r.Status, r.Time, r.CPU, r.Wait, r.Extra, r.Wake)
		}
	}
	if fast.Status == game.Starved {
		return rep, errCannotDecide{"the fast bot " + fast.Message}
	}
	if fast.Status != game.OK || fast.Timeouts != 0 {
		return rep, fmt.Errorf("the bot needing 40 %% of its limit: %s, %d timeouts (%s)", fast.Status, fast.Timeouts, fast.Message)
	}
	r := rep.Turns[1].Replies[1]
	if slow.Status == game.Starved {
		// Cut off at the bound with less than its limit of CPU: the
		// machine gave it less than a tenth of a CPU, and the rule
		// cannot tell how slow it is (a tournament would play again).
		return rep, errCannotDecide{fmt.Sprintf("the machine gave the slow bot %v of CPU in %v", r.CPU, r.Time+r.Extra+r.Wake)}
	}
	if slow.Status != game.TimedOut {
		return rep, fmt.Errorf("the bot needing 150 %% of its limit: %s (%s), want timeout", slow.Status, slow.Message)
	}
	if r.Status != game.Timeout || r.Starved {
		return rep, fmt.Errorf("the slow bot's turn 2: %s, starved %v (time %v, CPU %v, waited %v, deadline moved %v)", r.Status, r.Starved, r.Time, r.CPU, r.Wait, r.Extra)
	}
	return rep, nil
}

// errCannotDecide is a run the rule cannot judge: the machine gave a bot
// less than a tenth of a CPU (the bound is 1 s for these 50 ms limits).
type errCannotDecide struct{ why string }

func (e errCannotDecide) Error() string { return "cannot decide: " + e.why }

func TestStarvedRuleQuietMachine(t *testing.T) {
	timed(t, 15*time.Millisecond, func() error {
		_, err := fairPair(t)
		return err
	})
}

// Beside a CPU hog on every core, the fast bot gets its
// time back and the slow bot still times out by its own fault. The
// machine is loaded on purpose: a failure cannot be blamed on it.
func TestStarvedRuleBesideCPUHogs(t *testing.T) {
	stop, err := cpuhog.Start(runtime.NumCPU())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	rep, err := fairPair(t)
	var undecided errCannotDecide
	if errors.As(err, &undecided) {
		t.Skipf("%v: the machine is busier than one hog per core makes it", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	var waited, extra time.Duration
	for _, tr := range rep.Turns {
		waited += tr.Replies[0].Wait
		extra += tr.Replies[0].Extra
	}
	t.Logf("the fast bot waited %v for a CPU in %d turns; its deadlines moved %v", waited, len(rep.Turns), extra)
	if waited == 0 {
		t.Error("beside CPU hogs on every core, the fast bot never waited for a CPU")
	}
}

// A bot cut off at the bound of its deadline's extension, after waiting
// for a CPU longer than the bound gave and with less CPU used than its
// limit, is starved: the result says what the machine gave it.
func TestStarvedMessage(t *testing.T) {
	r := replay.Reply{Reply: game.Reply{Status: game.Timeout, Time: 100 * time.Millisecond}, CPU: 3 * time.Millisecond,
		Wait: 950 * time.Millisecond, Extra: 900 * time.Millisecond, Wake: 2 * time.Millisecond, Starved: true}
	turns := []replay.Turn{{Turn: 1, Replies: []replay.Reply{{Reply: game.Reply{Status: game.Answered}}}}, {Turn: 2, Replies: []replay.Reply{r}}}
	res := replay.BuildResult(game.Result{Players: []game.PlayerResult{{Status: game.TimedOut, Message: "Timeout!"}}}, []replay.Player{{Name: "a"}}, turns)
	p := res.Players[0]
	want := "starved on turn 2: the machine gave the bot 3.0 ms of CPU in 1002 ms (limit 100 ms; it was kept waiting 950 ms for a CPU): not the bot's fault; run fewer matches at once (--cores) or raise --time-scale"
	if p.Status != game.Starved || p.Message != want {
		t.Errorf("got %s %q\nwant %s %q", p.Status, p.Message, game.Starved, want)
	}
	rep := &replay.Replay{Turns: turns}
	if s, ok := rep.FirstStarved(); !ok || s.Turn != 2 || s.Seat != 0 {
		t.Errorf("FirstStarved = %+v, %v", s, ok)
	}
}

// A bot that forks busy loops, held to one core (as a sandbox's quota
// holds it) which other work shares, never answers: its threads' waits
// for that core add up to many times the time that passes, but most are
// its own doing, and its deadline moves back at most by the time it did
// not run. Credited with them all, it held its match until the bound (ten
// times its limit).
func TestOwnBusyLoopsMoveNoDeadline(t *testing.T) {
	const limit = 300 * time.Millisecond
	// the other work: as many busy loops on that core, so that the bot
	// gets about half of it, and less CPU than its limit by its deadline
	for range 24 {
		spin := exec.Command("taskset", "-c", "0", testbot, "spin")
		if err := spin.Start(); err != nil {
			t.Skipf("taskset: %v", err)
		}
		t.Cleanup(func() { spin.Process.Kill(); spin.Wait() })
	}
	rep := play(t, []string{tb("echo"), "taskset -c 0 " + tb("hogs 24")}, "first_ms=300", "turn_ms=50", "turns=3")
	r := rep.Turns[0].Replies[1]
	took := limit + r.Extra + r.Wake
	t.Logf("the hog's first turn: %s after %v (deadline moved %v), %v of CPU, its threads waited %v", r.Status, took, r.Extra, r.CPU, r.Wait)
	if r.Status != game.Timeout {
		t.Fatalf("the hog's first turn: %s, want a timeout", r.Status)
	}
	if r.CPU < took/4 {
		t.Skipf("the machine gave the hog %v of its core in %v: too busy to tell its own waits from the machine's", r.CPU, took)
	}
	// (its start-up's CPU, before the wait is marked, and the runner's
	// looks, every limit/10, are the slack)
	if slack := limit/10 + 20*time.Millisecond; r.Extra > took-r.CPU+slack {
		t.Errorf("the hog's deadline moved %v, more than the %v it did not run (it ran %v of %v)", r.Extra, took-r.CPU, r.CPU, took)
	}
	if r.Starved || rep.Result.Players[1].Status != game.TimedOut {
		t.Errorf("the hog: %s, starved %v; want its own timeout", rep.Result.Players[1].Status, r.Starved)
	}
}
