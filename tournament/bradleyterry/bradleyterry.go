// Package bradleyterry ranks players by a fit over every game they
// played: the Bradley-Terry model (player a beats b with probability
// 1 / (1 + e^(s_b - s_a))) with a normal prior on each strength s, fitted
// at its most probable strengths (MAP, by Newton's method), and the
// uncertainty of the fit (the inverse of its Hessian: the Laplace
// approximation of the posterior).
//
// Unlike an online rating (OpenSkill, Elo), which moves a player only
// when it plays and weighs each game by the ratings of that moment, the
// fit weighs every game by what is known now: an early win over a team
// since found strong counts as such. On 16 bots of graded strength, a
// round robin ranked by the fit reaches Kendall's tau 0.9 in 18 % fewer
// games than ranked by OpenSkill's online update, the platform's pairing
// in 30 % fewer (platform/matchmaking's BenchmarkConvergence).
package bradleyterry

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// Game is one comparison between players A and B (indices): Score is A's
// share of the points (1 a win, 0.5 a draw, 0 a loss), Weight how much
// the game counts (1 a game of two; a game of k players counts as its
// k-1 pairs of weight 1/(k-1), so that it weighs one game for each).
type Game struct {
	A, B          int
	Score, Weight float64
}

// Fit is the fitted strengths of n players and their uncertainty.
type Fit struct {
	Strength []float64 // the most probable strengths (the prior's mean: 0)
	cov      *mat.SymDense
}

// Var is the variance of player a's strength.
func (f Fit) Var(a int) float64 { return f.cov.At(a, a) }

// DiffVar is the variance of the difference of a's and b's strengths:
// small once they met often, directly or through common opponents.
func (f Fit) DiffVar(a, b int) float64 {
	return f.cov.At(a, a) + f.cov.At(b, b) - 2*f.cov.At(a, b)
}

// Estimate fits n players' strengths to games, with a normal prior of
// standard deviation prior (> 0) on each: a player without games stays
// at 0 with that uncertainty. The fit is deterministic (the same games
// in any order give the same strengths, to rounding).
func Estimate(n int, games []Game, prior float64) Fit {
	// the games by pair: points of the first of the pair, and games
	won := make([]float64, n*n)
	met := make([]float64, n*n)
	for _, g := range games {
		if g.A == g.B || g.Weight <= 0 {
			continue
		}
		won[g.A*n+g.B] += g.Weight * g.Score
		won[g.B*n+g.A] += g.Weight * (1 - g.Score)
		met[g.A*n+g.B] += g.Weight
		met[g.B*n+g.A] += g.Weight
	}
	s := make([]float64, n)
	hess := mat.NewSymDense(max(n, 1), nil)
	var chol mat.Cholesky
	// Newton's method on the log-posterior (concave: the prior makes the
	// Hessian negative definite); from 0, a few steps reach rounding
	for range 50 {
		grad := mat.NewVecDense(max(n, 1), nil)
		hess.Zero()
		for a := range n {
			grad.SetVec(a, -s[a]/(prior*prior))
			hess.SetSym(a, a, 1/(prior*prior))
		}
		for a := range n {
			for b := a + 1; b < n; b++ {
				m := met[a*n+b]
				if m == 0 {
					continue
				}
				p := 1 / (1 + math.Exp(s[b]-s[a]))
				d := won[a*n+b] - m*p
				grad.SetVec(a, grad.AtVec(a)+d)
				grad.SetVec(b, grad.AtVec(b)-d)
				w := m * p * (1 - p)
				hess.SetSym(a, a, hess.At(a, a)+w)
				hess.SetSym(b, b, hess.At(b, b)+w)
				hess.SetSym(a, b, hess.At(a, b)-w)
			}
		}
		if n == 0 || !chol.Factorize(hess) {
			break
		}
		var step mat.VecDense
		if err := chol.SolveVecTo(&step, grad); err != nil {
			break
		}
		most := 0.0
		for a := range n {
			s[a] += step.AtVec(a)
			most = max(most, math.Abs(step.AtVec(a)))
		}
		if most < 1e-10 {
			break
		}
	}
	cov := mat.NewSymDense(max(n, 1), nil)
	if n > 0 && chol.Factorize(hess) {
		_ = chol.InverseTo(cov)
	}
	return Fit{Strength: s, cov: cov}
}
