package practice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/seed27749672/arena/platform/play"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// Wait is a test game that cannot play yet (its build has not ended,
// or another game of its team is playing): its job is tried again
// after Wait, not counted as an attempt.
type Wait time.Duration

func (w Wait) Error() string { return fmt.Sprintf("the test game waits %s", time.Duration(w)) }

// maxWait is how long a test game waits for its builds, at most: past
// it, it fails rather than wait for a build that never ends.
const maxWait = 45 * time.Minute

// PlayTest plays a test game's job here and records its end; an error is
// the platform's (the job is tried again), or Wait.
func (pr *Practice) PlayTest(ctx context.Context, j queue.Test) error {
	tg, err := pr.Events.Store.TestGame(ctx, j.ID)
	if errors.Is(err, store.ErrNotFound) || tg.State == store.TestDone || tg.State == store.TestFailed {
		return nil // played already (its job run again), or gone
	}
	if err != nil {
		return err
	}
	if why, err := pr.builds(ctx, tg); err != nil || why != "" {
		if err == nil {
			err = pr.Events.Store.FinishTestGame(ctx, tg.ID, nil, why)
		}
		return err
	}
	ok, err := pr.Events.Store.StartTestGame(ctx, tg.ID)
	if err != nil {
		return err
	}
	if !ok {
		return Wait(time.Second) // the team's other test game is playing
	}
	rec, err := pr.Player.Play(ctx, j.Match)
	if errors.Is(err, play.ErrSuspended) {
		rec.Error, err = err.Error(), nil // not played: the game fails with why
	}
	if err != nil {
		return err // stopped: the job is tried again
	}
	if err := pr.Events.Store.FinishTestGame(context.WithoutCancel(ctx), tg.ID, rec.Ranks, rec.Error); err != nil {
		return err
	}
	return pr.forgetOld(context.WithoutCancel(ctx), tg.TeamID)
}

// KeptReplays is how many of a team's latest test games keep their
// replay: test games are unrated and many, and each replay is bounded
// (the stderr caps), so their number bounds what they keep.
const KeptReplays = 30

// forgetOld deletes the replays of the team's test games older than its
// KeptReplays latest; the games stay listed, with their results.
func (pr *Practice) forgetOld(ctx context.Context, teamID int64) error {
	// the window past the kept ones covers the games that ended since the
	// last call (at most MaxUnfinished), and a few more
	games, err := pr.Events.Store.TestGames(ctx, teamID, KeptReplays+4*MaxUnfinished)
	if err != nil || len(games) <= KeptReplays {
		return err
	}
	for _, g := range games[KeptReplays:] {
		if g.State == store.TestDone {
			if err := pr.Player.Replays.Delete(MatchOf(g).Key); err != nil {
				return err
			}
		}
	}
	return nil
}

// builds says why a test game cannot play ("" when it can), or returns
// Wait while one of its builds has not ended.
func (pr *Practice) builds(ctx context.Context, tg store.TestGame) (string, error) {
	for _, id := range tg.Submissions {
		if id == 0 {
			continue
		}
		s, err := pr.Events.Store.Submission(ctx, id)
		if err != nil {
			return "", err
		}
		switch s.Status {
		case store.StatusFailed:
			return fmt.Sprintf("submission %d's build failed: it cannot play", id), nil
		case store.StatusQueued, store.StatusBuilding:
			if time.Since(tg.Created) > maxWait {
				return fmt.Sprintf("submission %d's build did not end within %s", id, maxWait), nil
			}
			return "", Wait(2 * time.Second)
		}
	}
	return "", nil
}

// GiveUpTest records that the platform could not play a test game (its job's
// last attempt failed with err): the team sees why instead of a game
// queued for ever.
func (pr *Practice) GiveUpTest(ctx context.Context, id int64, err error) {
	pr.Events.Store.FinishTestGame(context.WithoutCancel(ctx), id, nil, "the platform could not play the test game: "+err.Error())
}
