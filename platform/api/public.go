package api

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// The public routes: an event its organiser made public (its Public
// setting) as anyone sees it, without a token. What they give is what a
// spectator of a competition sees on its site: the teams' names and
// ranking, the games and their replays with no bot's error output. An
// event not public is a 404, as one that does not exist: a spectator
// cannot even learn which events there are.

// TopTeams is how many of the ranking's teams make a game a top game;
// TopGames how many of those the public page lists.
const (
	TopTeams = 8
	TopGames = 12
)

// publicEvent reads the event of the route's {id} if it is public;
// otherwise it answers 404 (and false). Every public read counts against
// the client's budget: they take no token, so nothing else bounds them.
func (a *api) publicEvent(w http.ResponseWriter, r *http.Request) (store.Event, bool) {
	if !a.public.Allow(clientAddr(r)) {
		w.Header().Set("Retry-After", "10")
		apiError(w, http.StatusTooManyRequests, "too many requests: wait a little")
		return store.Event{}, false
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		apiError(w, http.StatusNotFound, "no such event")
		return store.Event{}, false
	}
	ev, err := a.p.Store().Event(r.Context(), id)
	if err != nil || !ev.Settings.Public {
		apiError(w, http.StatusNotFound, "no such event")
		return store.Event{}, false
	}
	return ev, true
}

// publicInfo is the event's name and game, its live games, and its
// results once published (with the formats' sections: a ladder, a
// bracket, a round robin's table).
func (a *api) publicInfo(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.publicEvent(w, r)
	if !ok {
		return
	}
	names := a.teamNames(r, ev.ID)
	live := []map[string]any{}
	for _, l := range a.p.News().LiveOf(ev.ID) {
		seats := []map[string]any{}
		for _, id := range l.Teams {
			seats = append(seats, map[string]any{"team": names[id], "team_id": id})
		}
		live = append(live, map[string]any{"id": l.ID, "kind": l.Kind, "seats": seats, "watch": "/match/" + l.ID})
	}
	out := map[string]any{"id": ev.ID, "name": ev.Name, "game": ev.Game, "formats": EventFormats(ev.Game), "live": live}
	visible, err := a.p.ResultsVisible(r.Context(), ev)
	if err != nil {
		a.internal(w, err)
		return
	}
	if visible {
		res, err := a.p.EventResults(r.Context(), ev.ID)
		if err != nil {
			a.internal(w, err)
			return
		}
		out["results"] = res
	}
	writeJSON(w, http.StatusOK, out)
}

// publicBoard is the event's one ranking, as the teams' leaderboard gives
// its lines.
func (a *api) publicBoard(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.publicEvent(w, r)
	if !ok {
		return
	}
	board, err := a.p.EventStandings(r.Context(), ev.ID)
	if err != nil {
		a.internal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, boardJSON(board))
}

// publicGames are the latest top games: the newest played between teams
// of the ranking's top (TopTeams), or the newest games while nobody is
// ranked yet; never a kind the event's formats keep from the teams.
func (a *api) publicGames(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.publicEvent(w, r)
	if !ok {
		return
	}
	ms, err := a.publicMatches(r.Context(), ev.ID)
	if err != nil {
		a.internal(w, err)
		return
	}
	board, err := a.p.EventStandings(r.Context(), ev.ID)
	if err != nil {
		a.internal(w, err)
		return
	}
	top := map[int64]bool{}
	for _, s := range board {
		if s.Rank > 0 && len(top) < TopTeams {
			top[s.Team.ID] = true
		}
	}
	names := a.teamNames(r, ev.ID)
	list := []map[string]any{}
	for _, m := range topGames(ms, top) {
		item := matchJSON(m, names)
		delete(item, "seed") // nothing to hide, but nothing a spectator needs
		item["replay"] = fmt.Sprintf("%spublic/events/%d/matches/%d/replay", Prefix, ev.ID, m.ID)
		list = append(list, item)
	}
	writeJSON(w, http.StatusOK, list)
}

