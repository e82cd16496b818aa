package catmouse_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/games/catmouse"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
	"github.com/seed27749672/arena/replay"
)

// Games against real processes: testdata/scripted.py answers as its JSON
// script says and logs every byte it reads, per role and leg.

func abs(t *testing.T, path string) string {
	t.Helper()
	p, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// scripted returns the bot spec of a scripted AI and the directory of its
// logs.
func scripted(t *testing.T, script string) (spec, logs string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "script.json")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	return "python3 " + abs(t, "testdata/scripted.py") + " " + file + " " + dir, dir
}

func readLog(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// run plays one game between two bot specs.
func run(t *testing.T, bots []string, opts ...string) *replay.Replay {
	t.Helper()
	seed := int64(1)
	m := matchtest.Build(t, match.Setup{Game: "catmouse", Bots: bots, Seed: &seed, Options: opts})
	m.Grace = 500 * time.Millisecond
	return matchtest.Verified(t, m, time.Minute)
}

// timely reports whether every reply of these runner turns met its
// deadline, except those of seat `except` from runner turn `from` on (-1:
// none).
func timely(turns []replay.Turn, except, from int) bool {
	for i, tr := range turns {
		for seat, r := range tr.Replies {
			if seat == except && i+1 >= from {
				continue
			}
			if r.Status == game.Timeout || r.Status == game.Waiting || r.Late {
				return false
			}
		}
	}
	return true
}

// untilTimely plays up to three times until the machine kept the 200 ms
// deadlines the test relies on (a loaded machine can stall a process
// longer than that), then runs the checks; if it never did, the test is
// skipped with the reason: the exact timelines are also tested on a fake
// clock in timeline_test.go.
func untilTimely(t *testing.T, play func() bool) {
	t.Helper()
	for range 3 {
		if play() {
			return
		}
	}
	t.Skip("the machine was too slow to keep the 200 ms deadlines in 3 attempts")
}

// TestGoldenExchange plays §5.4 with real processes and compares every byte
// each AI read in leg 1 with the spec's transcript.
func TestGoldenExchange(t *testing.T) {
	t.Parallel()
	script, _ := os.ReadFile("testdata/golden-script.json")
	var rep *replay.Replay
	var logs string
	untilTimely(t, func() bool {
		var bot string
		bot, logs = scripted(t, string(script))
		rep = run(t, []string{bot, bot}, "map="+abs(t, "testdata/golden.map"), "spawn="+abs(t, "testdata/golden.spawn"),
			"maxturns=2", "realtime=true")
		return timely(rep.Turns, -1, 0)
	})
	for _, role := range []string{"cats", "mouse"} {
		want, _ := os.ReadFile("testdata/golden-" + role + ".txt")
		got := readLog(t, logs, strings.ToUpper(role)+"-g1-l1.in")
		if got != string(want) {
			t.Errorf("the %s AI read:\n%s\nwant (§5.4):\n%s", role, got, want)
		}
	}
	// What happened: the cats' drawings at turn 1, the mouse's at turn 2,
	// the dash at turn 2, ESCAPED counted 3.
	var f1, f2 struct {
		Sides [2]struct {
			Drawings []json.RawMessage `json:"drawings"`
		} `json:"sides"`
		Mouse struct{ Q, R int } `json:"mouse"`
		Dash  struct{ Uses, Ready int64 }
		Legs  []struct{ Result int }
	}
	json.Unmarshal(rep.Turns[1].Frame, &f1)
	json.Unmarshal(rep.Turns[2].Frame, &f2)
	if len(f1.Sides[0].Drawings) != 2 || len(f1.Sides[1].Drawings) != 0 || len(f2.Sides[1].Drawings) != 1 {
		t.Errorf("drawings: turn 1 %d/%d, turn 2 mouse %d", len(f1.Sides[0].Drawings), len(f1.Sides[1].Drawings), len(f2.Sides[1].Drawings))
	}
	if f2.Mouse.Q != -1 || f2.Mouse.R != -1 || f2.Dash.Uses != 1 || f2.Dash.Ready != 4 || len(f2.Legs) != 1 || f2.Legs[0].Result != 3 {
		t.Errorf("after turn 2: mouse %+v dash %+v legs %+v", f2.Mouse, f2.Dash, f2.Legs)
	}
	// Leg 2 was played by fresh processes with the roles swapped.
	if leg2 := readLog(t, logs, "CATS-g1-l2.in"); !strings.HasPrefix(leg2, "INIT 1\nROLE CATS\nGAME 1 LEG 2\n") {
		t.Errorf("leg 2 INIT:\n%s", leg2)
	}
	if rep.Result.Players[0].Status != game.OK || rep.Result.Players[1].Status != game.OK {
		t.Errorf("result %+v", rep.Result.Players)
	}
}

// TestLateAnswerProcess: the timeline of scenarios 31 and 32 with a real
// slow process (it answers STATE 10 after 300 ms, in the middle of the
// window 200..400 ms), in real-time and fast modes.
func TestLateAnswerProcess(t *testing.T) {
	for _, mode := range []string{"realtime=true", "realtime=false"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			var rep *replay.Replay
			var logs string
			untilTimely(t, func() bool {
				var bot string
				bot, logs = scripted(t, `{"CATS": {"states": {"10": {"ms": 300, "out": ["MOVE C0:5"]}}}, "MOUSE": {"default": ["MOVE"]}}`)
				rep = run(t, []string{bot, bot}, "map=open", "spawn=0:0,0/0,-8/0,8", "maxturns=12", mode)
				late := rep.Turns[11].Replies[0]
				return timely(rep.Turns[:13], 0, 11) && late.Late && late.Status == game.Answered
			})
			cats, mouse := readLog(t, logs, "CATS-g1-l1.in"), readLog(t, logs, "MOUSE-g1-l1.in")
			if strings.Contains(cats, "STATE 11\n") || !strings.Contains(cats, "STATE 12\nCAT C0 0 -7\nCAT C1 0 8\nMOUSE 0 0\nDASH 0 0\nLAST C0:5 C1:S M:S\nEND\n") {
				t.Errorf("cats read:\n%s", cats[strings.Index(cats, "STATE 10"):])
			}
			if !strings.Contains(mouse, "STATE 11\nCAT C0 0 -8\nCAT C1 0 8\nMOUSE 0 0\nDASH 0 0\nLAST C0:S C1:S M:S\nEND\n") {
				t.Errorf("mouse read:\n%s", mouse[strings.Index(mouse, "STATE 10"):])
			}
			if r := rep.Turns[10].Replies[0]; r.Status != game.Timeout {
				t.Errorf("turn 10: %s", r.Status)
			}
			if r := rep.Turns[11].Replies[0]; r.Time < 250*time.Millisecond {
				t.Errorf("turn 11: the late answer came after %v", r.Time)
			}
		})
	}
}

