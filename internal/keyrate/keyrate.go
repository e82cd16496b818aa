// Package keyrate holds one token bucket per key (a client address): how
// often each may do something. Buckets that are full again are forgotten,
// at a cost that stays constant per call however many keys there are.
package keyrate

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Buckets are token buckets by key, each refilled at Every per second up
// to Burst. The zero value (with Every and Burst set) is ready; it is safe
// for concurrent use.
type Buckets struct {
	Every rate.Limit
	Burst int
	Now   func() time.Time // nil: time.Now (a test's clock otherwise)

	mu sync.Mutex
	m  map[string]*rate.Limiter
	// sweepAt is the size of the map that calls for the next sweep of the
	// full buckets: twice what the last sweep kept. A sweep costs the size
	// of the map and comes only after as many new keys, so an attacker with
	// many addresses, all of them recent, cannot make every call scan them
	// (the map stays within twice the keys seen lately).
	sweepAt int
}

// MinSweep is the size of the map below which nothing is swept.
const MinSweep = 4096

// Allow takes a token from key's bucket, if it has one.
func (b *Buckets) Allow(key string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now()
	if b.Now != nil {
		now = b.Now()
	}
	if b.m == nil {
		b.m = map[string]*rate.Limiter{}
	}
	l, ok := b.m[key]
	if !ok {
		if len(b.m) >= max(b.sweepAt, MinSweep) {
			b.sweep(now)
		}
		l = rate.NewLimiter(b.Every, b.Burst)
		b.m[key] = l
	}
	return l.AllowN(now, 1)
}

// sweep forgets the buckets that are full again: their keys start afresh.
func (b *Buckets) sweep(now time.Time) {
	for k, l := range b.m {
		if l.TokensAt(now) >= float64(b.Burst) {
			delete(b.m, k)
		}
	}
	b.sweepAt = 2 * len(b.m)
}

// Len is the number of buckets held.
func (b *Buckets) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.m)
}
