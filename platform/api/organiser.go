package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// The organiser's routes: events (create, list, change, a new
// invitation), every team of an event, casual matches started and
// stopped, every match with its whole replay. They take the organiser's
// token only (withOrganiser).

// withOrganiser checks the organiser's token; a team's token is refused
// (403), a wrong one counts against the client's login budget.
func (a *api) withOrganiser(h teamHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, ok := bearer(r)
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="arena"`)
			apiError(w, http.StatusUnauthorized, "this needs the organiser's token (Authorization: Bearer TOKEN)")
			return
		}
		if !event.IsOrganiserToken(token) {
			if _, err := a.p.Authenticate(r.Context(), token); err == nil {
				apiError(w, http.StatusForbidden, "this is the organiser's: a team's token does not open it")
				return
			}
		}
		err := a.p.AuthenticateOrganiser(r.Context(), token)
		if errors.Is(err, store.ErrBadSecret) {
			if !a.allowLogin(r) {
				apiError(w, http.StatusTooManyRequests, "too many wrong tokens from this address: wait a minute")
				return
			}
			w.Header().Set("WWW-Authenticate", `Bearer realm="arena", error="invalid_token"`)
			apiError(w, http.StatusUnauthorized, "this token is not valid (arena organiser token --data DIR makes a new organiser token)")
			return
		}
		if err != nil {
			a.internal(w, err)
			return
		}
		h(w, r, store.Team{})
	}
}

// eventRequest is the body of a create or change of an event. Settings
// are applied over the event's (or the defaults): fields left out stay.
type eventRequest struct {
	Game     string            `json:"game"`
	Name     *string           `json:"name"`
	Options  map[string]string `json:"options"` // null or absent: unchanged
	Settings json.RawMessage   `json:"settings"`
}

func (req eventRequest) settings(base store.Settings) (store.Settings, error) {
	if len(req.Settings) == 0 || string(req.Settings) == "null" {
		return base, nil
	}
	s := base
	if err := json.Unmarshal(req.Settings, &s); err != nil {
		return base, fmt.Errorf("bad settings: %v", err)
	}
	// "start": null or "end": null removes it (a time.Time keeps its value
	// on a null, and a zero one is not sent: arena event update --end "")
	var fields map[string]json.RawMessage
	if json.Unmarshal(req.Settings, &fields) == nil {
		for name, to := range map[string]*time.Time{"start": &s.Start, "end": &s.End} {
			if v, ok := fields[name]; ok && string(v) == "null" {
				*to = time.Time{}
			}
		}
	}
	return s, nil
}

func pairs(opts map[string]string) []string {
	out := []string{}
	for k, v := range opts {
		out = append(out, k+"="+v)
	}
	slices.Sort(out)
	return out
}

func (a *api) orgEvents(w http.ResponseWriter, r *http.Request, _ store.Team) {
	es, err := a.p.Store().Events(r.Context())
	if err != nil {
		a.internal(w, err)
		return
	}
	list := []map[string]any{}
	for _, e := range es {
		list = append(list, EventJSON(e))
	}
	writeJSON(w, http.StatusOK, list)
}

func (a *api) orgCreateEvent(w http.ResponseWriter, r *http.Request, _ store.Team) {
	var req eventRequest
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	s, err := req.settings(store.DefaultSettings())
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	name := ""
	if req.Name != nil {
		name = *req.Name
	}
	ev, invite, err := a.p.CreateEventWith(r.Context(), req.Game, name, pairs(req.Options), s)
	if a.userOrInternal(w, err) {
		return
	}
	a.o.Log.Info("event created", "event", ev.ID, "game", ev.Game)
	writeJSON(w, http.StatusCreated, map[string]any{"event": EventJSON(ev), "invite": invite, "invite_path": event.InviteLink("", invite)})
}

// userOrInternal answers an error (400 for the user's, 404 for no such
// row, 500 otherwise) and reports whether there was one.
func (a *api) userOrInternal(w http.ResponseWriter, err error) bool {
	switch {
	case err == nil:
		return false
	case fault.IsUser(err):
		apiError(w, http.StatusBadRequest, err.Error())
	case errors.Is(err, store.ErrNotFound):
		apiError(w, http.StatusNotFound, "no such event")
	default:
		a.internal(w, err)
	}
	return true
}

// orgEvent is the event {id}, or a 404 answered.
func (a *api) orgEvent(w http.ResponseWriter, r *http.Request) (store.Event, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		apiError(w, http.StatusNotFound, "no event "+strconv.Quote(r.PathValue("id")))
		return store.Event{}, false
	}
	ev, err := a.p.Store().Event(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		apiError(w, http.StatusNotFound, "no event "+strconv.Quote(r.PathValue("id")))
		return ev, false
	}
	if err != nil {
		a.internal(w, err)
		return ev, false
	}
	return ev, true
}

func (a *api) orgGetEvent(w http.ResponseWriter, r *http.Request, _ store.Team) {
	if ev, ok := a.orgEvent(w, r); ok {
		writeJSON(w, http.StatusOK, EventJSON(ev))
	}
}

func (a *api) orgUpdateEvent(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	var req eventRequest
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	if req.Game != "" && req.Game != ev.Game {
		apiError(w, http.StatusBadRequest, "an event's game cannot change: create another event")
		return
	}
	s, err := req.settings(ev.Settings)
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	name := ev.Name
	if req.Name != nil {
		name = *req.Name
	}
	var opts []string
	if req.Options != nil {
		opts = pairs(req.Options)
	}
	ev, err = a.p.UpdateEvent(r.Context(), ev.ID, name, opts, s)
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, EventJSON(ev))
}

// orgInvite makes a new invitation for the event; the old one stops
// working (for an organiser who lost it).
func (a *api) orgInvite(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	invite, err := a.p.NewInvite(r.Context(), ev.ID)
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"event": EventJSON(ev), "invite": invite, "invite_path": event.InviteLink("", invite)})
}

// orgCasual starts or stops an event's casual matches: {"running": bool}.
// Matches already queued are played.
func (a *api) orgCasual(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	var req struct {
		Running *bool `json:"running"`
	}
	if err := decodeJSON(r, &req); err != nil || req.Running == nil {
		apiError(w, http.StatusBadRequest, `send {"running": true} or {"running": false}`)
		return
	}
	c, err := a.p.SetCasual(r.Context(), ev.ID, *req.Running)
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// orgControls are the event's controls (casual games, frozen
// submissions, final, publication: controls.go).
func (a *api) orgControls(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	c, err := a.p.EventControls(r.Context(), ev.ID)
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// orgTeams lists every team of the event with its standing: in an event
// with leagues, by league, the top league first, with each team's league
// and promotion test.
func (a *api) orgTeams(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	board, err := a.p.EventStandings(r.Context(), ev.ID)
	if err != nil {
		a.internal(w, err)
		return
	}
	list := []map[string]any{}
	for _, s := range board {
		m := teamJSON(s.Team)
		m["rank"], m["rating"], m["mu"], m["sigma"] = s.Rank, s.Score(), s.Rating.Mu, s.Rating.Sigma
		m["games"], m["wins"], m["draws"], m["losses"] = s.Rating.Games, s.Rating.Wins, s.Rating.Draws, s.Rating.Losses
		if s.Team.League != 0 {
			m["league"] = s.Team.League
		}
		addTest(m, s)
		list = append(list, m)
	}
	writeJSON(w, http.StatusOK, list)
}

// orgMatches lists the event's latest matches, every seat.
func (a *api) orgMatches(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	ms, err := a.p.Store().Matches(r.Context(), ev.ID, RecentMatches)
	if err != nil {
		a.internal(w, err)
		return
	}
	names := a.teamNames(r, ev.ID)
	list := []map[string]any{}
	for _, m := range ms {
		item := matchJSON(m, names)
		if m.Error == "" {
			item["replay"] = fmt.Sprintf("%sorganiser/events/%d/matches/%d/replay", Prefix, ev.ID, m.ID)
		}
		list = append(list, item)
	}
	writeJSON(w, http.StatusOK, list)
}

// orgReplay is a match's whole replay, every seat's stderr included.
func (a *api) orgReplay(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	id, _ := strconv.ParseInt(r.PathValue("match"), 10, 64)
	ms, err := a.p.Store().Matches(r.Context(), ev.ID, RecentMatches)
	if err != nil {
		a.internal(w, err)
		return
	}
	for _, m := range ms {
		if m.ID == id && m.Error == "" {
			rep, err := a.p.Replays().Get(m.Key)
			if err != nil {
				a.replayError(w, err)
				return
			}
			writeJSON(w, http.StatusOK, rep)
			return
		}
	}
	apiError(w, http.StatusNotFound, "the event has no match "+strconv.Quote(r.PathValue("match"))+" with a replay among its latest")
}

func (a *api) teamNames(r *http.Request, eventID int64) map[int64]string {
	names := map[int64]string{0: "house"}
	if teams, err := a.p.Store().Teams(r.Context(), eventID); err == nil {
		for _, tm := range teams {
			names[tm.ID] = tm.Name
		}
	}
	return names
}

// matchJSON is a match with its seats (team id, name, rank).
func matchJSON(m store.Match, names map[int64]string) map[string]any {
	seats := []map[string]any{}
	for s, id := range m.Teams {
		seat := map[string]any{"team": names[id], "team_id": id}
		if s < len(m.Ranks) {
			seat["rank"] = m.Ranks[s]
		}
		seats = append(seats, seat)
	}
	item := map[string]any{"id": m.ID, "seed": strconv.FormatInt(m.Seed, 10), "seats": seats, "played": m.Played.Format(time.RFC3339),
		"kind": m.Kind, "round": m.Round, "map": m.Map}
	if m.Error != "" {
		item["error"] = m.Error
	}
	return item
}

// orgStatus is what arena event status prints: the controls, whether
// the final ranking has played all its games, and the games of rounds and
// finals the platform cannot play with its failing look (the same JSON as
// the command's --json on the data directory).
func (a *api) orgStatus(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	c, err := a.p.EventControls(r.Context(), ev.ID)
	if a.userOrInternal(w, err) {
		return
	}
	done, err := a.p.FinalDone(r.Context(), ev.ID)
	if a.userOrInternal(w, err) {
		return
	}
	failing, stuck, err := a.p.FormatHost().Failing(r.Context(), ev.ID) // a round's or a final's (stages/failing.go)
	if a.userOrInternal(w, err) {
		return
	}
	if failing == nil {
		failing = []format.FailingGame{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"event": ev.ID, "controls": c, "final_done": done, "failing": failing, "look_error": stuck})
}

// orgWorkers lists the workers for the organiser (GET organiser/workers).
func (a *api) orgWorkers(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ws, err := a.p.Workers(r.Context())
	if err != nil {
		a.internal(w, err)
		return
	}
	list := []map[string]any{}
	for _, x := range ws {
		list = append(list, apitypes.WorkerJSON(x))
	}
	writeJSON(w, http.StatusOK, list)
}
