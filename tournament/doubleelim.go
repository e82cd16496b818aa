package tournament

import (
	"context"
	"fmt"
	"sort"
)

// DoubleElimination is a knockout in 2-bot matches where a bot is out
// after its second lost match. The winners' bracket plays as Elimination
// does (seeding, byes to the top seeds); the losers of each of its rounds
// drop into the losers' bracket, which then plays a round among all the
// bots it holds (paired by seed, the best against the lowest; the top seed
// gets the bye), its losers going out. When each bracket has one bot left,
// they meet in the grand final, the best of FinalBestOf games; if the
// losers' bracket champion wins it, both have lost once, and the final is
// played again (the "reset"). Each match is the best of BestOf games, with
// the rules of Elimination (a drawn match goes to the higher seed; in the
// grand final, to the winners' bracket champion).
type DoubleElimination struct {
	Setup
	BestOf      int // default 1
	FinalBestOf int // default BestOf
}

// Play plays the tournament. The standings: the champion, the runner-up,
// then the bots out of the losers' bracket, the last out first; bots out
// in the same round share a place.
func (d DoubleElimination) Play(ctx context.Context) (*Outcome, error) {
	if d.BestOf == 0 {
		d.BestOf = 1
	}
	if d.FinalBestOf == 0 {
		d.FinalBestOf = d.BestOf
	}
	switch {
	case d.BestOf < 1 || d.FinalBestOf < 1:
		return nil, fmt.Errorf("double elimination: best of %d/%d games", d.BestOf, d.FinalBestOf)
	case len(d.Bots) < 2:
		return nil, fmt.Errorf("a double elimination needs at least 2 bots; %d given", len(d.Bots))
	}
	if err := checkSize(d.Game, 2); err != nil {
		return nil, err
	}
	r, err := newRunner(d.Setup, "double-elimination")
	if err != nil {
		return nil, err
	}
	wb := places(len(d.Bots))
	for i := range wb {
		wb[i]--
	}
	var lb []int
	var out [][]int
	stop := func(err error) (*Outcome, error) {
		return r.finishElimination(append(append([]int(nil), wb...), lb...), false, out), err
	}
	for round := 1; len(wb) > 1 || len(lb) > 1; round++ {
		var dropped []int
		if len(wb) > 1 {
			var err error
			if wb, dropped, err = r.knockoutRound(ctx, wb, d.BestOf, fmt.Sprintf("winners round %d", round)); err != nil {
				return stop(err)
			}
		}
		pool := append(append([]int(nil), lb...), dropped...)
		sort.Ints(pool)
		if len(pool) < 2 || (len(wb) > 1 && len(dropped) == 0) {
			lb = pool
			continue
		}
		next, gone, err := r.knockoutRound(ctx, pool, d.BestOf, fmt.Sprintf("losers round %d", round))
		if err != nil {
			lb = pool
			return stop(err)
		}
		lb, out = next, append(out, gone)
	}
	if len(lb) == 0 {
		return r.finishElimination(wb, true, out), nil
	}
	champ, challenger := wb[0], lb[0]
	ranked, logs, err := r.matches(ctx, [][]int{{champ, challenger}}, d.FinalBestOf)
	if err != nil {
		return stop(err)
	}
	r.out.Rounds = append(r.out.Rounds, Round{Name: "grand final", Matches: logs})
	if ranked[0][0] == challenger {
		// Both have lost once: the reset decides.
		if ranked, logs, err = r.matches(ctx, [][]int{{champ, challenger}}, d.FinalBestOf); err != nil {
			return stop(err)
		}
		r.out.Rounds = append(r.out.Rounds, Round{Name: "grand final reset", Matches: logs})
	}
	return r.finishElimination(ranked[0], true, out), nil
}

// knockoutRound plays one round of 2-bot matches among bots (in seed
// order): the best seed against the lowest, a bye for the top seed when
// the count is odd. It returns the winners (in seed order) and the losers.
func (r *runner) knockoutRound(ctx context.Context, bots []int, bestOf int, name string) ([]int, []int, error) {
	groups := deal(bots, (len(bots)+1)/2)
	var playing [][]int
	for _, g := range groups {
		if len(g) == 2 {
			playing = append(playing, g)
		}
	}
	ranked, logs, err := r.matches(ctx, playing, bestOf)
	if err != nil {
		return nil, nil, err
	}
	log := Round{Name: name}
	var winners, losers []int
	k := 0
	for _, g := range groups {
		if len(g) == 1 {
			winners = append(winners, g[0])
			log.Matches = append(log.Matches, Match{Bots: r.nameAll(g), Advanced: r.nameAll(g), Note: "bye"})
			continue
		}
		winners, losers = append(winners, ranked[k][0]), append(losers, ranked[k][1])
		logs[k].Advanced = r.nameAll(ranked[k][:1])
		log.Matches = append(log.Matches, logs[k])
		k++
	}
	sort.Ints(winners)
	sort.Ints(losers)
	r.out.Rounds = append(r.out.Rounds, log)
	return winners, losers, nil
}
