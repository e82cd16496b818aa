package catmouse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// The scenario checklist of shared/rules/catmouse.md §10. Unless a
// scenario says otherwise: open map (R = 8, every cell plain, no wall), 2
// cats, M on (0,0), C0 on (0,-8), C1 on (0,8), every answer in time, no
// earlier dash. The referee is driven as the runner drives it; seat 0
// plays the cats, seat 1 the mouse. Positions closer than D4 allows are
// set up without the spawn check (the test option no-spawn-check).

const (
	catsSeat  = 0
	mouseSeat = 1
)

type scenario struct {
	t   *testing.T
	ref *referee
}

// newScenario starts leg 1 on an open board changed by mods, and plays the
// handshake (both READY in time).
func newScenario(t *testing.T, mouse Hex, cats []Hex, mods ...func(*Board)) *scenario {
	t.Helper()
	b, _ := NewBoard(8)
	b.Name = "open-8"
	for _, m := range mods {
		m(b)
	}
	set := settings{board: b, spawn: Spawn{Mouse: mouse, Cats: cats}, maxTurns: DefaultMaxTurns,
		gameNo: 1, realtime: true, names: []string{"A", "B"}}
	if err := set.spawn.Validate(b, false); err != nil {
		t.Fatal(err)
	}
	s := &scenario{t: t, ref: newReferee(set)}
	s.replies(answer("READY"), answer("READY"))
	return s
}

// defaultCats is C0 on c0 and C1 on its default (0,8).
func defaultCats(c0 Hex) []Hex { return []Hex{c0, {0, 8}} }

// answer is an Answered reply of the given lines ("\n" separated).
func answer(text string) game.Reply {
	var lines []game.Line
	for _, l := range strings.Split(text, "\n") {
		lines = append(lines, game.Line{Text: l})
	}
	return game.Reply{Status: game.Answered, Lines: lines}
}

// replies plays one runner turn: every seat is prompted as the runner
// would, then Play gets the replies.
func (s *scenario) replies(cats, mouse game.Reply) {
	s.t.Helper()
	for p := range 2 {
		s.ref.Prompt(p)
	}
	s.ref.Play([]game.Reply{cats, mouse})
}

// play plays one turn with the two sides' answers ("" stands for MOVE).
func (s *scenario) play(cats, mouse string) {
	s.t.Helper()
	if cats == "" {
		cats = "MOVE"
	}
	if mouse == "" {
		mouse = "MOVE"
	}
	s.replies(answer(cats), answer(mouse))
}

// idle plays n turns where nobody moves.
func (s *scenario) idle(n int) {
	for range n {
		s.play("", "")
	}
}

// state is the STATE the seat would be sent now ("" when not asked).
func (s *scenario) state(p int) string {
	msg, ask := s.ref.Prompt(p)
	if !ask {
		return ""
	}
	return string(msg)
}

// errorLines are the ERROR lines of the seat's next STATE.
func (s *scenario) errorLines(p int) []string {
	var out []string
	for _, l := range strings.Split(s.state(p), "\n") {
		if strings.HasPrefix(l, "ERROR ") {
			out = append(out, l)
		}
	}
	return out
}

