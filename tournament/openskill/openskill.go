// Package openskill rates players from the outcomes of games of 2 or more
// players (or teams), with ties: the Weng-Lin Bayesian approximation with
// the Plackett-Luce model (R. C. Weng and C.-J. Lin, "A Bayesian
// Approximation Method for Online Ranking", JMLR 12, 2011, algorithm 4),
// with the defaults and the additive dynamics factor (tau) of the openskill
// libraries, so that ratings agree with theirs.
//
// A rating is a normal belief about a player's skill: its mean Mu and its
// uncertainty Sigma. Leaderboards sort by Ordinal, mu - 3 sigma: a skill
// the player is 99.9 % likely to exceed, so that an unproven newcomer does
// not top the table after one lucky game.
package openskill

import (
	"fmt"
	"math"
)

// Rating is one player's skill belief.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the conservative skill estimate mu - 3 sigma.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Model holds the constants of the rating system.
type Model struct {
	Mu    float64 // a newcomer's mean
	Sigma float64 // a newcomer's uncertainty
	Beta  float64 // the spread of one game's performance around the skill
	// Tau is added (in quadrature) to every sigma before a game, so that
	// ratings keep following a bot that changes; 0 turns it off.
	Tau float64
	// Kappa keeps the sigma update's factor positive (the paper's kappa).
	Kappa float64
}

// Default is the openskill libraries' model: mu 25, sigma 25/3, beta
// sigma/2, tau mu/300, kappa 0.0001.
func Default() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Tau: 25.0 / 300, Kappa: 0.0001}
}

// New is a newcomer's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// team is one side of a game: the sums of its players' means and variances.
type team struct {
	mu, sigmaSq float64
	rank        int
}

// Rate returns the ratings after one game. teams[i] are the players of
// side i (one each in a free-for-all) and ranks[i] its place, 1 best;
// equal ranks are ties. The inputs are not modified.
func (m Model) Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	if len(teams) != len(ranks) {
		return nil, fmt.Errorf("openskill: %d teams but %d ranks", len(teams), len(ranks))
	}
	out := make([][]Rating, len(teams))
	ts := make([]team, len(teams))
	for i, players := range teams {
		if len(players) == 0 {
			return nil, fmt.Errorf("openskill: team %d has no players", i)
		}
		out[i] = make([]Rating, len(players))
		for j, p := range players {
			p.Sigma = math.Sqrt(p.Sigma*p.Sigma + m.Tau*m.Tau)
			out[i][j] = p
			ts[i].mu += p.Mu
			ts[i].sigmaSq += p.Sigma * p.Sigma
		}
		ts[i].rank = ranks[i]
	}
	if len(teams) < 2 {
		return out, nil // nobody to compare with
	}
	m.update(ts, out)
	return out, nil
}

// update applies algorithm 4 of the paper to the players in out.
func (m Model) update(ts []team, out [][]Rating) {
	// c: the spread of the whole game's performances.
	c := 0.0
	for _, t := range ts {
		c += t.sigmaSq + m.Beta*m.Beta
	}
	c = math.Sqrt(c)
	// sumQ[q]: the strengths of the teams that placed at or below q;
	// tied[q]: how many teams share q's rank (the paper's A_q).
	sumQ := make([]float64, len(ts))
	tied := make([]float64, len(ts))
	for q, tq := range ts {
		for _, t := range ts {
			if t.rank >= tq.rank {
				sumQ[q] += math.Exp(t.mu / c)
			}
			if t.rank == tq.rank {
				tied[q]++
			}
		}
	}
	for i, ti := range ts {
		strength := math.Exp(ti.mu / c)
		omega, delta := 0.0, 0.0
		for q, tq := range ts {
			if tq.rank > ti.rank {
				continue
			}
			p := strength / sumQ[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
			delta += p * (1 - p) / tied[q]
		}
		gamma := math.Sqrt(ti.sigmaSq) / c
		omega *= ti.sigmaSq / c
		delta *= gamma * ti.sigmaSq / (c * c)
		for j, p := range out[i] {
			share := p.Sigma * p.Sigma / ti.sigmaSq
			out[i][j] = Rating{
				Mu:    p.Mu + share*omega,
				Sigma: p.Sigma * math.Sqrt(math.Max(1-share*delta, m.Kappa)),
			}
		}
	}
}

// RateFFA rates a free-for-all: one player per side.
func (m Model) RateFFA(players []Rating, ranks []int) ([]Rating, error) {
	teams := make([][]Rating, len(players))
	for i, p := range players {
		teams[i] = []Rating{p}
	}
	out, err := m.Rate(teams, ranks)
	if err != nil {
		return nil, err
	}
	res := make([]Rating, len(out))
	for i, t := range out {
		res[i] = t[0]
	}
	return res, nil
}