// publicFormat is what the event's format shows every team, as its
// public page shows it: its leagues' leaderboards, the top league first
// ("leagues", when it plays leagues, and "unplaced": the lines of the
// teams in no league yet, which the ranking shows too), and each of its formats' tables
// under the format's name (format.Spectated: a Blitz event's ranked
// rounds and final, a territory event's ranked rounds, a catmouse final's
// table once published). Nothing a team sees only of itself.
func (a *api) publicFormat(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.publicEvent(w, r)
	if !ok {
		return
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		a.internal(w, err)
		return
	}
	info := g.Info()
	out := map[string]any{}
	if event.LeaguesOn(ev, info) {
		// the event's standings once, by league (each league's lines are
		// its leaderboard's: the same ranks, the same tests)
		all, err := a.p.EventStandings(r.Context(), ev.ID)
		if err != nil {
			a.internal(w, err)
			return
		}
		byLeague := map[int][]apitypes.Standing{}
		for _, s := range all {
			byLeague[s.Team.League] = append(byLeague[s.Team.League], s)
		}
		leagues := []map[string]any{}
		for _, l := range slices.Backward(info.Leagues) {
			leagues = append(leagues, map[string]any{"number": l.Number, "name": l.Name, "boss_only": l.BossOnly, "lines": boardJSON(byLeague[l.Number])})
		}
		out["leagues"] = leagues
		// the teams the scheduler has not placed yet (no build has played)
		out["unplaced"] = boardJSON(byLeague[0])
	}
	call := &format.Call{Host: a.p.FormatHost(), W: w, R: r, Log: a.o.Log, Limit: a.limit, Now: a.o.Now}
	for _, f := range format.Of(info) {
		sf, ok := f.(format.Spectated)
		if !ok {
			continue
		}
		doc, err := sf.Spectate(call, ev)
		if err != nil {
			a.internal(w, err)
			return
		}
		if doc != nil {
			out[f.Name()] = doc
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// topGames picks, newest first, the games whose teams are all in top (a
// house bot's seat aside); with no top yet, the newest games.
func topGames(ms []store.Match, top map[int64]bool) []store.Match {
	var out []store.Match
	for _, m := range ms {
		teams := 0
		all := true
		for _, id := range m.Teams {
			if id != 0 {
				teams++
				all = all && top[id]
			}
		}
		if (len(top) == 0 || all && teams > 0) && len(out) < TopGames {
			out = append(out, m)
		}
	}
	return out
}

// publicMatches are the event's latest games a spectator may see: played
// (no arena error), of no kind its formats hide now.
func (a *api) publicMatches(ctx context.Context, eventID int64) ([]store.Match, error) {
	ms, err := a.p.Store().Matches(ctx, eventID, RecentMatches)
	if err != nil {
		return nil, err
	}
	hidden, err := a.p.HiddenKinds(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(ms, func(m store.Match) bool {
		return m.Error != "" || slices.Contains(hidden, m.Kind)
	}), nil
}

// publicReplay is a game's replay with every seat's error output removed
// (and the teams' HTTP bots' URLs, and what the formats keep from the
// teams): a spectator is no team.
func (a *api) publicReplay(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.publicEvent(w, r)
	if !ok {
		return
	}
	id, _ := strconv.ParseInt(r.PathValue("match"), 10, 64)
	ms, err := a.publicMatches(r.Context(), ev.ID)
	if err != nil {
		a.internal(w, err)
		return
	}
	i := slices.IndexFunc(ms, func(m store.Match) bool { return m.ID == id })
	if i < 0 {
		apiError(w, http.StatusNotFound, "no such game")
		return
	}
	rep, err := a.teamReplay(r.Context(), ms[i])
	if err != nil {
		a.replayError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, forSeats(rep, nil))
}

// publicStream follows a public event's changes (stream.go).
func (a *api) publicStream(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.publicEvent(w, r)
	if !ok {
		return
	}
	a.stream(w, r, ev.ID, noBuilds)
}

// liveIDs are the ids of the event's live games (a stream's first message).
func (a *api) liveIDs(eventID int64) []string {
	ids := []string{}
	for _, l := range a.p.News().LiveOf(eventID) {
		ids = append(ids, l.ID)
	}
	return ids
}
