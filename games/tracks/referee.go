package tracks

import (
	"fmt"
	"strconv"

	"github.com/seed27749672/arena/game"
)

// player is one seat's state.
type player struct {
	status game.Status
	reason string // why the player left the game (result message)

	score      int
	paint      int // paint left this turn
	disruption int // disruption points left this turn

	message string // MESSAGE text of this turn
	action  string // the line the bot wrote this turn

	sideQuest     bool // the side-quest point, latched
	sideQuestTurn int  // turn it was earned
	pois          []int

	tracksPlaced int
	paintSpent   int
	disruptions  int
	autoplaces   int
}

func (p *player) active() bool { return p.status == game.OK }

// referee runs one match.
type referee struct {
	set   settings
	names []string
	b     *Board
	srch  searcher

	turn int
	over bool
	end  string // why the game ended
	pl   [2]player

	conns     []Connection
	cellConns []string
	ev        events

	// lastDisrupt is the region of each player's most recent successful
	// DISRUPT, never cleared (reference quirk used by league 2), -1 if none.
	lastDisrupt [2]int
	objective   bool // the league 1-2 objective was met

	initTail []byte // the init block after the myId line
	body     []byte // the cell lines of the next turn's input
}

// events is what happened during the last turn, for the frame.
type events struct {
	summary  []string
	errors   [2][]string
	plans    [2][]int
	placed   []cellOwner
	disrupts []disruption
	inked    []int
	erased   []cellOwner
	used     [2][2]int // paint and disruption used by each player
}

type cellOwner struct{ cell, owner int }

type disruption struct{ player, region int }

func newReferee(b *Board, s settings, names []string) *referee {
	r := &referee{set: s, b: b, lastDisrupt: [2]int{-1, -1}}
	for p := range r.pl {
		r.pl[p].status = game.OK
		name := "player " + strconv.Itoa(p)
		if p < len(names) && names[p] != "" {
			name = names[p]
		}
		r.names = append(r.names, name)
	}
	r.cellConns = cellConnections(len(b.Terrain), nil)
	r.initTail = encodeInit(b)
	r.body = encodeCells(b, r.cellConns)
	return r
}

// Prompt is the input of player p for the coming turn: on the first turn
// the init block, then the turn block.
func (r *referee) Prompt(p int) ([]byte, bool) {
	if r.over || !r.pl[p].active() {
		return nil, false
	}
	var msg []byte
	if r.turn == 0 {
		msg = append(msg, strconv.Itoa(p)...)
		msg = append(msg, '\n')
		msg = append(msg, r.initTail...)
	}
	msg = strconv.AppendInt(msg, int64(r.pl[p].score), 10)
	msg = append(msg, '\n')
	msg = strconv.AppendInt(msg, int64(r.pl[1-p].score), 10)
	msg = append(msg, '\n')
	msg = append(msg, r.body...)
	return msg, true
}

// Over reports whether the match has ended.
func (r *referee) Over() bool { return r.over }

// Result is the outcome: an eliminated player scores -1; in leagues 1 and
// 2 the scores are the verdict of the league objective (rules §5).
func (r *referee) Result() game.Result {
	var res game.Result
	scores := [2]int{}
	for p := range r.pl {
		scores[p] = r.pl[p].score
		if !r.pl[p].active() {
			scores[p] = -1
		}
	}
	if r.set.league <= 2 {
		switch {
		case !r.pl[0].active() || !r.pl[1].active():
			for p := range r.pl {
				if r.pl[p].active() {
					scores[p] = 0
				}
			}
		case r.objective:
			scores = [2]int{0, -1}
		default:
			scores = [2]int{-1, 0}
		}
	}
	for p := range r.pl {
		pl := &r.pl[p]
		sq := 0
		if pl.sideQuest {
			sq = 1
		}
		stats := map[string]any{
			"points":       pl.score,
			statSideQuest:  sq,
			"poisServed":   len(pl.pois),
			"tracksPlaced": pl.tracksPlaced,
			"paintSpent":   pl.paintSpent,
			"disruptions":  pl.disruptions,
			"autoplaces":   pl.autoplaces,
		}
		if pl.sideQuest {
			stats["sideQuestTurn"] = pl.sideQuestTurn
		}
		if r.set.league <= 2 {
			stats["objective"] = r.objective
		}
		res.Players = append(res.Players, game.PlayerResult{Score: float64(scores[p]), Status: pl.status,
			Message: pl.reason, Stats: stats})
	}
	game.RankByScore(res.Players)
	switch {
	case scores[0] == scores[1]:
		res.Summary = fmt.Sprintf("draw %d to %d after %d turns", scores[0], scores[1], r.turn)
	case scores[0] > scores[1]:
		res.Summary = fmt.Sprintf("%s wins %d to %d after %d turns", r.names[0], scores[0], scores[1], r.turn)
	default:
		res.Summary = fmt.Sprintf("%s wins %d to %d after %d turns", r.names[1], scores[1], scores[0], r.turn)
	}
	if r.end != "" {
		res.Summary += " (" + r.end + ")"
	}
	return res
}
