package game

import "math/rand/v2"

// SplitMix64 is the SplitMix64 generator (Steele, Lea, Flood 2014). Several
// game specifications name it so that their random draws are reproducible in
// any language. It implements math/rand/v2's Source.
type SplitMix64 struct{ state uint64 }

// NewSplitMix64 returns a generator whose state starts at seed.
func NewSplitMix64(seed uint64) *SplitMix64 { return &SplitMix64{state: seed} }

// Uint64 returns the next value.
func (s *SplitMix64) Uint64() uint64 {
	s.state += 0x9E3779B97F4A7C15
	z := s.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// NewRand returns a PCG-based generator for one independent stream of a
// match: the same (seed, stream) always gives the same draws.
func NewRand(seed int64, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), stream^0x9E3779B97F4A7C15))
}

// BotSeed derives the seed of the builtin bot in seat p from the match seed,
// so that builtins are reproducible but do not share draws.
func BotSeed(matchSeed int64, p int) int64 {
	s := NewSplitMix64(uint64(matchSeed) ^ (uint64(p+1) * 0xD1B54A32D192ED03))
	return int64(s.Uint64() >> 1)
}
