package tournament

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"golang.org/x/sync/semaphore"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/sandbox"
)

// Pool plays the matches of one game side by side, as the cores allow. It
// is shared by every format: a format decides which matches to play, the
// pool plays them.
type Pool struct {
	Game    string
	Bots    []string // --bot specs; a match's seats index into it
	League  int
	Options []string
	// Cores caps the CPU cores the matches may use at once (0: all). A
	// match is given one core per process bot (one in all for builtins),
	// so that running matches side by side never makes a bot late.
	Cores int
	// Sandbox, when not nil, runs the bots that are commands contained.
	Sandbox *sandbox.Limits
	// OnStart, when set, is told of each match as it starts (from several
	// goroutines at once): for live displays.
	OnStart func(Job)
	// Known, when set, gives the result of a match already played (a
	// resumed tournament): such a match is not played again, and goes to
	// the callback first, without replays.
	Known Known
	// TimeScale multiplies every time limit of every match (0: 1).
	TimeScale float64
	// Match, when set, builds the match of a job in place of match.Setup
	// (the platform's teams' bots, each sandboxed in its own build tree,
	// which a --bot spec cannot say). Bots still give the bots' names and
	// the cores each needs.
	Match func(Job) (match.Match, error)
}

// Cores is how many cores matches side by side may use at once: n, or
// the machine's when n <= 0 (Pool.Cores).
func Cores(n int) int {
	if n <= 0 {
		return runtime.NumCPU()
	}
	return n
}

// MatchCores is what a match takes of cores while it plays: a core per
// process bot (bot.Spec.Cores), at least one, at most all of them. Every
// runner of matches side by side (the pool, the platform's match jobs)
// holds that many so that no bot is made late by another match.
func MatchCores(specs []bot.Spec, cores int) int64 {
	need := int64(0)
	for _, s := range specs {
		need += int64(s.Cores())
	}
	return matchNeed(need, cores)
}

func matchNeed(need int64, cores int) int64 { return min(max(need, 1), int64(cores)) }

// Known looks a match up in the record of an interrupted tournament.
type Known func(Job) (*replay.Result, bool)

// Job is one match to play.
type Job struct {
	Index int   // the caller's number for the match (schedule order)
	Seats []int // the bots (indices into Pool.Bots) by seat
	Seed  int64
}

// Played is one finished match of a tournament.
type Played struct {
	Index int
	Seats []int
	Seed  int64
	// Replays holds the match's replay, or one per game when the game
	// defines a match as a series of games (catmouse). The pool hands them
	// to the caller's callback and keeps nothing of them: a tournament of
	// 10,000 matches must not hold 10,000 replays.
	Replays []*replay.Replay
	// Result is the match's result in seat order: the replay's, or the
	// series' combined result.
	Result *replay.Result
	Err    error // an arena error (the match could not be played), or ErrUnplayable
	// Voided lists the plays of the match voided because a bot was
	// starved (see RunFair): the result is that of the play after them.
	Voided []Voided
}

// BotNames gives the bots' display names from their specs, as every
// format shows them: the spec's name, made unique with #2, #3...
func BotNames(specs []string) ([]string, error) {
	names, _, err := Pool{Bots: specs}.names()
	return names, err
}

// names parses the specs once: the bots' display names (made unique with
// #2, #3...), and the cores each needs.
func (p Pool) names() ([]string, []int64, error) {
	var names []string
	var weights []int64
	seen := map[string]int{}
	for _, s := range p.Bots {
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

// Play plays jobs side by side and calls done after each finished match,
// one call at a time, in the order the matches end. A match the arena
// cannot play (Played.Err) is passed to done too; done returns an error to
// stop the remaining matches (the running ones are cancelled and not
// reported). Matches cancelled because ctx ended are not reported either:
// only finished matches count. Play returns done's first error, else
// ctx's error when it ended early, else nil.
func (p Pool) Play(ctx context.Context, jobs []Job, done func(Played) error) error {
	_, weights, err := p.names()
	if err != nil {
		return err
	}
	cores := Cores(p.Cores)
	sem := semaphore.NewWeighted(int64(cores))
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		fail error
	)
	inner, cancel := context.WithCancel(ctx)
	defer cancel()
	if p.Known != nil {
		var rest []Job
		for _, job := range jobs {
			res, ok := p.Known(job)
			if !ok {
				rest = append(rest, job)
				continue
			}
			if err := done(Played{Index: job.Index, Seats: job.Seats, Seed: job.Seed, Result: res}); err != nil {
				return err
			}
		}
		jobs = rest
	}
	for _, job := range jobs {
		need := int64(0)
		for _, b := range job.Seats {
			need += weights[b]
		}
		need = matchNeed(need, cores)
		if err := sem.Acquire(inner, need); err != nil {
			break
		}
		wg.Add(1)
		if p.OnStart != nil {
			p.OnStart(job)
		}
		go func() {
			defer wg.Done()
			defer sem.Release(need)
			pl := p.playOne(inner, job)
			mu.Lock()
			defer mu.Unlock()
			if fail != nil || (pl.Err != nil && inner.Err() != nil) {
				return // cancelled, not finished
			}
			if err := done(pl); err != nil {
				fail = err
				cancel()
			}
		}()
	}
	wg.Wait()
	if fail != nil {
		return fail
	}
	return ctx.Err()
}

func (p Pool) playOne(ctx context.Context, job Job) Played {
	pl := Played{Index: job.Index, Seats: job.Seats, Seed: job.Seed}
	specs := make([]string, len(job.Seats))
	for i, b := range job.Seats {
		specs[i] = p.Bots[b]
	}
	var m match.Match
	var err error
	if p.Match != nil {
		m, err = p.Match(job)
	} else {
		m, err = match.Setup{Game: p.Game, Bots: specs, Seed: &pl.Seed, League: p.League, Options: p.Options, Sandbox: p.Sandbox, TimeScale: p.TimeScale}.Build()
	}
	if err == nil {
		if _, series := m.Game.(game.Series); series {
			err = playSeries(ctx, m, &pl)
		} else {
			var rep *replay.Replay
			if rep, pl.Voided, err = RunFair(ctx, m); err == nil {
				pl.Replays, pl.Result = []*replay.Replay{rep}, rep.Result
			}
		}
	}
	if err != nil {
		pl.Replays, pl.Result = nil, nil
		pl.Err = fmt.Errorf("match %d (seed %d): %w", job.Index+1, pl.Seed, err)
	}
	return pl
}

// playSeries plays a match that is a series of games, and gives it the
// series' combined result, with each player's timeouts summed.
func playSeries(ctx context.Context, m match.Match, pl *Played) error {
	run, err := PlaySeries(ctx, m, nil)
	if run != nil {
		pl.Voided = run.Voided
	}
	if err != nil {
		return err
	}
	res := &replay.Result{Summary: run.Result.Summary}
	for _, g := range run.Games {
		res.Turns += g.Result.Turns
	}
	for seat, pr := range run.Result.Players {
		r := replay.PlayerResult{Name: m.Players[seat].Name, PlayerResult: pr}
		for _, g := range run.Games {
			r.Timeouts += g.Result.Players[seat].Timeouts
		}
		res.Players = append(res.Players, r)
	}
	pl.Replays, pl.Result = run.Games, res
	return nil
}
