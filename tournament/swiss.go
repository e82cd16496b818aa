package tournament

import (
	"context"
	"fmt"
	"sort"

	"github.com/seed27749672/arena/replay"
)

type replayResult = replay.Result

// Swiss is a Swiss-system tournament of 2-bot matches: each round pairs
// bots of equal or close points (standings order: points, then games won,
// then seed), never twice the same pair while another pairing of the
// round avoids it; with an odd number of bots, the lowest-placed bot that
// has not had a bye yet sits out and scores as if it had won both games
// (2 points). Every pairing plays both seats on one seed: 2 games, each
// worth 1 point (a draw 1/2).
type Swiss struct {
	Setup
	Rounds int // default: ceil(log2(bots))
}

// Play plays the rounds; on Ctrl-C it returns the standings of the
// finished games with ctx's error.
func (sw Swiss) Play(ctx context.Context) (*Outcome, error) {
	n := len(sw.Bots)
	if n < 2 {
		return nil, fmt.Errorf("a Swiss tournament needs at least 2 bots; %d given", n)
	}
	if sw.Rounds == 0 {
		for 1<<sw.Rounds < n {
			sw.Rounds++
		}
	}
	if sw.Rounds < 1 {
		return nil, fmt.Errorf("rounds must be at least 1, not %d", sw.Rounds)
	}
	if err := checkSize(sw.Game, 2); err != nil {
		return nil, err
	}
	r, err := newRunner(sw.Setup, "swiss")
	if err != nil {
		return nil, err
	}
	met := map[[2]int]bool{}
	for round := 1; round <= sw.Rounds; round++ {
		order := sw.order(r)
		pairs, bye := pairRound(order, met, func(b int) bool { return r.table.line(b).Byes > 0 })
		log := Round{Name: fmt.Sprintf("round %d", round)}
		if bye >= 0 {
			l := r.table.line(bye)
			l.Byes++
			l.Points += 2
			log.Matches = append(log.Matches, Match{Bots: r.nameAll([]int{bye}), Note: "bye"})
		}
		var seatings [][]int
		var seeds []int64
		for _, p := range pairs {
			met[[2]int{min(p[0], p[1]), max(p[0], p[1])}] = true
			s := r.seeds(1)
			seatings = append(seatings, []int{p[0], p[1]}, []int{p[1], p[0]})
			seeds = append(seeds, s, s)
		}
		results, err := r.play(ctx, seatings, seeds)
		for i, p := range pairs {
			a, b := results[2*i], results[2*i+1]
			if a == nil || b == nil {
				continue
			}
			pts := []float64{Points(a.Players, 0) + Points(b.Players, 1), Points(a.Players, 1) + Points(b.Players, 0)}
			wins := make([]int, 2)
			for g, res := range []*replayResult{a, b} {
				for seat := range 2 {
					if res.Players[seat].Rank == 1 && tiedWith(res.Players, seat) == 1 {
						wins[(seat+g)%2]++ // game 2 has the pair's seats swapped
					}
				}
			}
			m := Match{Bots: r.nameAll(p[:]), Games: 2, Wins: wins, Points: pts, Ranking: r.nameAll(p[:])}
			if pts[1] > pts[0] {
				m.Ranking = r.nameAll([]int{p[1], p[0]})
			}
			log.Matches = append(log.Matches, m)
		}
		r.out.Rounds = append(r.out.Rounds, log)
		if err != nil {
			order := sw.order(r)
			return r.finish(order, places(len(order))), err
		}
	}
	order := sw.order(r)
	place := places(len(order))
	for i := 1; i < len(order); i++ {
		a, b := r.table.line(order[i-1]), r.table.line(order[i])
		if a.Points == b.Points && a.Wins == b.Wins {
			place[i] = place[i-1]
		}
	}
	return r.finish(order, place), nil
}

// order is the standings order: points, games won, seed.
func (sw Swiss) order(r *runner) []int {
	order := make([]int, len(sw.Bots))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := r.table.line(order[i]), r.table.line(order[j])
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		return a.Wins > b.Wins
	})
	return order
}

// pairRound pairs the bots in standings order: the bye first (the lowest
// without one, when the count is odd), then each bot, from the top, with
// the nearest one below it it has not met, backtracking when that leaves
// the others unpairable; if no pairing avoids a repeat, repeats are
// allowed (the same search without the constraint).
func pairRound(order []int, met map[[2]int]bool, hadBye func(int) bool) ([][2]int, int) {
	bye := -1
	rest := append([]int(nil), order...)
	if len(rest)%2 == 1 {
		k := len(rest) - 1
		for i := len(rest) - 1; i >= 0; i-- {
			if !hadBye(rest[i]) {
				k = i
				break
			}
		}
		bye = rest[k]
		rest = append(rest[:k], rest[k+1:]...)
	}
	seen := func(a, b int) bool { return met[[2]int{min(a, b), max(a, b)}] }
	if pairs, ok := pairUp(rest, seen); ok {
		return pairs, bye
	}
	pairs, _ := pairUp(rest, func(int, int) bool { return false })
	return pairs, bye
}

// pairUp pairs bots (an even number, in order) avoiding the pairs forbid
// says, by depth-first search: the first bot with the first it may meet.
func pairUp(bots []int, forbid func(a, b int) bool) ([][2]int, bool) {
	if len(bots) == 0 {
		return nil, true
	}
	a := bots[0]
	for i := 1; i < len(bots); i++ {
		if forbid(a, bots[i]) {
			continue
		}
		rest := make([]int, 0, len(bots)-2)
		rest = append(rest, bots[1:i]...)
		rest = append(rest, bots[i+1:]...)
		if pairs, ok := pairUp(rest, forbid); ok {
			return append([][2]int{{a, bots[i]}}, pairs...), true
		}
	}
	return nil, false
}
