package rounds

import (
	"context"
	"fmt"

	"github.com/seed27749672/arena/platform/format"
)

// Client is what the organiser's ranked-round commands do with an
// event's rounds: on the platform (a format.Host) or through its
// server's API. Both answer the same.
type Client interface {
	// Rounds are the rounds' settings.
	Rounds(ctx context.Context, id int64) ([]Round, error)
	StartRound(ctx context.Context, id int64, r Round) (Round, error)
	ChangeRound(ctx context.Context, id int64, n int, r Round) (Round, error)
	CancelRound(ctx context.Context, id int64, n int) (Round, error)
	// Ladder is the rounds and their ladder, with the teams' names.
	Ladder(ctx context.Context, id int64) (Board, error)
}

// ClientOf is the client of the event t reaches.
func ClientOf(t *format.Target) Client {
	if t.Host != nil {
		return Local{t.Host}
	}
	return Remote{t.API}
}

// Local is the Client on the platform itself.
type Local struct{ Host format.Host }

func (l Local) Rounds(ctx context.Context, id int64) ([]Round, error) {
	return List(ctx, l.Host, id)
}

func (l Local) StartRound(ctx context.Context, id int64, r Round) (Round, error) {
	return Start(ctx, l.Host, id, r)
}

func (l Local) ChangeRound(ctx context.Context, id int64, n int, r Round) (Round, error) {
	return Change(ctx, l.Host, id, n, r)
}

func (l Local) CancelRound(ctx context.Context, id int64, n int) (Round, error) {
	return Cancel(ctx, l.Host, id, n)
}

func (l Local) Ladder(ctx context.Context, id int64) (Board, error) {
	return ReadBoard(ctx, l.Host, id)
}

// Remote is the Client through the server's API (its organiser's
// routes, routes.go).
type Remote struct{ API format.Caller }

func path(id int64, rest string) string { return fmt.Sprintf("organiser/events/%d/rounds%s", id, rest) }

// Rounds: GET organiser/events/{id}/rounds, the rounds' settings.
func (r Remote) Rounds(ctx context.Context, id int64) ([]Round, error) {
	var got struct {
		Rounds []Round `json:"rounds"`
	}
	err := r.API.Do(ctx, "GET", path(id, ""), nil, &got)
	return got.Rounds, err
}

// StartRound: POST organiser/events/{id}/rounds.
func (r Remote) StartRound(ctx context.Context, id int64, rd Round) (Round, error) {
	var got Round
	err := r.API.Do(ctx, "POST", path(id, ""), rd, &got)
	return got, err
}

// ChangeRound: POST organiser/events/{id}/rounds/{round}.
func (r Remote) ChangeRound(ctx context.Context, id int64, n int, rd Round) (Round, error) {
	var got Round
	err := r.API.Do(ctx, "POST", path(id, fmt.Sprintf("/%d", n)), rd, &got)
	return got, err
}

// CancelRound: POST organiser/events/{id}/rounds/{round}/cancel.
func (r Remote) CancelRound(ctx context.Context, id int64, n int) (Round, error) {
	var got Round
	err := r.API.Do(ctx, "POST", path(id, fmt.Sprintf("/%d/cancel", n)), struct{}{}, &got)
	return got, err
}

// Ladder: GET organiser/events/{id}/rounds, the rounds and their ladder
// with the teams' names.
func (r Remote) Ladder(ctx context.Context, id int64) (Board, error) {
	var got struct {
		Board
		Names map[int64]string `json:"names"`
	}
	err := r.API.Do(ctx, "GET", path(id, ""), nil, &got)
	l := got.Board
	l.Names = got.Names
	return l, err
}
