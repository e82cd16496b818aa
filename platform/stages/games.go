package stages

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// The platform's side of the formats played as match jobs (format.Run):
// the games recorded, their results, queuing a stage's games, and playing
// a format to its end for a command.

// recordedGames are an event's recorded matches of a kind, by key.
func (s *Stages) recordedGames(ctx context.Context, eventID int64, kind string) (map[string]store.Match, error) {
	// of its kind only: a look comes every few seconds, and an event may
	// have tens of thousands of casual games
	ms, err := s.Events.Store.MatchesOfKind(ctx, eventID, kind)
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
func (s *Stages) recordedResult(recs map[string]store.Match, key string) (*replay.Result, error) {
	m, ok := recs[key]
	if !ok {
		return nil, nil
	}
	if m.Error != "" {
		return nil, fmt.Errorf("game %s could not be played: %s", key, m.Error)
	}
	if res, ok := s.results.Load(key); ok {
		return res.(*replay.Result), nil
	}
	rep, err := s.Matches.Player.Replays.Get(key)
	if err != nil {
		return nil, fmt.Errorf("the replay of game %s: %w", key, err)
	}
	s.results.Store(key, rep.Result) // a recorded game never changes
	return rep.Result, nil
}

// queueGames queues the match jobs of games: unique by their arguments,
// so that a game queued and not yet played is not queued twice.
func (s *Stages) queueGames(ctx context.Context, games []format.Game) error {
	q, err := s.Jobs.Client()
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

// RunFormat plays a format to its end for a command (arena event blitz,
// arena event roundrobin): stage by stage, each stage's games played by
// this process (cores at once) when no server runs the data directory's
// jobs, else queued for the server's workers and waited for. ctx's end
// stops it; what was recorded stays, and the next run goes on from there.
func (s *Stages) RunFormat(ctx context.Context, cores int, plan func() (format.Plan, error)) (*tournament.Outcome, error) {
	local, unlock, err := s.playHere()
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
			if err := s.queueGames(ctx, pl.Pending); err != nil {
				return nil, err
			}
			if err := s.gaveUp(ctx, &watch, pl.Pending); err != nil {
				return nil, err
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(formatPoll):
			}
			continue
		}
		if err := s.playGames(ctx, cores, pl.Pending); err != nil {
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
func (s *Stages) playHere() (bool, func(), error) {
	nothing := func() {}
	switch {
	case s.Jobs.PlayedElsewhere():
		return false, nothing, nil // its workers, or the arena worker machines, play them
	case s.Jobs.HoldsLock(), s.Jobs.Shared(), s.Jobs.DB == nil:
		return true, nothing, nil
	}
	f, held, err := queue.TryLock(s.Jobs.Dir)
	if err != nil || !held {
		return false, nothing, err // not held: a server runs the jobs
	}
	return true, func() { f.Close() }, nil
}

// playGames plays games in this process, side by side as the cores allow
// (one per team bot, as arena tournament counts them), each recorded as
// its match job would record it.
func (s *Stages) playGames(ctx context.Context, cores int, games []format.Game) error {
	s.Matches.Player.EnsureCores(cores)
	var wg sync.WaitGroup
	errs := make([]error, len(games))
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.Matches.PlayMatch(ctx, g.Args) // HoldCores bounds them
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.Join(errs...)
}
