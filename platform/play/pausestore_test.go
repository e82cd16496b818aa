package play

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
)

// fileStore is a store of files alone, which counts the files it reads;
// fail makes its writes fail.
type fileStore struct {
	store.Store
	files map[string][]byte
	reads int
	fail  bool
}

func (s *fileStore) File(_ context.Context, name string) ([]byte, error) {
	s.reads++
	b, ok := s.files[name]
	if !ok {
		return nil, store.ErrNotFound
	}
	return b, nil
}

func (s *fileStore) PutFile(_ context.Context, name string, data []byte) error {
	if s.fail {
		return errors.New("disk full")
	}
	s.files[name] = data
	return nil
}

func (s *fileStore) DeleteFile(_ context.Context, name string) error {
	if s.fail {
		return errors.New("disk full")
	}
	delete(s.files, name)
	return nil
}

// lockHolding is a jobs lock taken and let go by hand (queue.Jobs.Alone).
type lockHolding struct {
	holding uint64
	held    bool
}

func (l *lockHolding) alone() (uint64, bool) { return l.holding, l.held }

// TestPausesAreReadOnceWhileAlone: a process that alone plays the
// matches (it holds the jobs lock of a database no other machine shares)
// reads each pause file once, and sees every pause it sets or lifts
// itself; a process that is not alone reads the file at every question,
// and so sees another machine's pauses; a pause another process set while
// this one did not hold the lock is seen once it holds it again; a write
// that failed leaves the file to be read again.
func TestPausesAreReadOnceWhileAlone(t *testing.T) {
	ctx := context.Background()
	fs := &fileStore{files: map[string][]byte{}}
	lock := &lockHolding{holding: 1, held: true}
	p := &Player{Events: &event.Events{Store: fs}, Alone: lock.alone}
	other := &Player{Events: &event.Events{Store: fs}} // another machine's: never alone
	asks := func(who *Player, sub int64, want bool) {
		t.Helper()
		if got := who.Paused(ctx, sub); got != want {
			t.Fatalf("submission %d paused: %v, want %v", sub, got, want)
		}
	}
	reads := func(what string, want int) {
		t.Helper()
		if fs.reads != want {
			t.Fatalf("%s: %d reads of the store, want %d", what, fs.reads, want)
		}
		fs.reads = 0
	}

	// alone: read once, then known
	for range 3 {
		asks(p, 7, false)
	}
	reads("three questions about one submission", 1)
	now := time.Now()
	p.pause(ctx, 7, now)
	p.pauses.forget(7) // as after a restart of the process: only the store says it
	asks(p, 7, true)
	asks(other, 7, true)
	reads("a pause set here", 1) // the other process's
	p.resume(ctx, 7)
	asks(p, 7, false)
	asks(other, 7, false)
	reads("a pause lifted here", 1)

	// not alone: every question reads the store
	lock.held = false
	asks(p, 8, false)
	other.pause(ctx, 8, now) // another process, the lock let go
	asks(p, 8, true)
	reads("questions while not alone", 2)

	// alone again, in a new holding: what was known before is read again
	lock.holding, lock.held = 2, true
	asks(p, 9, false)
	lock.holding = 3         // let go and taken again, with no question between
	other.pause(ctx, 9, now) // by another process, meanwhile
	fs.reads = 0
	asks(p, 9, true)
	asks(p, 9, true)
	reads("a new holding of the lock", 1)

	// a write that failed is not taken as done: the file is read again
	fs.fail = true
	p.resume(ctx, 9)
	fs.fail = false
	fs.reads = 0
	asks(p, 9, true)
	reads("after a failed write", 1)
}
