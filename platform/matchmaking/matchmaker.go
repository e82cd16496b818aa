// Package matchmaking is the platform's casual play: the scheduler that
// keeps an event's rated games queued between the teams' active
// submissions (chosen as arena ladder chooses), the CodinGame leagues'
// promotion tests, the final ranking's games, the ratings a match
// changes, and the leaderboards they make. The event formats' stages are
// theirs: the scheduler only gives them their look at each tick
// (Matchmaker.Formats).
package matchmaking

import (
	"context"
	"errors"
	"log/slog"
	"sync"

	"github.com/riverqueue/river"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/play"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// Matchmaker schedules, plays and rates an event's games.
type Matchmaker struct {
	Events *event.Events
	Jobs   *queue.Jobs
	Player *play.Player
	// Formats is the event formats' look at an event at each tick of the
	// scheduler, before its casual games (nil: none).
	Formats func(ctx context.Context, ev store.Event) error
	// Budget lets go of the event's old casual replays after each casual
	// match recorded here (nil: all are kept).
	Budget *files.ReplayBudget
	// RereadEachMatch makes a scheduling pass read its event's teams and
	// ratings again for each match, and forget the games it planned, as
	// the scheduler did before schedulePass: the benchmarks' baseline.
	RereadEachMatch bool

	// decided holds the promotion tests known decided (testKey): they
	// never change, and the scheduler need not read them again
	decided sync.Map
	// retakeSeen holds, by "submission/league", the games at which a
	// failed test's team was last compared with its boss (retake.go)
	retakeSeen sync.Map
	// fits holds each event's last fit of its ratings (fitMemo, fit.go)
	fits sync.Map
}

// PlayMatch plays one match job here and records it with the ratings it
// changes; in a job, the job is completed in the same transaction
// (queue.Jobs.CompleteWith).
func (mk *Matchmaker) PlayMatch(ctx context.Context, a queue.Match) error {
	rec, err := mk.Player.Play(ctx, a)
	if errors.Is(err, play.ErrSuspended) && !a.Format {
		// a team suspended since the job was queued: the match is
		// dropped (a format's game is tried again: the round waits)
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	var rate func(cur map[int64]store.Rating) []store.Rating
	if a.MatchKind != store.KindRanked && a.MatchKind != store.KindPromotion && !a.Unrated {
		// (ranked rounds count ladder points, not ratings; a promotion
		// game's boss is no team of the league: docs/events.md)
		left, err := mk.LeftLeague(context.WithoutCancel(ctx), a)
		if err != nil {
			return err
		}
		rate = func(cur map[int64]store.Rating) []store.Rating { return RateInLeague(rec, cur, left) }
	}
	ctx = context.WithoutCancel(ctx)
	recorded, err := mk.Events.Store.RecordMatchTx(ctx, rec, rate, mk.Jobs.CompleteWith(ctx))
	if !recorded || err != nil {
		return err
	}
	if (rec.Kind == store.KindCasual || rec.Kind == "") && mk.Budget != nil {
		// the match is recorded and its job complete: a failure here
		// only leaves old replays for the next pass
		if err := mk.Budget.Recorded(ctx, rec.EventID); err != nil {
			slog.Warn("letting go of old casual replays", "event", rec.EventID, "err", err)
		}
	}
	return nil
}

// TeamsWithBots are an event's teams with a bot the platform can play, in
// the casual leaderboard's order, with their active submissions.
func (mk *Matchmaker) TeamsWithBots(ctx context.Context, ev store.Event) ([]store.Team, error) {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	board, err := mk.Leaderboard(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	var out []store.Team
	for _, s := range board {
		if s.Team.Active != 0 && mk.Player.Playable(ctx, g.Info(), s.Team.Active) {
			out = append(out, s.Team)
		}
	}
	return out, nil
}

// ForgetTests forgets the promotion tests known decided: the next sweep
// reads every test from the stored games again, as it did before it
// kept them (the benchmarks' baseline).
func (mk *Matchmaker) ForgetTests() { mk.decided.Clear() }
