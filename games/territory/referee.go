package territory

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
)

// referee runs one match. Players are known by id (their place in the
// shuffled bot list, D17); the runner speaks of seats (the bots' order on
// the command line): seatOf and idOf translate.
type referee struct {
	cfg        game.Config
	arena      *Arena
	st         *State
	seatOf     []int // id -> seat
	idOf       []int // seat -> id
	maxTurns   int
	multiplier int
	clock      game.Clock
	mapJSON    []byte

	// The last turn, for the frame.
	events  *Events
	answers []Answer
	// stay is, per id, what its last stay came from ("none", "invalid",
	// "timeout" or "gone"), to tell how an inactive player was lost.
	stay []string
	// httpErr is, per id, the last HTTP error that made it stay.
	httpErr []string
	// limit is, per id, the time limit of the request whose timeout made
	// it stay last (the limit applied: --time-scale included).
	limit []time.Duration
}

// Answer is what became of one player's reply on one turn (frames).
type Answer struct {
	Status  game.ReplyStatus `json:"status"`
	Late    bool             `json:"late,omitempty"`    // an answer to an earlier turn, discarded
	Text    string           `json:"text,omitempty"`    // the answer line (clipped to 200 bytes)
	Move    string           `json:"move"`              // the action taken: UP, DOWN, LEFT, RIGHT or NONE
	Error   string           `json:"error,omitempty"`   // why the answer was not a move
	Ignored bool             `json:"ignored,omitempty"` // frozen: the answer was read and ignored
	Stray   int              `json:"stray,omitempty"`   // lines discarded (written while nothing was asked)
}

// newReferee starts a match on an arena: perm[k] is the seat of the bot
// that plays id k (D17).
func newReferee(cfg game.Config, a *Arena, perm []int, solo bool) *referee {
	n := cfg.Players
	r := &referee{cfg: cfg, arena: a, st: NewState(a, n), seatOf: perm, idOf: make([]int, n),
		maxTurns: cfg.Options.Int("turns"), multiplier: cfg.Options.Int("multiplier"),
		answers: make([]Answer, n), stay: make([]string, n), httpErr: make([]string, n), limit: make([]time.Duration, n)}
	r.st.Solo = solo
	for id, seat := range perm {
		r.idOf[seat] = id
	}
	r.clock = game.Clock{
		First: time.Duration(cfg.Options.Int("first_ms")) * time.Millisecond, FirstTurns: 1,
		Turn: time.Duration(cfg.Options.Int("turn_ms")) * time.Millisecond, Policy: game.PolicyLate,
	}
	r.mapJSON = r.st.mapJSON()
	return r
}

// Clock is the clock of the match's options.
func (r *referee) Clock() game.Clock { return r.clock }

// Prompt sends every alive player, frozen ones included, the state after
// the last turn.
func (r *referee) Prompt(seat int) ([]byte, bool) {
	id := r.idOf[seat]
	if !r.st.P[id].Alive || r.Over() {
		return nil, false
	}
	return r.st.message(id, r.mapJSON, r.st.Turn+1, false), true
}

// Retired tells the runner that an eliminated player's bot is no longer
// waited for: the turn is resolved as soon as no alive bot owes an answer
// (§6.3).
func (r *referee) Retired(seat int) bool { return !r.st.P[r.idOf[seat]].Alive }

// Farewell is the final state, "Final":true, for every bot still running,
// eliminated ones included (D14).
func (r *referee) Farewell(seat int) ([]byte, bool) {
	return r.st.message(r.idOf[seat], r.mapJSON, r.st.Turn, true), true
}

