package codinsa

import (
	"context"
	"fmt"
	"net/http"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/codinsa/spawnvote"
)

// Client is what the organiser's Cod'INSA commands do with an event's
// spawn vote and final: on the platform (a format.Host, this process
// playing the final) or through its server's API (the server playing
// it). Both answer the same.
type Client interface {
	PublishSpawns(ctx context.Context, id int64, mapText, set0, secret string) error
	// Spawns is the vote's state.
	Spawns(ctx context.Context, id int64) (*spawnvote.State, error)
	CloseSpawnVote(ctx context.Context, id int64) error
	// PlayFinal plays the final (seed: its first match's; 0: drawn) and
	// returns it, or, through the server without p.Wait, asks for it
	// and returns it as it is then (asked). A final over is returned as
	// it is.
	PlayFinal(ctx context.Context, id int64, seed int64, p format.Play) (f *Final, asked bool, err error)
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

func (l Local) PublishSpawns(ctx context.Context, id int64, mapText, set0, secret string) error {
	return PublishSpawns(ctx, l.Host, id, mapText, set0, secret)
}

func (l Local) Spawns(ctx context.Context, id int64) (*spawnvote.State, error) {
	return Spawns(ctx, l.Host, id)
}

func (l Local) CloseSpawnVote(ctx context.Context, id int64) error {
	return CloseSpawnVote(ctx, l.Host, id)
}

// PlayFinal plays the final's round robin, in this process.
func (l Local) PlayFinal(ctx context.Context, id int64, seed int64, p format.Play) (*Final, bool, error) {
	f, err := PlayFinal(ctx, l.Host, id, FinalOptions{Cores: p.Cores, Seed: seed, Bots: &build.Options{Unsafe: p.Unsafe}})
	return f, false, err
}

// Remote is the Client through the server's API (its organiser's
// routes, routes.go).
type Remote struct{ API format.Caller }

func path(id int64, rest string) string { return fmt.Sprintf("organiser/events/%d/%s", id, rest) }

// PublishSpawns: POST organiser/events/{id}/spawns.
func (r Remote) PublishSpawns(ctx context.Context, id int64, mapText, set0, secret string) error {
	return r.API.Do(ctx, "POST", path(id, "spawns"), map[string]string{"map": mapText, "set0": set0, "secret": secret}, nil)
}

// Spawns: GET organiser/events/{id}/spawns, the vote's state.
func (r Remote) Spawns(ctx context.Context, id int64) (*spawnvote.State, error) {
	got := struct {
		State *spawnvote.State `json:"state"`
	}{&spawnvote.State{}}
	err := r.API.Do(ctx, "GET", path(id, "spawns"), nil, &got)
	return got.State, err
}

// CloseSpawnVote: POST organiser/events/{id}/spawns/close.
func (r Remote) CloseSpawnVote(ctx context.Context, id int64) error {
	return r.API.Do(ctx, "POST", path(id, "spawns/close"), map[string]any{}, nil)
}

// Final: GET organiser/events/{id}/codinsa; nil when the final has not
// started.
func (r Remote) Final(ctx context.Context, id int64) (*Final, error) {
	var f Final
	err := r.API.Do(ctx, "GET", path(id, "codinsa"), nil, &f)
	if client.StatusOf(err) == http.StatusNotFound {
		return nil, nil // not started (the event itself was found before)
	}
	if err != nil {
		return nil, err
	}
	return &f, nil
}

// PlayFinal asks the server to play the final (POST
// organiser/events/{id}/codinsa/final) and, with p.Wait, follows GET
// organiser/events/{id}/codinsa until it is over.
func (r Remote) PlayFinal(ctx context.Context, id int64, seed int64, p format.Play) (*Final, bool, error) {
	f, err := r.Final(ctx, id)
	if err != nil || (f != nil && f.Done) {
		return f, false, err
	}
	f = &Final{}
	if err := r.API.Do(ctx, "POST", path(id, "codinsa/final"), map[string]int64{"seed": seed}, f); err != nil {
		return nil, false, err
	}
	if !p.Wait {
		return f, true, nil
	}
	matches := len(f.Teams) * (len(f.Teams) - 1) / 2
	var now struct {
		Final
		apitypes.Failures
	}
	err = client.Wait(ctx, r.API, p.Progress, path(id, "codinsa"), &now, &now.Failures, func() (bool, string) {
		return now.Done, fmt.Sprintf("final: %d of %d matches played", len(now.Matches), matches)
	})
	return &now.Final, false, err
}
