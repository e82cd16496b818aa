package web

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// clients holds one token bucket per client address: how many matches it
// may start (Limits.StartsPerMinute, StartBurst). Buckets that are full
// again are forgotten, so the map stays within twice the set of clients
// that started something lately.
type clients struct {
	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	every   rate.Limit
	burst   int
	now     func() time.Time // a test's clock
	// sweepAt is the size of the map that calls for the next sweep: twice
	// what the last sweep kept. A sweep costs the size of the map, and
	// comes only after as many new addresses: an attacker with many
	// addresses, all of them recent, cannot make every request scan them.
	sweepAt int
}

// minSweep is the size of the map below which nothing is swept.
const minSweep = 4096

func (c *clients) allow(addr string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if c.buckets == nil {
		c.buckets = map[string]*rate.Limiter{}
	}
	if len(c.buckets) > max(c.sweepAt, minSweep) {
		for k, b := range c.buckets {
			if b.TokensAt(now) >= float64(c.burst) {
				delete(c.buckets, k)
			}
		}
		c.sweepAt = 2 * len(c.buckets)
	}
	b, ok := c.buckets[addr]
	if !ok {
		b = rate.NewLimiter(c.every, c.burst)
		c.buckets[addr] = b
	}
	return b.AllowN(now, 1)
}

// allowStart takes one match start from a client's bucket.
func (s *Server) allowStart(addr string) bool {
	return s.starts.allow(addr)
}