func (s *scenario) line(p int, prefix string) string {
	for _, l := range strings.Split(s.state(p), "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func (s *scenario) caughtAt() int {
	if len(s.ref.legs) > 0 && s.ref.legs[0].Outcome == OutcomeCaught {
		return s.ref.legs[0].Turn
	}
	return 0
}

func TestScenarioSingleTurns(t *testing.T) {
	o := Hex{}
	wall := func(a, b Hex) func(*Board) { return func(bd *Board) { bd.AddWall(a, b) } }
	terrain := func(h Hex, tr Terrain) func(*Board) { return func(bd *Board) { bd.SetTerrain(h, tr) } }
	cases := []struct {
		n           int
		mouse       Hex
		cats        []Hex
		mods        []func(*Board)
		cmd, mcmd   string // the cats' and the mouse's answers
		wantM       Hex
		wantC       []Hex
		caught      bool
		catsErrors  string // "|"-separated ERROR lines of the cats' next STATE
		mouseErrors string
	}{
		{n: 1, mouse: o, cats: defaultCats(Hex{1, 0}), cmd: "MOVE C0:3", mcmd: "MOVE M:S", caught: true},
		{n: 2, mouse: o, cats: defaultCats(Hex{2, 0}), cmd: "MOVE C0:3", mcmd: "MOVE M:0", caught: true},
		{n: 3, mouse: o, cats: defaultCats(Hex{1, 0}), cmd: "MOVE C0:3", mcmd: "MOVE M:0", caught: true},
		{n: 4, mouse: o, cats: defaultCats(Hex{-1, 0}), cmd: "MOVE C0:0", mcmd: "MOVE M:0", wantM: Hex{1, 0}, wantC: defaultCats(o)},
		{n: 5, mouse: o, cats: defaultCats(Hex{1, 0}), cmd: "MOVE C0:0", mcmd: "MOVE M:0", wantM: Hex{1, 0}, wantC: defaultCats(Hex{2, 0})},
		{n: 6, mouse: o, cats: defaultCats(Hex{1, 0}), cmd: "MOVE C0:3", mcmd: "MOVE M:5", wantM: Hex{0, 1}, wantC: defaultCats(o)},
		{n: 7, mouse: o, cats: defaultCats(Hex{1, 0}), cmd: "MOVE", mcmd: "MOVE M:00", wantM: Hex{2, 0}, wantC: defaultCats(Hex{1, 0})},
		{n: 8, mouse: o, cats: defaultCats(Hex{1, 0}), cmd: "MOVE C0:3", mcmd: "MOVE M:00", wantM: Hex{2, 0}, wantC: defaultCats(o)},
		{n: 9, mouse: o, cats: defaultCats(Hex{3, 0}), cmd: "MOVE C0:3", mcmd: "MOVE M:00", caught: true},
		{n: 10, mouse: o, cats: defaultCats(Hex{2, 0}), cmd: "MOVE", mcmd: "MOVE M:00", caught: true},
		{n: 11, mouse: o, cats: defaultCats(Hex{1, -1}), cmd: "MOVE C0:4", mcmd: "MOVE M:02", caught: true},
		{n: 12, mouse: o, cats: defaultCats(Hex{1, 0}), cmd: "MOVE C0:3", mcmd: "MOVE M:02", wantM: Hex{1, -1}, wantC: defaultCats(o)},
		{n: 16, mouse: o, cats: defaultCats(Hex{0, -8}), mods: []func(*Board){wall(o, Hex{1, 0})}, mcmd: "MOVE M:00",
			wantM: o, wantC: defaultCats(Hex{0, -8}), mouseErrors: "ERROR wall M:00"},
		{n: 17, mouse: o, cats: defaultCats(Hex{0, -8}), mods: []func(*Board){terrain(Hex{1, 0}, Rock)}, mcmd: "MOVE M:00",
			wantM: o, wantC: defaultCats(Hex{0, -8}), mouseErrors: "ERROR obstacle M:00"},
		{n: 18, mouse: o, cats: defaultCats(Hex{0, -8}), mcmd: "MOVE M:03", wantM: o, wantC: defaultCats(Hex{0, -8}), mouseErrors: "ERROR backtrack M:03"},
		{n: 19, mouse: Hex{7, 0}, cats: defaultCats(Hex{0, -8}), mcmd: "MOVE M:00", wantM: Hex{7, 0}, wantC: defaultCats(Hex{0, -8}), mouseErrors: "ERROR offmap M:00"},
		{n: 20, mouse: o, cats: defaultCats(Hex{1, 0}), mods: []func(*Board){wall(o, Hex{1, 0})}, cmd: "MOVE C0:3",
			wantM: o, wantC: defaultCats(Hex{1, 0}), catsErrors: "ERROR wall C0:3"},
		{n: 21, mouse: o, cats: defaultCats(Hex{1, 0}), mods: []func(*Board){wall(o, Hex{1, 0})}, cmd: "MOVE C0:3", mcmd: "MOVE M:0",
			wantM: o, wantC: defaultCats(Hex{1, 0}), catsErrors: "ERROR wall C0:3", mouseErrors: "ERROR wall M:0"},
		{n: 22, mouse: o, cats: defaultCats(Hex{2, 0}), mods: []func(*Board){terrain(Hex{1, 0}, Ocean)}, cmd: "MOVE C0:3",
			wantM: o, wantC: defaultCats(Hex{2, 0}), catsErrors: "ERROR obstacle C0:3"},
		{n: 23, mouse: Hex{8, 0}, cats: defaultCats(Hex{0, -8}), mcmd: "MOVE M:0", wantM: Hex{8, 0}, wantC: defaultCats(Hex{0, -8}), mouseErrors: "ERROR offmap M:0"},
		{n: 24, mouse: Hex{0, 3}, cats: []Hex{{1, 0}, {-1, 0}}, cmd: "MOVE C0:3 C1:0", wantM: Hex{0, 3}, wantC: []Hex{o, o}},
		{n: 25, mouse: o, cats: []Hex{{2, 0}, {2, -1}}, cmd: "MOVE C0:3 C1:4", mcmd: "MOVE M:0", caught: true},
		{n: 26, mouse: o, cats: defaultCats(Hex{3, 0}), cmd: "MOVE C0:3 C5:1 M:0", wantM: o, wantC: defaultCats(Hex{2, 0}),
			catsErrors: "ERROR piece C5:1|ERROR piece M:0"},
		{n: 27, mouse: o, cats: defaultCats(Hex{3, 0}), cmd: "MOVE C0:3 C0:1", wantM: o, wantC: defaultCats(Hex{2, 0}), catsErrors: "ERROR repeat C0:1"},
		{n: 28, mouse: o, cats: defaultCats(Hex{3, 0}), cmd: "MOVE C0:00", wantM: o, wantC: defaultCats(Hex{3, 0}), catsErrors: "ERROR catdash C0:00"},
		{n: 29, mouse: o, cats: defaultCats(Hex{3, 0}), cmd: "MOVE C0:3", wantM: o, wantC: defaultCats(Hex{2, 0})},
		{n: 30, mouse: o, cats: defaultCats(Hex{3, 0}), cmd: "MOVE C0=3", wantM: o, wantC: defaultCats(Hex{3, 0}), catsErrors: "ERROR syntax C0=3"},
		{n: 30, mouse: o, cats: defaultCats(Hex{3, 0}), cmd: "HELLO\nMOVE C0:3", wantM: o, wantC: defaultCats(Hex{2, 0}), catsErrors: "ERROR line HELLO"},
		{n: 46, mouse: o, cats: defaultCats(Hex{0, -8}), mods: []func(*Board){wall(Hex{1, 0}, Hex{2, 0})}, mcmd: "MOVE M:00",
			wantM: o, wantC: defaultCats(Hex{0, -8}), mouseErrors: "ERROR wall M:00"},
		{n: 47, mouse: o, cats: defaultCats(Hex{3, 0}), cmd: "move c0:3   c1:s", wantM: o, wantC: defaultCats(Hex{2, 0})},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("S%d", c.n), func(t *testing.T) {
			s := newScenario(t, c.mouse, c.cats, c.mods...)
			s.idle(1) // the scenario turn is turn 2: the dash is allowed
			s.play(c.cmd, c.mcmd)
			if c.caught {
				if got := s.caughtAt(); got != 2 {
					t.Fatalf("not caught at turn 2 (legs %+v; M %v, cats %v)", s.ref.legs, s.ref.pos.Mouse, s.ref.pos.Cats)
				}
				if fw, _ := s.ref.Farewell(catsSeat); string(fw) != "GAMEOVER CAUGHT 2\n" {
					t.Errorf("farewell %q", fw)
				}
				return
			}
			if len(s.ref.legs) != 0 {
				t.Fatalf("the leg ended: %+v", s.ref.legs)
			}
			if s.ref.pos.Mouse != c.wantM || fmt.Sprint(s.ref.pos.Cats) != fmt.Sprint(c.wantC) {
				t.Errorf("M %v cats %v, want M %v cats %v", s.ref.pos.Mouse, s.ref.pos.Cats, c.wantM, c.wantC)
			}
			if got := strings.Join(s.errorLines(catsSeat), "|"); got != c.catsErrors {
				t.Errorf("cats' errors %q, want %q", got, c.catsErrors)
			}
			if got := strings.Join(s.errorLines(mouseSeat), "|"); got != c.mouseErrors {
				t.Errorf("mouse's errors %q, want %q", got, c.mouseErrors)
			}
			// An illegal order shows S in LAST; the counters did not change.
			if c.mouseErrors != "" {
				if !strings.HasSuffix(s.line(mouseSeat, "LAST "), " M:S") || s.line(mouseSeat, "DASH ") != "DASH 0 0" {
					t.Errorf("after an illegal order: %q, %q", s.line(mouseSeat, "LAST "), s.line(mouseSeat, "DASH "))
				}
			}
		})
	}
}

