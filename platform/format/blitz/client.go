package blitz

import (
	"context"
	"fmt"
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/format"
)

// Client is what the organiser's blitz commands do with an event's
// ranked rounds and final: on the platform (a format.Host, this process
// playing the games) or through its server's API (the server playing
// them). Both answer the same.
type Client interface {
	// Blitz is the ranked rounds and the final (nil before it starts).
	Blitz(ctx context.Context, id int64) (*State, *Final, error)
	SetSchedule(ctx context.Context, id int64, s Schedule) error
	StopSchedule(ctx context.Context, id int64) (Schedule, error)
	// PlayRound plays a ranked round now and returns it, or, through
	// the server without p.Wait, asks for it and returns the number of
	// the round asked (and no round).
	PlayRound(ctx context.Context, id int64, p format.Play) (r *Round, asked int, err error)
	// PlayFinal plays the final (games of size teams) and returns it,
	// or, through the server without p.Wait, asks for it (asked). A
	// final over is returned as it is.
	PlayFinal(ctx context.Context, id int64, size int, p format.Play) (f *Final, asked bool, err error)
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

func (l Local) Blitz(ctx context.Context, id int64) (*State, *Final, error) {
	b, err := Status(ctx, l.Host, id)
	if err != nil {
		return nil, nil, err
	}
	f, err := ReadFinal(ctx, l.Host, id)
	return b, f, err
}

func (l Local) SetSchedule(ctx context.Context, id int64, s Schedule) error {
	return SetSchedule(ctx, l.Host, id, s)
}

func (l Local) StopSchedule(ctx context.Context, id int64) (Schedule, error) {
	return StopSchedule(ctx, l.Host, id)
}

// PlayRound plays a ranked round now, in this process.
func (l Local) PlayRound(ctx context.Context, id int64, p format.Play) (*Round, int, error) {
	l.Host.PlayWith(&build.Options{Unsafe: p.Unsafe}, 0)
	r, err := PlayRound(ctx, l.Host, id, time.Now())
	return r, 0, err
}

// PlayFinal plays the final, in this process.
func (l Local) PlayFinal(ctx context.Context, id int64, size int, p format.Play) (*Final, bool, error) {
	l.Host.PlayWith(&build.Options{Unsafe: p.Unsafe}, 0)
	f, err := PlayFinal(ctx, l.Host, id, size)
	return f, false, err
}

// Remote is the Client through the server's API (its organiser's
// routes, routes.go).
type Remote struct{ API format.Caller }

func path(id int64, rest string) string { return fmt.Sprintf("organiser/events/%d/blitz%s", id, rest) }

// Blitz: GET organiser/events/{id}/blitz.
func (r Remote) Blitz(ctx context.Context, id int64) (*State, *Final, error) {
	var got struct {
		Blitz *State `json:"blitz"`
		Final *Final `json:"final"`
	}
	err := r.API.Do(ctx, "GET", path(id, ""), nil, &got)
	return got.Blitz, got.Final, err
}

// SetSchedule: POST organiser/events/{id}/blitz/schedule.
func (r Remote) SetSchedule(ctx context.Context, id int64, s Schedule) error {
	return r.API.Do(ctx, "POST", path(id, "/schedule"), map[string]any{"start": s.Start, "every": s.Every.String(), "size": s.Size, "rounds": s.Rounds}, nil)
}

// StopSchedule: POST organiser/events/{id}/blitz/schedule/stop.
func (r Remote) StopSchedule(ctx context.Context, id int64) (Schedule, error) {
	var got struct {
		Schedule Schedule `json:"schedule"`
	}
	err := r.API.Do(ctx, "POST", path(id, "/schedule/stop"), map[string]any{}, &got)
	return got.Schedule, err
}

// PlayRound asks the server for a ranked round (POST
// organiser/events/{id}/blitz/round) and, with p.Wait, follows GET
// organiser/events/{id}/blitz until it is played.
func (r Remote) PlayRound(ctx context.Context, id int64, p format.Play) (*Round, int, error) {
	var before struct {
		Blitz State `json:"blitz"`
	}
	if err := r.API.Do(ctx, "GET", path(id, ""), nil, &before); err != nil {
		return nil, 0, err
	}
	if err := r.API.Do(ctx, "POST", path(id, "/round"), map[string]any{}, nil); err != nil {
		return nil, 0, err
	}
	n := len(before.Blitz.Rounds)
	if !p.Wait {
		return nil, n + 1, nil
	}
	var now struct {
		Blitz State `json:"blitz"`
		apitypes.Failures
	}
	err := client.Wait(ctx, r.API, p.Progress, path(id, ""), &now, &now.Failures, func() (bool, string) {
		return len(now.Blitz.Rounds) > n, fmt.Sprintf("waiting for the server to play ranked round %d...", n+1)
	})
	if err != nil {
		return nil, 0, err
	}
	return &now.Blitz.Rounds[n], 0, nil
}

// PlayFinal asks the server for the final (POST
// organiser/events/{id}/blitz/final) and, with p.Wait, follows it until
// it is over.
func (r Remote) PlayFinal(ctx context.Context, id int64, size int, p format.Play) (*Final, bool, error) {
	if _, f, err := r.Blitz(ctx, id); err != nil || (f != nil && f.Done) {
		return f, false, err
	}
	if err := r.API.Do(ctx, "POST", path(id, "/final"), map[string]int{"size": size}, nil); err != nil {
		return nil, false, err
	}
	if !p.Wait {
		return nil, true, nil
	}
	var now struct {
		Final *Final `json:"final"`
		apitypes.Failures
	}
	err := client.Wait(ctx, r.API, p.Progress, path(id, ""), &now, &now.Failures, func() (bool, string) {
		if now.Final == nil {
			return false, "waiting for the server to start the final..."
		}
		return now.Final.Done, fmt.Sprintf("final: %d games played", len(now.Final.Played))
	})
	return now.Final, false, err
}
