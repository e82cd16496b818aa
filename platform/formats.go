package platform

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format"
	_ "github.com/seed27749672/arena/platform/format/all" // the event formats register
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// The platform's side of the event formats (package format): it offers
// them its services as a format.Host, looks at every event with every
// format, mounts their routes beside its own and adds their sections to
// the results. It never names one.

// host is the platform as a format sees it.
type host struct{ p *Platform }

func (h host) Store() store.Store { return h.p.Store }

func (h host) Playable(ctx context.Context, info game.Info, sub int64) bool {
	return h.p.playable(ctx, info, sub)
}

func (h host) MatchOptions(info game.Info, ev store.Event, seed int64) ([]string, error) {
	return h.p.matchOptions(info, ev.Options, ev.Settings, drawMap(ev.Settings, seed))
}

func (h host) Queue(ctx context.Context, ev store.Event, job queue.Match) error {
	q, err := h.p.queue()
	if err != nil {
		return err
	}
	h.p.offerMap(ev, &job)
	_, err = q.Insert(ctx, job, nil)
	return err
}

// scheduleFormats is the scheduler's look at an event for every format
// it looks at (format.Scheduled). A format's refusal (a round that cannot
// start) is the organiser's to see in the format's own state, not a
// reason to stop scheduling.
func (p *Platform) scheduleFormats(ctx context.Context, ev store.Event) error {
	for _, f := range format.All() {
		s, ok := f.(format.Scheduled)
		if !ok {
			continue
		}
		if err := s.Schedule(ctx, host{p}, ev, time.Now()); err != nil && !fault.IsUser(err) {
			return err
		}
	}
	return nil
}

// formatRoutes are the formats' routes in the API's table.
func formatRoutes() []route {
	var out []route
	for _, f := range format.All() {
		for _, fr := range f.Routes() {
			serve := fr.Serve
			out = append(out, route{pattern: methodPrefixed(fr.Pattern), who: roleOf(fr.Who),
				serve: func(a *api, w http.ResponseWriter, r *http.Request, t store.Team) {
					serve(&format.Call{Host: host{a.p}, W: w, R: r, Team: t, Log: a.o.Log})
				}})
		}
	}
	return out
}

// methodPrefixed puts the API's prefix in a format's pattern, after its
// method: "GET ladder" is "GET /api/platform/ladder".
func methodPrefixed(pattern string) string {
	method, path, ok := strings.Cut(pattern, " ")
	if !ok {
		return APIPrefix + pattern
	}
	return method + " " + APIPrefix + path
}

// formatSections are the formats' sections of an event's results.
func (p *Platform) formatSections(ctx context.Context, ev store.Event) ([]*format.Section, error) {
	var out []*format.Section
	for _, f := range format.All() {
		s, err := f.Results(ctx, host{p}, ev)
		if err != nil {
			return nil, err
		}
		if s != nil {
			out = append(out, s)
		}
	}
	return out, nil
}

// roleOf is the API's role of a format's.
func roleOf(r format.Role) role {
	switch r {
	case format.Team:
		return team
	case format.Organiser:
		return organiser
	}
	return anyone
}

// FormatHost is the platform as its formats see it, for a command that
// calls a format on an open data directory.
func (p *Platform) FormatHost() format.Host { return host{p} }
