package stages

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// A game of a round or final that the arena cannot play (a map file the
// game cannot read, the replays' disk gone...) is never recorded
// (queue.Match.Format): its job fails, River tries it again, discards it
// after its attempts, and the scheduler's next look queues it again. The
// only trace is in the job rows, which FailingGames reads, so that the
// organiser (and arena event ... --wait) is told instead of waiting for a
// game that never comes. A look of the scheduler that fails before any
// game is queued (the map file of a game gone) leaves its trace in the
// event's state instead (LookError).

// The failures' types are the formats' (package format).
type (
	FailingGame = format.FailingGame
	LookError   = format.LookError
)

// unplayedJobs are the job states of a game not played (yet).
var unplayedJobs = []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStateRunning,
	rivertype.JobStateRetryable, rivertype.JobStateScheduled, rivertype.JobStateDiscarded}

// FailingGames are an event's games of rounds and finals whose match jobs
// failed and that are not recorded since, in the order of their keys.
func (s *Stages) FailingGames(ctx context.Context, eventID int64) ([]FailingGame, error) {
	q, err := s.Jobs.Client()
	if err != nil {
		return nil, err
	}
	byKey := map[string]*FailingGame{}
	params := river.NewJobListParams().Kinds(queue.Match{}.Kind()).States(unplayedJobs...).First(1000)
	for {
		res, err := q.JobList(ctx, params)
		if err != nil {
			return nil, err
		}
		for _, j := range res.Jobs {
			var a queue.Match
			if len(j.Errors) == 0 || queue.Decode(j, &a) != nil || a.Event != eventID || !a.Format {
				continue
			}
			g := byKey[a.Key]
			if g == nil {
				g = &FailingGame{Game: a.Key, Kind: a.MatchKind, Round: a.Round}
				for _, t := range a.Teams {
					g.Teams = append(g.Teams, fmt.Sprint(t)) // named below
				}
				byKey[a.Key] = g
			}
			g.Failures += len(j.Errors)
			if last := j.Errors[len(j.Errors)-1]; !last.At.Before(g.At) {
				g.Error, g.At = last.Error, last.At
			}
			if j.State == rivertype.JobStateDiscarded {
				g.Discarded++
			}
		}
		if len(res.Jobs) < 1000 {
			break
		}
		params = params.After(res.LastCursor)
	}
	if len(byKey) == 0 {
		return nil, nil
	}
	return s.unrecorded(ctx, eventID, byKey)
}

// unrecorded keeps of the failing games those not recorded (a game that
// failed and was played later is no failure), with their teams' names.
func (s *Stages) unrecorded(ctx context.Context, eventID int64, byKey map[string]*FailingGame) ([]FailingGame, error) {
	recs := map[string]map[string]store.Match{}
	teams, err := s.Events.Store.Teams(ctx, eventID)
	if err != nil {
		return nil, err
	}
	names := map[string]string{"0": "house"}
	for _, t := range teams {
		names[fmt.Sprint(t.ID)] = t.Name
	}
	var out []FailingGame
	for key, g := range byKey {
		if recs[g.Kind] == nil {
			if recs[g.Kind], err = s.recordedGames(ctx, eventID, g.Kind); err != nil {
				return nil, err
			}
		}
		if _, ok := recs[g.Kind][key]; ok {
			continue
		}
		for i, id := range g.Teams {
			g.Teams[i] = names[id]
		}
		out = append(out, *g)
	}
	slices.SortFunc(out, func(a, b FailingGame) int { return strings.Compare(a.Game, b.Game) })
	return out, nil
}

// stateLookError is the event state document of the scheduler's failing
// looks at an event's round or final.
const stateLookError = "look-error"

// noteLook keeps the outcome of the scheduler's look at an event: a
// failure from the first look in a row that failed, a success clearing
// it. Each is written only when it changes what is kept (a failure, when
// its error changes): the clock looks every few seconds, and each write
// would have every page that follows the event read it again.
func (s *Stages) noteLook(ctx context.Context, eventID int64, lookErr error, now time.Time) error {
	cur, err := s.LookError(ctx, eventID)
	if err != nil {
		return err
	}
	if lookErr == nil {
		if cur == nil {
			return nil
		}
		return s.writeState(ctx, eventID, stateLookError, LookError{})
	}
	if cur != nil && cur.Error == lookErr.Error() {
		return nil
	}
	_, err = s.Events.Store.UpdateEventState(context.WithoutCancel(ctx), eventID, stateLookError, func(old []byte) ([]byte, error) {
		var le LookError
		if old != nil {
			json.Unmarshal(old, &le) // a document unreadable starts again
		}
		if le.Error == lookErr.Error() {
			return old, nil // another look wrote it meanwhile
		}
		if le.Since.IsZero() {
			le.Since = now.UTC()
		}
		le.Error, le.At = lookErr.Error(), now.UTC()
		return json.Marshal(le)
	})
	return err
}

// LookError is the scheduler's failure at its last looks at an event's
// round or final, nil when its last look went well.
func (s *Stages) LookError(ctx context.Context, eventID int64) (*LookError, error) {
	var le LookError
	found, err := s.readState(ctx, eventID, stateLookError, &le)
	if err != nil || !found || le.Error == "" {
		return nil, err
	}
	return &le, nil
}

// Watch follows what keeps an event's round or final from going on, for
// a command that waits for it (apitypes.Watch).
type Watch = apitypes.Watch

// gaveUp is, for a command that waits for the server's workers to play a
// format's pending games (RunFormat), the failure of those they gave up
// on since it started, so that it stops instead of waiting for ever.
func (s *Stages) gaveUp(ctx context.Context, w *Watch, pending []format.Game) error {
	if len(pending) == 0 {
		return nil
	}
	failing, err := s.FailingGames(ctx, pending[0].Args.Event)
	if err != nil {
		return err
	}
	var ours []FailingGame
	for _, g := range failing {
		for _, pg := range pending {
			if pg.Args.Key == g.Game {
				ours = append(ours, g)
				break
			}
		}
	}
	_, failed := w.Failed(ours, nil, time.Now())
	return failed
}
