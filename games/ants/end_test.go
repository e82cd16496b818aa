package ants

import (
	"testing"

	"github.com/seed27749672/arena/game"
)

// S34, S35: the two end rules.
func TestEndRules(t *testing.T) {
	cases := []struct {
		name string
		su   setup
		over bool
		line string
	}{
		{name: "S34 reference", su: setup{board: line6(), ants: [2]string{"0:10 1:10 2:10"}, crystals: "2:10 4:10", opts: []string{"end_rule=reference"}},
			over: true, line: "$0 has harvested at least half the crystals. Game over!"},
		{name: "S34 ruleset=reference", su: setup{board: line6(), ants: [2]string{"0:10 1:10 2:10"}, crystals: "2:10 4:10", opts: []string{"ruleset=reference"}},
			over: true, line: "$0 has harvested at least half the crystals. Game over!"},
		{name: "S34 half", su: setup{board: line6(), ants: [2]string{"0:10 1:10 2:10"}, crystals: "2:10 4:10"},
			over: false},
		{name: "S34 preset overridden", su: setup{board: line6(), ants: [2]string{"0:10 1:10 2:10"}, crystals: "2:10 4:10", opts: []string{"ruleset=reference", "end_rule=half"}},
			over: false},
		{name: "S35 half", su: setup{board: line6(), ants: [2]string{"0:11 1:11 2:11"}, crystals: "2:11 4:10"},
			over: true, line: "$0 has harvested more than half the crystals. Game over!"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.su.referee(t)
			r.playLines("WAIT", "WAIT")
			if r.s.Points[0] != r.s.InitialCrystal-10 {
				t.Errorf("points %d", r.s.Points[0])
			}
			if r.Over() != c.over {
				t.Fatalf("over = %v, want %v (summary %q)", r.Over(), c.over, r.summary)
			}
			if !c.over {
				return
			}
			if r.summary[len(r.summary)-1] != c.line {
				t.Errorf("summary %q, want it to end with %q", r.summary, c.line)
			}
			res := r.Result()
			if res.Players[0].Rank != 1 || res.Players[1].Rank != 2 {
				t.Errorf("player 0 must win: %+v", res)
			}
		})
	}
}

// S36: after the last turn, equal points are decided by the ants.
func TestS36LastTurnTieBreak(t *testing.T) {
	for _, c := range []struct {
		ants1 string
		ranks [2]int
		sum   string
	}{
		{"5:28", [2]int{1, 2}, "player 0 wins on ants: 7 points and 30 ants to 7 points and 28 ants"},
		{"5:30", [2]int{1, 1}, "draw: 7 points and 30 ants each"},
	} {
		r := setup{board: line6(), ants: [2]string{"0:30", c.ants1}, crystals: "3:10"}.referee(t)
		r.turn = 99
		r.s.Points = [2]int{7, 7}
		r.playLines("WAIT", "WAIT")
		if !r.Over() {
			t.Fatalf("the game must end after turn 100")
		}
		res := r.Result()
		if res.Players[0].Rank != c.ranks[0] || res.Players[1].Rank != c.ranks[1] {
			t.Errorf("ants %s: ranks %d %d, want %v", c.ants1, res.Players[0].Rank, res.Players[1].Rank, c.ranks)
		}
		if res.Summary != c.sum {
			t.Errorf("summary %q, want %q", res.Summary, c.sum)
		}
	}
}

// S37: both players disqualified in the same turn.
func TestS37BothDisqualified(t *testing.T) {
	r := setup{board: line6(), ants: [2]string{"0:5", "5:5"}, crystals: "3:10"}.referee(t)
	r.playLines("FOO", "FOO")
	if !r.Over() {
		t.Fatal("the game must end")
	}
	res := r.Result()
	for p, pr := range res.Players {
		if pr.Score != -1 || pr.Rank != 1 || pr.Status != game.Disqualified {
			t.Errorf("player %d: %+v, want score -1, rank 1 (draw), disqualified", p, pr)
		}
		if pr.Message != "Invalid Input: Expected BEACON | LINE | MESSAGE | WAIT but got 'FOO'" {
			t.Errorf("player %d message %q", p, pr.Message)
		}
	}
	if res.Summary != "draw: both players were deactivated" {
		t.Errorf("summary %q", res.Summary)
	}
}

