package matchmaking

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/ladder"
	"github.com/seed27749672/arena/tournament/openskill"
)

// BenchmarkConvergence: how many rated games the leaderboard needs to
// find the true order of 16 bots of graded strength, with the
// platform's pairing (choose, in passes of 4 games planned together as
// the scheduler plans them) and with a plain round robin (every pair in
// turn), both rated by the platform's RateMatch and ranked as the
// leaderboard ranks (mu - 3 sigma). A game's winner is drawn from the
// bots' true strengths (Bradley-Terry: neighbours 60/40, the ends
// 99.8/0.2), so that the figure is the pairing's and the rating's, not a
// game's noise; the pairing the scheduler used before (closest-mean,
// ladder.ChooseAfter) is measured beside them. Reported, averaged over runs: Kendall's tau between the
// leaderboard and the true order after 60, 120, 240, 480 and 960 games
// (tau-N), and the games each needs until the average tau first reaches
// 0.9 (games-to-0.9), their ratio (pairing-share-of-rr), and for the
// pairing, the largest share of one bot's first 480 games played against
// one opponent (pairing-most-one-opponent).
func BenchmarkConvergence(b *testing.B) {
	const bots, runs, most = 16, 100, 1200
	checkpoints := []int{60, 120, 240, 480, 960}
	for range b.N {
		need := map[string]int{}
		for _, how := range []struct {
			name string
			play func(rng *rand.Rand) []float64
		}{
			{"pairing", func(rng *rand.Rand) []float64 { return simulate(bots, most, rng, pairingGames) }},
			{"round-robin", func(rng *rand.Rand) []float64 { return simulate(bots, most, rng, roundRobinGames) }},
			{"closest-mean", func(rng *rand.Rand) []float64 { return simulate(bots, most, rng, closestMeanGames) }},
		} {
			mean := make([]float64, most)
			for r := range runs {
				for g, tau := range how.play(rand.New(rand.NewPCG(uint64(r), 99))) {
					mean[g] += tau / runs
				}
			}
			for _, c := range checkpoints {
				b.ReportMetric(mean[c-1], fmt.Sprintf("%s-tau-%d", how.name, c))
			}
			need[how.name] = firstAt(mean, 0.9)
			b.ReportMetric(float64(need[how.name]), how.name+"-games-to-0.9")
		}
		b.ReportMetric(float64(need["pairing"])/float64(need["round-robin"]), "pairing-share-of-rr")
		b.ReportMetric(recovery(bots, pairingGames, false), "pairing-misrated-games-to-top3")
		b.ReportMetric(recovery(bots, closestMeanGames, false), "closest-mean-misrated-games-to-top3")
		b.ReportMetric(recovery(bots, pairingGames, true), "pairing-resubmitted-games-to-top3")
		b.ReportMetric(mostOneOpponent(bots, 480), "pairing-most-one-opponent")
	}
}

// mostOneOpponent plays games games of the pairing and returns the
// largest share of one bot's games played against one opponent.
func mostOneOpponent(n, games int) float64 {
	pairs := map[[2]int]int{}
	per := make([]int, n)
	rng := rand.New(rand.NewPCG(1, 99))
	record := func(g [2]int) {
		pairs[g]++
		pairs[[2]int{g[1], g[0]}]++
		per[g[0]]++
		per[g[1]]++
	}
	simulateWith(n, games, rng, pairingGames, record)
	most := 0.0
	for p, k := range pairs {
		most = max(most, float64(k)/float64(per[p[0]]))
	}
	return most
}

// recovery: on a settled ladder (sigma 2, 50 games each, the ratings in
// the true order), the truly best bot starts below the weakest (a strong
// bot that timed out in its first games); it is the mean over runs of
// the games the event plays until that bot ranks in the top 3 (2000 when
// it never does). With resubmitted, the bot has just submitted again: a
// new player, whose rating starts again (mu 25, sigma 8.33, no games).
func recovery(n int, next games, resubmitted bool) float64 {
	const runs, most = 40, 2000
	total := 0
	for r := range runs {
		rng := rand.New(rand.NewPCG(uint64(r), 7))
		ratings := make([]store.Rating, n)
		for i := range ratings {
			ratings[i] = store.Rating{TeamID: int64(i + 1), Mu: 30 - 0.8*float64(i), Sigma: 2, Games: 50}
		}
		ratings[0].Mu = ratings[n-1].Mu - 2
		if resubmitted {
			d := openskill.Default().New()
			ratings[0] = store.Rating{TeamID: 1, Mu: d.Mu, Sigma: d.Sigma}
		}
		played := most
		for g := 0; g < most && played == most; {
			for _, pair := range next(rng, ratings, g) {
				playOne(rng, ratings, pair)
				g++
				if rankOf(ratings, 0) < 3 {
					played = g
					break
				}
			}
		}
		total += played
	}
	return float64(total) / runs
}

