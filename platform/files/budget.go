package files

import (
	"context"
	"sync"

	"github.com/seed27749672/arena/platform/store"
)

// ReplayBudget lets go of the replays of an event's casual games past its
// newest Settings.Kept(): the continuous games are many, and each replay
// is bounded (the stderr caps), so their number bounds what an event keeps
// on disk. Every other kind of game (promotion tests, ranked rounds,
// finals) keeps its replay. A game let go stays listed, with its result.
type ReplayBudget struct {
	Store   store.Store
	Replays Replays

	mu sync.Mutex
	// after is, by event, the newest match let go here: a pass lists only
	// those past it. After a restart, one pass goes over the old ones
	// again, removing what is already gone (no error).
	after map[int64]int64
}

// batch bounds one pass: a larger backlog (a lowered budget) goes in the
// passes that follow, one a match.
const batch = 500

// Recorded is told of each casual game the event records: it lets go of
// the replays past the event's budget.
func (b *ReplayBudget) Recorded(ctx context.Context, eventID int64) error {
	ev, err := b.Store.Event(ctx, eventID)
	if err != nil {
		return err
	}
	// one pass at a time: two would list and delete the same replays
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.after == nil {
		b.after = map[int64]int64{}
	}
	keys, err := b.Store.MatchKeysPast(ctx, eventID, store.KindCasual, ev.Settings.Kept(), b.after[eventID], batch)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if err := b.Replays.Delete(k.Key); err != nil {
			return err
		}
		b.after[eventID] = k.ID
	}
	return nil
}