// TestScenario7CountsTheDash: the dash through a still cat is a dash: uses
// 1, and the next STATE says so.
func TestScenario7CountsTheDash(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{1, 0}))
	s.idle(1)
	s.play("", "MOVE M:00")
	if s.ref.pos.Uses != 1 || s.line(mouseSeat, "DASH ") != "DASH 1 1" || s.line(mouseSeat, "LAST ") != "LAST C0:S C1:S M:00" {
		t.Errorf("uses %d, %q, %q", s.ref.pos.Uses, s.line(mouseSeat, "DASH "), s.line(mouseSeat, "LAST "))
	}
}

// TestScenario13DashAtTurn1: cooldown 1 at turn 1: the mouse stays, nothing
// is consumed.
func TestScenario13DashAtTurn1(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	if got := s.line(mouseSeat, "DASH "); got != "DASH 1 0" {
		t.Errorf("STATE 1: %q", got)
	}
	s.play("", "MOVE M:00")
	if s.ref.pos.Mouse != (Hex{}) || s.line(mouseSeat, "STATE ") != "STATE 2" || s.line(mouseSeat, "DASH ") != "DASH 0 0" ||
		strings.Join(s.errorLines(mouseSeat), "|") != "ERROR cooldown M:00" {
		t.Errorf("M %v, STATE 2: %q", s.ref.pos.Mouse, s.state(mouseSeat))
	}
}

