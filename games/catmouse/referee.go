package catmouse

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/seed27749672/arena/game"
)

// phase is where a game stands between two calls of Play.
type phase int8

const (
	// phaseInit: INIT is (being) written to both AIs; the next Play is the
	// handshake, the moment S_1 of §4.1 item 6.
	phaseInit phase = iota
	// phasePlay: the next Play resolves turn r.turn+1.
	phasePlay
	// phaseLegOver: leg 1 has ended; the runner restarts the bots and the
	// next Play is the handshake of leg 2.
	phaseLegOver
	// phaseOver: the game has ended.
	phaseOver
)

// side is what the referee knows of one AI's requests.
type side struct {
	awaitReady bool     // its READY has not been read yet
	lagging    bool     // a request (INIT or STATE) is outstanding: it is sent nothing
	since      int      // the turn whose STATE is outstanding (0: the INIT)
	errs       problems // ERROR lines for its next STATE
}

// referee plays one game: two legs with the roles swapped, each started
// with fresh processes (game.Restarter).
//
// The runner's turns map onto the spec's timeline (§4.1) this way: the
// first runner turn of a leg writes INIT and is resolved at S_1 (the
// handshake); runner turn k+1 of the leg is the spec's turn k. Under
// game.PolicyLate an AI with an outstanding request is not prompted, its
// answer reaches Play, marked Late, at the turn it was read in, and that
// is where it is applied (D6).
type referee struct {
	set   settings
	inits [2][2][]byte // INIT per leg and role, written once

	leg   int
	phase phase
	turn  int // turns resolved in this leg
	pos   Position
	last  []Action // actions applied at the last turn: cats in id order, then the mouse
	sides [2]side
	legs  []LegResult

	crashStatus [2]game.Status
	crashWhy    [2]string

	plays int       // calls of Play so far
	fr    turnFrame // what the last Play did
}

func newReferee(set settings) *referee {
	r := &referee{set: set}
	ncats := len(set.spawn.Cats)
	for leg := 1; leg <= 2; leg++ {
		for _, role := range []Role{Cats, Mouse} {
			r.inits[leg-1][role] = initMessage(set.board, role, set.gameNo, leg, ncats, set.maxTurns)
		}
	}
	r.startLeg(1)
	return r
}

// startLeg puts the pieces on their spawn cells for a new leg, with fresh
// AIs that have not read INIT yet.
func (r *referee) startLeg(leg int) {
	r.leg, r.phase, r.turn = leg, phaseInit, 0
	r.pos = StartPosition(r.set.spawn)
	r.last = make([]Action, len(r.pos.Cats)+1)
	r.sides = [2]side{{awaitReady: true}, {awaitReady: true}}
}

// catsSeat is the seat playing the cats in a leg (D19: the first seat in
// games 1 and 3, the second in game 2; swapped in leg 2).
func (r *referee) catsSeat(leg int) int {
	if leg == 1 {
		return r.set.catsFirst
	}
	return 1 - r.set.catsFirst
}

func (r *referee) role(p, leg int) Role {
	if p == r.catsSeat(leg) {
		return Cats
	}
	return Mouse
}

// Clock is the seed's clock, in real-time or fast mode.
func (r *referee) Clock() game.Clock {
	c := catmouse{}.Info().Clock
	c.Realtime = r.set.realtime
	return c
}

// Prompt is INIT at the start of a leg, then STATE t for every AI that
// has no outstanding request (§4.1 item 1).
func (r *referee) Prompt(p int) ([]byte, bool) {
	switch r.phase {
	case phaseInit:
		return r.inits[r.leg-1][r.role(p, r.leg)], true
	case phaseLegOver:
		return r.inits[r.leg][r.role(p, r.leg+1)], true
	case phasePlay:
		if r.sides[p].lagging {
			return nil, false
		}
		return stateMessage(r.turn+1, &r.pos, r.last, r.sides[p].errs.shown()), true
	}
	return nil, false
}

// Complete says when an answer is complete (game.Framer): READY answers
// INIT, a MOVE line ends the answer to a STATE (§5.2). Every other line is
// part of the answer in progress; a line over 4096 bytes never completes
// one (D23).
func (r *referee) Complete(p int, l game.Line) bool {
	k := lineKind(l)
	if r.phase != phasePlay || r.sides[p].awaitReady {
		return k == kindReady
	}
	return k == kindMove
}

// Restart is true after leg 1 ends without a crash: the runner ends both
// AIs (GAMEOVER included) and starts fresh ones for leg 2 (D14).
func (r *referee) Restart() bool { return r.phase == phaseLegOver }

// Over is true once the game has ended.
func (r *referee) Over() bool { return r.phase == phaseOver }

