package tracks

import (
	"math/rand/v2"

	"github.com/seed27749672/arena/game"
)

// genRand is what the map generator draws from. The rules (§2) describe
// every draw through these calls, so a Java-compatible source (CodinGame's
// SHA1PRNG, Appendix A of the rules) can be plugged in later without
// touching the generator.
type genRand interface {
	// IntRange returns a uniform integer in [lo, hi).
	IntRange(lo, hi int) int
	// Float returns a uniform float in [0, 1).
	Float() float64
	// Coin returns a fair boolean.
	Coin() bool
}

// pcgRand is the default source: PCG seeded by the match seed.
type pcgRand struct{ r *rand.Rand }

func newGenRand(seed int64) genRand { return pcgRand{game.NewRand(seed, 0x7ac6)} }

// IntRange returns a uniform integer in [lo, hi).
func (p pcgRand) IntRange(lo, hi int) int { return lo + p.r.IntN(hi-lo) }

// Float returns a uniform float in [0, 1).
func (p pcgRand) Float() float64 { return p.r.Float64() }

// Coin returns a fair boolean.
func (p pcgRand) Coin() bool { return p.r.Uint64()&1 == 1 }

// shuffle is Fisher–Yates as the rules state it: for i = n−1 down to 1,
// swap(i, randInt(0, i+1)).
func shuffle[T any](r genRand, s []T) {
	for i := len(s) - 1; i >= 1; i-- {
		j := r.IntRange(0, i+1)
		s[i], s[j] = s[j], s[i]
	}
}