// Play resolves one turn: every alive player's answer becomes its action.
func (r *referee) Play(replies []game.Reply) {
	n := len(r.st.P)
	actions := make([]Move, n)
	for seat, rep := range replies {
		id := r.idOf[seat]
		p := r.st.P[id]
		a := Answer{Status: rep.Status, Late: rep.Late, Stray: len(rep.Stray), Move: "NONE"}
		if !p.Alive {
			r.answers[id] = Answer{Status: game.NotAsked, Move: "NONE"}
			continue
		}
		cause := "timeout"
		switch rep.Status {
		case game.Answered:
			line := game.Line{}
			if len(rep.Lines) > 0 {
				line = rep.Lines[0]
			}
			a.Text = clip(line.Text, 200)
			switch {
			case rep.Late:
				a.Error = "a late answer to an earlier turn, discarded"
			case line.TooLong:
				a.Error = fmt.Sprintf("the line is longer than %d bytes", MaxAnswer)
				cause = "invalid"
			case line.Failed:
				// Written by the HTTP transport, not by the bot: an
				// error status, no reply, or a body that is no move.
				a.Error = line.Text
				cause = "http"
			default:
				m, err := ParseAnswer(line.Text)
				if err != nil {
					a.Error = err.Error()
					cause = "invalid"
				} else {
					actions[id] = m
					cause = "none"
				}
			}
		case game.Gone:
			a.Error = rep.Error
			cause = "gone"
		}
		if p.Frozen > 0 {
			a.Ignored = true
			actions[id] = None
		} else if actions[id] == None {
			r.stay[id] = cause
			if cause == "http" {
				r.httpErr[id] = a.Error
			}
			if cause == "timeout" {
				r.limit[id] = rep.Time
			}
		}
		a.Move = actions[id].String()
		r.answers[id] = a
	}
	r.events = r.st.Step(actions)
	r.mapJSON = r.st.mapJSON()
}

// Over reports the end of the game (Phase E).
func (r *referee) Over() bool { return r.st.Over(r.maxTurns) }

// Result ranks the players (§5): Score is the final territory (0 when
// eliminated); Stats hold the position's ladder points and the tie-break
// figures.
func (r *referee) Result() game.Result {
	n := len(r.st.P)
	pos := r.st.Positions()
	res := game.Result{Players: make([]game.PlayerResult, n)}
	for seat := range res.Players {
		id := r.idOf[seat]
		p := r.st.P[id]
		pr := game.PlayerResult{Rank: pos[id], Score: float64(p.Territory()), Status: game.OK,
			Stats: map[string]any{
				"id":          id,
				"position":    pos[id],
				"points":      Points(pos[id], n, r.multiplier),
				"territory":   p.Territory(),
				"maxMovement": p.L,
				"stays":       p.Stays,
			}}
		if !p.Alive {
			pr.Status = game.Eliminated
			pr.Stats["eliminatedTurn"] = p.ElimTurn
			pr.Stats["reason"] = string(p.Reason)
			pr.Stats["territoryAtElimination"] = p.ElimTerritory
			pr.Message = fmt.Sprintf("eliminated at turn %d: %s", p.ElimTurn, p.Reason)
			if p.Reason == Inactive {
				switch r.stay[id] {
				case "gone":
					pr.Status = game.Crashed
					pr.Message += " (the bot is gone)"
				case "timeout":
					pr.Status = game.TimedOut
					pr.Message += fmt.Sprintf(" (no answer within %d ms)", r.limit[id].Milliseconds())
				case "invalid":
					pr.Message += " (invalid answers)"
				case "http":
					pr.Message += " (the last: " + r.httpErr[id] + ")"
				}
			}
		}
		res.Players[seat] = pr
	}
	res.Summary = r.summary(pos)
	return res
}

// summary is the result's one line: who won, with how many tiles. Players
// are named as the command line gave them, with their seat (their in-game
// id is a shuffle of the seats). When no player is left alive (the last
// ones eliminated on the same turn), nobody wins: the summary says so and
// who ranks first on the tie-break.
func (r *referee) summary(pos []int) string {
	var first []string
	survivors := false
	for id, p := range r.st.P {
		survivors = survivors || p.Alive
		if pos[id] != 1 {
			continue
		}
		tiles := fmt.Sprintf("%d tiles", p.Territory())
		if !p.Alive {
			tiles = fmt.Sprintf("%d tiles when eliminated", p.ElimTerritory)
		}
		first = append(first, fmt.Sprintf("%s (seat %d, %s)", r.name(id), r.seatOf[id], tiles))
	}
	if !survivors {
		return fmt.Sprintf("no player survived: the last were eliminated on turn %d; first place: %s", r.st.Turn, strings.Join(first, " and "))
	}
	verb := "wins"
	if len(first) > 1 {
		verb = "share first place"
	}
	return fmt.Sprintf("%s %s after %d turns", strings.Join(first, " and "), verb, r.st.Turn)
}

// name is the display name of the bot that plays id.
func (r *referee) name(id int) string {
	if seat := r.seatOf[id]; seat < len(r.cfg.Names) {
		return r.cfg.Names[seat]
	}
	return fmt.Sprintf("P%d", id)
}

// Frame is the viewer's picture of the current state (see frame.go).
func (r *referee) Frame() json.RawMessage {
	b, err := json.Marshal(r.frame())
	if err != nil {
		panic("territory frame: " + err.Error())
	}
	return b
}
