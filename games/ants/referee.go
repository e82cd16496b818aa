package ants

import (
	"fmt"
	"strings"

	"github.com/seed27749672/arena/game"
)

// referee runs one match.
type referee struct {
	rules Rules
	names [2]string
	m     *Map
	s     *State
	turn  int // turns played
	over  bool

	status  [2]game.Status // game.OK while active
	reason  [2]string      // why a player was deactivated (the viewer's tooltip)
	outcome [2]string      // the result message of a deactivated player

	// The last turn, for its frame.
	messages [2]string
	events   Events
	summary  []string    // the turn's game summary, in the reference's order
	notes    [2][]string // the summary lines about each player
}

// newReferee starts a match on m; a missing name becomes "player N".
func newReferee(m *Map, rules Rules, names []string) *referee {
	r := &referee{rules: rules, m: m, s: NewState(m), status: [2]game.Status{game.OK, game.OK}}
	for p := range 2 {
		r.names[p] = fmt.Sprintf("player %d", p)
		if p < len(names) && names[p] != "" {
			r.names[p] = names[p]
		}
	}
	return r
}

// active reports whether player p still plays (not deactivated).
func (r *referee) active(p int) bool { return r.status[p] == game.OK }

// Clock is the match's time control, from the timeout options.
func (r *referee) Clock() game.Clock {
	return game.Clock{First: r.rules.FirstTurnTimeout, FirstTurns: 1, Turn: r.rules.TurnTimeout, Policy: game.PolicyDisqualify}
}

// Prompt is the input of player p: on the first turn the initialisation
// block followed by the turn block, as CodinGame sends them.
func (r *referee) Prompt(p int) ([]byte, bool) {
	if r.over || !r.active(p) {
		return nil, false
	}
	buf := make([]byte, 0, 16*r.m.Board.Len()+64)
	if r.turn == 0 {
		buf = appendInit(buf, r.m, p)
	}
	return appendTurn(buf, r.s, p, r.rules.ScoresInInput), true
}

// Play resolves one turn.
func (r *referee) Play(replies []game.Reply) {
	r.turn++
	r.messages = [2]string{}
	r.summary, r.notes = nil, [2][]string{}
	var cmds [2]Commands
	for p := range 2 {
		if !r.active(p) || p >= len(replies) {
			continue
		}
		rp := replies[p]
		switch rp.Status {
		case game.Answered:
			if len(rp.Lines) > 0 && rp.Lines[0].TooLong {
				msg := fmt.Sprintf("Invalid Input: the output line is longer than %d bytes", maxLine)
				r.deactivate(p, game.Disqualified, msg, msg)
				r.note(p, msg, fmt.Sprintf("$%d: disqualified!", p))
				continue
			}
			c, err := ParseCommands(rp.Text())
			cmds[p] = c
			if err != nil {
				r.deactivate(p, game.Disqualified, err.Error(), err.Error())
				r.note(p, err.Error(), fmt.Sprintf("$%d: disqualified!", p))
			}
		case game.Timeout:
			r.deactivate(p, game.TimedOut, "Timeout!",
				fmt.Sprintf("Timeout! No answer within %d ms on turn %d.", rp.Time.Milliseconds(), r.turn))
			r.note(p, fmt.Sprintf("$%d has not provided 1 lines in time", p))
		case game.Gone:
			why := rp.Error
			if why == "" {
				why = "the bot stopped"
			}
			r.deactivate(p, game.Crashed, "Crashed: "+why, why)
			r.note(p, fmt.Sprintf("$%d has crashed: %s", p, why))
		}
	}
	for p := range 2 {
		if cmds[p].HasMessage {
			r.messages[p] = cmds[p].Message
		}
	}
	r.events = r.s.Resolve(cmds, r.rules)
	for p := range 2 {
		if line := indexErrorLine(p, r.events.IndexErrors[p]); line != "" {
			r.note(p, line)
		}
	}
	for p := range 2 {
		r.note(p, harvestLines(r.s, r.events, p)...)
	}
	r.checkEnd()
}

// note adds lines about player p to the turn's summary.
func (r *referee) note(p int, lines ...string) {
	r.summary = append(r.summary, lines...)
	r.notes[p] = append(r.notes[p], lines...)
}

// deactivate removes player p from the match: reason is the viewer's
// tooltip, outcome the message of its result.
func (r *referee) deactivate(p int, st game.Status, reason, outcome string) {
	r.status[p], r.reason[p], r.outcome[p] = st, reason, outcome
}

// checkEnd applies the end rules after a turn (§3.10, §1).
func (r *referee) checkEnd() {
	s := r.s
	remaining := s.RemainingCrystal()
	switch {
	case remaining == 0:
		r.over = true
		r.summary = append(r.summary, "All the crystals have been harvested. Game over!")
	case r.rules.EndRule == EndHalf:
		for p := range 2 {
			if 2*s.Points[p] > s.InitialCrystal {
				r.over = true
				r.summary = append(r.summary, fmt.Sprintf("$%d has harvested more than half the crystals. Game over!", p))
			}
		}
	case r.rules.EndRule == EndReference:
		for p := range 2 {
			if s.Points[p] >= s.Points[1-p]+remaining {
				r.over = true
				r.summary = append(r.summary, fmt.Sprintf("$%d has harvested at least half the crystals. Game over!", p))
				break
			}
		}
	}
	if r.turn >= r.rules.MaxTurns || !r.active(0) || !r.active(1) {
		r.over = true
	}
}

