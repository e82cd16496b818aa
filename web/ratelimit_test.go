package web

import (
	"strconv"
	"testing"
	"time"
)

// BenchmarkAllowManyClients: the cost of one start request when n other
// addresses have started something lately (their buckets not full again).
// Compare n=20000 with n=100: with an amortised sweep the ratio is near 1;
// a full scan of the map on every call made it grow with n.
func BenchmarkAllowManyClients(b *testing.B) {
	for _, n := range []int{100, 20000} {
		b.Run("clients="+strconv.Itoa(n), func(b *testing.B) {
			now := time.Unix(1000, 0)
			c := clients{every: 1.0 / 60, burst: 3, now: func() time.Time { return now }}
			for i := range n {
				c.allow("10.0." + strconv.Itoa(i))
			}
			b.ResetTimer()
			for i := range b.N {
				c.allow("10.1." + strconv.Itoa(i%n))
			}
		})
	}
}

// Full buckets are still forgotten once the map is large; a map of recent
// clients is not swept again before it has doubled.
func TestClientsSweep(t *testing.T) {
	now := time.Unix(1000, 0)
	c := clients{every: 1, burst: 1, now: func() time.Time { return now }}
	for i := range minSweep {
		c.allow("a" + strconv.Itoa(i))
	}
	now = now.Add(time.Second) // every bucket is full again
	c.allow("b0")
	c.allow("b1") // the map is over minSweep: swept
	if len(c.buckets) != 2 {
		t.Fatalf("%d buckets after the sweep, want b0 and b1", len(c.buckets))
	}
	for i := range minSweep { // recent ones: nothing to forget
		c.allow("c" + strconv.Itoa(i))
	}
	if len(c.buckets) != minSweep+2 || c.sweepAt != 2*(minSweep+1) {
		t.Fatalf("%d buckets, next sweep at %d: want %d and %d", len(c.buckets), c.sweepAt, minSweep+2, 2*(minSweep+1))
	}
}
