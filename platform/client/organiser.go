package client

import (
	"context"
	"fmt"
	"strings"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/codinsa/spawnvote"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/store"
)

// Organiser is what the organiser does with a platform's events: through
// its running server with the organiser's token (*Client), or on its
// data directory or database (platform.Local). Both answer the same;
// only what plays games differs (Play).
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
	Publish(ctx context.Context, id int64) error
	// Export writes the event's results.json, results.csv and
	// replays.tar.gz into dir, and returns the results and the number of
	// replays.
	Export(ctx context.Context, id int64, dir string) (apitypes.Results, int, error)

	// Ranked rounds (Ready AI Code).
	Rounds(ctx context.Context, id int64) ([]rounds.Round, error)
	StartRound(ctx context.Context, id int64, r rounds.Round) (rounds.Round, error)
	ChangeRound(ctx context.Context, id int64, n int, r rounds.Round) (rounds.Round, error)
	CancelRound(ctx context.Context, id int64, n int) (rounds.Round, error)
	Ladder(ctx context.Context, id int64) (rounds.Board, error)

	// Blitz (jungle): the ranked rounds and the final (nil before it
	// starts).
	Blitz(ctx context.Context, id int64) (*blitz.State, *blitz.Final, error)
	SetBlitzSchedule(ctx context.Context, id int64, s blitz.Schedule) error
	StopBlitzSchedule(ctx context.Context, id int64) (blitz.Schedule, error)
	// PlayBlitzRound plays a ranked round now and returns it, or, through
	// the server without p.Wait, asks for it and returns the number of
	// the round asked (and no round).
	PlayBlitzRound(ctx context.Context, id int64, p Play) (r *blitz.Round, asked int, err error)
	// PlayBlitzFinal plays the final (games of size teams) and returns
	// it, or, through the server without p.Wait, asks for it (asked). A
	// final over is returned as it is.
	PlayBlitzFinal(ctx context.Context, id int64, size int, p Play) (f *blitz.Final, asked bool, err error)

	// Cod'INSA (catmouse): the spawn vote and the final's round robin.
	PublishSpawns(ctx context.Context, id int64, mapText, set0, secret string) error
	Spawns(ctx context.Context, id int64) (*spawnvote.State, error)
	CloseSpawnVote(ctx context.Context, id int64) error
	// PlayCodinsaFinal plays the final (seed: its first match's; 0:
	// drawn) and returns it, or, through the server without p.Wait, asks
	// for it and returns it as it is then (asked). A final over is
	// returned as it is.
	PlayCodinsaFinal(ctx context.Context, id int64, seed int64, p Play) (f *codinsa.Final, asked bool, err error)
}

// Play says how a round or final is played. On a data directory the call
// plays its games (Unsafe, Cores); through a server the server does, and
// Wait follows them until the end, telling Progress (each line once)
// what it sees, and failing with the error of a game the server gave up
// on while it waited.
type Play struct {
	Unsafe   bool              // the teams' bots run uncontained (data directory)
	Cores    int               // cores the matches may use at once (data directory; 0: all)
	Wait     bool              // wait for the server to play it
	Progress func(line string) // may be nil
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
