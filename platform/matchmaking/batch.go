package matchmaking

import (
	"context"
	"fmt"
)

// QueueMatches queues n casual matches of an event at once, chosen as the
// scheduler chooses them, and returns their keys: a batch for a load test
// or a benchmark of the workers, whatever the scheduler keeps in flight.
func (mk *Matchmaker) QueueMatches(ctx context.Context, eventID int64, n int) ([]string, error) {
	ev, err := mk.Events.Store.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	q, err := mk.Jobs.Client()
	if err != nil {
		return nil, err
	}
	pass, err := mk.newSchedulePass(ctx, ev, nil)
	if err != nil {
		return nil, err
	}
	var keys []string
	for range n {
		a, ok, err := mk.nextMatch(ctx, ev, nil, pass)
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
