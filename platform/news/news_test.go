package news

import (
	"context"
	"errors"
	"testing"

	"github.com/seed27749672/arena/platform/store"
)

func TestPublishReachesOnlyTheEventsFollowers(t *testing.T) {
	var h Hub
	a, cancelA := h.Subscribe(1)
	b, cancelB := h.Subscribe(2)
	defer cancelB()
	h.Publish(Change{Event: 1, What: Match, Match: 7})
	if c := <-a; c.Match != 7 || c.What != Match {
		t.Fatalf("got %+v", c)
	}
	select {
	case c := <-b:
		t.Fatalf("event 2's follower got event 1's change %+v", c)
	default:
	}
	cancelA()
	h.Publish(Change{Event: 1, What: Match}) // no follower left: nothing to block on
	if len(h.subs) != 1 {
		t.Fatalf("a cancelled follower is still held: %v", h.subs)
	}
}

// A follower that reads nothing never holds up the publisher.
func TestPublishNeverWaits(t *testing.T) {
	var h Hub
	_, cancel := h.Subscribe(1)
	defer cancel()
	for i := 0; i < 10*Buffer; i++ {
		h.Publish(Change{Event: 1, What: Match})
	}
}

func TestLiveMatches(t *testing.T) {
	var h Hub
	c, cancel := h.Subscribe(3)
	defer cancel()
	h.Started(3, Live{ID: "p-b", Kind: "final", Teams: []int64{1, 2}})
	h.Started(3, Live{ID: "p-a"})
	if l := h.LiveOf(3); len(l) != 2 || l[0].ID != "p-a" || l[1].Kind != "final" {
		t.Fatalf("live: %+v", l)
	}
	h.Ended(3, "p-b")
	if l := h.LiveOf(3); len(l) != 1 || l[0].ID != "p-a" {
		t.Fatalf("live after the end: %+v", l)
	}
	for _, want := range []string{LiveStart, LiveStart, LiveEnd} {
		if got := <-c; got.What != want {
			t.Fatalf("got %+v, want %s", got, want)
		}
	}
	var none *Hub
	none.Publish(Change{Event: 1})
	none.Started(1, Live{ID: "x"})
	if l := none.LiveOf(1); len(l) != 0 {
		t.Fatal(l)
	}
}

// fakeStore records nothing: it says what a store would.
type fakeStore struct {
	store.Store
	recorded bool
}

func (f fakeStore) RecordMatch(context.Context, store.Match, func(map[int64]store.Rating) []store.Rating) (bool, error) {
	return f.recorded, nil
}

func (f fakeStore) RecordMatchTx(context.Context, store.Match, func(map[int64]store.Rating) []store.Rating, func(store.Tx) error) (bool, error) {
	return f.recorded, nil
}

func (f fakeStore) SetLeague(context.Context, int64, int, int) (bool, error) { return f.recorded, nil }

func (f fakeStore) SuspendTeam(_ context.Context, ev, id int64, _ bool, _ string) (store.Team, error) {
	if !f.recorded {
		return store.Team{}, store.ErrNotFound
	}
	return store.Team{ID: id, EventID: ev}, nil
}

func (f fakeStore) Team(_ context.Context, id int64) (store.Team, error) {
	return store.Team{ID: id, EventID: 5}, nil
}

func (f fakeStore) UpdateEventState(_ context.Context, _ int64, _ string, update func([]byte) ([]byte, error)) ([]byte, error) {
	return update([]byte(`{"round":1}`))
}

// The store the rooms use tells of each match recorded (not of one
// recorded before: a job's second try) and each document changed.
func TestAnnouncedTellsOfWrites(t *testing.T) {
	var h Hub
	c, cancel := h.Subscribe(5)
	defer cancel()
	ctx := context.Background()
	Announced(fakeStore{recorded: false}, &h).RecordMatch(ctx, store.Match{EventID: 5}, nil)
	Announced(fakeStore{recorded: false}, &h).RecordMatchTx(ctx, store.Match{EventID: 5}, nil, nil)
	if len(c) != 0 {
		t.Fatalf("a match recorded before is told: %+v", <-c)
	}
	st := Announced(fakeStore{recorded: true}, &h)
	st.RecordMatch(ctx, store.Match{EventID: 5}, nil)
	st.RecordMatchTx(ctx, store.Match{EventID: 5}, nil, nil)
	st.UpdateEventState(ctx, 5, "doc", func(old []byte) ([]byte, error) { return old, nil }) // as it was
	st.UpdateEventState(ctx, 5, "doc", func([]byte) ([]byte, error) { return []byte(`{"round":2}`), nil })
	st.UpdateEventState(ctx, 5, "doc", func([]byte) ([]byte, error) { return nil, errors.New("refused") })
	st.SetLeague(ctx, 3, 1, 2)
	Announced(fakeStore{recorded: false}, &h).SetLeague(ctx, 3, 1, 2) // not moved: it was not in league 1
	st.SuspendTeam(ctx, 5, 3, true, "")
	Announced(fakeStore{recorded: false}, &h).SuspendTeam(ctx, 5, 3, true, "") // no such team
	if err := st.(store.Notifier).Notify(ctx, store.Change{Event: 5, What: store.ChangeFailed}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{Match, Match, State, State, State, Failed} {
		if got := <-c; got.What != want || got.Event != 5 {
			t.Fatalf("got %+v, want %s", got, want)
		}
	}
	if len(c) != 0 {
		t.Fatalf("told more: %+v", <-c)
	}
}

// What another process changed is passed on; a resync tells every
// followed event.
func TestHear(t *testing.T) {
	var h Hub
	a, cancelA := h.Subscribe(1)
	defer cancelA()
	b, cancelB := h.Subscribe(2)
	defer cancelB()
	h.Hear(store.Change{Event: 1, What: store.ChangeMatch, Match: 9})
	if c := <-a; c.What != Match || c.Match != 9 || len(b) != 0 {
		t.Fatalf("got %+v", c)
	}
	h.Hear(store.Change{What: store.ChangeResync})
	if ca, cb := <-a, <-b; ca.What != Resync || cb.What != Resync || ca.Event != 1 || cb.Event != 2 {
		t.Fatalf("got %+v %+v", ca, cb)
	}
}