// Farewell is the GAMEOVER line of the leg that just ended, for every AI
// still running, lagging ones included (D24).
func (r *referee) Farewell(p int) ([]byte, bool) {
	if (r.phase != phaseLegOver && r.phase != phaseOver) || len(r.legs) == 0 {
		return nil, false
	}
	return []byte(gameOverLine(&r.legs[len(r.legs)-1]) + "\n"), true
}

// Play resolves the handshake or one turn.
func (r *referee) Play(replies []game.Reply) {
	r.plays++
	r.fr = turnFrame{}
	switch r.phase {
	case phaseLegOver:
		r.startLeg(r.leg + 1)
		r.handshake(replies)
	case phaseInit:
		r.handshake(replies)
	case phasePlay:
		r.playTurn(replies)
	}
}

// handshake is S_1 (§4.1 item 6): the crash check, then every AI whose
// READY was read gets STATE 1; the others are lagging.
func (r *referee) handshake(replies []game.Reply) {
	r.recordReplies(replies)
	if r.crashCheck(replies, 1) {
		return
	}
	for p, rp := range replies {
		sd := &r.sides[p]
		var ps problems
		switch rp.Status {
		case game.Answered:
			r.readInitAnswer(rp.Lines, &ps)
			sd.awaitReady, sd.lagging = false, false
		case game.Timeout:
			sd.lagging, sd.since = true, 0
		}
		readStray(rp.Stray, &ps)
		r.report(p, &ps)
	}
	r.phase = phasePlay
}

// playTurn resolves turn t (§4.2).
func (r *referee) playTurn(replies []game.Reply) {
	t := r.turn + 1
	r.recordReplies(replies)
	// The AIs asked this turn were written STATE t with their errors.
	for p, rp := range replies {
		if (rp.Status == game.Answered && !rp.Late) || rp.Status == game.Timeout {
			r.sides[p].errs.reset()
		}
	}
	if r.crashCheck(replies, t) {
		return
	}
	ncats := len(r.pos.Cats)
	catActs := make([]Action, ncats)
	var mouseAct Action
	for p, rp := range replies {
		sd := &r.sides[p]
		var ps problems
		switch rp.Status {
		case game.Answered:
			if sd.awaitReady {
				// A late READY: applied now, moving nothing (§4.1 item 6).
				r.readInitAnswer(rp.Lines, &ps)
				sd.awaitReady = false
			} else {
				role := r.role(p, r.leg)
				cats, mouse, drawings := r.readAnswer(rp.Lines, role, t, &ps)
				if role == Cats {
					catActs = cats
				} else {
					mouseAct = mouse
				}
				r.fr.sides[p].Drawings = drawings
			}
			if rp.Late {
				r.fr.events = append(r.fr.events, event{Type: "late", Seat: intp(p), Request: sd.since})
			}
			sd.lagging = false
		case game.Timeout:
			sd.lagging, sd.since = true, t
		}
		readStray(rp.Stray, &ps)
		r.report(p, &ps)
	}
	start := r.pos.clone()
	catches := r.pos.Apply(t, catActs, mouseAct)
	r.last = append(append(r.last[:0], catActs...), mouseAct)
	r.fr.moved = true
	r.fr.paths = paths(&start, catActs, mouseAct)
	if mouseAct.Steps == 2 {
		r.fr.events = append(r.fr.events, event{Type: "dash", Uses: r.pos.Uses, Ready: r.pos.Ready})
	}
	r.turn = t
	switch {
	case len(catches) > 0:
		for _, c := range catches {
			r.fr.events = append(r.fr.events, event{Type: "catch", Cat: "C" + strconv.Itoa(c.Cat), Swap: c.Swap,
				Q: intp(r.pos.Mouse.Q), R: intp(r.pos.Mouse.R)})
		}
		r.endLeg(LegResult{Outcome: OutcomeCaught, Turn: t, Result: t})
	case t >= r.set.maxTurns:
		r.fr.events = append(r.fr.events, event{Type: "escape"})
		r.endLeg(LegResult{Outcome: OutcomeEscaped, Turn: t, Result: r.set.maxTurns + 1})
	}
}

