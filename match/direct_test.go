package match

import (
	"context"
	"testing"
	"time"
)

// pollingRunner returns a runner polling in a goroutine (pollWait, for an
// hour) and a channel closed when pollWait returns.
func pollingRunner(t *testing.T, ctx context.Context) (*runner, <-chan struct{}) {
	t.Helper()
	r := &runner{events: make(chan event, 4), quit: make(chan struct{}), wake: -1}
	if !r.openWake(ctx) {
		t.Skip("no eventfd")
	}
	t.Cleanup(r.closeWake)
	done := make(chan struct{})
	go func() {
		r.pollWait(ctx, time.Hour)
		close(done)
	}()
	for !r.polling.Load() {
		select {
		case <-done:
			t.Fatal("pollWait returned before it polled")
		case <-time.After(time.Millisecond):
		}
	}
	return r, done
}

// An event posted while the runner polls the outputs wakes it.
func TestPollWaitWokenByPost(t *testing.T) {
	r, done := pollingRunner(t, context.Background())
	r.post(event{kind: evSent}, nil)
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the runner was not woken by an event")
	}
	if r.polling.Load() {
		t.Error("still marked polling")
	}
}

// The end of the match's context wakes it too.
func TestPollWaitWokenByCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	_, done := pollingRunner(t, ctx)
	cancel()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the runner was not woken by the context's end")
	}
}

// An event posted before the runner polls is not waited past.
func TestPollWaitSeesPostedEvent(t *testing.T) {
	r := &runner{events: make(chan event, 4), quit: make(chan struct{}), wake: -1}
	if !r.openWake(context.Background()) {
		t.Skip("no eventfd")
	}
	defer r.closeWake()
	r.post(event{kind: evSent}, nil)
	done := make(chan struct{})
	go func() {
		r.pollWait(context.Background(), time.Hour)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the runner waited with an event in its channel")
	}
}