// TestScenario14CooldownSequence: dashes at 2, 4, 8, 16; the order of turn
// 5 refused; the DASH lines of the worked example.
func TestScenario14CooldownSequence(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	orders := map[int]string{2: "MOVE M:00", 5: "MOVE M:00", 8: "MOVE M:00", 4: "MOVE M:33", 16: "MOVE M:33"}
	wantDash := map[int]string{1: "DASH 1 0", 2: "DASH 0 0", 3: "DASH 1 1", 4: "DASH 0 1", 5: "DASH 3 2", 6: "DASH 2 2", 8: "DASH 0 2", 9: "DASH 7 3", 16: "DASH 0 3", 17: "DASH 15 4"}
	wantPos := map[int]Hex{2: {2, 0}, 3: {2, 0}, 4: {0, 0}, 5: {0, 0}, 8: {2, 0}, 16: {0, 0}}
	for turn := 1; turn <= 17; turn++ {
		if w, ok := wantDash[turn]; ok {
			if got := s.line(mouseSeat, "DASH "); got != w {
				t.Errorf("STATE %d: %q, want %q", turn, got, w)
			}
		}
		if turn == 6 {
			if got := strings.Join(s.errorLines(mouseSeat), "|"); got != "ERROR cooldown M:00" {
				t.Errorf("STATE 6 errors %q", got)
			}
		}
		s.play("", orders[turn])
		if w, ok := wantPos[turn]; ok && s.ref.pos.Mouse != w {
			t.Errorf("after turn %d the mouse is on %v, want %v", turn, s.ref.pos.Mouse, w)
		}
	}
	if s.ref.pos.Uses != 4 || s.ref.pos.Ready != 32 {
		t.Errorf("uses %d ready %d, want 4 and 32", s.ref.pos.Uses, s.ref.pos.Ready)
	}
}

// TestScenario15FirstDashAtTurn10: STATE 11 says DASH 1 1; the next dashes
// are allowed at 12, then 16, then 24.
func TestScenario15FirstDashAtTurn10(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	s.idle(9)
	dashes := []string{"MOVE M:00", "MOVE M:33"}
	k := 0
	for turn := 10; turn <= 24; turn++ {
		if turn == 11 && s.line(mouseSeat, "DASH ") != "DASH 1 1" {
			t.Errorf("STATE 11: %q", s.line(mouseSeat, "DASH "))
		}
		allowed := turn == 10 || turn == 12 || turn == 16 || turn == 24
		if (s.line(mouseSeat, "DASH ") == fmt.Sprintf("DASH 0 %d", k)) != allowed {
			t.Errorf("STATE %d: %q (dash allowed: %v)", turn, s.line(mouseSeat, "DASH "), allowed)
		}
		if allowed {
			s.play("", dashes[k%2])
			k++
		} else {
			s.play("", "")
		}
	}
	if s.ref.pos.Uses != 4 {
		t.Errorf("uses %d, want 4", s.ref.pos.Uses)
	}
}

