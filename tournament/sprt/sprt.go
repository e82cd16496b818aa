// Package sprt answers "is bot A stronger than bot B?" from game results:
// the Elo difference with its confidence interval, the likelihood of
// superiority, and the generalized sequential probability ratio test
// (GSPRT) that chess engine testers (fastchess, OpenBench, fishtest) use to
// stop a match as soon as the answer is known at the chosen error rates.
//
// Elo here is logistic Elo: a score s (wins plus half the draws, per game)
// is an Elo difference of -400 log10(1/s - 1). Results come either as
// single games (trinomial: win, draw, loss) or as pairs of games played on
// the same seed with the seats swapped (pentanomial: the pair scores 0, 1/2,
// 1, 3/2 or 2). Pairs cancel most of the luck of the seed and the seat, so
// their variance is smaller and the test ends sooner.
package sprt

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// z95 is the two-sided 95 % quantile of the normal distribution.
const z95 = 1.959963984540054

// Sample is a set of results, each a score in [0, 1] (a game's, or a pair's
// halved), with how many times it occurred.
type Sample struct {
	Scores []float64
	Counts []int
}

// Trinomial is the sample of single games.
func Trinomial(wins, draws, losses int) Sample {
	return Sample{Scores: []float64{1, 0.5, 0}, Counts: []int{wins, draws, losses}}
}

// Pentanomial is the sample of game pairs: pairs[k] is the number of pairs
// that scored k/2 points (0: two losses ... 4: two wins).
func Pentanomial(pairs [5]int) Sample {
	return Sample{Scores: []float64{0, 0.25, 0.5, 0.75, 1}, Counts: pairs[:]}
}

// N is the number of results.
func (s Sample) N() int {
	n := 0
	for _, c := range s.Counts {
		n += c
	}
	return n
}

// Mean is the mean score per game, and Var the variance of one result.
func (s Sample) Mean() float64 {
	n := float64(s.N())
	if n == 0 {
		return 0.5
	}
	sum := 0.0
	for i, c := range s.Counts {
		sum += float64(c) * s.Scores[i]
	}
	return sum / n
}

// Var is the variance of one result around the mean.
func (s Sample) Var() float64 {
	n := float64(s.N())
	if n == 0 {
		return 0
	}
	m, v := s.Mean(), 0.0
	for i, c := range s.Counts {
		d := s.Scores[i] - m
		v += float64(c) * d * d
	}
	return v / n
}

// Elo converts a score to a logistic Elo difference (±Inf at 0 and 1).
func Elo(score float64) float64 { return -400 * math.Log10(1/score-1) }

// Score converts a logistic Elo difference to the expected score.
func Score(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Estimate is the Elo difference and its 95 % confidence interval.
type Estimate struct {
	Elo, Low, High float64
}

// Error is the half width of the interval, as fastchess and cutechess
// print it ("+14.5 +/- 9.3").
func (e Estimate) Error() float64 { return (e.High - e.Low) / 2 }

// EloEstimate gives the Elo difference of the sample and its 95 %
// interval, from the normal approximation of the mean score. The interval
// is infinite when the score is 0 or 1 or the sample is empty.
func (s Sample) EloEstimate() Estimate {
	n := float64(s.N())
	m := s.Mean()
	if n == 0 {
		return Estimate{0, math.Inf(-1), math.Inf(1)}
	}
	d := z95 * math.Sqrt(s.Var()/n)
	lo, hi := math.Max(m-d, 0), math.Min(m+d, 1)
	return Estimate{Elo: Elo(m), Low: Elo(lo), High: Elo(hi)}
}

// LOS is the likelihood of superiority: the probability that the first
// player is the stronger, from its decisive games only (draws say nothing
// about who is stronger), as cutechess computes it.
func LOS(wins, losses int) float64 {
	if wins+losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(wins-losses)/math.Sqrt(2*float64(wins+losses))))
}

// Test is a GSPRT of H0: elo = Elo0 against H1: elo = Elo1, with the error
// rates Alpha (accepting H1 when H0 holds) and Beta (the converse).
type Test struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Verdict is the state of a test.
type Verdict int

