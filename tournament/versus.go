package tournament

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/tournament/sprt"
)

// Versus is a head-to-head match between two bots, A and B, in pairs of
// games: each pair is played on one seed, A in seat 0 then A in seat 1, so
// that the luck of the seed and the seat cancels out. With a Test, it stops
// as soon as the GSPRT accepts one hypothesis.
type Versus struct {
	Game    string
	Bots    [2]string // A (the one tested, e.g. the new version) and B
	Pairs   int       // pairs of games to play at most
	Seed    int64     // pair k is played on seed Seed+k
	League  int
	Options []string
	Cores   int
	Test    *sprt.Test // nil: play every pair
	// Sandbox, when not nil, runs the bots that are commands contained.
	Sandbox *sandbox.Limits
	// TimeScale multiplies every time limit of every game (0: 1).
	TimeScale float64
	// OnMatch, when set, sees each finished game with its replay (one
	// call at a time); OnPair the tally after each pair, in pair order.
	OnMatch func(Played)
	OnPair  func(*Tally)
}

// Tally is the state of a versus match, from A's side.
type Tally struct {
	Pairs               int
	Wins, Draws, Losses int
	// Penta counts the pairs by A's points in them, in halves: Penta[k]
	// pairs scored k/2 (0: lost both ... 4: won both).
	Penta    [5]int
	Timeouts [2]int // of A and B
	Crashes  [2]int
	Estimate sprt.Estimate // from the pairs
	LOS      float64
	LLR      float64 // when a test runs
	Lower    float64 // the test's bounds
	Upper    float64
	Verdict  sprt.Verdict
}

// Score is A's mean score per game.
func (t *Tally) Score() float64 { return sprt.Pentanomial(t.Penta).Mean() }

var errDecided = errors.New("decided")

// Play plays the pairs, side by side as the cores allow, and returns the
// tally. Pairs are counted in order, so that the test stops at the same
// pair whatever the order the games end in; games still running when it
// stops are cancelled and not counted. When ctx ends early, Play returns
// the tally of the pairs finished so far with ctx's error.
func (v Versus) Play(ctx context.Context) (*Tally, error) {
	g, err := game.Lookup(v.Game)
	if err != nil {
		return nil, err
	}
	if info := g.Info(); info.MinPlayers > 2 || info.MaxPlayers < 2 {
		return nil, fmt.Errorf("versus plays 2-player games; %s has %s players", info.Name, info.Players())
	}
	if v.Pairs < 1 {
		return nil, fmt.Errorf("versus needs at least 1 pair of games, not %d", v.Pairs)
	}
	pool := Pool{Game: v.Game, Bots: v.Bots[:], League: v.League, Options: v.Options, Cores: v.Cores, Sandbox: v.Sandbox, TimeScale: v.TimeScale}
	jobs := make([]Job, 0, 2*v.Pairs)
	for k := 0; k < v.Pairs; k++ {
		seed := v.Seed + int64(k)
		jobs = append(jobs, Job{Index: 2 * k, Seats: []int{0, 1}, Seed: seed}, Job{Index: 2*k + 1, Seats: []int{1, 0}, Seed: seed})
	}
	tally := &Tally{Estimate: sprt.Pentanomial([5]int{}).EloEstimate(), LOS: 0.5, Verdict: sprt.Continue}
	if v.Test != nil {
		tally.Lower, tally.Upper = v.Test.Bounds()
	}
	scores := map[int]float64{} // A's score of finished games not yet counted
	err = pool.Play(ctx, jobs, func(p Played) error {
		if p.Err != nil {
			return p.Err
		}
		if v.OnMatch != nil {
			v.OnMatch(p)
		}
		res := p.Result.Players
		seatA := 0
		if p.Seats[0] == 1 {
			seatA = 1
		}
		scores[p.Index] = gameScore(res[seatA].Rank, res[1-seatA].Rank)
		for side, seat := range []int{seatA, 1 - seatA} {
			tally.Timeouts[side] += res[seat].Timeouts
			if res[seat].Status == game.Crashed || res[seat].Status == game.DidNotStart {
				tally.Crashes[side]++
			}
		}
		return v.countPairs(tally, scores)
	})
	if errors.Is(err, errDecided) {
		err = nil
	}
	return tally, err
}

// countPairs counts the pairs complete in order, and reports errDecided
// when the test has decided.
func (v Versus) countPairs(t *Tally, scores map[int]float64) error {
	for {
		a, ok1 := scores[2*t.Pairs]
		b, ok2 := scores[2*t.Pairs+1]
		if !ok1 || !ok2 {
			return nil
		}
		delete(scores, 2*t.Pairs)
		delete(scores, 2*t.Pairs+1)
		for _, s := range []float64{a, b} {
			switch s {
			case 1:
				t.Wins++
			case 0.5:
				t.Draws++
			default:
				t.Losses++
			}
		}
		t.Penta[int(2*(a+b))]++
		t.Pairs++
		s := sprt.Pentanomial(t.Penta)
		t.Estimate = s.EloEstimate()
		t.LOS = sprt.LOS(t.Wins, t.Losses)
		if v.Test != nil {
			t.LLR = v.Test.LLR(s)
			t.Verdict = v.Test.Verdict(s)
		}
		if v.OnPair != nil {
			v.OnPair(t)
		}
		if t.Verdict != sprt.Continue {
			return errDecided
		}
	}
}

// gameScore is a two-player game's score from the side of the player
// ranked mine: 1 for a win, 1/2 for a draw, 0 for a loss.
func gameScore(mine, other int) float64 {
	switch {
	case mine < other:
		return 1
	case mine > other:
		return 0
	}
	return 0.5
}
