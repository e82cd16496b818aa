package client

import (
	"context"
	"fmt"
	"strings"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/store"
)

// Organiser is what the organiser does with a platform's events: through
// its running server with the organiser's token (*Client), or on its
// data directory or database (local.Local). Both answer the same. A
// format's own calls (its rounds, its final) are its client's, in its
// folder, over the API (Client.Do) or over the platform (format.Host).
type Organiser interface {
	// CreateEvent creates an event with its game options (k=v) and
	// settings, and returns it with its invitation.
	CreateEvent(ctx context.Context, game, name string, opts []string, s store.Settings) (store.Event, string, error)
	Events(ctx context.Context) ([]store.Event, error)
	Event(ctx context.Context, id int64) (store.Event, error)
	// UpdateEvent sets the event's name, options (nil: unchanged) and
	// settings.
	UpdateEvent(ctx context.Context, id int64, name string, opts []string, s store.Settings) (store.Event, error)
	// NewInvite gives the event a new invitation (the old one stops
	// working).
	NewInvite(ctx context.Context, id int64) (string, error)
	Teams(ctx context.Context, id int64) ([]Team, error)
	Matches(ctx context.Context, id int64) ([]Match, error)

	// Status is the event's controls and whether its final ranking is
	// over.
	Status(ctx context.Context, id int64) (apitypes.Controls, bool, error)
	// Failures are what keeps the event's round or final from going on.
	Failures(ctx context.Context, id int64) (apitypes.Failures, error)
	SetCasual(ctx context.Context, id int64, running bool) error
	SetFrozen(ctx context.Context, id int64, frozen bool) error
	StartFinal(ctx context.Context, id int64, games int) error
	// Retest makes a team's active submission take its league's
	// promotion test again, and returns the test as it then stands.
	Retest(ctx context.Context, id, team int64) (apitypes.PromotionRecord, error)
	// SuspendTeam suspends a team of the event with a reason (its bots
	// play no new match, its uploads are refused) or lets it back, and
	// returns the team.
	SuspendTeam(ctx context.Context, id, team int64, suspended bool, reason string) (Team, error)
	Publish(ctx context.Context, id int64) error
	// Export writes the event's results.json, results.csv and
	// replays.tar.gz into dir, and returns the results and the number of
	// replays.
	Export(ctx context.Context, id int64, dir string) (apitypes.Results, int, error)
}

// optionMap reads game options written key=value.
func optionMap(opts []string) (map[string]string, error) {
	m := map[string]string{}
	for _, kv := range opts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("option %q must be written key=value", kv)
		}
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("option %s is given twice", k)
		}
		m[k] = v
	}
	return m, nil
}
