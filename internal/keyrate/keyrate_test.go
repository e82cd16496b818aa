package keyrate

import (
	"strconv"
	"testing"
	"time"
)

// The rate is per key, and refills with time.
func TestRatePerKey(t *testing.T) {
	now := time.Unix(1000, 0)
	b := Buckets{Every: 1, Burst: 2, Now: func() time.Time { return now }} // one per second
	var got []bool
	for range 3 {
		got = append(got, b.Allow("a"))
	}
	if !got[0] || !got[1] || got[2] {
		t.Fatalf("a burst of 2: %v", got)
	}
	if !b.Allow("b") {
		t.Fatal("another key has its own bucket")
	}
	now = now.Add(time.Second)
	if !b.Allow("a") || b.Allow("a") {
		t.Fatal("one more per second")
	}
}

// Full buckets are forgotten once the map is large; a map of recent keys
// is not swept again before it has doubled.
func TestSweep(t *testing.T) {
	now := time.Unix(1000, 0)
	b := Buckets{Every: 1, Burst: 1, Now: func() time.Time { return now }}
	for i := range MinSweep {
		b.Allow("a" + strconv.Itoa(i))
	}
	now = now.Add(time.Second) // every bucket is full again
	b.Allow("b0")              // the map holds MinSweep: swept first
	if b.Len() != 1 {
		t.Fatalf("%d buckets after the sweep, want b0's", b.Len())
	}
	for i := range MinSweep { // recent ones: nothing to forget
		b.Allow("c" + strconv.Itoa(i))
	}
	if b.Len() != MinSweep+1 || b.sweepAt != 2*MinSweep {
		t.Fatalf("%d buckets, next sweep at %d: want %d and %d", b.Len(), b.sweepAt, MinSweep+1, 2*MinSweep)
	}
	// A key already held is never a reason to sweep.
	for range 10 {
		b.Allow("b0")
	}
	if b.Len() != MinSweep+1 {
		t.Fatalf("%d buckets", b.Len())
	}
}

// BenchmarkAllowManyKeys: the cost of one call from a new key when n other
// keys were seen lately (their buckets not full again). Compare n=20000
// with n=100: with the amortised sweep the ratio stays near 1; a full scan
// of the map on every call made it grow with n.
func BenchmarkAllowManyKeys(b *testing.B) {
	for _, n := range []int{100, 20000} {
		b.Run("keys="+strconv.Itoa(n), func(b *testing.B) {
			now := time.Unix(1000, 0)
			k := Buckets{Every: 1.0 / 60, Burst: 3, Now: func() time.Time { return now }}
			for i := range n {
				k.Allow("10.0." + strconv.Itoa(i))
			}
			b.ResetTimer()
			for i := range b.N {
				k.Allow("10.1." + strconv.Itoa(i%n))
			}
		})
	}
}
