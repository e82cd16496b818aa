package platform

import (
	"context"
	"fmt"

	"github.com/seed27749672/arena/platform/store"
)

// QueueMatches queues n casual matches of an event at once, chosen as the
// scheduler chooses them, and returns their keys: a batch for a load test
// or a benchmark of the workers, whatever the scheduler keeps in flight.
func (p *Platform) QueueMatches(ctx context.Context, eventID int64, n int) ([]string, error) {
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	q, err := p.queue()
	if err != nil {
		return nil, err
	}
	pass, err := p.newSchedulePass(ctx, ev, nil)
	if err != nil {
		return nil, err
	}
	var keys []string
	for range n {
		a, ok, err := p.nextMatch(ctx, ev, nil, pass)
		if err != nil {
			return keys, err
		}
		if !ok {
			return keys, fmt.Errorf("event %d has no bot to play a match", eventID)
		}
		if _, err := q.Insert(ctx, a, nil); err != nil {
			return keys, err
		}
		keys = append(keys, a.Key)
	}
	return keys, nil
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
		for _, r := range rateMatch(m, cur) {
			cur[r.TeamID] = r
		}
	}
	return cur
}
