package tournament

import (
	"context"
	"fmt"

	"github.com/seed27749672/arena/game"
)

// RoundRobin is a local tournament: every group of Size bots plays, each
// bot once in every seat of the group (on one seed), Rounds times. The
// seatings of the g-th group played use seed Seed+g.
type RoundRobin struct {
	Setup
	Size   int // bots per match, at least 2; 0: the game's minimum, at least 2
	Rounds int // 0 means 1
}

// Schedule lists the matches: for each group of Size bots (in index order),
// each rotation of the seats, Rounds times.
func (rr RoundRobin) Schedule() ([][]int, error) {
	g, err := game.Lookup(rr.Game)
	if err != nil {
		return nil, err
	}
	info := g.Info()
	size := rr.Size
	if size == 0 {
		size = rr.smallestSize()
	}
	if size < info.MinPlayers || size > info.MaxPlayers {
		return nil, fmt.Errorf("%s matches have %s players, not %d", info.Name, game.CountRange(info.MinPlayers, info.MaxPlayers), size)
	}
	if rr.Rounds < 0 {
		return nil, fmt.Errorf("rounds must be at least 1, not %d", rr.Rounds)
	}
	if size < 2 {
		return nil, fmt.Errorf("a round robin's matches need at least 2 players, not %d (points rank bots against each other)", size)
	}
	if len(rr.Bots) < size {
		return nil, fmt.Errorf("a tournament of %d-player matches needs at least %d bots; %d given", size, size, len(rr.Bots))
	}
	var out [][]int
	for r := 0; r < max(1, rr.Rounds); r++ {
		for _, group := range combinations(len(rr.Bots), size) {
			// A game whose match is a series swaps the roles itself
			// (catmouse): one match per group.
			shifts := len(group)
			if _, ok := g.(game.Series); ok {
				shifts = 1
			}
			for shift := range shifts {
				out = append(out, Rotate(group, shift))
			}
		}
	}
	return out, nil
}

// smallest is the smallest match, of at least 2 players, that the game
// accepts with the tournament's options (territory's generated arenas are
// for 4, 6 or 8 players, though a test arena may hold 2).
func (rr RoundRobin) smallestSize() int {
	g, err := game.Lookup(rr.Game)
	if err != nil {
		return 2
	}
	info := g.Info()
	opts, err := game.ParseOptions(info.Options, rr.Options)
	if err != nil {
		return max(2, info.MinPlayers) // Build reports the error
	}
	league, _ := info.CheckLeague(rr.League)
	for n := max(2, info.MinPlayers); n <= info.MaxPlayers; n++ {
		names := make([]string, n)
		if _, err := g.New(game.Config{Seed: rr.Seed, Players: n, League: league, Options: opts, Names: names}); err == nil {
			return n
		}
	}
	return max(2, info.MinPlayers)
}

// combinations returns the k-subsets of 0..n-1 in lexicographic order.
func combinations(n, k int) [][]int {
	var out [][]int
	cur := make([]int, 0, k)
	var rec func(from int)
	rec = func(from int) {
		if len(cur) == k {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for i := from; i <= n-(k-len(cur)); i++ {
			cur = append(cur, i)
			rec(i + 1)
			cur = cur[:len(cur)-1]
		}
	}
	rec(0)
	return out
}

// Play plays the whole schedule, matches side by side as the cores allow,
// and returns the standings (best first). Each finished match goes to
// OnMatch, then only its result stays, in the table. A match the arena
// cannot play stops the tournament. When ctx ends early (Ctrl-C), Play
// returns the standings of the matches finished so far with ctx's error.
func (rr RoundRobin) Play(ctx context.Context) (*Outcome, error) {
	sched, err := rr.Schedule()
	if err != nil {
		return nil, err
	}
	pool := rr.pool()
	names, _, err := pool.names()
	if err != nil {
		return nil, err
	}
	if len(rr.Names) == len(rr.Bots) {
		names = rr.Names
	}
	// The seatings of a group follow each other in the schedule: they
	// share a seed, so that every bot meets the same map in every seat.
	jobs := make([]Job, len(sched))
	for k, seats := range sched {
		jobs[k] = Job{Index: k, Seats: seats, Seed: rr.Seed + int64(k/len(seats))}
	}
	table := NewTable(names)
	var series *seriesTable
	if g, _ := game.Lookup(rr.Game); g != nil {
		if _, ok := g.(game.Series); ok {
			series = newSeriesTable(table)
		}
	}
	out := &Outcome{Format: "round-robin", Scheduled: len(jobs)}
	err = pool.Play(ctx, jobs, func(p Played) error {
		if p.Err != nil {
			return p.Err
		}
		table.Add(p.Index, p.Seats, p.Result)
		if series != nil {
			series.add(p.Seats, p.Result)
		}
		out.Finished++
		if rr.OnMatch != nil {
			rr.OnMatch(p)
		}
		return nil
	})
	if series != nil {
		out.Format = "series round robin"
		out.Standings = series.standings()
	} else {
		out.Standings = table.Standings()
	}
	return out, err
}