// crashCheck applies D8 at S_1 (t = 1) or at R_t: an AI whose process is
// gone, or whose request has been outstanding for strictly more than
// 10 000 ms, has crashed; the turn is then not resolved and the leg ends.
func (r *referee) crashCheck(replies []game.Reply, t int) bool {
	var crashed [2]bool
	for p, rp := range replies {
		switch {
		case rp.Status == game.Gone:
			crashed[p] = true
			r.crashStatus[p], r.crashWhy[p] = game.Crashed, "crashed: "+orDefault(rp.Error, "the AI stopped")
		case rp.Status == game.Answered && rp.Error != "":
			// It answered, then ended before the turn was resolved.
			crashed[p] = true
			r.crashStatus[p], r.crashWhy[p] = game.Crashed, "crashed: "+rp.Error
		case rp.Status == game.Waiting && rp.Waiting > r.set.crashAfter():
			crashed[p] = true
			what := "INIT"
			if r.sides[p].since > 0 {
				what = "STATE " + strconv.Itoa(r.sides[p].since)
			}
			r.crashStatus[p] = game.TimedOut
			r.crashWhy[p] = fmt.Sprintf("crashed: no answer to %s of leg %d for more than %d ms", what, r.leg, r.set.crashAfter().Milliseconds())
		}
	}
	if !crashed[0] && !crashed[1] {
		return false
	}
	who := "BOTH"
	if !(crashed[0] && crashed[1]) {
		p := 0
		if crashed[1] {
			p = 1
		}
		who = r.role(p, r.leg).String()
	}
	for p := range 2 {
		if crashed[p] {
			r.fr.events = append(r.fr.events, event{Type: "crash", Seat: intp(p), Reason: r.crashWhy[p]})
		}
	}
	r.endLeg(LegResult{Outcome: OutcomeCrash, Turn: t, Crashed: who})
	return true
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// endLeg records the end of the current leg: leg 2 follows unless this
// was leg 2 or a crash ended the game (§7).
func (r *referee) endLeg(l LegResult) {
	l.Leg, l.CatsSeat = r.leg, r.catsSeat(r.leg)
	r.legs = append(r.legs, l)
	if l.Outcome == OutcomeCrash || r.leg == 2 {
		r.phase = phaseOver
	} else {
		r.phase = phaseLegOver
	}
}

// readAnswer reads an answer to a STATE (§5.2): DBG lines, then the MOVE
// line; the problems go to ps in the order the lines were read.
func (r *referee) readAnswer(lines []game.Line, role Role, t int, ps *problems) (cats []Action, mouse Action, drawings []Drawing) {
	ncats := len(r.pos.Cats)
	cats = make([]Action, ncats)
	dbgLines, dropped, dropAt := 0, 0, -1
	check := func(piece int, a Action) string {
		if piece == MousePiece {
			return r.set.board.checkMouse(r.pos.Mouse, a, r.pos.Cooldown(t))
		}
		return r.set.board.checkCat(r.pos.Cats[piece], a)
	}
	for _, l := range lines {
		switch lineKind(l) {
		case kindBlank:
		case kindTooLong:
			ps.add(ErrTooLong, "-")
		case kindDbg:
			dbgLines++
			if dbgLines > MaxDbgLines {
				if dropped == 0 {
					dropAt = ps.add(ErrDbgLimit, "")
				}
				dropped++
				continue
			}
			if d, ok, subj := ParseDBG(l.Text); ok {
				drawings = append(drawings, d)
			} else {
				ps.add(ErrDbg, subj)
			}
		case kindMove:
			cats, mouse = moveOrders(l.Text, role, ncats, check, ps)
		case kindReady:
			ps.add(ErrIgnored, firstToken(l.Text))
		default:
			ps.add(ErrLine, firstToken(l.Text))
		}
	}
	if dropAt >= 0 {
		ps.list[dropAt].Subject = strconv.Itoa(dropped)
	}
	return cats, mouse, drawings
}

// readInitAnswer reads an answer to INIT: READY ends it; DBG and MOVE
// lines before it are ignored (§5.2).
func (r *referee) readInitAnswer(lines []game.Line, ps *problems) {
	for _, l := range lines {
		switch lineKind(l) {
		case kindBlank, kindReady:
		case kindTooLong:
			ps.add(ErrTooLong, "-")
		case kindDbg, kindMove:
			ps.add(ErrIgnored, firstToken(l.Text))
		default:
			ps.add(ErrLine, firstToken(l.Text))
		}
	}
}

// readStray reads lines read while the AI had no outstanding request.
func readStray(lines []game.Line, ps *problems) {
	for _, l := range lines {
		switch lineKind(l) {
		case kindBlank:
		case kindTooLong:
			ps.add(ErrTooLong, "-")
		case kindDbg, kindMove, kindReady:
			ps.add(ErrIgnored, firstToken(l.Text))
		default:
			ps.add(ErrLine, firstToken(l.Text))
		}
	}
}

// report queues an AI's new problems for its next STATE and shows them in
// this turn's frame.
func (r *referee) report(p int, ps *problems) {
	r.sides[p].errs.addAll(ps)
	r.fr.sides[p].Errors = ps.shown()
}

// recordReplies keeps what the viewer shows of each reply.
func (r *referee) recordReplies(replies []game.Reply) {
	for p, rp := range replies {
		s := string(rp.Status)
		switch {
		case rp.Status == game.Answered && rp.Late:
			s = "late"
		case rp.Status == game.NotAsked:
			s = "none"
		}
		r.fr.sides[p].Reply = s
	}
}

// Frame is the viewer's picture of the game now (frame.go).
func (r *referee) Frame() json.RawMessage {
	b, err := json.Marshal(r.frame())
	if err != nil {
		panic("catmouse: frame: " + err.Error())
	}
	return b
}
