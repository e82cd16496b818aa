package ladder

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/tournament"
)

// Runner plays ladder games until it has played Games games (0: until ctx
// ends), writing each as it ends.
type Runner struct {
	Store   *Store
	Size    int // bots per game (default 2)
	Games   int
	Cores   int
	League  int
	Options []string
	// Sandbox, when not nil, runs the bots that are commands contained.
	Sandbox *sandbox.Limits
	// TimeScale multiplies every time limit of every game (0: 1).
	TimeScale float64
	// OnGame, when set, sees each game once it is written.
	OnGame func(Outcome)
}

// Run plays games in batches chosen from the current ratings, as many
// side by side as the cores allow. It returns the number of games written;
// an interrupted run (ctx ended) is not an error: every finished game is
// in the file.
func (r Runner) Run(ctx context.Context) (int, error) {
	if r.Size == 0 {
		r.Size = 2
	}
	g, err := game.Lookup(r.Store.Game)
	if err != nil {
		return 0, err
	}
	if info := g.Info(); r.Size < 2 || r.Size < info.MinPlayers || r.Size > info.MaxPlayers {
		return 0, fmt.Errorf("%s games have %s players, not %d", info.Name, game.CountRange(max(2, info.MinPlayers), info.MaxPlayers), r.Size)
	}
	played, failures := 0, 0
	for r.Games == 0 || played < r.Games {
		bots, err := r.Store.Bots()
		if err != nil {
			return played, err
		}
		if len(bots) < r.Size {
			return played, fmt.Errorf("the ladder has %d bots; %d-bot games need at least %d (arena ladder add NAME SPEC)", len(bots), r.Size, r.Size)
		}
		room := max(1, r.Cores)
		if r.Cores == 0 {
			room = 2
		}
		groups := Choose(bots, r.Size, room)
		jobs, err := r.jobs(ctx, groups, r.Games-played)
		if err != nil {
			return played, err
		}
		specs := make([]string, len(bots))
		for i, b := range bots {
			specs[i] = b.Spec
		}
		pool := tournament.Pool{Game: r.Store.Game, Bots: specs, League: r.League, Options: r.Options, Cores: r.Cores, Sandbox: r.Sandbox, TimeScale: r.TimeScale}
		err = pool.Play(ctx, jobs, func(p tournament.Played) error {
			o := outcomeOf(bots, p)
			if err := r.Store.Record(context.WithoutCancel(ctx), o); err != nil {
				return err
			}
			played++
			if o.Err != nil {
				failures++
			} else {
				failures = 0
			}
			if r.OnGame != nil {
				r.OnGame(o)
			}
			if failures >= 3 {
				return fmt.Errorf("three games in a row failed: %w", o.Err)
			}
			return nil
		})
		if ctx.Err() != nil {
			return played, nil
		}
		if err != nil {
			return played, err
		}
	}
	return played, nil
}

// jobs turns chosen groups into games: every rotation of the seats, on one
// seed per group, at most limit games (no limit when limit <= 0).
func (r Runner) jobs(ctx context.Context, groups [][]int, limit int) ([]tournament.Job, error) {
	var jobs []tournament.Job
	for _, g := range groups {
		seed, err := r.Store.nextSeed(ctx)
		if err != nil {
			return nil, err
		}
		for k := range g {
			if r.Games > 0 && len(jobs) >= limit {
				return jobs, nil
			}
			jobs = append(jobs, tournament.Job{Index: len(jobs), Seats: tournament.Rotate(g, k), Seed: seed})
		}
	}
	return jobs, nil
}

func outcomeOf(bots []Bot, p tournament.Played) Outcome {
	o := Outcome{Seed: p.Seed, Err: p.Err}
	for _, b := range p.Seats {
		o.Bots = append(o.Bots, bots[b].Name)
	}
	if p.Err != nil {
		return o
	}
	for _, pr := range p.Result.Players {
		o.Ranks = append(o.Ranks, pr.Rank)
		o.Timeouts = append(o.Timeouts, pr.Timeouts)
		o.Crashed = append(o.Crashed, pr.Status == game.Crashed || pr.Status == game.DidNotStart)
	}
	return o
}

// Choose picks n groups of size bots to play next, to make the
// leaderboard more certain: each group is led by the bot whose rating is
// least certain (new bots first: they have the largest sigma), discounted
// by the games already planned for it, and filled with the bots whose
// mean is closest to the leader's (a game between bots of close ratings
// teaches the most).
func Choose(bots []Bot, size, n int) [][]int {
	planned := make([]int, len(bots))
	var out [][]int
	for range n {
		out = append(out, ChooseAfter(bots, size, planned))
	}
	return out
}

// ChooseAfter picks the next group as Choose does after the games planned
// so far (by bot), and counts the group's games in planned: for a
// scheduler that plans its groups one at a time.
func ChooseAfter(bots []Bot, size int, planned []int) []int {
	lead := 0
	best := math.Inf(-1)
	for i, b := range bots {
		// Fewer games first among equal sigmas (every new bot has the
		// same sigma), then the file's order.
		if v := b.Rating.Sigma/float64(1+planned[i]) - 1e-9*float64(b.Games); v > best {
			lead, best = i, v
		}
	}
	others := make([]int, 0, len(bots)-1)
	for i := range bots {
		if i != lead {
			others = append(others, i)
		}
	}
	mu := bots[lead].Rating.Mu
	sort.SliceStable(others, func(a, b int) bool {
		da, db := math.Abs(bots[others[a]].Rating.Mu-mu), math.Abs(bots[others[b]].Rating.Mu-mu)
		if da != db {
			return da < db
		}
		return planned[others[a]] < planned[others[b]]
	})
	group := append([]int{lead}, others[:size-1]...)
	for _, b := range group {
		planned[b]++
	}
	return group
}