func TestDashCooldownCap(t *testing.T) {
	p := Position{Cats: []Hex{{5, 0}}, Mouse: Hex{}, Ready: 2}
	dash := Action{Steps: 2, Dirs: [2]Dir{East, SouthWest}}
	for uses := int64(0); uses < 60; uses++ {
		p.Uses = uses
		p.Mouse = Hex{}
		p.Apply(1000, []Action{Stay}, dash)
		want := int64(1000) + 1<<min(uses+1, 48)
		if p.Ready != want {
			t.Fatalf("dash number %d: ready %d, want %d", uses+1, p.Ready, want)
		}
	}
	if p.Cooldown(1000) != 281474976710656 {
		t.Errorf("cooldown after 48 dashes %d, want 2^48", p.Cooldown(1000))
	}
}

// TestScenario36Escape: no catch by turn 300: GAMEOVER ESCAPED 300, leg
// result 301 (D16).
func TestScenario36Escape(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	s.idle(299)
	if len(s.ref.legs) != 0 {
		t.Fatal("the leg ended early")
	}
	s.idle(1)
	if len(s.ref.legs) != 1 || s.ref.legs[0].Outcome != OutcomeEscaped || s.ref.legs[0].Result != 301 || s.ref.legs[0].Turn != 300 {
		t.Fatalf("legs %+v", s.ref.legs)
	}
	for p := range 2 {
		if fw, _ := s.ref.Farewell(p); string(fw) != "GAMEOVER ESCAPED 300\n" {
			t.Errorf("farewell %q", fw)
		}
	}
	if !s.ref.Restart() || s.ref.Over() {
		t.Error("leg 2 must follow with fresh processes")
	}
}

// TestScenario40DbgLimit: 501 DBG lines then MOVE: 500 drawn, one dbglimit
// error, the move applied; an invalid DBG line gives one dbg error.
func TestScenario40DbgLimit(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{3, 0}))
	lines := strings.Repeat("DBG CIRCLE 0 0 1 red\n", 501) + "MOVE C0:3"
	s.play(lines, "")
	if n := len(s.ref.fr.sides[catsSeat].Drawings); n != 500 {
		t.Errorf("%d drawings, want 500", n)
	}
	if got := strings.Join(s.errorLines(catsSeat), "|"); got != "ERROR dbglimit 1" || s.ref.pos.Cats[0] != (Hex{2, 0}) {
		t.Errorf("errors %q, C0 %v", got, s.ref.pos.Cats[0])
	}
	s.play("DBG CIRCLE 0 0 -1 red\nDBG TEXT 0 0 red ok\nMOVE", "")
	if got := strings.Join(s.errorLines(catsSeat), "|"); got != "ERROR dbg CIRCLE" || len(s.ref.fr.sides[catsSeat].Drawings) != 1 {
		t.Errorf("errors %q, %d drawings", got, len(s.ref.fr.sides[catsSeat].Drawings))
	}
}

// TestScenario44SecondMove: the second MOVE of STATE 5 is read with no
// outstanding request: ERROR ignored MOVE in STATE 6, after the errors of
// the first answer.
func TestScenario44SecondMove(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	s.idle(4)
	rp := answer("MOVE M:0 X")
	rp.Stray = []game.Line{{Text: "MOVE M:3"}}
	s.replies(answer("MOVE"), rp)
	if s.ref.pos.Mouse != (Hex{1, 0}) || s.line(mouseSeat, "STATE ") != "STATE 6" {
		t.Errorf("M %v", s.ref.pos.Mouse)
	}
	if got := strings.Join(s.errorLines(mouseSeat), "|"); got != "ERROR syntax X|ERROR ignored MOVE" {
		t.Errorf("errors %q", got)
	}
}

// TestScenario45ErrorCap: 25 HELLO lines then MOVE: 19 line errors, then
// "more 6".
func TestScenario45ErrorCap(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{0, -8}))
	s.play(strings.Repeat("HELLO\n", 25)+"MOVE", "")
	errs := s.errorLines(catsSeat)
	if len(errs) != 20 || errs[18] != "ERROR line HELLO" || errs[19] != "ERROR more 6" {
		t.Errorf("errors %q", errs)
	}
	// Delivered once: the next STATE has none.
	s.play("", "")
	if errs := s.errorLines(catsSeat); len(errs) != 0 {
		t.Errorf("errors delivered twice: %q", errs)
	}
}

