package platform

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/riverqueue/river"
	"golang.org/x/sync/semaphore"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// Formats played as match jobs (the Blitz ranked rounds and final, the
// Cod'INSA round robin): each game of a format is an ordinary match job
// with a key of its own, played by whichever process runs match jobs (the
// server, or arena worker machines), and recorded as a match. The format
// itself is never run alongside: at each look, the scheduler replays it
// (package tournament) on the games recorded so far. The formats decide
// from results only, so the replay stops at the first stage with a game
// not recorded, having asked for every game of that stage: those are
// queued (a game queued already is not queued again: the jobs are unique
// by their arguments, and a recorded one is known). Once every game is
// recorded the replay runs to the end and gives the format's outcome. A
// restart or a second scheduler therefore neither loses nor doubles a
// game: the stored matches are the only record of what was played.

// errNotRecorded stops a format's replay at a game not recorded yet.
var errNotRecorded = errors.New("game not recorded yet")

// formatGame is one game of a format: its job in the format's numbering,
// and the match job that plays it.
type formatGame struct {
	Job  tournament.Job
	Args matchArgs
}

// formatPlan is where a format stands: its outcome once every game is
// recorded, else the games of its current stage not recorded yet.
type formatPlan struct {
	Out     *tournament.Outcome
	Pending []formatGame
}

// formatRun describes a format to replay: play runs it with the given
// Known and Match; known looks a game of the format up in the records,
// and gives the match jobs that play it when it is not recorded (a game
// recorded with an arena error stops the format with that error).
type formatRun struct {
	play  func(known tournament.Known, build func(tournament.Job) (match.Match, error)) (*tournament.Outcome, error)
	known func(tournament.Job) (*replay.Result, []matchArgs, error)
}

// plan replays a format on the recorded games.
func (f formatRun) plan() (formatPlan, error) {
	var pending []formatGame
	var failed error
	known := func(j tournament.Job) (*replay.Result, bool) {
		res, jobs, err := f.known(j)
		if err != nil {
			failed = errors.Join(failed, err)
			return nil, false
		}
		for _, a := range jobs {
			pending = append(pending, formatGame{Job: j, Args: a})
		}
		return res, res != nil
	}
	build := func(tournament.Job) (match.Match, error) { return match.Match{}, errNotRecorded }
	out, err := f.play(known, build)
	switch {
	case failed != nil:
		return formatPlan{}, failed
	case err == nil:
		return formatPlan{Out: out}, nil
	case errors.Is(err, errNotRecorded) && len(pending) > 0:
		return formatPlan{Pending: pending}, nil
	}
	return formatPlan{}, err
}

// recordedGames are an event's recorded matches of a kind, by key.
func (p *Platform) recordedGames(ctx context.Context, eventID int64, kind string) (map[string]store.Match, error) {
	// of its kind only: a look comes every few seconds, and an event may
	// have tens of thousands of casual games
	ms, err := p.Store.MatchesOfKind(ctx, eventID, kind)
	if err != nil {
		return nil, err
	}
	out := map[string]store.Match{}
	for _, m := range ms {
		out[m.Key] = m
	}
	return out, nil
}

// recordedResult is a recorded game's result (its replay's), nil when it
// is not recorded; a game recorded with an arena error is that error.
func (p *Platform) recordedResult(recs map[string]store.Match, key string) (*replay.Result, error) {
	m, ok := recs[key]
	if !ok {
		return nil, nil
	}
	if m.Error != "" {
		return nil, fmt.Errorf("game %s could not be played: %s", key, m.Error)
	}
	if res, ok := p.results.Load(key); ok {
		return res.(*replay.Result), nil
	}
	rep, err := p.Replays.Get(key)
	if err != nil {
		return nil, fmt.Errorf("the replay of game %s: %w", key, err)
	}
	p.results.Store(key, rep.Result) // a recorded game never changes
	return rep.Result, nil
}

// queueGames queues the match jobs of games: unique by their arguments,
// so that a game queued and not yet played is not queued twice.
func (p *Platform) queueGames(ctx context.Context, games []formatGame) error {
	q, err := p.queue()
	if err != nil {
		return err
	}
	for _, g := range games {
		opts := g.Args.InsertOpts()
		opts.UniqueOpts = river.UniqueOpts{ByArgs: true}
		if _, err := q.Insert(ctx, g.Args, &opts); err != nil {
			return fmt.Errorf("queuing game %s: %w", g.Args.Key, err)
		}
	}
	return nil
}

// formatPoll is how often a command waiting for a server's workers looks
// at the games it queued.
const formatPoll = time.Second

// runFormat plays a format to its end for a command (arena event blitz,
// arena event roundrobin): stage by stage, each stage's games played by
// this process (cores at once) when no server runs the data directory's
// jobs, else queued for the server's workers and waited for. ctx's end
// stops it; what was recorded stays, and the next run goes on from there.
func (p *Platform) runFormat(ctx context.Context, cores int, plan func() (formatPlan, error)) (*tournament.Outcome, error) {
	local, unlock, err := p.playHere()
	if err != nil {
		return nil, err
	}
	defer unlock()
	var watch Watch
	for {
		pl, err := plan()
		if err != nil || pl.Out != nil {
			return pl.Out, err
		}
		if !local {
			if err := p.queueGames(ctx, pl.Pending); err != nil {
				return nil, err
			}
			if err := p.gaveUp(ctx, &watch, pl.Pending); err != nil {
				return nil, err
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(formatPoll):
			}
			continue
		}
		if err := p.playGames(ctx, cores, pl.Pending); err != nil {
			return nil, err
		}
	}
}

// playHere says whether this process plays a format's games itself: it
// runs no match workers and no other process holds the data directory's
// jobs lock (which it then holds until unlock, so that no server starts
// meanwhile). A process that holds the lock but plays no match jobs
// (StartJobs without Matches) plays them itself, and so does a process
// without workers on a shared database.
func (p *Platform) playHere() (bool, func(), error) {
	nothing := func() {}
	switch {
	case p.river != nil && (p.jobs.Role == RoleServer || p.jobs.Matches > 0):
		return false, nothing, nil // its workers, or the arena worker machines, play them
	case p.jobsLock != nil, p.shared(), p.db == nil:
		return true, nothing, nil
	}
	f, err := os.OpenFile(filepath.Join(p.Dir, "jobs.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return false, nothing, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return false, nothing, nil // a server runs the jobs
		}
		return false, nothing, err
	}
	return true, func() { f.Close() }, nil
}

// playGames plays games in this process, side by side as the cores allow
// (one per team bot, as arena tournament counts them), each recorded as
// its match job would record it.
func (p *Platform) playGames(ctx context.Context, cores int, games []formatGame) error {
	if p.cores == nil {
		p.coreCount = tournament.Cores(cores)
		p.cores = semaphore.NewWeighted(int64(p.coreCount))
	}
	var wg sync.WaitGroup
	errs := make([]error, len(games))
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = p.playMatch(ctx, g.Args) // holdCores bounds them
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.Join(errs...)
}