const (
	Continue Verdict = iota // not decided yet
	AcceptH0                // the difference is (at most) Elo0
	AcceptH1                // the difference is (at least) Elo1
)

func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "undecided"
}

// Bounds are the log-likelihood ratios at which the test stops:
// ln(beta/(1-alpha)) and ln((1-beta)/alpha).
func (t Test) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of H1 to H0 for the sample: the
// generalized SPRT of M. Van den Bergh as fishtest computes it. The
// sample's distribution is taken as it is observed (each count floored at
// 0.001, fishtest's regularisation, so that an outcome not seen yet is not
// impossible), and under each hypothesis as the distribution nearest to it
// (maximum likelihood) whose mean score is that of Elo0 or Elo1; the LLR
// is n times the mean log ratio of the two. On large samples near an even
// score it equals the normal approximation n (s1 - s0) (2 m - s0 - s1) /
// (2 v) that fastchess prints; on small lopsided ones (a bot that wins
// every game) it stays finite where that one does not.
func (t Test) LLR(s Sample) float64 {
	n := float64(s.N())
	if n == 0 {
		return 0
	}
	probs := make([]float64, len(s.Counts))
	total := 0.0
	for i, c := range s.Counts {
		probs[i] = math.Max(float64(c), 1e-3)
		total += probs[i]
	}
	for i := range probs {
		probs[i] /= total
	}
	l0 := lagrange(s.Scores, probs, Score(t.Elo0))
	l1 := lagrange(s.Scores, probs, Score(t.Elo1))
	sum := 0.0
	for i, p := range probs {
		a := s.Scores[i]
		sum += p * (math.Log(1+l0*(a-Score(t.Elo0))) - math.Log(1+l1*(a-Score(t.Elo1))))
	}
	return n * sum
}

// lagrange finds the multiplier of the distribution q_i = p_i / (1 +
// lambda (a_i - mean)) nearest to p whose mean is mean: the root of
// sum p_i (a_i - mean) / (1 + lambda (a_i - mean)), which decreases in
// lambda over the interval where every q_i is positive.
func lagrange(a, p []float64, mean float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, x := range a {
		d := x - mean
		switch {
		case d > 0:
			lo = math.Max(lo, -1/d)
		case d < 0:
			hi = math.Min(hi, -1/d)
		}
	}
	f := func(l float64) float64 {
		sum := 0.0
		for i, x := range a {
			d := x - mean
			sum += p[i] * d / (1 + l*d)
		}
		return sum
	}
	// Bisection in the open interval: 200 halvings reach float precision.
	for k := 0; k < 200; k++ {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// Verdict runs the test on the sample.
func (t Test) Verdict(s Sample) Verdict {
	llr := t.LLR(s)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// Parse reads a test from "elo0=0,elo1=20[,alpha=0.05][,beta=0.05]";
// alpha and beta default to 0.05.
func Parse(spec string) (Test, error) {
	t := Test{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return t, fmt.Errorf("sprt: %q is not key=value (write elo0=0,elo1=20)", kv)
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return t, fmt.Errorf("sprt: %s=%q is not a number", k, v)
		}
		switch strings.TrimSpace(k) {
		case "elo0":
			t.Elo0 = x
		case "elo1":
			t.Elo1 = x
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return t, fmt.Errorf("sprt: unknown key %q (elo0, elo1, alpha, beta)", k)
		}
		seen[strings.TrimSpace(k)] = true
	}
	switch {
	case !seen["elo0"] || !seen["elo1"]:
		return t, fmt.Errorf("sprt: give both elo0 and elo1, e.g. elo0=0,elo1=20")
	case t.Elo0 >= t.Elo1:
		return t, fmt.Errorf("sprt: elo0 (%g) must be below elo1 (%g)", t.Elo0, t.Elo1)
	case t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5:
		return t, fmt.Errorf("sprt: alpha and beta must be between 0 and 0.5")
	}
	return t, nil
}
