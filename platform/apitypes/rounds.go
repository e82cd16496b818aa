package apitypes

import (
	"slices"

	"github.com/seed27749672/arena/platform/rounds"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament"
)

// RoundLadder is an event's ladder over its ranked rounds, with how many
// of the rounds' games are played.
type RoundLadder struct {
	Rounds []RoundStatus    `json:"rounds"`
	Lines  []rounds.Line    `json:"ladder"`
	Names  map[int64]string `json:"-"` // the teams' names
	// Games are the rounds' recorded games, played or not, oldest first:
	// a team's page shows its own in each round, which its list of recent
	// matches may no longer hold.
	Games []store.Match `json:"-"`
}

// TeamGame is one of a team's games in a round, with the ladder points it
// earned there.
type TeamGame struct {
	Match   int64   `json:"match"`
	Players int     `json:"players"`
	Rank    int     `json:"rank,omitempty"` // 0: not played
	Points  float64 `json:"points"`
	Error   string  `json:"error,omitempty"`
}

// TeamGames are a team's games in round number, oldest first.
func (l RoundLadder) TeamGames(team int64, number int) []TeamGame {
	mult := 0.0
	for _, r := range l.Rounds {
		if r.Number == number {
			mult = r.Multiplier
		}
	}
	out := []TeamGame{}
	for _, m := range l.Games {
		seat := slices.Index(m.Teams, team)
		if m.Round != int64(number) || seat < 0 {
			continue
		}
		g := TeamGame{Match: m.ID, Players: len(m.Teams), Error: m.Error}
		if m.Error == "" && seat < len(m.Ranks) {
			g.Rank = m.Ranks[seat]
			g.Points = tournament.LadderPoints(len(m.Teams), g.Rank, mult)
		}
		out = append(out, g)
	}
	return out
}

// RoundStatus is a round's settings and progress.
type RoundStatus struct {
	rounds.Round
	Games  int `json:"games"`
	Played int `json:"played"`
	Failed int `json:"failed"` // games the arena could not play (no points)
}
