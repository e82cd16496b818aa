package rounds

import (
	"context"
	"slices"

	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament"
)

// Board is an event's ladder over its ranked rounds, with how many
// of the rounds' games are played.
type Board struct {
	Rounds []Status         `json:"rounds"`
	Lines  []Line           `json:"ladder"`
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
func (l Board) TeamGames(team int64, number int) []TeamGame {
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

// Status is a round's settings and progress.
type Status struct {
	Round
	Games  int `json:"games"`
	Played int `json:"played"`
	Failed int `json:"failed"` // games the arena could not play (no points)
}

// ReadBoard computes an event's ladder from its ranked games.
func ReadBoard(ctx context.Context, h format.Host, eventID int64) (Board, error) {
	var out Board
	rs, err := List(ctx, h, eventID)
	if err != nil {
		return out, err
	}
	teams, err := h.Store().Teams(ctx, eventID)
	if err != nil {
		return out, err
	}
	ms, err := h.Store().MatchesOfKind(ctx, eventID, store.KindRanked) // not the casual ones: they are most
	if err != nil {
		return out, err
	}
	played, failed := map[int64]int{}, map[int64]int{}
	var games []Game
	slices.Reverse(ms) // the store lists them newest first
	for _, m := range ms {
		out.Games = append(out.Games, m)
		if m.Error != "" {
			failed[m.Round]++
			continue
		}
		played[m.Round]++
		games = append(games, Game{Round: int(m.Round), Teams: m.Teams, Ranks: m.Ranks, Scores: m.Scores})
	}
	for _, r := range rs {
		n := int64(r.Number)
		out.Rounds = append(out.Rounds, Status{Round: r, Games: len(r.Groups), Played: played[n], Failed: failed[n]})
	}
	ids := make([]int64, len(teams))
	out.Names = map[int64]string{}
	for i, t := range teams {
		ids[i] = t.ID
		out.Names[t.ID] = t.Name
	}
	out.Lines = Ladder(ids, rs, games)
	return out, nil
}
