package catmouse

import (
	"fmt"

	"github.com/seed27749672/arena/game"
)

// Outcome is how a leg ended.
type Outcome string

// Leg outcomes.
const (
	OutcomeCaught  Outcome = "caught"
	OutcomeEscaped Outcome = "escaped"
	OutcomeCrash   Outcome = "crash"
)

// LegResult is the end of one leg.
type LegResult struct {
	Leg      int     `json:"leg"`
	CatsSeat int     `json:"catsSeat"` // the seat (team) that played the cats
	Outcome  Outcome `json:"outcome"`
	// Turn is the catch turn, MAXTURNS when the mouse escaped, or the turn
	// at which a crash was found (1 for the check before STATE 1).
	Turn int `json:"turn"`
	// Result is the leg result of §6: the catch turn, or MAXTURNS+1 when
	// the mouse escaped; 0 for a crash (the game is then forfeited).
	Result int `json:"result"`
	// Crashed is CATS, MOUSE or BOTH for a crash.
	Crashed string `json:"crashed,omitempty"`
}

// GameScore is the outcome of one game (two legs) between seats 0 and 1
// (§6, §7).
type GameScore struct {
	Own     [2]int  // each team's own result: the leg result when it played the cats
	Winner  int     // 0 or 1, or -1 for a draw
	Forfeit bool    // a crash decided the game
	Crashed [2]bool // which teams crashed
}

// ScoreGame scores a game from its legs. Without a crash, the team whose
// cats caught the mouse in fewer turns wins (ESCAPED counts MAXTURNS+1).
// A crash loses the game: its own result is MAXTURNS+1 and the winner's 0,
// whatever leg 1 gave; both crashing at the same check is a draw at
// MAXTURNS+1 each.
func ScoreGame(legs []LegResult, maxTurns int) GameScore {
	var g GameScore
	for _, l := range legs {
		if l.Outcome != OutcomeCrash {
			g.Own[l.CatsSeat] = l.Result
			continue
		}
		switch l.Crashed {
		case "CATS":
			g.Crashed[l.CatsSeat] = true
		case "MOUSE":
			g.Crashed[1-l.CatsSeat] = true
		default:
			g.Crashed = [2]bool{true, true}
		}
		g.Forfeit = true
		for p := range 2 {
			g.Own[p] = 0
			if g.Crashed[p] {
				g.Own[p] = maxTurns + 1
			}
		}
	}
	switch {
	case g.Own[0] < g.Own[1]:
		g.Winner = 0
	case g.Own[1] < g.Own[0]:
		g.Winner = 1
	default:
		g.Winner = -1
	}
	return g
}

// Result is the outcome of the game: rank 1 for the winner (both for a
// draw); the score is the turn difference (the opponent's own result minus
// one's own, the tie-break figure of D18); Stats hold the own results.
func (r *referee) Result() game.Result {
	g := ScoreGame(r.legs, r.set.maxTurns)
	var res game.Result
	for p := range 2 {
		pr := game.PlayerResult{Score: float64(g.Own[1-p] - g.Own[p]), Status: game.OK}
		switch {
		case g.Winner == p:
			pr.Rank = 1
		case g.Winner < 0:
			pr.Rank = 1
		default:
			pr.Rank = 2
		}
		if g.Crashed[p] {
			pr.Status, pr.Message = r.crashStatus[p], r.crashWhy[p]
		}
		outcome := "loss"
		switch {
		case g.Winner == p:
			outcome = "win"
		case g.Winner < 0:
			outcome = "draw"
		}
		pr.Stats = map[string]any{
			"own":      g.Own[p],
			"opponent": g.Own[1-p],
			"game":     r.set.gameNo,
			"spawn":    r.set.spawn.ID,
			"outcome":  outcome,
			"forfeit":  g.Forfeit,
		}
		res.Players = append(res.Players, pr)
	}
	res.Summary = r.summary(g)
	return res
}

func (r *referee) summary(g GameScore) string {
	if len(r.legs) == 0 {
		return ""
	}
	name := func(p int) string { return r.set.names[p] }
	if g.Forfeit {
		l := r.legs[len(r.legs)-1]
		if g.Winner < 0 {
			return fmt.Sprintf("draw: both AIs crashed in leg %d at turn %d", l.Leg, l.Turn)
		}
		loser := 1 - g.Winner
		role := "cats"
		if l.CatsSeat != loser {
			role = "mouse"
		}
		return fmt.Sprintf("%s wins by forfeit: %s (%s) crashed in leg %d at turn %d", name(g.Winner), name(loser), role, l.Leg, l.Turn)
	}
	desc := func(p int) string {
		if g.Own[p] > r.set.maxTurns {
			return fmt.Sprintf("%s's cats let the mouse escape (%d)", name(p), g.Own[p])
		}
		return fmt.Sprintf("%s's cats caught the mouse at turn %d", name(p), g.Own[p])
	}
	switch g.Winner {
	case -1:
		return fmt.Sprintf("draw: %s, %s", desc(0), desc(1))
	default:
		return fmt.Sprintf("%s wins: %s, %s", name(g.Winner), desc(g.Winner), desc(1-g.Winner))
	}
}
