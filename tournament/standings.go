package tournament

import (
	"sort"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament/openskill"
)

// Standing is one bot's line in a tournament table.
type Standing struct {
	Place  int    `json:"place"` // 1 is best; tied bots share a place
	Bot    int    `json:"bot"`   // index into the tournament's bots
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
	// The OpenSkill rating after the matches, and its conservative
	// estimate mu - 3 sigma.
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Ordinal float64 `json:"ordinal"`
	// Format-specific figures: byes (Swiss), ladder points (rounds),
	// match points and tie-breakers (series round robin).
	Byes         int     `json:"byes,omitempty"`
	LadderPoints float64 `json:"ladderPoints,omitempty"`
	FirstPlaces  int     `json:"firstPlaces,omitempty"`
	MatchPoints  int     `json:"matchPoints,omitempty"`
	GameWins     int     `json:"gameWins,omitempty"`
	TurnDiff     int     `json:"turnDifference,omitempty"`
	MeanScore    float64 `json:"meanScore,omitempty"` // the mean of the games' scores (territory: final territory)
}

// Table accumulates standings match by match, so that a tournament keeps
// one line per bot whatever the number of matches.
type Table struct {
	lines   []Standing
	model   openskill.Model
	ratings []openskill.Rating
	// Ratings depend on the order of the matches: they are updated in
	// schedule order whatever the order the matches end in, so that the same
	// tournament gives the same ratings. pending holds the matches that
	// ended before an earlier one (at most the matches running at once).
	next    int
	pending map[int]rated
}

type rated struct {
	seats []int
	ranks []int
}

// NewTable starts a table for the named bots.
func NewTable(names []string) *Table {
	t := &Table{lines: make([]Standing, len(names)), model: openskill.Default(), pending: map[int]rated{}}
	for i, n := range names {
		t.lines[i] = Standing{Bot: i, Name: n}
		t.ratings = append(t.ratings, t.model.New())
	}
	return t
}

// Add counts match number index (schedule order, from 0; every index is
// added at most once): seats[i] is the bot in seat i of res. Only matches
// the arena played to their end are added: a match that failed because of
// the arena says nothing about the bots and is not rated.
func (t *Table) Add(index int, seats []int, res *replay.Result) {
	ranks := make([]int, len(seats))
	for i := range seats {
		ranks[i] = res.Players[i].Rank
	}
	t.pending[index] = rated{seats, ranks}
	for {
		m, ok := t.pending[t.next]
		if !ok {
			break
		}
		delete(t.pending, t.next)
		t.next++
		t.rate(m)
	}
	t.count(seats, res)
}

// rate updates the ratings of a match's bots.
func (t *Table) rate(m rated) {
	before := make([]openskill.Rating, len(m.seats))
	for i, b := range m.seats {
		before[i] = t.ratings[b]
	}
	after, err := t.model.RateFFA(before, m.ranks)
	if err != nil {
		return // cannot happen: one rank per seat
	}
	for i, b := range m.seats {
		t.ratings[b] = after[i]
	}
}

// count adds a match to the counts and points.
func (t *Table) count(seats []int, res *replay.Result) {
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
// keeping the bots' order on a tie. Matches still waiting for an earlier
// one (an interrupted tournament) are rated first, in schedule order.
func (t *Table) Standings() []Standing {
	st := t.lines0()
	sort.SliceStable(st, func(i, j int) bool {
		a, b := st[i], st[j]
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		return a.Wins > b.Wins
	})
	for i := range st {
		st[i].Place = i + 1
		if i > 0 && st[i].Points == st[i-1].Points && st[i].Wins == st[i-1].Wins {
			st[i].Place = st[i-1].Place
		}
	}
	return st
}

// Ordered returns the lines in the order a format decided (bot indices),
// with their places.
func (t *Table) Ordered(order, place []int) []Standing {
	lines := t.lines0()
	st := make([]Standing, len(order))
	for i, b := range order {
		st[i] = lines[b]
		st[i].Place = place[i]
	}
	return st
}

// line gives access to a bot's line, for the formats' own figures.
func (t *Table) line(b int) *Standing { return &t.lines[b] }

// lines0 rates the pending matches and returns a copy of the lines, in
// bot order, with the ratings filled in.
func (t *Table) lines0() []Standing {
	idx := make([]int, 0, len(t.pending))
	for k := range t.pending {
		idx = append(idx, k)
	}
	sort.Ints(idx)
	for _, k := range idx {
		t.rate(t.pending[k])
		delete(t.pending, k)
		t.next = k + 1
	}
	st := append([]Standing(nil), t.lines...)
	for i := range st {
		r := t.ratings[st[i].Bot]
		st[i].Mu, st[i].Sigma, st[i].Ordinal = r.Mu, r.Sigma, r.Ordinal()
	}
	return st
}
