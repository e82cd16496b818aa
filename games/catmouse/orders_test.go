package catmouse

import (
	"strings"
	"testing"
)

func TestParseOrder(t *testing.T) {
	good := map[string]string{
		"C0:3": "C0 3", "c1:s": "C1 S", "M:05": "M 05", "m:1": "M 1", "C9:S": "C9 S", "C0:00": "C0 00", "M:S": "M S",
	}
	for tok, want := range good {
		o, ok := ParseOrder(tok)
		if !ok {
			t.Errorf("%q refused", tok)
			continue
		}
		got := pieceName(o.Piece) + " " + o.Action.String()
		if o.Piece == MousePiece {
			got = "M " + o.Action.String()
		}
		if got != want {
			t.Errorf("%q read as %s, want %s", tok, got, want)
		}
	}
	// The spec's examples of syntax errors (§5.2), and more.
	for _, tok := range []string{"C0:", "C0:6", "C0:000", "C12:1", "C0=3", "C0", ":3", "M0:1", "X:1", "C:1", "M:SS", "M:S1", "C0:-1", "C0:3 ", "Ｃ0:1", ""} {
		if _, ok := ParseOrder(tok); ok {
			t.Errorf("%q accepted", tok)
		}
	}
}

func TestMoveOrdersCheckOrder(t *testing.T) {
	// piece, then repeat, then legality; one error per token, in token
	// order; the first order of a piece is used even if illegal.
	legal := func(piece int, a Action) string {
		if a.Steps == 1 && a.Dirs[0] == 2 {
			return ErrWall
		}
		return ""
	}
	var ps problems
	cats, _ := moveOrders("MOVE C0:2 C0:3 C1:1 C7:1 M:0 C1:4 junk", Cats, 2, legal, &ps)
	var got []string
	for _, p := range ps.shown() {
		got = append(got, p.Line())
	}
	want := "ERROR wall C0:2|ERROR repeat C0:3|ERROR piece C7:1|ERROR piece M:0|ERROR repeat C1:4|ERROR syntax junk"
	if strings.Join(got, "|") != want {
		t.Errorf("errors\n got %s\nwant %s", strings.Join(got, "|"), want)
	}
	if cats[0] != Stay || cats[1].String() != "1" {
		t.Errorf("actions %v, want C0 stays (illegal first order), C1 plays 1", cats)
	}
	ps = problems{}
	_, mouse := moveOrders("MOVE\tm:05  C0:1", Mouse, 2, legal, &ps)
	if mouse.String() != "05" || len(ps.list) != 1 || ps.list[0].Line() != "ERROR piece C0:1" {
		t.Errorf("mouse %v errors %v", mouse, ps.list)
	}
}

func TestProblemsCapAndSubjects(t *testing.T) {
	var ps problems
	for i := range 25 {
		ps.add(ErrLine, strings.Repeat("x", i))
	}
	shown := ps.shown()
	if len(shown) != 20 || shown[19].Line() != "ERROR more 6" || shown[18].Code != ErrLine {
		t.Errorf("25 problems shown as %v", shown)
	}
	ps = problems{}
	for range 20 {
		ps.add(ErrLine, "a")
	}
	if len(ps.shown()) != 20 || ps.shown()[19].Code != ErrLine {
		t.Error("exactly 20 problems are all shown")
	}
	if got := subject("héllo\tworld " + strings.Repeat("z", 40)); got != "h??llo?world?"+strings.Repeat("z", 19) || len(got) != 32 {
		t.Errorf("subject %q", got)
	}
}

// FuzzMoveLine checks, for any MOVE line, that the parser never panics,
// that every token gives either an action or exactly one ERROR, and that
// every ERROR subject is printable ASCII of at most 32 bytes.
func FuzzMoveLine(f *testing.F) {
	for _, s := range []string{"MOVE C0:3 C1:S", "move c0:3   c1:s", "MOVE M:05", "MOVE", "MOVE C0=3", "MOVE C0:3 C0:1",
		"MOVE C0:00 C5:1 M:0", "MOVE\tC0:\t3", "MOVE C0:33 M:1 M:2 é \x00\x7f", "MOVE " + strings.Repeat("C0:1 ", 30)} {
		f.Add(s)
	}
	b, _ := NewBoard(8)
	f.Fuzz(func(t *testing.T, line string) {
		for _, role := range []Role{Cats, Mouse} {
			var ps problems
			pos := StartPosition(Spawn{Mouse: Hex{}, Cats: []Hex{{0, -8}, {0, 8}}})
			check := func(piece int, a Action) string {
				if piece == MousePiece {
					return b.checkMouse(pos.Mouse, a, 0)
				}
				return b.checkCat(pos.Cats[piece], a)
			}
			if lineKind(lineOf(line)) != kindMove {
				return
			}
			cats, mouse := moveOrders(line, role, 2, check, &ps)
			ntok := len(tokens(line)) - 1
			used := 0
			for _, a := range cats {
				if a != Stay {
					used++
				}
			}
			if mouse != Stay {
				used++
			}
			if used+ps.total > ntok {
				t.Fatalf("%q: %d actions and %d errors for %d tokens", line, used, ps.total, ntok)
			}
			for _, p := range ps.list {
				if len(p.Subject) == 0 || len(p.Subject) > MaxSubject {
					t.Fatalf("subject %q", p.Subject)
				}
				for i := 0; i < len(p.Subject); i++ {
					if c := p.Subject[i]; c < 0x21 || c > 0x7e {
						t.Fatalf("subject %q has byte %#x", p.Subject, c)
					}
				}
			}
			if len(cats) != 2 || role == Cats && mouse != Stay || role == Mouse && (cats[0] != Stay || cats[1] != Stay) {
				t.Fatalf("%q: a side moved the other side's pieces", line)
			}
			if cats[0].Steps > 1 || cats[1].Steps > 1 {
				t.Fatalf("%q: a cat dashes", line)
			}
		}
	})
}
