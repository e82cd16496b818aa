package matchmaking

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/ladder"
	"github.com/seed27749672/arena/tournament/openskill"
)

// BenchmarkConvergence: how many rated games the leaderboard needs to
// find the true order of 16 bots of graded strength, with the
// platform's pairing (choose, in passes of 4 games planned together as
// the scheduler plans them) and with a plain round robin, both rated by
// the platform's RateMatch and ranked as the leaderboard ranks
// (mu - 3 sigma). A game's winner is drawn from the bots' true strengths
// (Bradley-Terry: neighbours 60/40, the ends 99.8/0.2), so that the
// figure is the pairing's and the rating's, not a game's noise; the
// pairing the scheduler used before (closest-mean, ladder.ChooseAfter) is
// measured beside them.
//
// The comparison is kept fair:
//   - every game has 2 players, and each method is measured after the
//     same number of games;
//   - the round robin is played in rounds (the circle method: every bot
//     plays once a round, every pair once in 15 rounds), as an organiser
//     schedules one; it needs fewer games than listing the pairs bot by
//     bot (0-1, 0-2 ... 0-15, 1-2 ...), where the last bots wait;
//   - the strengths are dealt to the bots in a new random order each run,
//     so that neither method's order of listing the bots (the round
//     robin's schedule, the pairing's ties) follows the true order: the
//     curves are averages over the orders;
//   - bots with equal ratings (not played yet) count as neither in order
//     nor out of order (Kendall's tau-a), where before they were sorted
//     in the true order for free.
//
// Reported, averaged over runs: Kendall's tau between the leaderboard and
// the true order after 60 ... 960 games (tau-N), and the games each needs
// until the average tau first reaches 0.9 (games-to-0.9), their ratio
// (pairing-share-of-rr), and its spread over 10 groups of 20 runs each
// (the standard deviation of the ratio measured in each group alone,
// pairing-share-of-rr-sd):
// a share is a method's, not a lucky seed's. For the pairing, also the
// largest share of one bot's first 480 games played against one opponent
// (pairing-most-one-opponent), and the games a misrated or resubmitted
// strong bot needs to reach the top 3 (recovery).
func BenchmarkConvergence(b *testing.B) {
	const bots, runs, groups, most = 16, 200, 10, 1200
	checkpoints := []int{60, 120, 180, 240, 300, 360, 480, 960}
	for range b.N {
		need := map[string][]int{} // by group of runs
		total := map[string]int{}  // over all runs
		for _, how := range []struct {
			name string
			next games
		}{
			{"pairing", pairingGames},
			{"round-robin", roundRobinGames},
			{"closest-mean", closestMeanGames},
		} {
			mean := make([]float64, most)
			byGroup := make([][]float64, groups)
			for g := range byGroup {
				byGroup[g] = make([]float64, most)
			}
			for r := range runs {
				rng := rand.New(rand.NewPCG(uint64(r), 99))
				strength := rng.Perm(bots)
				for g, tau := range simulate(strength, most, rng, how.next) {
					mean[g] += tau / runs
					byGroup[r%groups][g] += tau * groups / runs
				}
			}
			for _, c := range checkpoints {
				b.ReportMetric(mean[c-1], fmt.Sprintf("%s-tau-%d", how.name, c))
			}
			for _, g := range byGroup {
				need[how.name] = append(need[how.name], firstAt(g, 0.9))
			}
			total[how.name] = firstAt(mean, 0.9)
			b.ReportMetric(float64(total[how.name]), how.name+"-games-to-0.9")
		}
		var shares []float64
		for g := range groups {
			shares = append(shares, float64(need["pairing"][g])/float64(need["round-robin"][g]))
		}
		_, sd := meanSD(shares)
		b.ReportMetric(float64(total["pairing"])/float64(total["round-robin"]), "pairing-share-of-rr")
		b.ReportMetric(sd, "pairing-share-of-rr-sd")
		b.ReportMetric(recovery(bots, pairingGames, false), "pairing-misrated-games-to-top3")
		b.ReportMetric(recovery(bots, closestMeanGames, false), "closest-mean-misrated-games-to-top3")
		b.ReportMetric(recovery(bots, pairingGames, true), "pairing-resubmitted-games-to-top3")
		b.ReportMetric(mostOneOpponent(bots, 480), "pairing-most-one-opponent")
	}
}

