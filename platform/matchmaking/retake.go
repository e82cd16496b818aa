package matchmaking

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/openskill"
)

// A team whose promotion test failed need not wait for the organiser nor
// submit again: once its rated games show it stronger than the boss, it
// takes the test again. Stronger: after retakeGames rated games with the
// same submission since its test was last (re)taken, its conservative
// rating (mu - 3 sigma) is above the boss's mean. The boss has no games
// of its own but the league's promotion games: its rating is OpenSkill
// over them, in order, each candidate at its current rating, so that the
// teams that beat the boss and those that lost to it place it among them.

// retakeGames is how many rated games a retake by rating waits for.
const retakeGames = 20

// stateRetakes is the event state document of the games each team's
// rating had when its test was last retaken by rating, by
// "submission/league".
const stateRetakes = "retakes"

// retakeByRating retakes team t's failed test in league lg when its rating
// says so, and reports whether it did.
func (mk *Matchmaker) retakeByRating(ctx context.Context, ev store.Event, t store.Team, lg int, ratings map[int64]store.Rating) (bool, error) {
	r, ok := ratings[t.ID]
	if !ok || r.Games < retakeGames {
		return false, nil
	}
	key := retestKey(t.Active, lg)
	// once per game played: the scheduler's tick reads no state for a
	// team whose rating has not moved since the last look
	if mk.retakeChecked(key, r.Games) {
		return false, nil
	}
	done := map[string]int{}
	if _, err := store.ReadState(ctx, mk.Events.Store, ev.ID, stateRetakes, &done); err != nil {
		return false, err
	}
	if r.Games-done[key] < retakeGames {
		return false, nil
	}
	boss, err := mk.bossRating(ctx, ev.ID, lg, ratings)
	if err != nil || (openskill.Rating{Mu: r.Mu, Sigma: r.Sigma}).Ordinal() <= boss.Mu {
		return false, err
	}
	if _, err := mk.Retest(ctx, ev.ID, t.ID); err != nil {
		return false, err
	}
	_, err = mk.Events.Store.UpdateEventState(ctx, ev.ID, stateRetakes, func(old []byte) ([]byte, error) {
		m := map[string]int{}
		if old != nil {
			json.Unmarshal(old, &m) // a document unreadable starts again
		}
		m[key] = r.Games
		return json.Marshal(m)
	})
	return err == nil, err
}

// retakeChecked reports whether key's rating was already compared with
// the boss at this many games (the comparison reads every promotion game
// of the league: once per game played is enough), and notes it.
func (mk *Matchmaker) retakeChecked(key string, games int) bool {
	seen, loaded := mk.retakeSeen.Swap(key, games)
	return loaded && seen.(int) == games
}

// bossRating is the rating of league lg's boss, from the league's
// promotion games.
func (mk *Matchmaker) bossRating(ctx context.Context, eventID int64, lg int, ratings map[int64]store.Rating) (openskill.Rating, error) {
	ms, err := mk.Events.Store.MatchesOfKind(ctx, eventID, store.KindPromotion)
	if err != nil {
		return openskill.Rating{}, err
	}
	model := openskill.Default()
	boss := model.New()
	for _, m := range ms {
		if m.League != lg || m.Error != "" || len(m.Teams) != 2 || len(m.Ranks) != 2 {
			continue
		}
		seat := 0
		if m.Teams[0] == 0 {
			seat = 1
		}
		team := model.New()
		if r, ok := ratings[m.Teams[seat]]; ok {
			team = openskill.Rating{Mu: r.Mu, Sigma: r.Sigma}
		}
		players := []openskill.Rating{team, boss}
		ranks := []int{m.Ranks[seat], m.Ranks[1-seat]}
		out, err := model.RateFFA(players, ranks)
		if err != nil {
			return openskill.Rating{}, fmt.Errorf("the boss's rating: %w", err)
		}
		boss = out[1]
	}
	return boss, nil
}
