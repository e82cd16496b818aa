package api

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/statement"
)

// The rules a team reads (GET rules): the statement of its league, as
// CodinGame showed it, or with ?league=N that of a league it has passed.
// A league above the team's is refused: on CodinGame a league's new rules
// opened only when a bot reached it, and the seeds' events ran that way.
// An event that does not play its game's leagues plays the game's default
// league (the top one), whose statement is then the only one.

// readableLeagues are the leagues whose statements team t may read, in
// order, the team's own last.
func readableLeagues(ev store.Event, info game.Info, t store.Team) []game.League {
	if !event.LeaguesOn(ev, info) {
		l, err := league.Find(info, info.DefaultLeague)
		if err != nil {
			return nil
		}
		return []game.League{l}
	}
	cur := t.League
	if cur == 0 { // no submission yet: the team will start in the first league
		first, _ := league.First(info)
		cur = first.Number
	}
	var out []game.League
	for _, l := range info.Leagues {
		if l.Number <= cur {
			out = append(out, l)
		}
	}
	return out
}

// eventSettings are the event's game options and time limits that the
// statements do not show, with each option's help.
func eventSettings(ev store.Event, info game.Info) []statement.Setting {
	help := map[string]string{}
	for _, o := range info.Options {
		help[o.Name] = o.Help
	}
	var out []statement.Setting
	for k, v := range ev.Options {
		out = append(out, statement.Setting{Name: k, Value: v, Help: help[k]})
	}
	to, ok := event.TimeOptions(info)
	if ok && ev.Settings.TurnMS != 0 {
		out = append(out, statement.Setting{Name: to.Turn, Value: strconv.Itoa(ev.Settings.TurnMS), Help: help[to.Turn]})
	}
	if ok && ev.Settings.FirstTurnMS != 0 && !to.FirstIsExtra {
		out = append(out, statement.Setting{Name: to.First, Value: strconv.Itoa(ev.Settings.FirstTurnMS), Help: help[to.First]})
	}
	if !ok && (ev.Settings.TurnMS != 0 || ev.Settings.FirstTurnMS != 0) {
		out = append(out, statement.Setting{Name: "turn_ms", Value: fmt.Sprintf("%d (first turn %d)", ev.Settings.TurnMS, ev.Settings.FirstTurnMS),
			Help: "the event's time limits in milliseconds"})
	}
	slices.SortFunc(out, func(a, b statement.Setting) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

func (a *api) rules(w http.ResponseWriter, r *http.Request, t store.Team) {
	ev, err := a.p.Store().Event(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		a.internal(w, err)
		return
	}
	info := g.Info()
	if !statement.Has(ev.Game) || len(info.Leagues) == 0 {
		apiError(w, http.StatusNotFound, fmt.Sprintf("%s has no league statements: its rules are the game's documentation (docs/games/%s.md)", ev.Game, ev.Game))
		return
	}
	readable := readableLeagues(ev, info, t)
	if len(readable) == 0 {
		a.internal(w, fmt.Errorf("%s: no default league", ev.Game))
		return
	}
	want := readable[len(readable)-1]
	if q := r.URL.Query().Get("league"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil {
			apiError(w, http.StatusBadRequest, "league must be a league number, not "+strconv.Quote(q))
			return
		}
		l, err := league.Find(info, n)
		if err != nil {
			apiError(w, http.StatusNotFound, err.Error())
			return
		}
		if !slices.ContainsFunc(readable, func(x game.League) bool { return x.Number == n }) {
			apiError(w, http.StatusForbidden, fmt.Sprintf("league %d's rules open when your team reaches it (your team reads leagues %d to %d)",
				n, readable[0].Number, want.Number))
			return
		}
		want = l
	}
	s, err := statement.For(info, want.Number, eventSettings(ev, info))
	if err != nil {
		a.internal(w, err)
		return
	}
	leagues := []map[string]any{}
	for _, l := range readable {
		leagues = append(leagues, map[string]any{"number": l.Number, "name": l.Name})
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"game":     ev.Game,
		"league":   map[string]any{"number": want.Number, "name": want.Name},
		"current":  readable[len(readable)-1].Number,
		"leagues":  leagues,
		"markdown": s.Markdown,
		"doc":      statement.Tree(s.Markdown),
	})
}
