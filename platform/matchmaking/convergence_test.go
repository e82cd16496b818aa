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
// the scheduler plans them) and with a plain round robin, both recorded
// as the platform records casual matches and ranked as its leaderboard
// ranks: by mu - 3 sigma of the fit over all the games (fit.go). A game's
// winner is drawn from the bots' true strengths (Bradley-Terry:
// neighbours 60/40, the ends 99.8/0.2), so that the figure is the
// pairing's and the rating's, not a game's noise; the pairing the
// scheduler used before (closest-mean, ladder.ChooseAfter) is measured
// beside them, and so is the platform before the fit (openskill-: the
// leaderboard by the stored OpenSkill ratings, the pairing's uncertainty
// their sigmas), the baseline of the same run.
//
// The comparison is kept fair:
//   - every game has 2 players, and each method is measured after the
//     same number of games, with the same leaderboard as its pair;
//   - the round robin is played in rounds (the circle method: every bot
//     plays once a round, every pair once in 15 rounds), as an organiser
//     schedules one; it needs fewer games than listing the pairs bot by
//     bot (0-1, 0-2 ... 0-15, 1-2 ...), where the last bots wait;
//   - the strengths are dealt to the bots in a new random order each run,
//     so that neither method's order of listing the bots (the round
//     robin's schedule, the pairing's ties) follows the true order: the
//     curves are averages over the orders;
//   - bots with equal ratings (not played yet) count as neither in order
//     nor out of order (Kendall's tau-a).
//
// Reported, averaged over runs: Kendall's tau between the leaderboard and
// the true order after 60 ... 720 games (tau-N), and the games each needs
// until the average tau first reaches 0.9 (games-to-0.9), the pairing's
// share of the round robin's (pairing-share-of-rr; openskill-share-of-rr
// before the fit), and its spread over 10 groups of 20 runs each
// (the standard deviation of the ratio measured in each group alone,
// pairing-share-of-rr-sd):
// a share is a method's, not a lucky seed's. For the pairing, also the
// largest share of one bot's first 480 games played against one opponent
// (pairing-most-one-opponent), and the games a misrated or resubmitted
// strong bot needs to reach the top 3 (recovery). A run takes about 25
// minutes on 2 loaded cores: each game refits the leaderboard from the
// whole history, as the platform does.
func BenchmarkConvergence(b *testing.B) {
	const bots, runs, groups, most = 16, 200, 10, 720
	checkpoints := []int{60, 120, 180, 240, 300, 360, 480, 720}
	for range b.N {
		need := map[string][]int{} // by group of runs
		total := map[string]int{}  // over all runs
		for _, how := range []struct {
			name   string
			next   games
			online bool
		}{
			{"pairing", pairingGames, false},
			{"round-robin", roundRobinGames, false},
			{"closest-mean", closestMeanGames, false},
			{"openskill-pairing", pairingGames, true},
			{"openskill-round-robin", roundRobinGames, true},
		} {
			mean := make([]float64, most)
			byGroup := make([][]float64, groups)
			for g := range byGroup {
				byGroup[g] = make([]float64, most)
			}
			for r := range runs {
				rng := rand.New(rand.NewPCG(uint64(r), 99))
				e := newEvent(rng.Perm(bots))
				e.online = how.online
				e.refit()
				for g, tau := range simulateIn(e, most, rng, how.next, func([2]int) {}) {
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
		for _, pre := range []string{"", "openskill-"} {
			var shares []float64
			for g := range groups {
				shares = append(shares, float64(need[pre+"pairing"][g])/float64(need[pre+"round-robin"][g]))
			}
			_, sd := meanSD(shares)
			name := pre + "pairing-share-of-rr"
			if pre != "" {
				name = pre + "share-of-rr"
			}
			b.ReportMetric(float64(total[pre+"pairing"])/float64(total[pre+"round-robin"]), name)
			b.ReportMetric(sd, name+"-sd")
		}
		b.ReportMetric(recovery(bots, pairingGames, false, false), "pairing-misrated-games-to-top3")
		b.ReportMetric(recovery(bots, closestMeanGames, false, false), "closest-mean-misrated-games-to-top3")
		b.ReportMetric(recovery(bots, pairingGames, false, true), "openskill-pairing-misrated-games-to-top3")
		b.ReportMetric(recovery(bots, pairingGames, true, false), "pairing-resubmitted-games-to-top3")
		b.ReportMetric(recovery(bots, pairingGames, true, true), "openskill-pairing-resubmitted-games-to-top3")
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

// simEvent is a simulated event as the platform keeps it: its teams, the
// stored (OpenSkill) ratings that RateMatch writes, the comparisons its
// matches give the fit (fitGames), and the leaderboard's ratings, the
// fit's (fitRatings), after each match. Team i+1 is bot i.
type simEvent struct {
	teams    []store.Team
	stored   map[int64]store.Rating
	history  []store.Match // newest first, as the store lists them
	index    map[int64]int
	board    []store.Rating // by bot: the leaderboard's ratings
	fit      teamFit
	strength []int // bot i is the strength[i]-th strongest
	// online: the leaderboard is the stored OpenSkill ratings, and the
	// pairing's uncertainty their sigmas (the platform before the fit)
	online bool
}

// newEvent is an event of bots of the given strengths, none played.
func newEvent(strength []int) *simEvent {
	e := &simEvent{stored: map[int64]store.Rating{}, index: map[int64]int{}, strength: strength}
	for i := range strength {
		id := int64(i + 1)
		e.teams = append(e.teams, store.Team{ID: id, Active: id})
		e.index[id] = i
		d := openskill.Default().New()
		e.stored[id] = store.Rating{TeamID: id, Mu: d.Mu, Sigma: d.Sigma}
	}
	e.refit()
	return e
}

// refit computes the leaderboard's ratings from the games, as the
// platform does at each read.
func (e *simEvent) refit() {
	ratings := e.stored
	if !e.online {
		ratings, e.fit = fitRatings(e.teams, e.history, e.stored)
	}
	e.board = make([]store.Rating, len(e.teams))
	for i, t := range e.teams {
		e.board[i] = ratings[t.ID]
	}
}

// bots are the pairing's view of the leaderboard.
func (e *simEvent) bots() []ladder.Bot {
	out := make([]ladder.Bot, len(e.board))
	for i, r := range e.board {
		out[i] = ladder.Bot{Rating: openskill.Rating{Mu: r.Mu, Sigma: r.Sigma}, Games: r.Games}
	}
	return out
}

// play plays a game between bots g[0] and g[1]: bot i beats bot j with
// probability 1 / (1 + 1.5^(strength[i]-strength[j])); it is rated and
// recorded as the platform records a casual match.
func (e *simEvent) play(rng *rand.Rand, g [2]int) {
	i, j := g[0], g[1]
	ranks := []int{2, 1}
	if rng.Float64() < 1/(1+math.Pow(1.5, float64(e.strength[i]-e.strength[j]))) {
		ranks = []int{1, 2}
	}
	a, b := e.teams[i], e.teams[j]
	m := store.Match{Kind: store.KindCasual, Teams: []int64{a.ID, b.ID}, Submissions: []int64{a.Active, b.Active}, Ranks: ranks}
	for _, r := range RateMatch(m, e.stored) {
		e.stored[r.TeamID] = r
	}
	e.history = append([]store.Match{m}, e.history...)
	e.refit()
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

// recovery: on a settled ladder (2 round robins played, 30 games each),
// the truly best bot lost all its games (a strong bot that timed out in
// its first games) and ranks last; it is the mean over runs of the games
// the event plays until that bot ranks in the top 3 (2000 when it never
// does). With resubmitted, the bot has just submitted again: a new
// player, whose rating starts again (its games no longer count).
func recovery(n int, next games, resubmitted, online bool) float64 {
	const runs, most = 40, 2000
	total := 0
	for r := range runs {
		rng := rand.New(rand.NewPCG(uint64(r), 7))
		e := newEvent(inOrder(n))
		e.online = online
		var history []store.Match
		for k := range 2 * (n - 1) {
			for _, g := range roundRobinGames(nil, e, k*n/2) {
				ranks := []int{2, 1}
				switch {
				case g[0] == 0: // the best bot loses all
				case g[1] == 0 || rng.Float64() < 1/(1+math.Pow(1.5, float64(g[0]-g[1]))):
					ranks = []int{1, 2}
				}
				history = append(history, store.Match{Kind: store.KindCasual, Teams: []int64{int64(g[0] + 1), int64(g[1] + 1)}, Submissions: []int64{int64(g[0] + 1), int64(g[1] + 1)}, Ranks: ranks})
			}
		}
		if resubmitted {
			e.teams[0].Active = 1000
			d := openskill.Default().New()
			e.stored[1] = store.Rating{TeamID: 1, Mu: d.Mu, Sigma: d.Sigma}
		}
		for _, m := range history {
			for _, rt := range RateInLeague(m, e.stored, map[int64]bool{1: resubmitted}) {
				e.stored[rt.TeamID] = rt
			}
			e.history = append([]store.Match{m}, e.history...)
		}
		e.refit()
		played := most
		for g := 0; g < most && played == most; {
			for _, pair := range next(rng, e, g) {
				e.play(rng, pair)
				g++
				if rankOf(e.board, 0) < 3 {
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

// games plans the next games (pairs of bot indices) of an event.
type games func(rng *rand.Rand, e *simEvent, played int) [][2]int

// pairingGames are a pass of 4 games of the platform's pairing, with the
// leaderboard's ratings and the fit's uncertainties, as a scheduling
// pass reads them.
func pairingGames(rng *rand.Rand, e *simEvent, _ int) [][2]int {
	bots := e.bots()
	pass := schedulePass{fit: e.fit}
	v := pass.diffVar(e.teams, bots)
	if e.online {
		v = sigmas(bots)
	}
	planned := make([]int, len(bots))
	var out [][2]int
	for range 4 {
		g := choose(bots, 2, planned, rng.Int64(), v)
		out = append(out, [2]int{g[0], g[1]})
	}
	return out
}

// closestMeanGames are a pass of 4 games as the scheduler paired them
// before: the least certain bot against the closest mean
// (ladder.ChooseAfter, which arena ladder uses).
func closestMeanGames(_ *rand.Rand, e *simEvent, _ int) [][2]int {
	bots := e.bots()
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
func roundRobinGames(_ *rand.Rand, e *simEvent, played int) [][2]int {
	n := len(e.teams)
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

// simulateWith plays games games between bots whose true strengths are
// strength (bot i is the strength[i]-th strongest, 0 the best; see
// simEvent.play), telling played of each game, and returns the
// leaderboard's Kendall tau after each game.
func simulateWith(strength []int, games int, rng *rand.Rand, next games, played func([2]int)) []float64 {
	return simulateIn(newEvent(strength), games, rng, next, played)
}

// simulateIn is simulateWith in the event e.
func simulateIn(e *simEvent, games int, rng *rand.Rand, next games, played func([2]int)) []float64 {
	strength := e.strength
	var taus []float64
	for len(taus) < games {
		for _, g := range next(rng, e, len(taus)) {
			played(g)
			e.play(rng, g)
			taus = append(taus, kendallTau(e.board, strength))
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
	e := newEvent(inOrder(n))
	pairs := map[[2]int]int{}
	for r := range n - 1 {
		round := roundRobinGames(nil, e, r*n/2)
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
