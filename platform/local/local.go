// Package local is the organiser's client.Organiser on an open platform
// (its data directory or database), the server running or not: what the
// organiser's routes do, called directly on the platform's rooms.
package local

import (
	"context"
	"strconv"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/stages"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/transfer"
)

// Local is the organiser's client.Organiser on an open platform: what the
// organiser's routes do, called directly. A format's own calls are its client's
// over the platform's format.Host (FormatHost), which plays its rounds
// and finals in the caller's process rather than asking a server. A
// missing event is the store's error (store.ErrNotFound), for the
// caller to word.
//
// It is the one place the organiser's commands call the platform's
// methods.
type Local struct{ p rooms }

// rooms are the platform's rooms the organiser's commands call.
type rooms struct {
	*event.Events
	matches  *matchmaking.Matchmaker
	stages   *stages.Stages
	transfer *transfer.Transfer
}

var _ client.Organiser = Local{}

// New is the organiser's calls on a platform's rooms (which the caller
// closes).
func New(ev *event.Events, mm *matchmaking.Matchmaker, st *stages.Stages, tr *transfer.Transfer) Local {
	return Local{rooms{ev, mm, st, tr}}
}

func (l Local) CreateEvent(ctx context.Context, game, name string, opts []string, s store.Settings) (store.Event, string, error) {
	return l.p.CreateEventWith(ctx, game, name, opts, s)
}

func (l Local) Events(ctx context.Context) ([]store.Event, error) { return l.p.Store.Events(ctx) }

func (l Local) Event(ctx context.Context, id int64) (store.Event, error) {
	return l.p.Store.Event(ctx, id)
}

func (l Local) UpdateEvent(ctx context.Context, id int64, name string, opts []string, s store.Settings) (store.Event, error) {
	return l.p.UpdateEvent(ctx, id, name, opts, s)
}

func (l Local) NewInvite(ctx context.Context, id int64) (string, error) {
	if _, err := l.p.Store.Event(ctx, id); err != nil {
		return "", err
	}
	return l.p.NewInvite(ctx, id)
}

// Teams are every league's teams with their standing, as the API's.
func (l Local) Teams(ctx context.Context, id int64) ([]client.Team, error) {
	if _, err := l.p.Store.Event(ctx, id); err != nil {
		return nil, err
	}
	board, err := l.p.matches.EventStandings(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []client.Team
	for _, s := range board {
		r := s.Rating
		out = append(out, client.Team{ID: s.Team.ID, Name: s.Team.Name, Members: s.Team.Members, Active: s.Team.Active, Rank: s.Rank,
			Rating: s.Score(), Mu: r.Mu, Sigma: r.Sigma, Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses,
			League: s.Team.League, Promotion: s.Test, BossOnly: s.BossOnly, Suspended: s.Team.Suspended, Reason: s.Team.Reason})
	}
	return out, nil
}

// Matches are the event's latest matches, as the API's.
func (l Local) Matches(ctx context.Context, id int64) ([]client.Match, error) {
	if _, err := l.p.Store.Event(ctx, id); err != nil {
		return nil, err
	}
	ms, err := l.p.Store.Matches(ctx, id, api.RecentMatches)
	if err != nil {
		return nil, err
	}
	teams, err := l.p.Store.Teams(ctx, id)
	if err != nil {
		return nil, err
	}
	names := map[int64]string{0: "house"}
	for _, t := range teams {
		names[t.ID] = t.Name
	}
	var out []client.Match
	for _, m := range ms {
		om := client.Match{ID: m.ID, Seed: strconv.FormatInt(m.Seed, 10), Played: m.Played.Format(time.RFC3339), Error: m.Error}
		for s, t := range m.Teams {
			seat := client.Seat{Team: names[t], TeamID: t}
			if s < len(m.Ranks) {
				seat.Rank = m.Ranks[s]
			}
			om.Seats = append(om.Seats, seat)
		}
		out = append(out, om)
	}
	return out, nil
}

func (l Local) Status(ctx context.Context, id int64) (apitypes.Controls, bool, error) {
	c, err := l.p.EventControls(ctx, id)
	if err != nil {
		return c, false, err
	}
	done, err := l.p.FinalDone(ctx, id)
	return c, done, err
}

func (l Local) Failures(ctx context.Context, id int64) (apitypes.Failures, error) {
	var fs apitypes.Failures
	var err error
	if fs.Failing, err = l.p.stages.FailingGames(ctx, id); err == nil {
		fs.LookError, err = l.p.stages.LookError(ctx, id)
	}
	return fs, err
}

func (l Local) SetCasual(ctx context.Context, id int64, running bool) error {
	_, err := l.p.SetCasual(ctx, id, running)
	return err
}

func (l Local) SetFrozen(ctx context.Context, id int64, frozen bool) error {
	_, err := l.p.SetFrozen(ctx, id, frozen)
	return err
}

func (l Local) StartFinal(ctx context.Context, id int64, games int) error {
	_, err := l.p.StartFinal(ctx, id, games)
	return err
}

func (l Local) Retest(ctx context.Context, id, team int64) (apitypes.PromotionRecord, error) {
	if _, err := l.p.Store.Event(ctx, id); err != nil {
		return apitypes.PromotionRecord{}, err
	}
	return l.p.matches.Retest(ctx, id, team)
}

// SuspendTeam suspends a team of the event, or lets it back; a team of
// another event is store.ErrNotFound.
func (l Local) SuspendTeam(ctx context.Context, id, team int64, suspended bool, reason string) (client.Team, error) {
	t, err := l.p.SuspendTeam(ctx, id, team, suspended, reason)
	if err != nil {
		return client.Team{}, err
	}
	return client.Team{ID: t.ID, Name: t.Name, Members: t.Members, Active: t.Active, League: t.League, Suspended: t.Suspended, Reason: t.Reason}, nil
}

func (l Local) Publish(ctx context.Context, id int64) error {
	_, err := l.p.Publish(ctx, id)
	return err
}

func (l Local) Export(ctx context.Context, id int64, dir string) (apitypes.Results, int, error) {
	return l.p.transfer.Export(ctx, id, dir)
}
