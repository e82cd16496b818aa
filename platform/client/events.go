package client

import (
	"context"
	"encoding/json"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/store"
)

var _ Organiser = (*Client)(nil)

// CreateEvent: POST organiser/events.
func (c *Client) CreateEvent(ctx context.Context, game, name string, opts []string, s store.Settings) (store.Event, string, error) {
	om, err := optionMap(opts)
	if err != nil {
		return store.Event{}, "", err
	}
	var r struct {
		Event  eventDoc
		Invite string
	}
	_, err = c.post(ctx, routeCreateEvent, map[string]any{"game": game, "name": name, "options": om, "settings": s}, &r)
	return r.Event.event(), r.Invite, err
}

// Events: GET organiser/events.
func (c *Client) Events(ctx context.Context) ([]store.Event, error) {
	var es []eventDoc
	if _, err := c.get(ctx, routeEvents, &es); err != nil {
		return nil, err
	}
	var out []store.Event
	for _, e := range es {
		out = append(out, e.event())
	}
	return out, nil
}

// Event: GET organiser/events/{id}.
func (c *Client) Event(ctx context.Context, id int64) (store.Event, error) {
	var e eventDoc
	_, err := c.get(ctx, routeEvent, &e, id)
	return e.event(), err
}

// UpdateEvent: POST organiser/events/{id}.
func (c *Client) UpdateEvent(ctx context.Context, id int64, name string, opts []string, s store.Settings) (store.Event, error) {
	settings, err := settingsBody(s)
	if err != nil {
		return store.Event{}, err
	}
	body := map[string]any{"name": name, "settings": settings}
	if opts != nil {
		om, err := optionMap(opts)
		if err != nil {
			return store.Event{}, err
		}
		body["options"] = om
	}
	var e eventDoc
	_, err = c.post(ctx, routeUpdateEvent, body, &e, id)
	return e.event(), err
}

// settingsBody is an event's settings as the server's update takes them:
// a start or end removed is sent as null and a switch turned off as false
// (a zero time and a false are left out of the settings' JSON, and the
// server keeps what is left out).
func settingsBody(s store.Settings) (map[string]json.RawMessage, error) {
	doc, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage // as marshalled: no number rounded
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil, err
	}
	if s.Start.IsZero() {
		m["start"] = json.RawMessage("null")
	}
	if s.End.IsZero() {
		m["end"] = json.RawMessage("null")
	}
	// a switch turned off is sent too: false is left out of the JSON
	for name, on := range map[string]bool{"leagues": s.Leagues, "http_bots": s.HTTPBots, "http_bots_private": s.HTTPBotsPrivate, "test_vs_teams": s.TestVsTeams} {
		m[name], _ = json.Marshal(on)
	}
	return m, nil
}

// NewInvite: POST organiser/events/{id}/invite.
func (c *Client) NewInvite(ctx context.Context, id int64) (string, error) {
	var r struct{ Invite string }
	_, err := c.post(ctx, routeInvite, map[string]any{}, &r, id)
	return r.Invite, err
}

// Teams: GET organiser/events/{id}/teams.
func (c *Client) Teams(ctx context.Context, id int64) ([]Team, error) {
	var ts []Team
	_, err := c.get(ctx, routeTeams, &ts, id)
	return ts, err
}

// Matches: GET organiser/events/{id}/matches.
func (c *Client) Matches(ctx context.Context, id int64) ([]Match, error) {
	var ms []Match
	_, err := c.get(ctx, routeMatches, &ms, id)
	return ms, err
}

// Status: GET organiser/events/{id}/status.
func (c *Client) Status(ctx context.Context, id int64) (apitypes.Controls, bool, error) {
	var st struct {
		Controls  apitypes.Controls `json:"controls"`
		FinalDone bool              `json:"final_done"`
	}
	_, err := c.get(ctx, routeStatus, &st, id)
	return st.Controls, st.FinalDone, err
}

// Failures: GET organiser/events/{id}/status, which carries them.
func (c *Client) Failures(ctx context.Context, id int64) (apitypes.Failures, error) {
	var fs apitypes.Failures
	_, err := c.get(ctx, routeStatus, &fs, id)
	return fs, err
}

// SetCasual: POST organiser/events/{id}/casual.
func (c *Client) SetCasual(ctx context.Context, id int64, running bool) error {
	_, err := c.post(ctx, routeCasual, map[string]bool{"running": running}, nil, id)
	return err
}

// SetFrozen: POST organiser/events/{id}/freeze.
func (c *Client) SetFrozen(ctx context.Context, id int64, frozen bool) error {
	_, err := c.post(ctx, routeFreeze, map[string]bool{"frozen": frozen}, nil, id)
	return err
}

// StartFinal: POST organiser/events/{id}/final.
func (c *Client) StartFinal(ctx context.Context, id int64, games int) error {
	_, err := c.post(ctx, routeFinal, map[string]int{"games": games}, nil, id)
	return err
}

// Retest: POST organiser/events/{id}/teams/{team}/retest.
func (c *Client) Retest(ctx context.Context, id, team int64) (apitypes.PromotionRecord, error) {
	var test apitypes.PromotionRecord
	_, err := c.post(ctx, routeRetest, map[string]any{}, &test, id, team)
	return test, err
}

// SuspendTeam: POST organiser/events/{id}/teams/{team}/suspend.
func (c *Client) SuspendTeam(ctx context.Context, id, team int64, suspended bool, reason string) (Team, error) {
	var t Team
	_, err := c.post(ctx, routeSuspend, map[string]any{"suspended": suspended, "reason": reason}, &t, id, team)
	return t, err
}

// Publish: POST organiser/events/{id}/publish.
func (c *Client) Publish(ctx context.Context, id int64) error {
	_, err := c.post(ctx, routePublish, map[string]any{}, nil, id)
	return err
}

// Results: GET organiser/events/{id}/results.
func (c *Client) Results(ctx context.Context, id int64) (apitypes.Results, error) {
	var res apitypes.Results
	_, err := c.get(ctx, routeResults, &res, id)
	return res, err
}
