package matchmaking

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/seed27749672/arena/tournament/ladder"
)

// The pairing of rated games, one game at a time (a scheduling pass
// plans several before any ends: planned counts them):
//
//   - Placement. While the team whose rating is least certain (the
//     largest sigma, discounted by its planned games; a new submission
//     first) has played fewer than Placement games, it plays opponents
//     spread over the whole ladder, game after game at other heights (a
//     golden-ratio walk over the ranks): a new player's first games place
//     it wherever it belongs, not only near the default rating.
//   - Exploration. Otherwise, one game in Explore (drawn from the game's
//     seed), that team meets opponents drawn from anywhere in the ladder:
//     a team misrated by bad luck (a loaded machine's timeouts) meets the
//     teams it would beat or lose to, and no team plays one opponent for
//     long.
//   - Information. Otherwise, the game the leaderboard learns most from:
//     the two teams whose order it is least sure of, the chance that
//     their order is wrong (their mu apart, against the uncertainty of
//     that difference) times that uncertainty, divided by 1 + their
//     planned games; a game of more seats adds, one by one, the team most
//     uncertain against those already seated. The uncertainty of a
//     difference is the leaderboard's fit's (fit.go): it falls as the two
//     teams meet, directly or through common opponents, not with every
//     game each plays.
//
// BenchmarkConvergence measures it against a plain round robin.
const (
	Placement = 5
	Explore   = 8 // one game in 8 explores
)

// diffVar is the variance of the difference of two bots' mus.
type diffVar func(a, b int) float64

// sigmas is the variance of a difference of two independent ratings.
func sigmas(bots []ladder.Bot) diffVar {
	return func(a, b int) float64 {
		ra, rb := bots[a].Rating, bots[b].Rating
		return ra.Sigma*ra.Sigma + rb.Sigma*rb.Sigma
	}
}

// choose picks the seats of a rated game of size among bots (size at
// most len(bots)), drawing from seed, and counts the game in planned;
// v is the uncertainty of the bots' differences.
func choose(bots []ladder.Bot, size int, planned []int, seed int64, v diffVar) []int {
	rng := rand.New(rand.NewPCG(uint64(seed), 7))
	lead := leadOf(bots, planned)
	var group []int
	switch {
	case bots[lead].Games < Placement:
		group = append([]int{lead}, spread(bots, without(bots, lead), size-1, bots[lead].Games, planned)...)
	case rng.IntN(Explore) == 0:
		others := without(bots, lead)
		rng.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
		group = append([]int{lead}, others[:size-1]...)
	default:
		group = leastSure(bots, size, planned, v)
	}
	for _, b := range group {
		planned[b]++
	}
	return group
}

// leadOf is the bot whose rating is least certain, discounted by its
// planned games; fewer games first among equal sigmas.
func leadOf(bots []ladder.Bot, planned []int) int {
	lead, best := 0, math.Inf(-1)
	for i, b := range bots {
		if v := b.Rating.Sigma/float64(1+planned[i]) - 1e-9*float64(b.Games); v > best {
			lead, best = i, v
		}
	}
	return lead
}

// without are the indices of bots but i.
func without(bots []ladder.Bot, i int) []int {
	out := make([]int, 0, len(bots)-1)
	for j := range bots {
		if j != i {
			out = append(out, j)
		}
	}
	return out
}

// spread picks n of others at heights of the ladder that move with the
// lead's game count: the k-th placement game starts at the fraction
// k·φ mod 1 of the ladder (ordered by rating), the seats after it evenly
// beyond; from each height, the first bot with the fewest games planned
// (a pass's games spread over the teams).
func spread(bots []ladder.Bot, others []int, n, k int, planned []int) []int {
	byRating := slices.Clone(others)
	slices.SortStableFunc(byRating, func(a, b int) int {
		return cmp.Compare(bots[b].Rating.Ordinal(), bots[a].Rating.Ordinal())
	})
	const phi = 0.6180339887498949
	start := math.Mod(float64(k)*phi, 1)
	var out []int
	for s := 0; len(out) < n; s++ {
		at := int(math.Mod(start+float64(s)/float64(n), 1) * float64(len(byRating)))
		best := -1
		for d := range byRating {
			c := byRating[(at+d)%len(byRating)]
			if !slices.Contains(out, c) && (best < 0 || planned[c] < planned[best]) {
				best = c
			}
		}
		out = append(out, best)
	}
	return out
}

// unsure is how much a game between bots a and b would teach the
// leaderboard (see the pairing above).
func unsure(bots []ladder.Bot, planned []int, v diffVar, a, b int) float64 {
	spread := max(v(a, b), 1e-12)
	wrong := 0.5 * math.Erfc(math.Abs(bots[a].Rating.Mu-bots[b].Rating.Mu)/math.Sqrt(spread)/math.Sqrt2)
	return wrong * spread / float64(1+planned[a]+planned[b])
}

// leastSure seats the pair the leaderboard is least sure of, then the
// bots most unsure against those seated.
func leastSure(bots []ladder.Bot, size int, planned []int, dv diffVar) []int {
	best, group := -1.0, []int{0, 1}
	for a := range bots {
		for b := a + 1; b < len(bots); b++ {
			if v := unsure(bots, planned, dv, a, b); v > best {
				best, group = v, []int{a, b}
			}
		}
	}
	for len(group) < size {
		best, next := -1.0, -1
		for c := range bots {
			if slices.Contains(group, c) {
				continue
			}
			v := 0.0
			for _, s := range group {
				v += unsure(bots, planned, dv, c, s)
			}
			if v > best {
				best, next = v, c
			}
		}
		group = append(group, next)
	}
	return group
}
