package api

import (
	"net/http"
	"strings"

	"github.com/seed27749672/arena/internal/keyrate"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
	"golang.org/x/time/rate"
)

// formatRoutes are the formats' routes in the API's table.
func formatRoutes() []route {
	var out []route
	for _, f := range format.All() {
		for _, fr := range f.Routes() {
			serve := fr.Serve
			out = append(out, route{pattern: methodPrefixed(fr.Pattern), who: roleOf(fr.Who),
				serve: func(a *api, w http.ResponseWriter, r *http.Request, t store.Team) {
					serve(&format.Call{Host: a.p.FormatHost(), W: w, R: r, Team: t, Log: a.o.Log, Limit: a.limit, Now: a.o.Now})
				}})
		}
	}
	return out
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

// methodPrefixed puts the API's prefix in a format's pattern, after its
// method: "GET ladder" is "GET /api/platform/ladder".
func methodPrefixed(pattern string) string {
	method, path, ok := strings.Cut(pattern, " ")
	if !ok {
		return Prefix + pattern
	}
	return method + " " + Prefix + path
}

// limit takes one request of key from a format's named budget of
// perMinute requests a minute, on the API's clock.
func (a *api) limit(budget string, perMinute int, key string) bool {
	a.mu.Lock()
	b := a.budgets[budget]
	if b == nil {
		b = &keyrate.Buckets{Every: rate.Limit(float64(perMinute) / 60), Burst: perMinute, Now: a.o.Now}
		a.budgets[budget] = b
	}
	a.mu.Unlock()
	return b.Allow(key)
}

// shownReplay serves the replay of a game a format shows every team of
// its event (format.Shower: a Blitz final's), with no error output but
// the team's own bots'. It reports whether id is such a game.
func (a *api) shownReplay(w http.ResponseWriter, r *http.Request, t store.Team, id int64) bool {
	for _, f := range format.All() {
		sf, ok := f.(format.Shower)
		if !ok {
			continue
		}
		m, shown, err := sf.Shown(r.Context(), a.p.FormatHost(), t, id)
		if err != nil || !shown {
			continue
		}
		rep, err := a.teamReplay(r.Context(), m)
		if err != nil {
			a.replayError(w, err)
			return true
		}
		mine := map[int]bool{}
		for s, tm := range m.Teams {
			mine[s] = tm == t.ID
		}
		writeJSON(w, http.StatusOK, forSeats(rep, mine))
		return true
	}
	return false
}
