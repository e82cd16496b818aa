package news

import "testing"

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
