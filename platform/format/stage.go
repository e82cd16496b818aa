package format

import (
	"errors"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// Formats played as match jobs (the Blitz ranked rounds and final, the
// Cod'INSA round robin): each game of a format is an ordinary match job
// with a key of its own, played by whichever process runs match jobs (the
// server, or arena worker machines), and recorded as a match. The format
// itself is never run alongside: at each look, the format is replayed
// (package tournament) on the games recorded so far. The formats decide
// from results only, so the replay stops at the first stage with a game
// not recorded, having asked for every game of that stage: those are
// queued (a game queued already is not queued again: the jobs are unique
// by their arguments, and a recorded one is known). Once every game is
// recorded the replay runs to the end and gives the format's outcome. A
// restart or a second scheduler therefore neither loses nor doubles a
// game: the stored matches are the only record of what was played.

// ErrNotRecorded stops a format's replay at a game not recorded yet.
var ErrNotRecorded = errors.New("game not recorded yet")

// Game is one game of a format: its job in the format's numbering, and
// the match job that plays it.
type Game struct {
	Job  tournament.Job
	Args queue.Match
}

// Plan is where a format stands: its outcome once every game is
// recorded, else the games of its current stage not recorded yet.
type Plan struct {
	Out     *tournament.Outcome
	Pending []Game
}

// Run describes a format to replay: Play runs it with the given Known and
// Match; Known looks a game of the format up in the records, and gives
// the match jobs that play it when it is not recorded (a game recorded
// with an arena error stops the format with that error).
type Run struct {
	Play  func(known tournament.Known, build func(tournament.Job) (match.Match, error)) (*tournament.Outcome, error)
	Known func(tournament.Job) (*replay.Result, []queue.Match, error)
}

// Plan replays a format on the recorded games.
func (f Run) Plan() (Plan, error) {
	var pending []Game
	var failed error
	known := func(j tournament.Job) (*replay.Result, bool) {
		res, jobs, err := f.Known(j)
		if err != nil {
			failed = errors.Join(failed, err)
			return nil, false
		}
		for _, a := range jobs {
			pending = append(pending, Game{Job: j, Args: a})
		}
		return res, res != nil
	}
	build := func(tournament.Job) (match.Match, error) { return match.Match{}, ErrNotRecorded }
	out, err := f.Play(known, build)
	switch {
	case failed != nil:
		return Plan{}, failed
	case err == nil:
		return Plan{Out: out}, nil
	case errors.Is(err, ErrNotRecorded) && len(pending) > 0:
		return Plan{Pending: pending}, nil
	}
	return Plan{}, err
}
