package bradleyterry

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Two players: with a prior too wide to matter, the fit's difference is
// the log of the odds of their record (3 wins to 1: ln 3), and its
// variance the inverse of the games' information.
func TestTwoPlayersFollowTheirRecord(t *testing.T) {
	games := []Game{{0, 1, 1, 1}, {0, 1, 1, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}}
	f := Estimate(2, games, 1e4)
	if d := f.Strength[0] - f.Strength[1]; math.Abs(d-math.Log(3)) > 1e-6 {
		t.Errorf("difference %v, want ln 3 = %v", d, math.Log(3))
	}
	// 4 games at p = 3/4: information 4 * 3/16
	if v := f.DiffVar(0, 1); math.Abs(v-4.0/3) > 1e-3 {
		t.Errorf("variance of the difference %v, want 4/3", v)
	}
}

// Without games a player stays at the prior: strength 0, variance
// prior²; a draw between two keeps them equal.
func TestPriorAndDraws(t *testing.T) {
	f := Estimate(3, []Game{{0, 1, 0.5, 1}, {1, 0, 0.5, 1}}, 2)
	if f.Strength[2] != 0 || math.Abs(f.Var(2)-4) > 1e-9 {
		t.Errorf("unplayed: %v, variance %v; want 0 and 4", f.Strength[2], f.Var(2))
	}
	if math.Abs(f.Strength[0]) > 1e-12 || math.Abs(f.Strength[1]) > 1e-12 {
		t.Errorf("after draws: %v, want 0 0", f.Strength[:2])
	}
	if f.Var(0) >= 4 {
		t.Errorf("a player's variance %v did not fall with its games", f.Var(0))
	}
	if f := Estimate(0, nil, 2); len(f.Strength) != 0 {
		t.Errorf("no players: %v", f.Strength)
	}
}

// Games drawn from known strengths give the strengths back, in order,
// whatever the games' order; a pair that met has a smaller uncertainty
// than a pair that never did.
func TestFitFindsTheStrengths(t *testing.T) {
	truth := []float64{2, 1, 0, -1, -2}
	rng := rand.New(rand.NewPCG(1, 2))
	var games []Game
	for range 400 {
		for a := range truth {
			for b := a + 1; b < len(truth); b++ {
				if b-a > 2 {
					continue // far pairs never meet
				}
				score := 0.0
				if rng.Float64() < 1/(1+math.Exp(truth[b]-truth[a])) {
					score = 1
				}
				games = append(games, Game{a, b, score, 1})
			}
		}
	}
	f := Estimate(len(truth), games, 10)
	for i := range truth {
		got := f.Strength[i] - f.Strength[2]
		if math.Abs(got-truth[i]) > 0.15 {
			t.Errorf("player %d: %v, want %v", i, got, truth[i])
		}
	}
	rng.Shuffle(len(games), func(i, j int) { games[i], games[j] = games[j], games[i] })
	g := Estimate(len(truth), games, 10)
	for i := range truth {
		if math.Abs(g.Strength[i]-f.Strength[i]) > 1e-9 {
			t.Errorf("player %d: %v in another order, %v before", i, g.Strength[i], f.Strength[i])
		}
	}
	if met, never := f.DiffVar(0, 1), f.DiffVar(0, 4); met >= never {
		t.Errorf("uncertainty of a pair that met %v, of one that never did %v", met, never)
	}
}

// Weights: a game of weight 2 counts as two games of weight 1.
func TestWeights(t *testing.T) {
	a := Estimate(2, []Game{{0, 1, 1, 2}, {0, 1, 0, 1}}, 3)
	b := Estimate(2, []Game{{0, 1, 1, 1}, {0, 1, 1, 1}, {1, 0, 1, 1}}, 3)
	if math.Abs(a.Strength[0]-b.Strength[0]) > 1e-9 || math.Abs(a.DiffVar(0, 1)-b.DiffVar(0, 1)) > 1e-9 {
		t.Errorf("weighted %v, repeated %v", a.Strength, b.Strength)
	}
}
