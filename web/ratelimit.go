package web

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// clients holds one token bucket per client address: how many matches it
// may start (Limits.StartsPerMinute, StartBurst). Buckets that are full
// again are forgotten, so the map stays as small as the set of clients
// that started something lately.
type clients struct {
	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	every   rate.Limit
	burst   int
	now     func() time.Time // a test's clock
}

func (c *clients) allow(addr string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if c.buckets == nil {
		c.buckets = map[string]*rate.Limiter{}
	}
	if len(c.buckets) > 4096 {
		for k, b := range c.buckets {
			if b.TokensAt(now) >= float64(c.burst) {
				delete(c.buckets, k)
			}
		}
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