// S47: the commands before the bad one are applied, the game ends after the
// turn, the disqualified player scores -1.
func TestS47PartialCommandsApplied(t *testing.T) {
	r := setup{board: line6(), ants: [2]string{"0:3 1:3", "5:4"}, crystals: "1:10"}.referee(t)
	r.playLines("WAIT", "BEACON 4 1;MESSAGE hello;FOO;BEACON 3 1")
	if got := nonZero(r.s.Ants[1]); got != "4:4" {
		t.Errorf("player 1 ants %q, want 4:4", got)
	}
	if r.messages[1] != "hello" {
		t.Errorf("HUD message %q, want hello", r.messages[1])
	}
	if !r.Over() {
		t.Errorf("the game must end after this turn")
	}
	res := r.Result()
	if res.Players[0].Score != 3 || res.Players[1].Score != -1 {
		t.Errorf("scores %v %v, want 3 and -1", res.Players[0].Score, res.Players[1].Score)
	}
	if res.Players[1].Status != game.Disqualified || res.Players[0].Status != game.OK || res.Players[0].Rank != 1 {
		t.Errorf("result %+v", res)
	}
	want := "Invalid Input: Expected BEACON | LINE | MESSAGE | WAIT but got 'FOO'"
	if r.summary[0] != want || r.summary[1] != "$1: disqualified!" {
		t.Errorf("summary %q", r.summary)
	}
	if r.reason[1] != want {
		t.Errorf("tooltip %q", r.reason[1])
	}
}

// Timeouts and crashes deactivate like a disqualification.
func TestTimeoutAndCrashDeactivate(t *testing.T) {
	r := setup{board: line6(), ants: [2]string{"0:3", "5:4"}, crystals: "2:10"}.referee(t)
	r.Play([]game.Reply{answer("BEACON 1 1"), {Status: game.Timeout}})
	if !r.Over() || r.reason[1] != "Timeout!" || r.status[1] != game.TimedOut {
		t.Fatalf("timeout: over %v, reason %q, status %s", r.Over(), r.reason[1], r.status[1])
	}
	if r.summary[0] != "$1 has not provided 1 lines in time" {
		t.Errorf("summary %q", r.summary)
	}
	if got := nonZero(r.s.Ants[0]); got != "1:3" {
		t.Errorf("the other player's turn must be played: ants %s", got)
	}
	res := r.Result()
	if res.Players[1].Score != -1 || res.Players[0].Rank != 1 {
		t.Errorf("result %+v", res)
	}

	r = setup{board: line6(), ants: [2]string{"0:3", "5:4"}, crystals: "2:10"}.referee(t)
	r.Play([]game.Reply{{Status: game.Gone, Error: "exited with status 2"}, answer("WAIT")})
	res = r.Result()
	if res.Players[0].Status != game.Crashed || res.Players[0].Score != -1 || res.Players[0].Message != "exited with status 2" || res.Players[1].Rank != 1 {
		t.Errorf("crash result %+v", res)
	}
}

// A line over the length limit disqualifies with a clear message.
func TestTooLongLine(t *testing.T) {
	r := setup{board: line6(), ants: [2]string{"0:3", "5:4"}, crystals: "2:10"}.referee(t)
	r.Play([]game.Reply{{Status: game.Answered, Lines: []game.Line{{Text: "WAIT;WAIT", TooLong: true}}}, answer("WAIT")})
	if r.status[0] != game.Disqualified || r.outcome[0] != "Invalid Input: the output line is longer than 1048576 bytes" {
		t.Errorf("status %s, message %q", r.status[0], r.outcome[0])
	}
}
