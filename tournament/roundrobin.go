package tournament

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"sync"

	"golang.org/x/sync/semaphore"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// RoundRobin is a local tournament: every group of Size bots plays, each
// bot once in every seat of the group, Rounds times.
type RoundRobin struct {
	Game    string
	Bots    []string // --bot specs
	Size    int      // bots per match, at least 2; 0: the game's minimum, at least 2
	Rounds  int      // 0 means 1
	Seed    int64    // match k is played with seed Seed+k
	League  int
	Options []string
	// Cores caps the CPU cores the matches may use at once (0: all). A
	// match is given one core per process bot (one in all for builtins),
	// so that running matches side by side never makes a bot late.
	Cores int
	// OnMatch, when set, is called after each match (from several
	// goroutines, one at a time).
	OnMatch func(Played)
}

// Played is one match of a tournament.
type Played struct {
	Index  int   // in the schedule
	Seats  []int // the bots (indices into RoundRobin.Bots) by seat
	Seed   int64
	Replay *replay.Replay
	Err    error // an arena error (the match could not be played)
}

// Standing is one bot's line in the tournament table.
type Standing struct {
	Bot    int // index into RoundRobin.Bots
	Name   string
	Played int
	Wins   int // first place alone
	Draws  int // first place shared
	Losses int
	// Points: 1 for the best rank of a match, 0 for the worst, in between
	// linearly; a shared rank shares the points of the places it covers.
	Points   float64
	Timeouts int
	Crashes  int // crashed or did not start
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
		size = rr.smallest(g)
	}
	if size < info.MinPlayers || size > info.MaxPlayers {
		return nil, fmt.Errorf("%s matches have %d to %d players, not %d", info.Name, info.MinPlayers, info.MaxPlayers, size)
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
			for shift := range group {
				seats := make([]int, size)
				for i := range seats {
					seats[i] = group[(i+shift)%size]
				}
				out = append(out, seats)
			}
		}
	}
	return out, nil
}

// smallest is the smallest match, of at least 2 players, that the game
// accepts with the tournament's options (territory's generated arenas are
// for 4, 6 or 8 players, though a test arena may hold 2).
func (rr RoundRobin) smallest(g game.Game) int {
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
// and returns every match (in schedule order) and the standings (best
// first). A match the arena cannot play stops the tournament.
func (rr RoundRobin) Play(ctx context.Context) ([]Played, []Standing, error) {
	sched, err := rr.Schedule()
	if err != nil {
		return nil, nil, err
	}
	names, weights, err := rr.bots()
	if err != nil {
		return nil, nil, err
	}
	cores := rr.Cores
	if cores <= 0 {
		cores = runtime.NumCPU()
	}
	sem := semaphore.NewWeighted(int64(cores))
	played := make([]Played, len(sched))
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		fail error
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for k, seats := range sched {
		need := int64(0)
		for _, b := range seats {
			need += weights[b]
		}
		need = min(max(need, 1), int64(cores))
		if err := sem.Acquire(ctx, need); err != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer sem.Release(need)
			p := rr.playOne(ctx, k, seats)
			mu.Lock()
			defer mu.Unlock()
			played[k] = p
			if p.Err != nil && fail == nil {
				fail = p.Err
				cancel()
			}
			if rr.OnMatch != nil {
				rr.OnMatch(p)
			}
		}()
	}
	wg.Wait()
	if fail != nil {
		return played, nil, fail
	}
	if err := ctx.Err(); err != nil {
		return played, nil, err
	}
	return played, standings(names, played), nil
}

// bots parses the specs once: their names, and the cores each needs.
func (rr RoundRobin) bots() ([]string, []int64, error) {
	var names []string
	var weights []int64
	seen := map[string]int{}
	for _, s := range rr.Bots {
		sp, err := bot.ParseSpec(s)
		if err != nil {
			return nil, nil, err
		}
		name := sp.Name
		if seen[name]++; seen[name] > 1 {
			name = fmt.Sprintf("%s#%d", name, seen[name])
		}
		names = append(names, name)
		weights = append(weights, int64(sp.Cores()))
	}
	return names, weights, nil
}

func (rr RoundRobin) playOne(ctx context.Context, k int, seats []int) Played {
	p := Played{Index: k, Seats: seats, Seed: rr.Seed + int64(k)}
	specs := make([]string, len(seats))
	for i, b := range seats {
		specs[i] = rr.Bots[b]
	}
	m, err := match.Setup{Game: rr.Game, Bots: specs, Seed: &p.Seed, League: rr.League, Options: rr.Options}.Build()
	if err == nil {
		p.Replay, err = match.Run(ctx, m)
	}
	if err != nil {
		p.Err = fmt.Errorf("match %d (seed %d): %w", k+1, p.Seed, err)
	}
	return p
}

func standings(names []string, played []Played) []Standing {
	st := make([]Standing, len(names))
	for i := range st {
		st[i] = Standing{Bot: i, Name: names[i]}
	}
	for _, p := range played {
		res := p.Replay.Result.Players
		n := len(res)
		for seat, b := range p.Seats {
			r := res[seat]
			s := &st[b]
			s.Played++
			s.Timeouts += r.Timeouts
			if r.Status == game.Crashed || r.Status == game.DidNotStart {
				s.Crashes++
			}
			tied := 0
			for _, o := range res {
				if o.Rank == r.Rank {
					tied++
				}
			}
			// Places r.Rank .. r.Rank+tied-1 shared: the mean of their points.
			for place := r.Rank; place < r.Rank+tied; place++ {
				s.Points += float64(n-place) / float64(n-1) / float64(tied)
			}
			switch {
			case r.Rank == 1 && tied == 1:
				s.Wins++
			case r.Rank == 1:
				s.Draws++
			default:
				s.Losses++
			}
		}
	}
	sort.SliceStable(st, func(i, j int) bool {
		if st[i].Points != st[j].Points {
			return st[i].Points > st[j].Points
		}
		return st[i].Wins > st[j].Wins
	})
	return st
}