// Over reports whether the match has ended.
func (r *referee) Over() bool { return r.over }

// finalScores are the reference's end scores: the points of an active
// player, -1 for a deactivated one.
func (r *referee) finalScores() [2]int {
	var sc [2]int
	for p := range 2 {
		sc[p] = -1
		if r.active(p) {
			sc[p] = r.s.Points[p]
		}
	}
	return sc
}

// tieBreak reports whether the ants decide: equal scores that are not -1.
func (r *referee) tieBreak() bool {
	sc := r.finalScores()
	return sc[0] == sc[1] && sc[0] != -1
}

// winner is 0 or 1, or -1 for a draw.
func (r *referee) winner() int {
	sc := r.finalScores()
	a, b := sc[0], sc[1]
	if r.tieBreak() {
		a, b = r.s.TotalAnts(0), r.s.TotalAnts(1)
	}
	switch {
	case a > b:
		return 0
	case b > a:
		return 1
	}
	return -1
}

// reportedScores are the scores the result and the end frame show: the
// final scores, except that under tie_score=ants a tie-break makes each
// the player's ant count, as the reference's setScore(antTotal) does.
func (r *referee) reportedScores() [2]int {
	sc := r.finalScores()
	if r.rules.AntScores && r.tieBreak() {
		for p := range 2 {
			sc[p] = r.s.TotalAnts(p)
		}
	}
	return sc
}

// Result ranks the players by score, then by ants when the points are tied.
// The points stay in the stats whatever the score shows.
func (r *referee) Result() game.Result {
	sc := r.finalScores()
	res := game.Result{Players: make([]game.PlayerResult, 2)}
	tie := r.tieBreak()
	shown := r.reportedScores()
	for p := range 2 {
		pr := game.PlayerResult{Score: float64(shown[p]), Status: r.status[p], Message: r.outcome[p],
			Stats: map[string]any{"points": r.s.Points[p], "ants": r.s.TotalAnts(p)}}
		if tie {
			pr.Message = r.pointsAndAnts(p)
		}
		res.Players[p] = pr
	}
	w := r.winner()
	for p := range 2 {
		res.Players[p].Rank = 1
		if w >= 0 && p != w {
			res.Players[p].Rank = 2
		}
	}
	res.Summary = r.resultSummary(sc, tie, w)
	return res
}

// pointsAndAnts is the reference's end-screen text when the ants decide.
func (r *referee) pointsAndAnts(p int) string {
	return fmt.Sprintf("%d points and %d ants", r.s.Points[p], r.s.TotalAnts(p))
}

// resultSummary is the one-line result: the winner and how, or the draw.
func (r *referee) resultSummary(sc [2]int, tie bool, w int) string {
	switch {
	case sc[0] == -1 && sc[1] == -1:
		return "draw: both players were deactivated"
	case tie && w < 0:
		return "draw: " + r.pointsAndAnts(0) + " each"
	case tie:
		return fmt.Sprintf("%s wins on ants: %s to %s", r.names[w], r.pointsAndAnts(w), r.pointsAndAnts(1-w))
	}
	return fmt.Sprintf("%s wins %d to %d", r.names[w], sc[w], sc[1-w])
}

// indexErrorLine is the reference's summary of a player's index errors:
// the first one and how many others.
func indexErrorLine(p int, errs []string) string {
	if len(errs) == 0 {
		return ""
	}
	line := fmt.Sprintf("$%d: %s", p, errs[0])
	if k := len(errs) - 1; k > 0 {
		line += fmt.Sprintf(" + %d other error", k)
		if k > 1 {
			line += "s"
		}
	}
	return line
}

// harvestLines are the reference's summary lines of player p's harvests:
// eggs, then crystals ($0 and $1 stand for the players).
func harvestLines(s *State, ev Events, p int) []string {
	var lines []string
	for _, kind := range []CellType{Egg, Crystal} {
		var hs []Harvest
		total := 0
		for _, h := range ev.Harvests {
			if h.Player == p && h.Kind == kind {
				hs = append(hs, h)
				total += h.Amount
			}
		}
		bases := "cell " + joinInts(s.Bases[p], " & ")
		if len(s.Bases[p]) > 1 {
			bases = "cells " + joinInts(s.Bases[p], " & ")
		}
		switch {
		case len(hs) == 1 && kind == Egg:
			lines = append(lines, fmt.Sprintf("$%d has harvested %d egg from cell %d, spawning that many ants on %s.", p, hs[0].Amount, hs[0].Cell, bases))
		case len(hs) == 1:
			lines = append(lines, fmt.Sprintf("$%d has harvested %d crystal from cell %d, scoring that many points.", p, hs[0].Amount, hs[0].Cell))
		case len(hs) > 1:
			lines = append(lines, fmt.Sprintf("$%d has harvested:", p))
			for _, h := range hs {
				lines = append(lines, fmt.Sprintf("- %d %s from cell %d", h.Amount, kind, h.Cell))
			}
			if kind == Egg {
				lines = append(lines, fmt.Sprintf("Spawning a total of %d ants on %s.", total, bases))
			} else {
				lines = append(lines, fmt.Sprintf("Scoring a total of %d points.", total))
			}
		}
	}
	return lines
}

func joinInts(xs []int, sep string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, sep)
}
