package news

import (
	"bytes"
	"context"

	"github.com/seed27749672/arena/platform/store"
)

// Announced is st telling h of each match it records and each event
// state document it changes: the platform's rooms use it, so that every
// write of this process reaches its pages, whichever room made it (a
// match job, a round drawn, a final's game, the results published, a
// team moved to another league).
func Announced(st store.Store, h *Hub) store.Store { return announced{st, h} }

type announced struct {
	store.Store
	hub *Hub
}

func (a announced) RecordMatch(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating) (bool, error) {
	recorded, err := a.Store.RecordMatch(ctx, m, rate)
	if recorded && err == nil {
		a.hub.Publish(Change{Event: m.EventID, What: Match})
	}
	return recorded, err
}

func (a announced) RecordMatchTx(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating, then func(store.Tx) error) (bool, error) {
	recorded, err := a.Store.RecordMatchTx(ctx, m, rate, then)
	if recorded && err == nil {
		a.hub.Publish(Change{Event: m.EventID, What: Match})
	}
	return recorded, err
}

// UpdateEventState tells of a document changed, not of one rewritten as
// it was (a clock's look that found nothing to do).
func (a announced) UpdateEventState(ctx context.Context, eventID int64, name string, update func([]byte) ([]byte, error)) ([]byte, error) {
	changed := false
	doc, err := a.Store.UpdateEventState(ctx, eventID, name, func(old []byte) ([]byte, error) {
		doc, err := update(old)
		changed = err == nil && !bytes.Equal(old, doc)
		return doc, err
	})
	if changed && err == nil {
		a.hub.Publish(Change{Event: eventID, What: State})
	}
	return doc, err
}

// SuspendTeam tells of a team suspended or let back: its event's tables
// and its pages change without a match.
func (a announced) SuspendTeam(ctx context.Context, eventID, teamID int64, suspended bool, reason string) (store.Team, error) {
	t, err := a.Store.SuspendTeam(ctx, eventID, teamID, suspended, reason)
	if err == nil {
		a.hub.Publish(Change{Event: eventID, What: State})
	}
	return t, err
}

// SetLeague tells of a team moved to another league (a promotion): its
// event's leaderboards change without a match.
func (a announced) SetLeague(ctx context.Context, teamID int64, from, to int) (bool, error) {
	moved, err := a.Store.SetLeague(ctx, teamID, from, to)
	if moved && err == nil {
		if t, err := a.Store.Team(ctx, teamID); err == nil {
			a.hub.Publish(Change{Event: t.EventID, What: State})
		}
	}
	return moved, err
}

// Notify implements store.Notifier: this process's pages hear of c, and
// the other processes' too when the store is shared.
func (a announced) Notify(ctx context.Context, c store.Change) error {
	a.hub.Hear(c)
	if n, ok := a.Store.(store.Notifier); ok {
		return n.Notify(ctx, c)
	}
	return nil
}
