package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/rules"
	"github.com/seed27749672/arena/platform/store"
)

// The API of the leagues.

// boardFor is the leaderboard a team asks for: without ?league, its
// own league's in an event with leagues (the first league's before it
// has one), else the event's; ?league=N, league N's; ?league=all, every
// league's, in the event's one order.
func (a *api) boardFor(ctx context.Context, t store.Team, q string) ([]apitypes.Standing, error) {
	ev, err := a.p.Store().Event(ctx, t.EventID)
	if err != nil {
		return nil, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	info := g.Info()
	leagues := event.LeaguesOn(ev, info)
	switch {
	case q == "all" || q == "" && !leagues:
		return a.p.EventStandings(ctx, t.EventID)
	case q == "":
		return a.p.LeagueLeaderboard(ctx, t.EventID, rules.TeamsLeague(info, t))
	}
	n, err := strconv.Atoi(q)
	if err != nil {
		return nil, fault.UserError{Err: fmt.Errorf("league %q is neither a number nor all", q)}
	}
	if err := rules.CheckLeague(ev, info, n); err != nil {
		return nil, err
	}
	return a.p.LeagueLeaderboard(ctx, t.EventID, n)
}

// addTest adds to a leaderboard line a team's promotion test
// ("promotion", below the top league) and, in a league where teams play
// only the boss, "boss_only": that league ranks by the tests, its teams
// have no rated game.
func addTest(line map[string]any, s apitypes.Standing) {
	if s.Test != nil {
		line["promotion"] = s.Test
	}
	if s.BossOnly {
		line["boss_only"] = true
	}
}

// results are the event's results, once the organiser published them
// (before: only a message saying so).
func (a *api) results(w http.ResponseWriter, r *http.Request, t store.Team) {
	ev, err := a.p.Store().Event(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	ok, err := a.p.ResultsVisible(r.Context(), ev)
	if err != nil {
		a.internal(w, err)
		return
	}
	if !ok {
		writeJSON(w, http.StatusOK, map[string]any{"message": "the organiser has not published the results yet"})
		return
	}
	res, err := a.p.EventResults(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}

// ladder is the event's ladder over its ranked rounds, with the rounds'
// settings and progress; for a team, its own games in each round (mine)
// with the points they earned.
// registerURL makes an HTTP bot URL the team's active submission (events
// with http_bots); it counts as a submission for the rate limit.
func (a *api) registerURL(w http.ResponseWriter, r *http.Request, t store.Team) {
	if refuseSuspended(w, t) {
		return
	}
	var req struct {
		URL string `json:"url"`
	}
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	giveBack := a.reserveSubmit(t.ID)
	if giveBack == nil {
		apiError(w, http.StatusTooManyRequests, fmt.Sprintf("one submission per %s per team: wait and submit again", a.o.SubmitEvery))
		return
	}
	s, err := a.p.RegisterURL(r.Context(), t, req.URL)
	if err != nil {
		giveBack()
		if fault.IsUser(err) {
			apiError(w, http.StatusBadRequest, err.Error())
		} else {
			a.internal(w, err)
		}
		return
	}
	a.o.Log.Info("HTTP bot registered", "team", t.ID, "submission", s.ID)
	m := submissionJSON(s)
	m["active"] = true
	writeJSON(w, http.StatusCreated, m)
}

// The organiser's routes of the event formats: the controls of
// controls.go (casual games are platapi's orgCasual), the results and
// their export, the ranked rounds.

func (a *api) orgFreeze(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	var req struct {
		Frozen *bool `json:"frozen"`
	}
	if err := decodeJSON(r, &req); err != nil || req.Frozen == nil {
		apiError(w, http.StatusBadRequest, `send {"frozen": true} or {"frozen": false}`)
		return
	}
	c, err := a.p.SetFrozen(r.Context(), ev.ID, *req.Frozen)
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (a *api) orgFinal(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	var req struct {
		Games int `json:"games"`
	}
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	c, err := a.p.StartFinal(r.Context(), ev.ID, req.Games)
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (a *api) orgPublish(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	c, err := a.p.Publish(r.Context(), ev.ID)
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// orgResults are the event's results, published or not: JSON, or CSV
// with ?format=csv.
func (a *api) orgResults(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	res, err := a.p.EventResults(r.Context(), ev.ID)
	if a.userOrInternal(w, err) {
		return
	}
	switch r.URL.Query().Get("format") {
	case "", "json":
		writeJSON(w, http.StatusOK, res)
	case "csv":
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="results-%d.csv"`, ev.ID))
		apitypes.WriteResultsCSV(w, res)
	default:
		apiError(w, http.StatusBadRequest, "format is json or csv")
	}
}

// orgReplays is every replay of the event, as a gzipped tar.
func (a *api) orgReplays(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "application/gzip")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="replays-%d.tar.gz"`, ev.ID))
	if _, err := a.p.WriteReplays(r.Context(), ev.ID, w); err != nil {
		// the archive has begun: the client sees a truncated gzip
		a.o.Log.Error("replays archive", "event", ev.ID, "err", err)
	}
}

// orgRetest makes a team take its league's promotion test again: its
// earlier test games there count no more.
func (a *api) orgRetest(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	team, err := strconv.ParseInt(r.PathValue("team"), 10, 64)
	if err != nil {
		apiError(w, http.StatusBadRequest, "the team must be its id, a number")
		return
	}
	test, err := a.p.Retest(r.Context(), ev.ID, team)
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, test)
}
