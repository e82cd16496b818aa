// Package rules is what a team of an event reads of the rules it plays
// by: the statement of its league, as CodinGame showed it (or of a league
// it has passed), the event's settings that the statements do not show,
// and its league described (boss, goal, the promotion to win).
//
// A league above the team's is refused: on CodinGame a league's new rules
// opened only when a bot reached it, and the seeds' events ran that way.
// An event that does not play its game's leagues plays the game's default
// league (the top one), whose statement is then the only one.
package rules

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/statement"
)

// Readable are the leagues whose statements team t may read, in
// order, the team's own last.
func Readable(ev store.Event, info game.Info, t store.Team) []game.League {
	if !event.LeaguesOn(ev, info) {
		l, err := league.Find(info, info.DefaultLeague)
		if err != nil {
			return nil
		}
		return []game.League{l}
	}
	cur := TeamsLeague(info, t)
	var out []game.League
	for _, l := range info.Leagues {
		if l.Number <= cur {
			out = append(out, l)
		}
	}
	return out
}

// Settings are the event's game options and time limits that the
// statements do not show, with each option's help.
func Settings(ev store.Event, info game.Info) []statement.Setting {
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

// TeamLeague describes a team's league (nil without one): what the rules and the input of
// its matches are (the game's docs per league), and the boss to beat.
func TeamLeague(ev store.Event, t store.Team) map[string]any {
	g, err := game.Lookup(ev.Game)
	if err != nil || !event.LeaguesOn(ev, g.Info()) || t.League == 0 {
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
	if l.BossOnly {
		m["boss_only"] = true // the team plays only its test here
	}
	if next, ok := league.Next(g.Info(), l.Number); ok {
		m["next"] = next.Number
		m["promotion"] = fmt.Sprintf("win %d of %d games against %s", league.PromotionWins, league.PromotionGames, l.Boss)
	}
	return m
}

// Error is a request for a statement that cannot be given, with the HTTP
// status that says why.
type Error struct {
	Status int
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// Statement is the statement team t reads: of its league, or of league
// query ("" for its own), with the leagues it may read.
func Statement(ev store.Event, info game.Info, t store.Team, query string) (map[string]any, error) {
	if !statement.Has(ev.Game) || len(info.Leagues) == 0 {
		return nil, &Error{http.StatusNotFound, fmt.Sprintf("%s has no league statements: its rules are the game's documentation (docs/games/%s.md)", ev.Game, ev.Game)}
	}
	readable := Readable(ev, info, t)
	if len(readable) == 0 {
		return nil, fmt.Errorf("%s: no default league", ev.Game)
	}
	want := readable[len(readable)-1]
	if query != "" {
		n, err := strconv.Atoi(query)
		if err != nil {
			return nil, &Error{http.StatusBadRequest, "league must be a league number, not " + strconv.Quote(query)}
		}
		l, err := league.Find(info, n)
		if err != nil {
			return nil, &Error{http.StatusNotFound, err.Error()}
		}
		if !slices.ContainsFunc(readable, func(x game.League) bool { return x.Number == n }) {
			return nil, &Error{http.StatusForbidden, fmt.Sprintf("league %d's rules open when your team reaches it (your team reads leagues %d to %d)",
				n, readable[0].Number, want.Number)}
		}
		want = l
	}
	s, err := statement.For(info, want.Number, Settings(ev, info))
	if err != nil {
		return nil, err
	}
	leagues := []map[string]any{}
	for _, l := range readable {
		leagues = append(leagues, map[string]any{"number": l.Number, "name": l.Name})
	}
	return map[string]any{
		"game":     ev.Game,
		"league":   map[string]any{"number": want.Number, "name": want.Name},
		"current":  readable[len(readable)-1].Number,
		"leagues":  leagues,
		"markdown": s.Markdown,
		"doc":      statement.Tree(s.Markdown),
	}, nil
}

// CheckLeague refuses a leaderboard of league n of an event that does
// not have it.
func CheckLeague(ev store.Event, info game.Info, n int) error {
	if !event.LeaguesOn(ev, info) {
		return fault.UserError{Err: errors.New("this event has no leagues")}
	}
	if _, err := league.Find(info, n); err != nil {
		return fault.UserError{Err: err}
	}
	return nil
}

// TeamsLeague is the league a team of an event with leagues is in, or
// will start in: the first, before its first submission plays.
func TeamsLeague(info game.Info, t store.Team) int {
	if t.League != 0 {
		return t.League
	}
	first, _ := league.First(info)
	return first.Number
}
