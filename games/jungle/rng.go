package jungle

import (
	"encoding/binary"
	"encoding/hex"

	"github.com/seed27749672/arena/game"
)

// The game's independent random streams (spec §3.4): every random choice
// comes from the game seed, so a game replays exactly.
const (
	streamOrder = 1 // play orderings
	streamSpawn = 2 // spawn fallback
	streamIDs   = 3 // diamond and team ids
	streamMap   = 4 // map choice when none is given
)

// newStream returns stream p of a game seed: SplitMix64 started at
// seed XOR p*0x9E3779B97F4A7C15.
func newStream(seed uint64, p uint64) *game.SplitMix64 {
	return game.NewSplitMix64(seed ^ (p * 0x9E3779B97F4A7C15))
}

// shuffle is the reference's Fisher-Yates shuffle on our generator: for i
// from len-1 down to 1, j = next() mod (i+1), swap.
func shuffle[T any](r *game.SplitMix64, a []T) {
	for i := len(a) - 1; i > 0; i-- {
		j := int(r.Uint64() % uint64(i+1))
		a[i], a[j] = a[j], a[i]
	}
}

// newUUID draws a version-4-shaped UUID from two values of r.
func newUUID(r *game.SplitMix64) string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], r.Uint64())
	binary.BigEndian.PutUint64(b[8:], r.Uint64())
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var s [36]byte
	hex.Encode(s[0:8], b[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], b[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], b[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], b[8:10])
	s[23] = '-'
	hex.Encode(s[24:], b[10:])
	return string(s[:])
}

// playOrderings computes the team play order of every tick (spec §3.3):
// reshuffle the base list every n*n ticks, then rotate left by one each tick.
func playOrderings(seed uint64, teams, ticks int) [][]int {
	r := newStream(seed, streamOrder)
	base := make([]int, teams)
	for i := range base {
		base[i] = i
	}
	period := teams * teams
	cur := append([]int(nil), base...)
	out := make([][]int, ticks)
	for t := 0; t < ticks; t++ {
		if t%period == 0 {
			cur = append(cur[:0], base...)
			shuffle(r, cur)
		}
		cur = append(cur[1:], cur[0])
		out[t] = append([]int(nil), cur...)
	}
	return out
}