// TestLineRules: blank lines, long lines, READY again, stray DBG lines.
func TestLineRules(t *testing.T) {
	s := newScenario(t, Hex{}, defaultCats(Hex{3, 0}))
	rp := game.Reply{Status: game.Answered, Lines: []game.Line{{Text: ""}, {Text: "  \t "}, {Text: "MOVE C0:3", TooLong: true},
		{Text: "ready"}, {Text: "DBG ZIGZAG"}, {Text: "MOVE C0:3"}}}
	rp.Stray = []game.Line{{Text: "DBG TEXT 0 0 red late"}, {Text: "x", TooLong: true}, {Text: "whatever"}, {Text: ""}}
	s.replies(rp, answer("MOVE"))
	want := "ERROR toolong -|ERROR ignored ready|ERROR dbg ZIGZAG|ERROR ignored DBG|ERROR toolong -|ERROR line whatever"
	if got := strings.Join(s.errorLines(catsSeat), "|"); got != want || s.ref.pos.Cats[0] != (Hex{2, 0}) {
		t.Errorf("errors\n got %q\nwant %q\nC0 %v", got, want, s.ref.pos.Cats[0])
	}
}

// TestHandshakeErrors: lines before READY are ignored or wrong lines; they
// are reported in STATE 1.
func TestHandshakeErrors(t *testing.T) {
	b, _ := NewBoard(8)
	set := settings{board: b, spawn: Spawn{Mouse: Hex{}, Cats: []Hex{{0, -8}, {0, 8}}}, maxTurns: 300, gameNo: 1, names: []string{"A", "B"}}
	r := newReferee(set)
	init0, _ := r.Prompt(0)
	init1, _ := r.Prompt(1)
	if !strings.HasPrefix(string(init0), "INIT 1\nROLE CATS\nGAME 1 LEG 1\nRADIUS 8\n") || !strings.Contains(string(init1), "ROLE MOUSE\n") {
		t.Fatalf("INIT:\n%s", init0)
	}
	if !r.Complete(0, lineOf("  ready ")) || r.Complete(0, lineOf("MOVE")) {
		t.Error("READY (any case, blanks around) completes the answer to INIT; MOVE does not")
	}
	r.Play([]game.Reply{answer("MOVE\nDBG TEXT 0 0 red x\nHi there\nREADY"), answer("READY")})
	st, _ := r.Prompt(0)
	if !strings.Contains(string(st), "ERROR ignored MOVE\nERROR ignored DBG\nERROR line Hi\nEND\n") {
		t.Errorf("STATE 1:\n%s", st)
	}
	if !r.Complete(0, lineOf("move")) || r.Complete(0, lineOf("READY")) || r.Complete(0, game.Line{Text: "MOVE", TooLong: true}) {
		t.Error("after READY, a MOVE line completes an answer; READY and long lines do not")
	}
}

// TestRolesPerGame: D19 and D14: the first seat plays the cats in leg 1 of
// games 1 and 3, the second seat in game 2; leg 2 swaps.
func TestRolesPerGame(t *testing.T) {
	for g, want := range map[int]string{1: "CATS", 2: "MOUSE", 3: "CATS"} {
		set, err := configure(testConfig("game=" + fmt.Sprint(g)))
		if err != nil {
			t.Fatal(err)
		}
		r := newReferee(set)
		msg, _ := r.Prompt(0)
		if !strings.Contains(string(msg), "ROLE "+want+"\nGAME "+fmt.Sprint(g)+" LEG 1\n") {
			t.Errorf("game %d: seat 0 gets\n%s", g, msg)
		}
		if r.set.spawn.ID != []int{0, 2, 9}[g-1] {
			t.Errorf("game %d plays set %d", g, r.set.spawn.ID)
		}
	}
}

// The 10 s after which a silent AI is crashed is a time limit of the
// match: --time-scale multiplies it.
func TestCrashAfterScaled(t *testing.T) {
	if d := (settings{}).crashAfter(); d != CrashAfter {
		t.Errorf("unscaled: %v", d)
	}
	if d := (settings{timeScale: 2}).crashAfter(); d != 2*CrashAfter {
		t.Errorf("scaled by 2: %v", d)
	}
	set, err := configure(game.Config{Players: 2, TimeScale: 3, Options: mustOptions(t)})
	if err != nil {
		t.Fatal(err)
	}
	if d := set.crashAfter(); d != 3*CrashAfter {
		t.Errorf("from the match's config: %v", d)
	}
}

func mustOptions(t *testing.T) game.Options {
	t.Helper()
	o, err := game.ParseOptions(options, nil)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
