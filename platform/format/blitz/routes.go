package blitz

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// routes are the ranked rounds' and the final's: what the teams see of
// them, and the organiser's schedule, rounds now and final.
var routes = []format.Route{
	{Pattern: "GET blitz", Who: format.Team, Serve: teamDoc},
	{Pattern: "GET organiser/events/{id}/blitz", Who: format.Organiser, Serve: orgDoc},
	{Pattern: "POST organiser/events/{id}/blitz/schedule", Who: format.Organiser, Serve: orgSchedule},
	{Pattern: "POST organiser/events/{id}/blitz/schedule/stop", Who: format.Organiser, Serve: orgStop},
	{Pattern: "POST organiser/events/{id}/blitz/round", Who: format.Organiser, Serve: orgRound},
	{Pattern: "POST organiser/events/{id}/blitz/final", Who: format.Organiser, Serve: orgFinal},
}

// teamDoc is the team's event's ranked rounds and final, for a finals
// page: the ranking, each round's groups with who moved, the final's
// bracket as played (its games so far; its rounds once it is over).
func teamDoc(c *format.Call) {
	doc, err := publicDoc(c, c.Team.EventID)
	if c.Fail(err) {
		return
	}
	c.JSON(http.StatusOK, doc)
}

// publicDoc is what the teams see of an event's ranked rounds and final
// (the team route's answer; the organiser's has it as "public"). Each
// game of the final has its match's id and map once recorded.
func publicDoc(c *format.Call, eventID int64) (map[string]any, error) {
	ctx := c.R.Context()
	b, err := Status(ctx, c.Host, eventID)
	if err != nil {
		return nil, err
	}
	f, err := ReadFinal(ctx, c.Host, eventID)
	if err != nil {
		return nil, err
	}
	names := c.TeamNames(eventID)
	ranking := []map[string]any{}
	for i, id := range b.Ranking {
		ranking = append(ranking, map[string]any{"rank": i + 1, "team": names[id], "team_id": id})
	}
	rounds := []map[string]any{}
	for _, rd := range b.Rounds {
		rounds = append(rounds, map[string]any{"number": rd.Number, "started": rd.Started, "groups": rd.Groups})
	}
	out := map[string]any{"schedule": b.Schedule, "ranking": ranking, "rounds": rounds, "next_round": nil}
	if at, ok := b.NextRound(c.Now()); ok {
		out["next_round"] = at // the server's rule, for the pages to show as it is
	}
	if b.Playing != nil {
		out["playing"] = b.Playing // the round being played: next_round is the one after it
	}
	if !b.EventEnd.IsZero() {
		out["event_end"] = b.EventEnd // no round of the schedule starts from then on
	}
	if f != nil {
		out["final"] = finalDoc(ctx, c.Host, f, names)
	}
	return out, nil
}

// Spectate: the public page shows the ranked rounds and the final as
// every team sees them (publicDoc: the teams' page shows nothing more of
// them but each team's own line marked).
func (Format) Spectate(c *format.Call, ev store.Event) (any, error) {
	return publicDoc(c, ev.ID)
}

// finalDoc is the final as the teams see it.
func finalDoc(ctx context.Context, h format.Host, f *Final, names map[int64]string) map[string]any {
	recorded := finalMatches(ctx, h, f)
	games := []map[string]any{}
	for _, i := range slices.Sorted(maps.Keys(f.Played)) { // games end out of order: indices may skip
		g := f.Played[i]
		var seats []map[string]any
		for s, id := range g.Teams {
			seat := map[string]any{"team": names[id], "team_id": id}
			if g.Result != nil && s < len(g.Result.Players) {
				seat["rank"] = g.Result.Players[s].Rank
			}
			seats = append(seats, seat)
		}
		game := map[string]any{"game": i + 1, "seats": seats}
		if m, ok := recorded[g.Match]; ok {
			game["id"], game["map"] = m.ID, m.Map
		}
		games = append(games, game)
	}
	return map[string]any{"seeds": f.Names, "size": f.Size, "games": games, "rounds": f.Rounds, "standings": f.Standings, "done": f.Done}
}

// finalMatches are the recorded games of a final by key: each finalist's
// final games (a few per team), not the event's whole match list.
func finalMatches(ctx context.Context, h format.Host, f *Final) map[string]store.Match {
	out := map[string]store.Match{}
	for _, sub := range f.Submissions {
		ms, err := h.Store().SubmissionMatches(ctx, sub, store.KindFinal)
		if err != nil {
			continue // the game shows without its link
		}
		for _, m := range ms {
			out[m.Key] = m
		}
	}
	return out
}

