package play

import (
	"context"
	"sync"
)

// coreGate hands out a machine's cores to matches, as a weighted
// semaphore whose waiters are served in order, except that a test game
// (queue.Match.First) goes before every rated game waiting: River hands
// the worker a test game first, and without this it would then wait
// behind the rated games already waiting for cores (on a 16-core
// machine, up to 8 of them). The head waiter is never passed over by a
// smaller one behind it, so a match of many bots is never starved.
type coreGate struct {
	mu      sync.Mutex
	size    int64
	used    int64
	waiters []*coreWaiter // the test games first, then in order of arrival
}

type coreWaiter struct {
	n     int64
	first bool
	ready chan struct{} // closed once its cores are its own
}

func newCoreGate(size int64) *coreGate { return &coreGate{size: size} }

// Acquire waits for n cores (first: ahead of the waiters that are not),
// or for ctx's end, which is its error (nothing is then held).
func (g *coreGate) Acquire(ctx context.Context, n int64, first bool) error {
	g.mu.Lock()
	if len(g.waiters) == 0 && g.used+n <= g.size {
		g.used += n
		g.mu.Unlock()
		return nil
	}
	w := &coreWaiter{n: n, first: first, ready: make(chan struct{})}
	at := len(g.waiters)
	if first {
		at = 0
		for at < len(g.waiters) && g.waiters[at].first {
			at++
		}
	}
	g.waiters = append(g.waiters[:at], append([]*coreWaiter{w}, g.waiters[at:]...)...)
	g.mu.Unlock()
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	select {
	case <-w.ready: // granted meanwhile: given back
		g.used -= n
		g.grant()
	default:
		for i, o := range g.waiters {
			if o == w {
				g.waiters = append(g.waiters[:i], g.waiters[i+1:]...)
				break
			}
		}
		g.grant() // a large waiter gone may let smaller ones through
	}
	return ctx.Err()
}

// TryAcquire takes n cores if they are free and none waits.
func (g *coreGate) TryAcquire(n int64) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.waiters) > 0 || g.used+n > g.size {
		return false
	}
	g.used += n
	return true
}

// Release gives n cores back.
func (g *coreGate) Release(n int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.used -= n
	g.grant()
}

// grant hands cores to the waiters at the head while they fit.
func (g *coreGate) grant() {
	for len(g.waiters) > 0 && g.used+g.waiters[0].n <= g.size {
		w := g.waiters[0]
		g.waiters = g.waiters[1:]
		g.used += w.n
		close(w.ready)
	}
}

// waiting is how many wait (the tests').
func (g *coreGate) waiting() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiters)
}
