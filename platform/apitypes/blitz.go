package apitypes

import (
	"time"

	"github.com/seed27749672/arena/platform/blitz"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// Blitz is an event's ranked rounds: their schedule, the ranking (team
// ids, best first) and the rounds played.
type Blitz struct {
	Schedule blitz.Schedule `json:"schedule"`
	Ranking  []int64        `json:"ranking"`
	Rounds   []BlitzRound   `json:"rounds"`
	// Asked by the organiser through the API, for the server's clock to
	// play: a round now (beside the schedule), the final (its size).
	RoundNow  bool `json:"round_now,omitempty"`
	FinalSize int  `json:"final_size,omitempty"`
	// EventEnd is the event's end (its settings'; zero: none), which
	// BlitzStatus reads with the state (it is not kept in it): no round of
	// the schedule starts at or after it.
	EventEnd time.Time `json:"event_end,omitzero"`
}

// LastStarted is when the last round played began (zero: none).
func (b *Blitz) LastStarted() time.Time {
	if n := len(b.Rounds); n > 0 {
		return b.Rounds[n-1].Started
	}
	return time.Time{}
}

// NextRound is when the schedule's next round falls due, seen at now; ok
// is false when none will (no schedule, stopped, its rounds all played,
// or the event's end comes first: blitz.Schedule.NextBefore).
func (b *Blitz) NextRound(now time.Time) (at time.Time, ok bool) {
	return b.Schedule.NextBefore(b.EventEnd, now, len(b.Rounds), b.LastStarted())
}

// RoundDue says whether the schedule's next round starts at now.
func (b *Blitz) RoundDue(now time.Time) bool {
	return b.Schedule.DueBefore(b.EventEnd, now, len(b.Rounds), b.LastStarted())
}

// BlitzRound is one ranked round: who played it, in ranking order, its
// games, and the ranking after it.
type BlitzRound struct {
	Number      int                    `json:"number"`
	Started     time.Time              `json:"started"`
	Seed        int64                  `json:"seed"`
	Teams       []int64                `json:"teams"` // the ranking it was played from
	Names       []string               `json:"names"`
	Submissions []int64                `json:"submissions"`
	Played      map[int]*replay.Result `json:"played"` // by game index
	Groups      *tournament.Round      `json:"groups,omitempty"`
	After       []int64                `json:"after,omitempty"` // the ranking after it
}

// BlitzFinal is the final tournament: its seeds (the ranking), its games
// as they are played, and its bracket and standings once it is over.
type BlitzFinal struct {
	Teams       []int64               `json:"teams"` // seeds, best first
	Names       []string              `json:"names"`
	Submissions []int64               `json:"submissions"`
	Seed        int64                 `json:"seed"`
	Size        int                   `json:"size"`
	Played      map[int]BlitzGame     `json:"played"`
	Rounds      []tournament.Round    `json:"rounds,omitempty"` // the bracket as played
	Standings   []tournament.Standing `json:"standings,omitempty"`
	Done        bool                  `json:"done"`
}

// BlitzGame is one played game of the final.
type BlitzGame struct {
	Teams  []int64        `json:"teams"` // by seat
	Result *replay.Result `json:"result"`
	Match  string         `json:"match"` // its record's key
}
