package matchmaking

import (
	"context"

	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/openskill"
)

// The ratings a match changes (OpenSkill, as arena ladder rates): a
// rated game of an event with leagues rates only the teams still in its
// league.

// LeftLeague are the teams of a rated game that are no longer the player
// that played it: the team moved to another league while it was played
// (promoted meanwhile: its rating started again in its new league, which
// this game is not of), or another of its submissions became active (a
// new player, whose rating started again).
func (mk *Matchmaker) LeftLeague(ctx context.Context, a queue.Match) (map[int64]bool, error) {
	left := map[int64]bool{}
	for i, id := range a.Teams {
		if id == 0 {
			continue
		}
		t, err := mk.Events.Store.Team(ctx, id)
		if err != nil {
			return nil, err
		}
		if a.League != 0 && t.League != a.League || i < len(a.Submissions) && t.Active != a.Submissions[i] {
			left[id] = true
		}
	}
	return left, nil
}

// RateInLeague is RateMatch without the teams that left the game
// (LeftLeague: they keep their new rating; the others are rated
// against them as they played).
func RateInLeague(m store.Match, cur map[int64]store.Rating, left map[int64]bool) []store.Rating {
	var out []store.Rating
	for _, r := range RateMatch(m, cur) {
		if !left[r.TeamID] {
			out = append(out, r)
		}
	}
	return out
}

// RateMatch computes the new ratings of a match's teams (house bots are not
// rated: they play at the default rating each time).
func RateMatch(m store.Match, cur map[int64]store.Rating) []store.Rating {
	model := openskill.Default()
	before := make([]openskill.Rating, len(m.Teams))
	for i, id := range m.Teams {
		before[i] = model.New()
		if r, ok := cur[id]; ok && id != 0 {
			before[i] = openskill.Rating{Mu: r.Mu, Sigma: r.Sigma}
		}
	}
	after, err := model.RateFFA(before, m.Ranks)
	if err != nil {
		return nil
	}
	var out []store.Rating
	for i, id := range m.Teams {
		if id == 0 {
			continue
		}
		r := cur[id]
		r.TeamID, r.Mu, r.Sigma = id, after[i].Mu, after[i].Sigma
		r.Games++
		best, tied := true, false
		for j, rk := range m.Ranks {
			if j != i && rk < m.Ranks[i] {
				best = false
			}
			if j != i && rk == m.Ranks[i] {
				tied = true
			}
		}
		switch {
		case best && tied:
			r.Draws++
		case best:
			r.Wins++
		default:
			r.Losses++
		}
		out = append(out, r)
	}
	return out
}

// RateInOrder is the ratings of matches applied one after the other, in
// the order given, from no ratings: the ratings of one worker playing
// them in that order. Matches the arena failed are not rated, as when
// they are recorded. On any number of workers, the stored ratings are
// those of the event's matches in the order of their ids (the store
// rates a match after every match with a smaller id that shares a team).
func RateInOrder(ms []store.Match) map[int64]store.Rating {
	cur := map[int64]store.Rating{}
	for _, m := range ms {
		if m.Error != "" {
			continue
		}
		for _, r := range RateMatch(m, cur) {
			cur[r.TeamID] = r
		}
	}
	return cur
}
