package catmouse

import "strconv"

// Error codes of the ERROR lines (§4.4, D22).
const (
	ErrOffmap    = "offmap"    // a step leaves the map
	ErrWall      = "wall"      // a step crosses a wall
	ErrObstacle  = "obstacle"  // a step enters a non-plain cell
	ErrCatDash   = "catdash"   // a cat order with two directions
	ErrBacktrack = "backtrack" // a dash whose second direction is opposite to the first
	ErrCooldown  = "cooldown"  // a dash while the cooldown is running
	ErrPiece     = "piece"     // unknown piece, or a piece of the other side
	ErrRepeat    = "repeat"    // second or later order for one piece
	ErrSyntax    = "syntax"    // a MOVE token that is not an order
	ErrLine      = "line"      // a line that is not READY, DBG or MOVE
	ErrDbg       = "dbg"       // an invalid DBG line
	ErrDbgLimit  = "dbglimit"  // DBG lines after the 500th of one answer
	ErrIgnored   = "ignored"   // a line read while nothing was asked, or a second READY
	ErrTooLong   = "toolong"   // a line longer than MaxLineBytes
	ErrMore      = "more"      // the cap of ERROR lines per STATE was reached
)

// Protocol limits (§4.4, §5, D15, D22, D23).
const (
	MaxErrorLines = 20   // ERROR lines in one STATE
	MaxSubject    = 32   // bytes of an ERROR subject
	MaxLineBytes  = 4096 // bytes of one AI line, without its terminator
	MaxDbgLines   = 500  // DBG lines checked per answer
)

// Problem is one ERROR line: a code and its subject.
type Problem struct {
	Code    string `json:"code"`
	Subject string `json:"subject"`
}

// Line is the protocol line "ERROR code subject".
func (p Problem) Line() string { return "ERROR " + p.Code + " " + p.Subject }

// subject makes an AI's bytes safe to echo in an ERROR line: every byte
// outside 0x21-0x7E becomes '?', and the result is cut to 32 bytes.
func subject(s string) string {
	if len(s) > MaxSubject {
		s = s[:MaxSubject]
	}
	b := []byte(s)
	for i, c := range b {
		if c < 0x21 || c > 0x7E {
			b[i] = '?'
		}
	}
	if len(b) == 0 {
		return "-"
	}
	return string(b)
}

// problems collects ERROR lines in the order the offending lines were read,
// keeping the first MaxErrorLines of them and a count of all (D22).
type problems struct {
	list  []Problem
	total int
}

// add records a problem; it returns its position, or -1 when it is beyond
// the cap and only counted.
func (ps *problems) add(code, subj string) int {
	ps.total++
	if len(ps.list) >= MaxErrorLines {
		return -1
	}
	ps.list = append(ps.list, Problem{Code: code, Subject: subject(subj)})
	return len(ps.list) - 1
}

// addAll appends every problem of other, in order.
func (ps *problems) addAll(other *problems) {
	for _, p := range other.list {
		ps.total++
		if len(ps.list) < MaxErrorLines {
			ps.list = append(ps.list, p)
		}
	}
	ps.total += other.total - len(other.list)
}

// shown returns what a STATE writes: every problem when there are at most
// 20, otherwise the first 19 and "more k" for the k left out.
func (ps *problems) shown() []Problem {
	if ps.total <= MaxErrorLines {
		return ps.list
	}
	out := append([]Problem(nil), ps.list[:MaxErrorLines-1]...)
	return append(out, Problem{Code: ErrMore, Subject: strconv.Itoa(ps.total - (MaxErrorLines - 1))})
}

func (ps *problems) reset() { ps.list, ps.total = ps.list[:0], 0 }
