package catmouse

import (
	"fmt"
	"strconv"
	"strings"
)

// ProtocolVersion is the number INIT announces.
const ProtocolVersion = 1

// TimeoutMs is the answer time INIT announces (the seed's 200 ms).
const TimeoutMs = 200

// initMessage is the INIT block of §5.1 for one AI.
func initMessage(b *Board, role Role, gameNo, leg, cats, maxTurns int) []byte {
	var sb strings.Builder
	fmt.Fprintf(&sb, "INIT %d\nROLE %s\nGAME %d LEG %d\nRADIUS %d\n", ProtocolVersion, role, gameNo, leg, b.Radius)
	for k, row := range b.Rows() {
		fmt.Fprintf(&sb, "ROW %d %s\n", k-b.Radius, row)
	}
	walls := b.Walls()
	fmt.Fprintf(&sb, "WALLS %d\n", len(walls))
	for _, w := range walls {
		fmt.Fprintf(&sb, "WALL %v %v\n", w[0], w[1])
	}
	fmt.Fprintf(&sb, "CATS %d\nMAXTURNS %d\nTIMEOUT %d\nEND\n", cats, maxTurns, TimeoutMs)
	return []byte(sb.String())
}

// stateMessage is the STATE block of §5.1: state t (the positions at the
// end of turn t-1), the actions applied at turn t-1, and the AI's errors.
func stateMessage(t int, p *Position, last []Action, errs []Problem) []byte {
	var sb strings.Builder
	sb.WriteString("STATE ")
	sb.WriteString(strconv.Itoa(t))
	sb.WriteByte('\n')
	for i, c := range p.Cats {
		fmt.Fprintf(&sb, "CAT C%d %d %d\n", i, c.Q, c.R)
	}
	fmt.Fprintf(&sb, "MOUSE %d %d\nDASH %d %d\nLAST", p.Mouse.Q, p.Mouse.R, p.Cooldown(t), p.Uses)
	for i, a := range last {
		sb.WriteByte(' ')
		if i < len(p.Cats) {
			sb.WriteString(pieceName(i))
		} else {
			sb.WriteString("M")
		}
		sb.WriteByte(':')
		sb.WriteString(a.String())
	}
	sb.WriteByte('\n')
	for _, e := range errs {
		sb.WriteString(e.Line())
		sb.WriteByte('\n')
	}
	sb.WriteString("END\n")
	return []byte(sb.String())
}

// gameOverLine is the last line of a leg (§5.1, D24).
func gameOverLine(l *LegResult) string {
	switch l.Outcome {
	case OutcomeCaught:
		return fmt.Sprintf("GAMEOVER CAUGHT %d", l.Turn)
	case OutcomeEscaped:
		return fmt.Sprintf("GAMEOVER ESCAPED %d", l.Turn)
	}
	return fmt.Sprintf("GAMEOVER CRASH %s %d", l.Crashed, l.Turn)
}
