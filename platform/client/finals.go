package client

import (
	"context"
	"fmt"
	"net/http"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/codinsa/spawnvote"
)

// Blitz: GET organiser/events/{id}/blitz.
func (c *Client) Blitz(ctx context.Context, id int64) (*blitz.State, *blitz.Final, error) {
	var got struct {
		Blitz *blitz.State `json:"blitz"`
		Final *blitz.Final `json:"final"`
	}
	_, err := c.get(ctx, routeBlitz, &got, id)
	return got.Blitz, got.Final, err
}

// SetBlitzSchedule: POST organiser/events/{id}/blitz/schedule.
func (c *Client) SetBlitzSchedule(ctx context.Context, id int64, s blitz.Schedule) error {
	_, err := c.post(ctx, routeBlitzSchedule, map[string]any{"start": s.Start, "every": s.Every.String(), "size": s.Size, "rounds": s.Rounds}, nil, id)
	return err
}

// StopBlitzSchedule: POST organiser/events/{id}/blitz/schedule/stop.
func (c *Client) StopBlitzSchedule(ctx context.Context, id int64) (blitz.Schedule, error) {
	var got struct {
		Schedule blitz.Schedule `json:"schedule"`
	}
	_, err := c.post(ctx, routeBlitzStop, map[string]any{}, &got, id)
	return got.Schedule, err
}

// PlayBlitzRound asks the server for a ranked round (POST
// organiser/events/{id}/blitz/round) and, with p.Wait, follows GET
// organiser/events/{id}/blitz until it is played.
func (c *Client) PlayBlitzRound(ctx context.Context, id int64, p Play) (*blitz.Round, int, error) {
	var before struct {
		Blitz blitz.State `json:"blitz"`
	}
	if _, err := c.get(ctx, routeBlitz, &before, id); err != nil {
		return nil, 0, err
	}
	if _, err := c.post(ctx, routeBlitzRound, map[string]any{}, nil, id); err != nil {
		return nil, 0, err
	}
	n := len(before.Blitz.Rounds)
	if !p.Wait {
		return nil, n + 1, nil
	}
	var now struct {
		Blitz blitz.State `json:"blitz"`
		apitypes.Failures
	}
	err := c.poll(ctx, p, routeBlitz, id, &now, &now.Failures, func() (bool, string) {
		return len(now.Blitz.Rounds) > n, fmt.Sprintf("waiting for the server to play ranked round %d...", n+1)
	})
	if err != nil {
		return nil, 0, err
	}
	return &now.Blitz.Rounds[n], 0, nil
}

// PlayBlitzFinal asks the server for the final (POST
// organiser/events/{id}/blitz/final) and, with p.Wait, follows it until
// it is over.
func (c *Client) PlayBlitzFinal(ctx context.Context, id int64, size int, p Play) (*blitz.Final, bool, error) {
	if _, f, err := c.Blitz(ctx, id); err != nil || (f != nil && f.Done) {
		return f, false, err
	}
	if _, err := c.post(ctx, routeBlitzFinal, map[string]int{"size": size}, nil, id); err != nil {
		return nil, false, err
	}
	if !p.Wait {
		return nil, true, nil
	}
	var now struct {
		Final *blitz.Final `json:"final"`
		apitypes.Failures
	}
	err := c.poll(ctx, p, routeBlitz, id, &now, &now.Failures, func() (bool, string) {
		if now.Final == nil {
			return false, "waiting for the server to start the final..."
		}
		return now.Final.Done, fmt.Sprintf("final: %d games played", len(now.Final.Played))
	})
	return now.Final, false, err
}

// PublishSpawns: POST organiser/events/{id}/spawns.
func (c *Client) PublishSpawns(ctx context.Context, id int64, mapText, set0, secret string) error {
	_, err := c.post(ctx, routePublishSpawns, map[string]string{"map": mapText, "set0": set0, "secret": secret}, nil, id)
	return err
}

// Spawns: GET organiser/events/{id}/spawns, the vote's state.
func (c *Client) Spawns(ctx context.Context, id int64) (*spawnvote.State, error) {
	got := struct {
		State *spawnvote.State `json:"state"`
	}{&spawnvote.State{}}
	_, err := c.get(ctx, routeSpawns, &got, id)
	return got.State, err
}

// CloseSpawnVote: POST organiser/events/{id}/spawns/close.
func (c *Client) CloseSpawnVote(ctx context.Context, id int64) error {
	_, err := c.post(ctx, routeCloseSpawns, map[string]any{}, nil, id)
	return err
}

// CodinsaFinal: GET organiser/events/{id}/codinsa; nil when the final
// has not started.
func (c *Client) CodinsaFinal(ctx context.Context, id int64) (*codinsa.Final, error) {
	var f codinsa.Final
	_, err := c.get(ctx, routeCodinsa, &f, id)
	if StatusOf(err) == http.StatusNotFound {
		return nil, nil // not started (the event itself was found before)
	}
	if err != nil {
		return nil, err
	}
	return &f, nil
}

// PlayCodinsaFinal asks the server to play the final (POST
// organiser/events/{id}/codinsa/final) and, with p.Wait, follows GET
// organiser/events/{id}/codinsa until it is over.
func (c *Client) PlayCodinsaFinal(ctx context.Context, id int64, seed int64, p Play) (*codinsa.Final, bool, error) {
	f, err := c.CodinsaFinal(ctx, id)
	if err != nil || (f != nil && f.Done) {
		return f, false, err
	}
	f = &codinsa.Final{}
	if _, err := c.post(ctx, routeCodinsaPlay, map[string]int64{"seed": seed}, f, id); err != nil {
		return nil, false, err
	}
	if !p.Wait {
		return f, true, nil
	}
	matches := len(f.Teams) * (len(f.Teams) - 1) / 2
	var now struct {
		codinsa.Final
		apitypes.Failures
	}
	err = c.poll(ctx, p, routeCodinsa, id, &now, &now.Failures, func() (bool, string) {
		return now.Done, fmt.Sprintf("final: %d of %d matches played", len(now.Matches), matches)
	})
	return &now.Final, false, err
}
