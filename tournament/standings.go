package tournament

import (
	"sort"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// Standing is one bot's line in a tournament table.
type Standing struct {
	Bot    int    `json:"bot"` // index into the tournament's bots
	Name   string `json:"name"`
	Played int    `json:"played"`
	Wins   int    `json:"wins"`  // first place alone
	Draws  int    `json:"draws"` // first place shared
	Losses int    `json:"losses"`
	// Points: 1 for the best rank of a match, 0 for the worst, in between
	// linearly; a shared rank shares the points of the places it covers.
	Points       float64 `json:"points"`
	Timeouts     int     `json:"timeouts"`
	Crashes      int     `json:"crashes"`      // crashed or did not start
	Disqualified int     `json:"disqualified"` // matches it was removed from for invalid output
}

// Table accumulates standings match by match, so that a tournament keeps
// one line per bot whatever the number of matches.
type Table struct {
	lines []Standing
}

// NewTable starts a table for the named bots.
func NewTable(names []string) *Table {
	t := &Table{lines: make([]Standing, len(names))}
	for i, n := range names {
		t.lines[i] = Standing{Bot: i, Name: n}
	}
	return t
}

// Add counts one match: seats[i] is the bot in seat i of res.
func (t *Table) Add(seats []int, res *replay.Result) {
	for seat, b := range seats {
		r := res.Players[seat]
		s := &t.lines[b]
		s.Played++
		s.Timeouts += r.Timeouts
		switch r.Status {
		case game.Crashed, game.DidNotStart:
			s.Crashes++
		case game.Disqualified:
			s.Disqualified++
		}
		s.Points += Points(res.Players, seat)
		tied := tiedWith(res.Players, seat)
		switch {
		case r.Rank == 1 && tied == 1:
			s.Wins++
		case r.Rank == 1:
			s.Draws++
		default:
			s.Losses++
		}
	}
}

// tiedWith counts the players (seat included) sharing seat's rank.
func tiedWith(ps []replay.PlayerResult, seat int) int {
	tied := 0
	for _, o := range ps {
		if o.Rank == ps[seat].Rank {
			tied++
		}
	}
	return tied
}

// Points gives seat's points in a match: 1 for the best rank, 0 for the
// worst, in between linearly; tied players share the points of the places
// their rank covers.
func Points(ps []replay.PlayerResult, seat int) float64 {
	n := len(ps)
	if n < 2 {
		return 0
	}
	r, tied := ps[seat].Rank, tiedWith(ps, seat)
	pts := 0.0
	for place := r; place < r+tied; place++ {
		pts += float64(n-place) / float64(n-1) / float64(tied)
	}
	return pts
}

// Standings returns the lines, best first: by points, then wins, then
// keeping the bots' order on a tie.
func (t *Table) Standings() []Standing {
	st := append([]Standing(nil), t.lines...)
	sort.SliceStable(st, func(i, j int) bool {
		a, b := st[i], st[j]
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		return a.Wins > b.Wins
	})
	return st
}
