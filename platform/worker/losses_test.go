package worker

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/store"
)

// machines is a fake list of workers: their last beats, read as the
// pool's Workers reads them.
type machines struct {
	mu   sync.Mutex
	seen map[string]time.Time
	fail bool
}

func (m *machines) beat(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.seen[id] = time.Now()
}

func (m *machines) list(context.Context) ([]WorkerStatus, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return nil, errors.New("the database is away")
	}
	var out []WorkerStatus
	for id, seen := range m.seen {
		w := store.Worker{ID: id, Seen: seen, Every: time.Second}
		out = append(out, WorkerStatus{Worker: w, Alive: alive(w, time.Now()), LostAt: lostAt(w)})
	}
	return out, nil
}

// A worker that stops beating is told lost once, when its lost_at comes
// (six beats after its last), while one that beats on is never told; a
// read that fails is tried again.
func TestALostWorkerIsTold(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m := &machines{seen: map[string]time.Time{}}
		m.beat("steady")
		m.beat("quitter")
		start := time.Now()
		changes := make(chan news.Change, 1)
		var told []time.Duration
		ctx, cancel := context.WithCancel(t.Context())
		go watchLosses(ctx, changes, m.list, func() { told = append(told, time.Since(start)) })
		for range 20 { // the steady one beats every second for 20 s
			time.Sleep(time.Second)
			m.beat("steady")
		}
		synctest.Wait()
		if len(told) != 1 || told[0] < 6*time.Second || told[0] > 7*time.Second {
			t.Fatalf("the quitter (last beat at 0 s, lost at 6 s) was told lost at %v", told)
		}
		// the steady one stops too; its first read after its lost_at
		// fails, the next one tells it
		m.mu.Lock()
		m.fail = true
		m.mu.Unlock()
		time.Sleep(6*time.Second + 200*time.Millisecond)
		synctest.Wait()
		m.mu.Lock()
		m.fail = false
		m.mu.Unlock()
		time.Sleep(retryLosses)
		synctest.Wait()
		if len(told) != 2 {
			t.Fatalf("the steady one, silent since 20 s, was not told lost after a failed read: %v", told)
		}
		// a worker that starts beating is heard through a change, and
		// its loss is told in its turn
		m.beat("newcomer")
		changes <- news.Change{Event: news.Machines, What: news.Workers}
		time.Sleep(7 * time.Second)
		synctest.Wait()
		if len(told) != 3 || told[2]-told[1] < 6*time.Second {
			t.Fatalf("the newcomer's loss: told at %v", told)
		}
		cancel()
	})
}
