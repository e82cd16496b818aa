package platform

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
)

// The API of the event formats (issue 17): leagues, the side quest.

// boardFor is the leaderboard a team asks for: its event's, or, with
// ?league=N in an event with leagues, that league's.
func (a *api) boardFor(ctx context.Context, t store.Team, q string) ([]Standing, error) {
	if q == "" {
		return a.p.Leaderboard(ctx, t.EventID)
	}
	n, err := strconv.Atoi(q)
	if err != nil {
		return nil, userError{fmt.Errorf("league %q is not a number", q)}
	}
	ev, err := a.p.Store.Event(ctx, t.EventID)
	if err != nil {
		return nil, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	if !leaguesOn(ev, g.Info()) {
		return nil, userError{fmt.Errorf("this event has no leagues")}
	}
	if _, err := league.Find(g.Info(), n); err != nil {
		return nil, userError{err}
	}
	return a.p.LeagueLeaderboard(ctx, t.EventID, n)
}

// leagueJSON describes a team's league: what the rules and the input of
// its matches are (the game's docs per league), and the boss to beat.
func leagueJSON(ev store.Event, t store.Team) map[string]any {
	g, err := game.Lookup(ev.Game)
	if err != nil || !leaguesOn(ev, g.Info()) || t.League == 0 {
		return nil
	}
	l, err := league.Find(g.Info(), t.League)
	if err != nil {
		return nil
	}
	m := map[string]any{"number": l.Number, "name": l.Name, "boss": l.Boss,
		"docs": fmt.Sprintf("docs/games/%s.md, league %d", ev.Game, l.Number)}
	if l.Goal != "" {
		m["goal"] = l.Goal
	}
	if next, ok := league.Next(g.Info(), l.Number); ok {
		m["next"] = next.Number
		m["promotion"] = fmt.Sprintf("win %d of %d games against %s", league.PromotionWins, league.PromotionGames, l.Boss)
	}
	return m
}

// sideQuest is tracks' side-quest leaderboard.
func (a *api) sideQuest(w http.ResponseWriter, r *http.Request, t store.Team) {
	ev, err := a.p.Store.Event(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	if ev.Game != "tracks" {
		apiError(w, http.StatusNotFound, "the side quest is tracks' (this event plays "+ev.Game+")")
		return
	}
	board, err := a.p.SideQuestBoard(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	list := []map[string]any{}
	for _, l := range board {
		list = append(list, map[string]any{"rank": l.Rank, "team": l.Team.Name, "team_id": l.Team.ID,
			"games": l.Games, "points": l.Points, "average": l.Average})
	}
	writeJSON(w, http.StatusOK, list)
}

// results are the event's results, once the organiser published them
// (before: only a message saying so).
func (a *api) results(w http.ResponseWriter, r *http.Request, t store.Team) {
	ev, err := a.p.Store.Event(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	ok, err := a.p.resultsVisible(r.Context(), ev)
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
// settings and progress.
func (a *api) ladder(w http.ResponseWriter, r *http.Request, t store.Team) {
	l, err := a.p.Ladder(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	rounds := []map[string]any{}
	for _, rd := range l.Rounds {
		rounds = append(rounds, map[string]any{"number": rd.Number, "players": rd.Players, "size": rd.Size, "shape": rd.Shape,
			"mix": rd.Mix, "obstacles": rd.Obstacles, "multiplier": rd.Multiplier, "started": rd.Started,
			"games": rd.Games, "played": rd.Played, "failed": rd.Failed})
	}
	lines := []map[string]any{}
	for _, ln := range l.Lines {
		lines = append(lines, map[string]any{"place": ln.Place, "team": l.Names[ln.Team], "team_id": ln.Team, "points": ln.Points,
			"firsts": ln.Firsts, "games": ln.Games, "mean_territory": ln.Mean})
	}
	writeJSON(w, http.StatusOK, map[string]any{"rounds": rounds, "ladder": lines})
}

// registerURL makes an HTTP bot URL the team's active submission (events
// with http_bots); it counts as a submission for the rate limit.
func (a *api) registerURL(w http.ResponseWriter, r *http.Request, t store.Team) {
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
		if isUserError(err) {
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