// TestSilentProcessCrashes: scenario 42 with a real process that never
// answers STATE 10 and keeps running: the real-time grid makes R_59 exactly
// 10 000 ms after S_10 (no crash) and R_60 10 200 ms (crash), and both AIs
// read GAMEOVER CRASH CATS 60. It takes 12 seconds.
func TestSilentProcessCrashes(t *testing.T) {
	if testing.Short() {
		t.Skip("12 s of real time")
	}
	t.Parallel()
	var rep *replay.Replay
	var logs string
	untilTimely(t, func() bool {
		var bot string
		bot, logs = scripted(t, `{"CATS": {"states": {"10": {"silent": true}}}}`)
		rep = run(t, []string{bot, bot}, "map=open", "spawn=0:0,0/0,-8/0,8", "realtime=true")
		// The grid held when every Waiting is a whole number of turns.
		for _, tr := range rep.Turns {
			if w := tr.Replies[0].Waiting; w%catmouse.TurnLimit != 0 {
				return false
			}
		}
		return timely(rep.Turns, 0, 11)
	})
	for _, role := range []string{"CATS", "MOUSE"} {
		if l := readLog(t, logs, role+"-g1-l1.in"); !strings.HasSuffix(l, "END\nGAMEOVER CRASH CATS 60\n") {
			t.Errorf("%s read last: %q", role, l[max(0, len(l)-60):])
		}
	}
	if p := rep.Result.Players[0]; p.Status != game.TimedOut || p.Rank != 2 {
		t.Errorf("cats' team: %+v", p)
	}
}

// TestProcessProtocol: a process that sends an over-long line, a second
// MOVE (scenario 44), and exits (scenario 35).
func TestProcessProtocol(t *testing.T) {
	t.Parallel()
	long := "MOVE " + strings.Repeat("C0:5 ", 1000)
	var rep *replay.Replay
	var logs string
	untilTimely(t, func() bool {
		var bot string
		bot, logs = scripted(t, `{"CATS": {"states": {"3": {"out": ["`+long+`", "MOVE C0:5"]}}},
			"MOUSE": {"states": {"5": {"out": ["MOVE M:0", "MOVE M:3"]}, "40": {"exit": true}}}}`)
		rep = run(t, []string{bot, bot}, "map=open", "spawn=0:0,0/0,-8/0,8", "realtime=true", "maxturns=41")
		// the mouse's exit after its answer to STATE 40 must be seen by
		// turn 41's due end: a machine so slow that its interpreter had
		// not ended by then (a timeout on 41, gone on 42) is no test
		return timely(rep.Turns, 1, 42)
	})
	cats, mouse := readLog(t, logs, "CATS-g1-l1.in"), readLog(t, logs, "MOUSE-g1-l1.in")
	if !strings.Contains(cats, "STATE 4\nCAT C0 0 -7\n") || !strings.Contains(cats, "ERROR toolong -\nEND\n") {
		t.Errorf("the long line must be ignored and the next MOVE applied:\n%s", cats[strings.Index(cats, "STATE 4"):strings.Index(cats, "STATE 5")])
	}
	if !strings.Contains(mouse, "STATE 6\nCAT C0 0 -7\nCAT C1 0 8\nMOUSE 1 0\nDASH 0 0\nLAST C0:S C1:S M:0\nERROR ignored MOVE\nEND\n") {
		t.Errorf("mouse STATE 6:\n%s", mouse[strings.Index(mouse, "STATE 6"):strings.Index(mouse, "STATE 7")])
	}
	if !strings.HasSuffix(cats, "GAMEOVER CRASH MOUSE 40\n") || strings.Contains(mouse, "GAMEOVER") {
		var last []string
		for _, tr := range rep.Turns[max(0, len(rep.Turns)-3):] {
			r := tr.Replies[1]
			last = append(last, fmt.Sprintf("turn %d: %s late=%v time=%v extra=%v err=%q", tr.Turn, r.Status, r.Late, r.Time, r.Extra, r.Error))
		}
		t.Errorf("cats read last %q; the mouse, gone, reads nothing more; the mouse's last replies: %v", cats[len(cats)-40:], last)
	}
	if p := rep.Result.Players[1]; p.Status != game.Crashed || !strings.Contains(p.Message, "exited with status 0") {
		t.Errorf("mouse's team: %+v", p)
	}
}
