package catmouse

import "strings"

// Action is what one piece does in one turn: stay, one step, or (the mouse
// only) a dash of two steps (§4.3).
type Action struct {
	Steps int8   // 0 stay, 1 step, 2 dash
	Dirs  [2]Dir // the directions of the steps, in order
}

// Stay is the action of a piece that does not move.
var Stay = Action{}

// String writes the action as MOVE and LAST do: "S", "3" or "05".
func (a Action) String() string {
	switch a.Steps {
	case 1:
		return string('0' + byte(a.Dirs[0]))
	case 2:
		return string([]byte{'0' + byte(a.Dirs[0]), '0' + byte(a.Dirs[1])})
	}
	return "S"
}

// MarshalText encodes the action as in LAST.
func (a Action) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// Order is one well-formed MOVE token: a piece and its action. Piece is
// the cat number, or MousePiece.
type Order struct {
	Piece  int
	Action Action
}

// MousePiece is the piece number of the mouse in an Order.
const MousePiece = -1

// ParseOrder reads one MOVE token (§5.2), in any case:
//
//	order  = piece ":" action
//	piece  = "C" digit | "M"
//	action = "S" | dir | dir dir
//	dir    = "0" ... "5"
//
// ok is false for anything else (a syntax error).
func ParseOrder(tok string) (o Order, ok bool) {
	piece, act, found := strings.Cut(tok, ":")
	switch {
	case !found:
		return Order{}, false
	case len(piece) == 1 && (piece[0] == 'M' || piece[0] == 'm'):
		o.Piece = MousePiece
	case len(piece) == 2 && (piece[0] == 'C' || piece[0] == 'c') && piece[1] >= '0' && piece[1] <= '9':
		o.Piece = int(piece[1] - '0')
	default:
		return Order{}, false
	}
	switch {
	case act == "S" || act == "s":
		return o, true
	case len(act) == 1 && isDir(act[0]):
		o.Action = Action{Steps: 1, Dirs: [2]Dir{Dir(act[0] - '0')}}
		return o, true
	case len(act) == 2 && isDir(act[0]) && isDir(act[1]):
		o.Action = Action{Steps: 2, Dirs: [2]Dir{Dir(act[0] - '0'), Dir(act[1] - '0')}}
		return o, true
	}
	return Order{}, false
}

func isDir(c byte) bool { return c >= '0' && c <= '5' }

// moveOrders reads the orders of a MOVE line for one side (§4.4): every
// piece gets an action (Stay when it has no valid order) and every problem
// gives one ERROR, in token order. check returns the error code of an
// illegal action of piece i, or "".
func moveOrders(line string, role Role, cats int, check func(piece int, a Action) string, ps *problems) (catActs []Action, mouseAct Action) {
	catActs = make([]Action, cats)
	given := map[int]bool{}
	for _, tok := range tokens(line)[1:] {
		o, ok := ParseOrder(tok.text)
		switch {
		case !ok:
			ps.add(ErrSyntax, tok.text)
			continue
		case role == Cats && (o.Piece == MousePiece || o.Piece >= cats),
			role == Mouse && o.Piece != MousePiece:
			ps.add(ErrPiece, tok.text)
			continue
		case given[o.Piece]:
			ps.add(ErrRepeat, tok.text)
			continue
		}
		given[o.Piece] = true
		if code := check(o.Piece, o.Action); code != "" {
			ps.add(code, tok.text)
			continue
		}
		if o.Piece == MousePiece {
			mouseAct = o.Action
		} else {
			catActs[o.Piece] = o.Action
		}
	}
	return catActs, mouseAct
}
