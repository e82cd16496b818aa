package matchmaking

import (
	"slices"
	"testing"

	"github.com/seed27749672/arena/tournament/ladder"
	"github.com/seed27749672/arena/tournament/openskill"
)

// ladderOf is n bots with settled ratings, the first the strongest
// (mu 40 down by 1 a bot, sigma 2, 50 games each).
func ladderOf(n int) []ladder.Bot {
	var bots []ladder.Bot
	for i := range n {
		bots = append(bots, ladder.Bot{Rating: openskill.Rating{Mu: 40 - float64(i), Sigma: 2}, Games: 50})
	}
	return bots
}

// A new submission's placement games meet opponents in every quarter of
// the ladder, not only those near the default rating.
func TestPlacementSpreadsOverTheLadder(t *testing.T) {
	bots := append(ladderOf(16), ladder.Bot{Rating: openskill.Default().New()})
	newcomer := len(bots) - 1
	quarters := map[int]int{}
	for k := range Placement {
		bots[newcomer].Games = k
		planned := make([]int, len(bots))
		g := choose(bots, 2, planned, int64(k), sigmas(bots))
		if g[0] != newcomer {
			t.Fatalf("game %d led by %d, not the new submission", k, g[0])
		}
		quarters[g[1]/4]++
	}
	for q := range 4 {
		if quarters[q] == 0 {
			t.Errorf("no placement game against the ladder's quarter %d: %v", q, quarters)
		}
	}
}

// A settled team that the ratings put low (a strong bot that timed out
// early, then played only its neighbours) meets teams from the whole
// ladder: about one game in Explore, and many opponents, not one.
func TestPairingExplores(t *testing.T) {
	bots := ladderOf(16)
	bots[15].Rating.Sigma = 3 // the least certain
	opponents := map[int]int{}
	far, played := 0, 0
	for seed := range int64(400) {
		planned := make([]int, len(bots))
		g := choose(bots, 2, planned, seed, sigmas(bots))
		if !slices.Contains(g, 15) {
			continue
		}
		opp := g[0] + g[1] - 15
		played++
		opponents[opp]++
		if opp < 12 {
			far++
		}
	}
	if played < 200 {
		t.Fatalf("the least certain team played %d of 400 games", played)
	}
	if len(opponents) < 10 {
		t.Errorf("%d games against %d opponents (%v): want most of the ladder", played, len(opponents), opponents)
	}
	if share := float64(far) / float64(played); share < 0.5/Explore {
		t.Errorf("%.2f of its games against the ladder's top three quarters: want at least 1/%d", share, 2*Explore)
	}
}
