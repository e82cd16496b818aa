package catmouse

import (
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

// The timeline scenarios of §10 at the referee, with the replies the
// runner gives under game.PolicyLate (timeline_test.go plays them through
// the runner with a clock).

// TestScenario31LateAnswerReferee: the cats' answer to STATE 10 arrives
// during turn 11: they stay at turn 10, are sent no STATE 11, their
// answer is applied at turn 11 and they get STATE 12, whose LAST shows it;
// the mouse's STATE 11 shows the cats staying.
func TestScenario31LateAnswerReferee(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	s.idle(9)
	s.replies(game.Reply{Status: game.Timeout, Time: TurnLimit}, answer("MOVE M:0"))
	if st := s.state(catsSeat); st != "" {
		t.Fatalf("a lagging AI must not be sent STATE 11:\n%s", st)
	}
	if got := s.line(mouseSeat, "LAST "); s.line(mouseSeat, "STATE ") != "STATE 11" || got != "LAST C0:S C1:S M:0" {
		t.Errorf("mouse STATE 11: %q", got)
	}
	late := answer("MOVE C0:5")
	late.Late = true
	s.replies(late, answer("MOVE M:3"))
	if s.ref.pos.Cats[0] != (Hex{0, -7}) {
		t.Errorf("the late answer must move C0 at turn 11: %v", s.ref.pos.Cats[0])
	}
	if s.line(catsSeat, "STATE ") != "STATE 12" || s.line(catsSeat, "LAST ") != "LAST C0:5 C1:S M:3" {
		t.Errorf("cats' next STATE:\n%s", s.state(catsSeat))
	}
	if ev := s.ref.fr.events; len(ev) != 1 || ev[0].Type != "late" || ev[0].Request != 10 {
		t.Errorf("events %+v, want the late answer to STATE 10", ev)
	}
}

// TestScenario34LateReadyReferee: the mouse's READY comes after S_1: it
// gets no STATE 1 or 2, its READY is applied at turn 2 (nothing moves) and
// STATE 3 is its first.
func TestScenario34LateReadyReferee(t *testing.T) {
	b, _ := NewBoard(8)
	set := settings{board: b, spawn: Spawn{Mouse: Hex{}, Cats: []Hex{{0, -8}, {0, 8}}}, maxTurns: 300, gameNo: 1, names: []string{"A", "B"}}
	s := &scenario{t: t, ref: newReferee(set)}
	s.replies(answer("READY"), game.Reply{Status: game.Timeout, Time: HandshakeLimit})
	if s.state(mouseSeat) != "" || s.line(catsSeat, "STATE ") != "STATE 1" {
		t.Fatal("STATE 1 goes to the cats only")
	}
	if !s.ref.Complete(mouseSeat, lineOf("READY")) || s.ref.Complete(mouseSeat, lineOf("MOVE")) {
		t.Error("the mouse still owes READY")
	}
	s.replies(answer("MOVE C0:5"), game.Reply{Status: game.Waiting, Waiting: 2200 * time.Millisecond})
	late := answer("MOVE M:0\nREADY")
	late.Late = true
	s.replies(answer("MOVE C0:5"), late)
	if s.ref.pos.Mouse != (Hex{}) || s.ref.pos.Cats[0] != (Hex{0, -6}) {
		t.Errorf("M %v C0 %v", s.ref.pos.Mouse, s.ref.pos.Cats[0])
	}
	st := s.state(mouseSeat)
	if !strings.HasPrefix(st, "STATE 3\n") || !strings.Contains(st, "LAST C0:5 C1:S M:S\nERROR ignored MOVE\nEND\n") {
		t.Errorf("the mouse's first STATE:\n%s", st)
	}
}

// TestScenario42CrashAfter10s: cats silent after STATE 10: outstanding for
// exactly 10 000 ms at R_59 is not a crash; 10 200 ms at R_60 is: turn 60
// is not resolved and both AIs get GAMEOVER CRASH CATS 60.
func TestScenario42CrashAfter10s(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	s.idle(9)
	s.replies(game.Reply{Status: game.Timeout, Time: TurnLimit}, answer("MOVE"))
	for turn := 11; turn <= 60; turn++ {
		waited := time.Duration(turn-10+1) * TurnLimit
		s.replies(game.Reply{Status: game.Waiting, Waiting: waited}, answer("MOVE M:0\n"))
		if turn < 60 && len(s.ref.legs) != 0 {
			t.Fatalf("crash at turn %d after %v", turn, waited)
		}
	}
	if len(s.ref.legs) != 1 || s.ref.legs[0].Crashed != "CATS" || s.ref.legs[0].Turn != 60 || !s.ref.Over() {
		t.Fatalf("legs %+v", s.ref.legs)
	}
	if s.ref.turn != 59 {
		t.Errorf("turn 60 must not be resolved (turns resolved: %d)", s.ref.turn)
	}
	for p := range 2 {
		if fw, ok := s.ref.Farewell(p); !ok || string(fw) != "GAMEOVER CRASH CATS 60\n" {
			t.Errorf("farewell to %d: %q", p, fw)
		}
	}
	res := s.ref.Result()
	if res.Players[catsSeat].Rank != 2 || res.Players[catsSeat].Status != game.TimedOut ||
		!strings.Contains(res.Players[catsSeat].Message, "no answer to STATE 10 of leg 1 for more than 10000 ms") {
		t.Errorf("cats' result %+v", res.Players[catsSeat])
	}
}

// TestScenario35MouseCrash: the mouse's process exits during turn 40: the
// turn is not resolved, the cats get GAMEOVER CRASH MOUSE 40, the mouse's
// team loses the game (own results 0 and 301) and leg 2 is not played.
func TestScenario35MouseCrash(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	s.idle(39)
	s.replies(answer("MOVE C0:5"), game.Reply{Status: game.Gone, Error: "exited with status 1"})
	if !s.ref.Over() || s.ref.Restart() || s.ref.turn != 39 || s.ref.pos.Cats[0] != (Hex{0, -8}) {
		t.Fatalf("over %v, turns resolved %d, C0 %v", s.ref.Over(), s.ref.turn, s.ref.pos.Cats[0])
	}
	if fw, _ := s.ref.Farewell(catsSeat); string(fw) != "GAMEOVER CRASH MOUSE 40\n" {
		t.Errorf("farewell %q", fw)
	}
	g := ScoreGame(s.ref.legs, 300)
	if g.Own != [2]int{0, 301} || g.Winner != catsSeat || !g.Forfeit {
		t.Errorf("score %+v", g)
	}
	res := s.ref.Result()
	if res.Players[mouseSeat].Status != game.Crashed || res.Players[catsSeat].Rank != 1 || res.Players[mouseSeat].Rank != 2 {
		t.Errorf("result %+v", res)
	}
}

// TestScenario43BothCrash: both processes exit during turn 7: CRASH BOTH
// 7, a drawn game at 301 each.
func TestScenario43BothCrash(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	s.idle(6)
	s.replies(game.Reply{Status: game.Gone}, game.Reply{Status: game.Gone})
	if fw, _ := s.ref.Farewell(0); string(fw) != "GAMEOVER CRASH BOTH 7\n" {
		t.Errorf("farewell %q", fw)
	}
	g := ScoreGame(s.ref.legs, 300)
	if g.Own != [2]int{301, 301} || g.Winner != -1 {
		t.Errorf("score %+v", g)
	}
	if r := s.ref.Result(); r.Players[0].Rank != 1 || r.Players[1].Rank != 1 {
		t.Errorf("a drawn game ranks both first: %+v", r)
	}
}

// TestCrashInLeg2DiscardsLeg1: a crash in leg 2 forfeits the game whatever
// leg 1 gave, and the crash check at S_1 reports turn 1.
func TestCrashInLeg2DiscardsLeg1(t *testing.T) {
	set, err := configure(testConfig("map=open", "maxturns=3"))
	if err != nil {
		t.Fatal(err)
	}
	s := &scenario{t: t, ref: newReferee(set)}
	s.replies(answer("READY"), answer("READY"))
	s.idle(3) // leg 1: the mouse escapes, seat 0's cats get 4
	if !s.ref.Restart() {
		t.Fatal("leg 1 should be over")
	}
	// Leg 2: seat 1 plays the cats; seat 0's new process is gone at once.
	s.replies(game.Reply{Status: game.Gone, Error: "did not start"}, answer("READY"))
	if !s.ref.Over() || s.ref.legs[1].Turn != 1 || s.ref.legs[1].Crashed != "MOUSE" {
		t.Fatalf("legs %+v", s.ref.legs)
	}
	if g := ScoreGame(s.ref.legs, 3); g.Own != [2]int{4, 0} || g.Winner != 1 {
		t.Errorf("score %+v, want seat 0 forfeiting (own 4 = MAXTURNS+1, seat 1 own 0)", g)
	}
}

// TestScenario37GameScoring: fewer turns to catch wins the game; equal
// results (both mice escaped) draw.
func TestScenario37GameScoring(t *testing.T) {
	legs := []LegResult{{Leg: 1, CatsSeat: 0, Outcome: OutcomeCaught, Turn: 57, Result: 57}, {Leg: 2, CatsSeat: 1, Outcome: OutcomeCaught, Turn: 81, Result: 81}}
	if g := ScoreGame(legs, 300); g.Own != [2]int{57, 81} || g.Winner != 0 || g.Forfeit {
		t.Errorf("57 vs 81: %+v", g)
	}
	esc := []LegResult{{Leg: 1, CatsSeat: 0, Outcome: OutcomeEscaped, Turn: 300, Result: 301}, {Leg: 2, CatsSeat: 1, Outcome: OutcomeEscaped, Turn: 300, Result: 301}}
	if g := ScoreGame(esc, 300); g.Own != [2]int{301, 301} || g.Winner != -1 {
		t.Errorf("301 vs 301: %+v", g)
	}
	// Game 2 has seat 1 playing the cats first: own results follow seats.
	g2 := []LegResult{{Leg: 1, CatsSeat: 1, Outcome: OutcomeCaught, Turn: 20, Result: 20}, {Leg: 2, CatsSeat: 0, Outcome: OutcomeEscaped, Turn: 300, Result: 301}}
	if g := ScoreGame(g2, 300); g.Own != [2]int{301, 20} || g.Winner != 1 {
		t.Errorf("game 2: %+v", g)
	}
}

// TestScenario38MatchScoring: own results A/B 20/80, 50/30, 70/70: one win
// each, sums 140 and 180: A wins the match (D17).
func TestScenario38MatchScoring(t *testing.T) {
	gameRes := func(a, b, spawn int) game.Result {
		mk := func(own, opp int) game.PlayerResult {
			return game.PlayerResult{Status: game.OK, Stats: map[string]any{"own": own, "opponent": opp, "spawn": spawn}}
		}
		return game.Result{Players: []game.PlayerResult{mk(a, b), mk(b, a)}}
	}
	cfg := testConfig()
	cfg.Names = []string{"A", "B"}
	r := catmouse{}.Combine(cfg, []game.Result{gameRes(20, 80, 0), gameRes(50, 30, 3), gameRes(70, 70, 9)})
	if r.Players[0].Rank != 1 || r.Players[1].Rank != 2 || r.Players[0].Score != 1 || r.Players[1].Score != 1 {
		t.Errorf("players %+v", r.Players)
	}
	if r.Summary != "A wins the match on turns: 1 game wins each, own results 140 to 180" {
		t.Errorf("summary %q", r.Summary)
	}
	if got := r.Players[0].Stats; got["own"] != 140 || got["turnDifference"] != 40 || got["draws"] != 1 {
		t.Errorf("stats %v", got)
	}
	want := [][]string{{"1", "0", "20", "80", "A"}, {"2", "3", "50", "30", "B"}, {"3", "9", "70", "70", "draw"}}
	for i, w := range want {
		if strings.Join(r.Table[i+1], " ") != strings.Join(w, " ") {
			t.Errorf("table row %d: %v, want %v", i+1, r.Table[i+1], w)
		}
	}
	// More game wins decide first; equal wins and sums draw the match.
	r = catmouse{}.Combine(cfg, []game.Result{gameRes(300, 10, 0), gameRes(20, 30, 1), gameRes(20, 30, 9)})
	if r.Players[0].Rank != 1 || !strings.HasPrefix(r.Summary, "A wins the match: 2 games to 1") {
		t.Errorf("two wins: %q", r.Summary)
	}
	r = catmouse{}.Combine(cfg, []game.Result{gameRes(10, 20, 0), gameRes(20, 10, 1), gameRes(5, 5, 9)})
	if r.Players[0].Rank != 1 || r.Players[1].Rank != 1 || !strings.HasPrefix(r.Summary, "match drawn") {
		t.Errorf("drawn match: %q %+v", r.Summary, r.Players)
	}
}
