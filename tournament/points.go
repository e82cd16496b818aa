package tournament

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
)

// PointRounds is Ready AI Code 2020's ladder of ranked rounds: each round
// draws games of Size bots from a shuffle of the field (a window of Size
// bots sliding round the shuffled circle, so that every bot plays the same
// number of games in the round: Size/gcd(N, Size)), and a bot placed p-th
// of n in a game earns 5·(n-p) ladder points times the round's multiplier;
// tied bots both earn the points of the shared place. The ladder orders by
// points, then first places, then the mean final score of the games
// (territory: the final territory, 0 when eliminated); bots still tied
// share the place.
type PointRounds struct {
	Setup
	Size        int       // bots per game (default: the game's smallest match, at least 2)
	Rounds      int       // default 1
	Multipliers []float64 // per round (default 1; the last one goes on for later rounds)
}

// Play plays the rounds; on Ctrl-C it returns the ladder of the finished
// games with ctx's error.
func (pr PointRounds) Play(ctx context.Context) (*Outcome, error) {
	if pr.Rounds == 0 {
		pr.Rounds = 1
	}
	if pr.Size == 0 {
		pr.Size = RoundRobin{Setup: pr.Setup}.smallestSize()
	}
	switch {
	case pr.Rounds < 1:
		return nil, fmt.Errorf("rounds must be at least 1, not %d", pr.Rounds)
	case len(pr.Bots) < pr.Size:
		return nil, fmt.Errorf("games of %d bots need at least %d bots; %d given", pr.Size, pr.Size, len(pr.Bots))
	}
	for _, m := range pr.Multipliers {
		if m <= 0 {
			return nil, fmt.Errorf("round multipliers must be positive, not %g", m)
		}
	}
	if err := checkSize(pr.Game, pr.Size); err != nil {
		return nil, err
	}
	r, err := newRunner(pr.Setup, "rounds")
	if err != nil {
		return nil, err
	}
	scores := make([]float64, len(pr.Bots))
	var runErr error
	for round := 1; round <= pr.Rounds && runErr == nil; round++ {
		runErr = pr.round(ctx, r, round, scores)
	}
	order, place := pr.ladder(r, scores)
	return r.finish(order, place), runErr
}

// multiplier is round's multiplier.
func (pr PointRounds) multiplier(round int) float64 {
	if len(pr.Multipliers) == 0 {
		return 1
	}
	return pr.Multipliers[min(round, len(pr.Multipliers))-1]
}

// draw gives the games of a round: windows of Size over a seeded shuffle.
func (pr PointRounds) draw(round int) [][]int {
	return RoundGroups(len(pr.Bots), pr.Size, pr.Seed, round)
}

// RoundGroups draws the games of one round of a PointRounds ladder of n
// bots (0..n-1) in games of size: windows of size bots sliding round a
// shuffle seeded by seed and round, so that every bot plays the same
// number of games in the round (size/gcd(n, size)).
func RoundGroups(n, size int, seed int64, round int) [][]int {
	rng := rand.New(rand.NewPCG(uint64(seed), uint64(round)))
	perm := rng.Perm(n)
	games := n / gcd(n, size) // lcm(n, size) / size
	out := make([][]int, games)
	for g := range out {
		for i := 0; i < size; i++ {
			out[g] = append(out[g], perm[(g*size+i)%n])
		}
	}
	return out
}

// LadderPoints are the ladder points of place rank (1 is first) in a game
// of n bots: 5·(n-rank), times the round's multiplier. Tied bots share the
// rank, so both get the shared place's points.
func LadderPoints(n, rank int, multiplier float64) float64 {
	return float64(5*(n-rank)) * multiplier
}

// LadderKey is what a PointRounds ladder orders a bot by.
type LadderKey struct {
	Points float64 // ladder points
	Firsts int     // first places
	Mean   float64 // mean final score of its games
}

// LadderOrder orders bots by their keys: points, then first places, then
// mean score, all descending; bots with equal keys share the place. It
// returns the bots (indices into keys) best first, and the place of each.
func LadderOrder(keys []LadderKey) (order, place []int) {
	order = make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := keys[order[i]], keys[order[j]]
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		if a.Firsts != b.Firsts {
			return a.Firsts > b.Firsts
		}
		return a.Mean > b.Mean
	})
	place = make([]int, len(order))
	for i := range order {
		place[i] = i + 1
		if i > 0 && keys[order[i]] == keys[order[i-1]] {
			place[i] = place[i-1]
		}
	}
	return order, place
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// round plays one round and adds its ladder points.
func (pr PointRounds) round(ctx context.Context, r *runner, round int, scores []float64) error {
	games := pr.draw(round)
	seeds := make([]int64, len(games))
	for i := range seeds {
		seeds[i] = r.seeds(1)
	}
	mult := pr.multiplier(round)
	log := Round{Name: fmt.Sprintf("round %d (x%g)", round, mult)}
	results, err := r.play(ctx, games, seeds)
	for i, res := range results {
		if res == nil {
			continue // not finished (interrupted)
		}
		n := len(res.Players)
		m := Match{Bots: r.nameAll(games[i]), Games: 1}
		type placed struct{ bot, rank int }
		var ps []placed
		for seat, b := range games[i] {
			p := res.Players[seat]
			l := r.table.line(b)
			l.LadderPoints += LadderPoints(n, p.Rank, mult)
			if p.Rank == 1 {
				l.FirstPlaces++
			}
			scores[b] += p.Score
			ps = append(ps, placed{b, p.Rank})
		}
		sort.SliceStable(ps, func(a, b int) bool { return ps[a].rank < ps[b].rank })
		for _, p := range ps {
			m.Ranking = append(m.Ranking, r.names[p.bot])
		}
		log.Matches = append(log.Matches, m)
	}
	r.out.Rounds = append(r.out.Rounds, log)
	return err
}

// ladder orders the bots: ladder points, first places, mean score.
func (pr PointRounds) ladder(r *runner, scores []float64) ([]int, []int) {
	keys := make([]LadderKey, len(pr.Bots))
	for b := range keys {
		l := r.table.line(b)
		if l.Played > 0 {
			l.MeanScore = scores[b] / float64(l.Played)
		}
		keys[b] = LadderKey{Points: l.LadderPoints, Firsts: l.FirstPlaces, Mean: l.MeanScore}
	}
	return LadderOrder(keys)
}
