package apitypes

import (
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// CodinsaFinal is the record of an event's final: what it plays (fixed
// when it starts, so that a resumed final plays the same), its matches as
// they are played, and its table once it is over.
type CodinsaFinal struct {
	Teams       []int64  `json:"teams"` // in registration order (D19)
	Names       []string `json:"names"`
	Submissions []int64  `json:"submissions"`
	Seed        int64    `json:"seed"`
	Set         int      `json:"set"` // the voted set (organiser only)
	// Matches are the played matches by their index in the schedule.
	Matches   map[int]FinalMatch    `json:"matches"`
	Standings []tournament.Standing `json:"standings,omitempty"`
	Done      bool                  `json:"done"`
	// Asked: the organiser asked the server to play it (POST
	// organiser/events/{id}/codinsa/final); the server's clock plays only
	// these, so that it never plays a final a command is playing.
	Asked bool `json:"asked,omitempty"`
}

// FinalMatch is one played match of the final.
type FinalMatch struct {
	Index  int            `json:"index"`
	Teams  [2]int64       `json:"teams"`  // the first plays the cats first in games 1 and 3
	Result *replay.Result `json:"result"` // the series' result (wins, own results...)
	Games  []string       `json:"games"`  // the keys of its games' records
}