// rankOf is bot i's place on the leaderboard (0: first).
func rankOf(ratings []store.Rating, i int) int {
	above := 0
	for j, r := range ratings {
		if j != i && r.Mu-3*r.Sigma > ratings[i].Mu-3*ratings[i].Sigma {
			above++
		}
	}
	return above
}

// firstAt is the number of games after which taus first reaches want
// (len(taus)+1 when it never does).
func firstAt(taus []float64, want float64) int {
	for g, tau := range taus {
		if tau >= want {
			return g + 1
		}
	}
	return len(taus) + 1
}

// games plans the next games (pairs of bot indices) from the ratings.
type games func(rng *rand.Rand, ratings []store.Rating, played int) [][2]int

// pairingGames are a pass of 4 games of the platform's pairing.
func pairingGames(rng *rand.Rand, ratings []store.Rating, _ int) [][2]int {
	bots := make([]ladder.Bot, len(ratings))
	for i, r := range ratings {
		bots[i] = ladder.Bot{Rating: openskill.Rating{Mu: r.Mu, Sigma: r.Sigma}, Games: r.Games}
	}
	planned := make([]int, len(bots))
	var out [][2]int
	for range 4 {
		g := choose(bots, 2, planned, rng.Int64())
		out = append(out, [2]int{g[0], g[1]})
	}
	return out
}

// closestMeanGames are a pass of 4 games as the scheduler paired them
// before: the least certain bot against the closest mean
// (ladder.ChooseAfter, which arena ladder uses).
func closestMeanGames(_ *rand.Rand, ratings []store.Rating, _ int) [][2]int {
	bots := make([]ladder.Bot, len(ratings))
	for i, r := range ratings {
		bots[i] = ladder.Bot{Rating: openskill.Rating{Mu: r.Mu, Sigma: r.Sigma}, Games: r.Games}
	}
	planned := make([]int, len(bots))
	var out [][2]int
	for range 4 {
		g := ladder.ChooseAfter(bots, 2, planned)
		out = append(out, [2]int{g[0], g[1]})
	}
	return out
}

// roundRobinGames is the next pair of a round robin, all pairs in turn.
func roundRobinGames(_ *rand.Rand, ratings []store.Rating, played int) [][2]int {
	n := len(ratings)
	k := played % (n * (n - 1) / 2)
	for i := range n {
		for j := i + 1; j < n; j++ {
			if k == 0 {
				return [][2]int{{i, j}}
			}
			k--
		}
	}
	return nil
}

// simulate plays games games between n bots whose true strengths fall
// from bot 0 down (bot i beats bot j with probability 1 / (1 + 1.5^(i-j))),
// and returns the leaderboard's Kendall tau after each game.
func simulate(n, games int, rng *rand.Rand, next games) []float64 {
	return simulateWith(n, games, rng, next, func([2]int) {})
}

// simulateWith is simulate, telling played of each game.
func simulateWith(n, games int, rng *rand.Rand, next games, played func([2]int)) []float64 {
	ratings := make([]store.Rating, n)
	for i := range ratings {
		d := openskill.Default().New()
		ratings[i] = store.Rating{TeamID: int64(i + 1), Mu: d.Mu, Sigma: d.Sigma}
	}
	var taus []float64
	for len(taus) < games {
		for _, g := range next(rng, ratings, len(taus)) {
			played(g)
			playOne(rng, ratings, g)
			taus = append(taus, kendallTau(ratings))
			if len(taus) == games {
				break
			}
		}
	}
	return taus
}

// playOne plays a game between bots g[0] and g[1] (bot i beats bot j
// with probability 1 / (1 + 1.5^(i-j))) and rates it.
func playOne(rng *rand.Rand, ratings []store.Rating, g [2]int) {
	i, j := g[0], g[1]
	ranks := []int{2, 1}
	if rng.Float64() < 1/(1+math.Pow(1.5, float64(i-j))) {
		ranks = []int{1, 2}
	}
	cur := map[int64]store.Rating{ratings[i].TeamID: ratings[i], ratings[j].TeamID: ratings[j]}
	for _, r := range RateMatch(store.Match{Teams: []int64{ratings[i].TeamID, ratings[j].TeamID}, Ranks: ranks}, cur) {
		ratings[r.TeamID-1] = r
	}
}

// kendallTau compares the leaderboard's order (mu - 3 sigma) with the
// true one (bot 0 first).
func kendallTau(ratings []store.Rating) float64 {
	order := make([]int, len(ratings))
	for i := range order {
		order[i] = i
	}
	score := func(i int) float64 { return ratings[i].Mu - 3*ratings[i].Sigma }
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case score(a) > score(b):
			return -1
		case score(a) < score(b):
			return 1
		}
		return 0
	})
	pos := make([]int, len(order))
	for p, i := range order {
		pos[i] = p
	}
	concordant, discordant := 0, 0
	for i := range pos {
		for j := i + 1; j < len(pos); j++ {
			if pos[i] < pos[j] {
				concordant++
			} else {
				discordant++
			}
		}
	}
	return float64(concordant-discordant) / float64(concordant+discordant)
}
