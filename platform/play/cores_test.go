package play

import (
	"context"
	"testing"
	"time"
)

// A test game waiting for cores goes before the rated games that waited
// first; games of a kind keep their order; a waiter that gives up holds
// nothing and lets the next through.
func TestATestGameTakesTheCoresFirst(t *testing.T) {
	ctx := context.Background()
	g := newCoreGate(2)
	if err := g.Acquire(ctx, 2, false); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 4)
	wait := func(name string, first bool, n int) {
		go func() {
			if err := g.Acquire(ctx, 2, first); err != nil {
				t.Error(err)
			}
			got <- name
		}()
		for deadline := time.Now().Add(time.Minute); g.waiting() != n; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s is not waiting", name)
			}
		}
	}
	wait("rated 1", false, 1)
	wait("rated 2", false, 2)
	wait("test 1", true, 3)
	wait("test 2", true, 4)
	var order []string
	for range 4 {
		g.Release(2)
		order = append(order, <-got)
	}
	want := []string{"test 1", "test 2", "rated 1", "rated 2"}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("served in the order %v, want %v", order, want)
		}
	}
	// a waiter that gives up holds nothing, and the one behind it plays
	stop, cancel := context.WithCancel(ctx)
	gaveUp := make(chan error, 1)
	go func() { gaveUp <- g.Acquire(stop, 2, true) }()
	for deadline := time.Now().Add(time.Minute); g.waiting() != 1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("not waiting")
		}
	}
	wait("rated 3", false, 2)
	cancel()
	if err := <-gaveUp; err == nil {
		t.Fatal("a cancelled wait took the cores")
	}
	g.Release(2)
	if name := <-got; name != "rated 3" {
		t.Fatalf("%s played", name)
	}
	g.Release(2)
	if err := g.Acquire(ctx, 2, false); err != nil || g.used != 2 {
		t.Fatalf("the cores are not all back: used %d, %v", g.used, err)
	}
}