// Shown: every team of the event may watch the games of its Blitz final
// from the finals page (the games were shown on stream in 2022).
func (Format) Shown(ctx context.Context, h format.Host, t store.Team, matchID int64) (store.Match, bool, error) {
	f, err := ReadFinal(ctx, h, t.EventID)
	if err != nil || f == nil {
		return store.Match{}, false, nil // not a Blitz event, or no final
	}
	for _, m := range finalMatches(ctx, h, f) {
		if m.ID == matchID && m.Error == "" {
			return m, true, nil
		}
	}
	return store.Match{}, false, nil
}

// orgDoc is an event's ranked rounds (with the organiser's pending
// requests) and its final, what the teams see of them ("public"), and
// what keeps them from going on.
func orgDoc(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	ctx := c.R.Context()
	b, err := Status(ctx, c.Host, ev.ID)
	if c.Fail(err) {
		return
	}
	f, err := ReadFinal(ctx, c.Host, ev.ID)
	if c.Fail(err) {
		return
	}
	doc, err := publicDoc(c, ev.ID)
	if c.Fail(err) {
		return
	}
	failing, stuck, err := c.Host.Failing(ctx, ev.ID)
	if c.Fail(err) {
		return
	}
	if failing == nil {
		failing = []format.FailingGame{}
	}
	c.JSON(http.StatusOK, map[string]any{"blitz": b, "final": f, "public": doc, "failing": failing, "look_error": stuck})
}

// orgSchedule sets the ranked rounds' schedule: {"start": RFC 3339,
// "every": "1h", "size": 2|4, "rounds": N}.
func orgSchedule(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	var req struct {
		Start  time.Time `json:"start"`
		Every  string    `json:"every"`
		Size   int       `json:"size"`
		Rounds int       `json:"rounds"`
	}
	if err := c.Decode(&req); err != nil {
		c.Error(http.StatusBadRequest, err.Error())
		return
	}
	every, err := time.ParseDuration(req.Every)
	if err != nil {
		c.Error(http.StatusBadRequest, fmt.Sprintf(`"every" is a duration such as "1h" or "30m", not %q`, req.Every))
		return
	}
	s := Schedule{Start: req.Start, Every: every, Size: req.Size, Rounds: req.Rounds}
	if c.Fail(SetSchedule(c.R.Context(), c.Host, ev.ID, s)) {
		return
	}
	b, err := Status(c.R.Context(), c.Host, ev.ID)
	if c.Fail(err) {
		return
	}
	c.JSON(http.StatusOK, map[string]any{"schedule": b.Schedule})
}

// orgStop stops the ranked rounds' schedule (no body): no round of it
// starts any more; a round being played finishes, a round now and the
// final still play, saving a schedule starts it again.
func orgStop(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	s, err := StopSchedule(c.R.Context(), c.Host, ev.ID)
	if c.Fail(err) {
		return
	}
	c.JSON(http.StatusOK, map[string]any{"schedule": s})
}

// orgRound asks the server for a ranked round now.
func orgRound(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	if tooFewBots(c, ev, "a ranked round") {
		return
	}
	if c.Fail(AskRound(c.R.Context(), c.Host, ev.ID)) {
		return
	}
	c.JSON(http.StatusAccepted, map[string]any{"round": "asked: the server plays it within a minute"})
}

// tooFewBots refuses to ask for a round or final that could not be
// played now, as arena event blitz round|final on the data directory
// refuse it, rather than let the server's clock fail on it; it reports
// whether it refused.
func tooFewBots(c *format.Call, ev store.Event, what string) bool {
	if _, err := event(c.R.Context(), c.Host, ev.ID); c.Fail(err) {
		return true
	}
	teams, err := c.Host.TeamsWithBots(c.R.Context(), ev)
	if c.Fail(err) {
		return true
	}
	if len(teams) < 2 {
		c.Error(http.StatusBadRequest, fmt.Sprintf("%s needs at least 2 teams with a ready bot; %d have one", what, len(teams)))
		return true
	}
	return false
}

// orgFinal asks the server for the final: {"size": 4|2}.
func orgFinal(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	var req struct {
		Size int `json:"size"`
	}
	if err := c.Decode(&req); err != nil {
		c.Error(http.StatusBadRequest, err.Error())
		return
	}
	if req.Size == 0 {
		req.Size = 4
	}
	if f, err := ReadFinal(c.R.Context(), c.Host, ev.ID); c.Fail(err) || (f == nil && tooFewBots(c, ev, "the final")) {
		return
	}
	if c.Fail(AskFinal(c.R.Context(), c.Host, ev.ID, req.Size)) {
		return
	}
	c.JSON(http.StatusAccepted, map[string]any{"final": "asked: the server plays it once no round is being played"})
}