// meanSD is the mean of xs and their standard deviation.
func meanSD(xs []float64) (mean, sd float64) {
	for _, x := range xs {
		mean += x / float64(len(xs))
	}
	for _, x := range xs {
		sd += (x - mean) * (x - mean) / float64(len(xs)-1)
	}
	return mean, math.Sqrt(sd)
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
	simulateWith(inOrder(n), games, rng, pairingGames, record)
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
				playOne(rng, ratings, inOrder(n), pair)
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

// roundRobinGames is the next round of a round robin in rounds (the
// circle method: bot 0 stays, the others turn one place a round), all
// pairs in 15 rounds, then again.
func roundRobinGames(_ *rand.Rand, ratings []store.Rating, played int) [][2]int {
	n := len(ratings)
	round := played / (n / 2) % (n - 1)
	// seat k of the circle after round turns: seat 0 is bot 0
	at := func(k int) int {
		if k == 0 {
			return 0
		}
		return 1 + (k-1+round)%(n-1)
	}
	var out [][2]int
	for k := range n / 2 {
		out = append(out, [2]int{at(k), at(n - 1 - k)})
	}
	return out
}

// simulate plays games games between bots whose true strengths are
// strength (bot i is the strength[i]-th strongest, 0 the best; it beats
// bot j with probability 1 / (1 + 1.5^(strength[i]-strength[j]))), and
// returns the leaderboard's Kendall tau after each game.
func simulate(strength []int, games int, rng *rand.Rand, next games) []float64 {
	return simulateWith(strength, games, rng, next, func([2]int) {})
}

// simulateWith is simulate, telling played of each game.
func simulateWith(strength []int, games int, rng *rand.Rand, next games, played func([2]int)) []float64 {
	ratings := make([]store.Rating, len(strength))
	for i := range ratings {
		d := openskill.Default().New()
		ratings[i] = store.Rating{TeamID: int64(i + 1), Mu: d.Mu, Sigma: d.Sigma}
	}
	var taus []float64
	for len(taus) < games {
		for _, g := range next(rng, ratings, len(taus)) {
			played(g)
			playOne(rng, ratings, strength, g)
			taus = append(taus, kendallTau(ratings, strength))
			if len(taus) == games {
				break
			}
		}
	}
	return taus
}

// inOrder is n bots whose true strengths follow their indices (bot 0 the
// strongest).
func inOrder(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// playOne plays a game between bots g[0] and g[1] of the given strengths
// (see simulate) and rates it.
func playOne(rng *rand.Rand, ratings []store.Rating, strength []int, g [2]int) {
	i, j := g[0], g[1]
	ranks := []int{2, 1}
	if rng.Float64() < 1/(1+math.Pow(1.5, float64(strength[i]-strength[j]))) {
		ranks = []int{1, 2}
	}
	cur := map[int64]store.Rating{ratings[i].TeamID: ratings[i], ratings[j].TeamID: ratings[j]}
	for _, r := range RateMatch(store.Match{Teams: []int64{ratings[i].TeamID, ratings[j].TeamID}, Ranks: ranks}, cur) {
		ratings[r.TeamID-1] = r
	}
}

// kendallTau compares the leaderboard's order (mu - 3 sigma) with the
// true one (strength, as in simulate): Kendall's tau-a, the pairs in
// order less those out of order, over all pairs. Two bots with equal
// ratings (neither has played) count as neither.
func kendallTau(ratings []store.Rating, strength []int) float64 {
	score := func(i int) float64 { return ratings[i].Mu - 3*ratings[i].Sigma }
	n := len(ratings)
	concordant, discordant := 0, 0
	for i := range n {
		for j := i + 1; j < n; j++ {
			board, truth := score(i)-score(j), strength[j]-strength[i]
			switch {
			case board == 0:
			case board > 0 == (truth > 0):
				concordant++
			default:
				discordant++
			}
		}
	}
	return float64(concordant-discordant) / float64(n*(n-1)/2)
}

// The benchmark's round robin plays every bot once a round and every
// pair once in 15 rounds.
func TestRoundRobinInRounds(t *testing.T) {
	const n = 16
	ratings := make([]store.Rating, n)
	pairs := map[[2]int]int{}
	for r := range n - 1 {
		round := roundRobinGames(nil, ratings, r*n/2)
		seen := map[int]bool{}
		for _, g := range round {
			if seen[g[0]] || seen[g[1]] || g[0] == g[1] {
				t.Fatalf("round %d: %v plays a bot twice", r, round)
			}
			seen[g[0]], seen[g[1]] = true, true
			pairs[[2]int{min(g[0], g[1]), max(g[0], g[1])}]++
		}
		if len(seen) != n {
			t.Fatalf("round %d: %d bots play, want %d", r, len(seen), n)
		}
	}
	if len(pairs) != n*(n-1)/2 {
		t.Errorf("%d pairs met in 15 rounds, want %d", len(pairs), n*(n-1)/2)
	}
}

// The benchmark's tau: 1 in the true order, -1 reversed, 0 while no bot
// has played (equal ratings are in no order, whatever the bots' indices).
func TestKendallTau(t *testing.T) {
	const n = 6
	strength := []int{3, 0, 5, 1, 4, 2}
	ratings := make([]store.Rating, n)
	for i := range ratings {
		ratings[i] = store.Rating{Mu: 25, Sigma: 25.0 / 3}
	}
	if tau := kendallTau(ratings, strength); tau != 0 {
		t.Errorf("unplayed: tau %v, want 0", tau)
	}
	if tau := kendallTau(ratings, inOrder(n)); tau != 0 {
		t.Errorf("unplayed, bots listed in their true order: tau %v, want 0", tau)
	}
	for i, s := range strength {
		ratings[i].Mu = 40 - float64(s)
	}
	if tau := kendallTau(ratings, strength); tau != 1 {
		t.Errorf("true order: tau %v, want 1", tau)
	}
	for i, s := range strength {
		ratings[i].Mu = 40 + float64(s)
	}
	if tau := kendallTau(ratings, strength); tau != -1 {
		t.Errorf("reversed: tau %v, want -1", tau)
	}
}
