package matchmaking

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
)

// A promotion test lost to a busy machine, or to a bad start, need not
// keep a team in its league until it submits again: on the organiser's
// word the team's active submission takes its league's test again. Its
// earlier games there stay recorded (and listed) but count no more: the
// event's "retests" state keeps, by submission and league, how many of
// them the test skips.

// stateRetests is the event state document of the retaken tests.
const stateRetests = "retests"

// retests are the games each retaken test skips, by "submission/league".
type retests map[string]int

func retestKey(sub int64, lg int) string { return fmt.Sprintf("%d/%d", sub, lg) }

// skip is how many of a submission's games in league lg its test skips.
func (r retests) skip(sub int64, lg int) int { return r[retestKey(sub, lg)] }

// retests reads an event's retaken tests.
func (mk *Matchmaker) retests(ctx context.Context, eventID int64) (retests, error) {
	r := retests{}
	_, err := store.ReadState(ctx, mk.Events.Store, eventID, stateRetests, &r)
	return r, err
}

// sinceRetest are a submission's promotion games (oldest first) without
// the first skip of league lg: those before its test was retaken.
func sinceRetest(ms []store.Match, lg, skip int) []store.Match {
	if skip == 0 {
		return ms
	}
	out := make([]store.Match, 0, len(ms))
	for _, m := range ms {
		if m.League == lg && skip > 0 {
			skip--
			continue
		}
		out = append(out, m)
	}
	return out
}

// Retest makes a team's active submission take its league's promotion
// test again from its next game, and returns the test as it then stands.
// A team without a bot, or in the top league (no test), is refused.
func (mk *Matchmaker) Retest(ctx context.Context, eventID, teamID int64) (PromotionRecord, error) {
	t, err := mk.Events.Store.Team(ctx, teamID)
	switch {
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return PromotionRecord{}, err
	case err != nil || t.EventID != eventID:
		return PromotionRecord{}, fault.UserError{Err: fmt.Errorf("event %d has no team %d", eventID, teamID)}
	}
	ev, err := mk.Events.Store.Event(ctx, eventID)
	if err != nil {
		return PromotionRecord{}, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return PromotionRecord{}, err
	}
	if _, next := league.Next(g.Info(), t.League); t.Active == 0 || t.League == 0 || !next {
		return PromotionRecord{}, fault.UserError{Err: fmt.Errorf("%s has no promotion test to take again (no bot, no league yet, or the top league)", t.Name)}
	}
	ms, err := mk.Events.Store.SubmissionMatches(ctx, t.Active, store.KindPromotion)
	if err != nil {
		return PromotionRecord{}, err
	}
	played := 0
	for _, m := range ms {
		if m.League == t.League {
			played++
		}
	}
	_, err = mk.Events.Store.UpdateEventState(ctx, eventID, stateRetests, func(old []byte) ([]byte, error) {
		r := retests{}
		if old != nil {
			json.Unmarshal(old, &r) // a document unreadable starts again
		}
		r[retestKey(t.Active, t.League)] = played
		return json.Marshal(r)
	})
	if err != nil {
		return PromotionRecord{}, err
	}
	return mk.TeamTest(ctx, t)
}
