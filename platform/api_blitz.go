package platform

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/seed27749672/arena/platform/blitz"
	"github.com/seed27749672/arena/platform/store"
)

// blitz is the team's event's ranked rounds and final, for a finals page:
// the ranking, each round's groups with who moved, the final's bracket as
// played (its games so far; its rounds once it is over).
func (a *api) blitz(w http.ResponseWriter, r *http.Request, t store.Team) {
	doc, err := a.blitzDoc(r, t.EventID)
	if a.eventError(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, doc)
}

// blitzDoc is what the teams see of an event's ranked rounds and final
// (the team route's answer; the organiser's has it as "public"). Each
// game of the final has its match's id and map once recorded.
func (a *api) blitzDoc(r *http.Request, eventID int64) (map[string]any, error) {
	b, err := a.p.BlitzStatus(r.Context(), eventID)
	if err != nil {
		return nil, err
	}
	f, err := a.p.BlitzFinalState(r.Context(), eventID)
	if err != nil {
		return nil, err
	}
	names := a.teamNames(r, eventID)
	ranking := []map[string]any{}
	for i, id := range b.Ranking {
		ranking = append(ranking, map[string]any{"rank": i + 1, "team": names[id], "team_id": id})
	}
	rounds := []map[string]any{}
	for _, rd := range b.Rounds {
		rounds = append(rounds, map[string]any{"number": rd.Number, "started": rd.Started, "groups": rd.Groups})
	}
	out := map[string]any{"schedule": b.Schedule, "ranking": ranking, "rounds": rounds, "next_round": nil}
	if at, ok := b.NextRound(a.o.Now()); ok {
		out["next_round"] = at // the server's rule, for the pages to show as it is
	}
	if !b.EventEnd.IsZero() {
		out["event_end"] = b.EventEnd // no round of the schedule starts from then on
	}
	if f != nil {
		recorded := a.finalMatches(r, f)
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
		out["final"] = map[string]any{"seeds": f.Names, "size": f.Size, "games": games, "rounds": f.Rounds, "standings": f.Standings, "done": f.Done}
	}
	return out, nil
}

// finalMatches are the recorded games of a final by key: each finalist's
// final games (a few per team), not the event's whole match list.
func (a *api) finalMatches(r *http.Request, f *BlitzFinal) map[string]store.Match {
	out := map[string]store.Match{}
	for _, sub := range f.Submissions {
		ms, err := a.p.Store.SubmissionMatches(r.Context(), sub, store.KindFinal)
		if err != nil {
			continue // the game shows without its link
		}
		for _, m := range ms {
			out[m.Key] = m
		}
	}
	return out
}

// finalReplay serves the replay of a game of the team's event's Blitz
// final, which every team may watch from the finals page (the games were
// shown on stream in 2022), with no error output but its own bots'. It
// reports whether id is such a game.
func (a *api) finalReplay(w http.ResponseWriter, r *http.Request, t store.Team, id int64) bool {
	f, err := a.p.BlitzFinalState(r.Context(), t.EventID)
	if err != nil || f == nil {
		return false // not a jungle event, or no final
	}
	for _, m := range a.finalMatches(r, f) {
		if m.ID != id || m.Error != "" {
			continue
		}
		rep, err := a.p.Replays.Get(m.Key)
		if err != nil {
			a.internal(w, err)
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

// orgBlitz is an event's ranked rounds (with the organiser's pending
// requests) and its final, and what the teams see of them ("public").
func (a *api) orgBlitz(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	b, err := a.p.BlitzStatus(r.Context(), ev.ID)
	if a.eventError(w, err) {
		return
	}
	f, err := a.p.BlitzFinalState(r.Context(), ev.ID)
	if a.eventError(w, err) {
		return
	}
	doc, err := a.blitzDoc(r, ev.ID)
	if a.eventError(w, err) {
		return
	}
	failing, stuck, err := a.failures(r, ev.ID)
	if a.eventError(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"blitz": b, "final": f, "public": doc, "failing": failing, "look_error": stuck})
}

// failures are what keeps an event's round or final from going on: its
// games whose jobs failed (failing.go), and the scheduler's failing look.
func (a *api) failures(r *http.Request, eventID int64) ([]FailingGame, *LookError, error) {
	failing, err := a.p.FailingGames(r.Context(), eventID)
	if err != nil {
		return nil, nil, err
	}
	if failing == nil {
		failing = []FailingGame{}
	}
	stuck, err := a.p.LookError(r.Context(), eventID)
	return failing, stuck, err
}

// orgBlitzSchedule sets the ranked rounds' schedule: {"start": RFC 3339,
// "every": "1h", "size": 2|4, "rounds": N}.
func (a *api) orgBlitzSchedule(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	var req struct {
		Start  time.Time `json:"start"`
		Every  string    `json:"every"`
		Size   int       `json:"size"`
		Rounds int       `json:"rounds"`
	}
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	every, err := time.ParseDuration(req.Every)
	if err != nil {
		apiError(w, http.StatusBadRequest, fmt.Sprintf(`"every" is a duration such as "1h" or "30m", not %q`, req.Every))
		return
	}
	s := blitz.Schedule{Start: req.Start, Every: every, Size: req.Size, Rounds: req.Rounds}
	if a.eventError(w, a.p.SetBlitzSchedule(r.Context(), ev.ID, s)) {
		return
	}
	b, err := a.p.BlitzStatus(r.Context(), ev.ID)
	if a.eventError(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"schedule": b.Schedule})
}

// orgBlitzStop stops the ranked rounds' schedule (no body): no round of
// it starts any more; a round being played finishes, a round now and the
// final still play, saving a schedule starts it again.
func (a *api) orgBlitzStop(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	s, err := a.p.StopBlitzSchedule(r.Context(), ev.ID)
	if a.eventError(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"schedule": s})
}

// orgBlitzRound asks the server for a ranked round now.
func (a *api) orgBlitzRound(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	if a.tooFewBots(w, r, ev, "a ranked round") {
		return
	}
	if a.eventError(w, a.p.AskBlitzRound(r.Context(), ev.ID)) {
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"round": "asked: the server plays it within a minute"})
}

// tooFewBots refuses to ask for a Blitz round or final that could not be
// played now, as arena event blitz round|final on the data directory
// refuse it, rather than let the server's clock fail on it; it reports
// whether it refused.
func (a *api) tooFewBots(w http.ResponseWriter, r *http.Request, ev store.Event, what string) bool {
	if _, err := a.p.blitzEvent(r.Context(), ev.ID); a.eventError(w, err) {
		return true
	}
	teams, err := a.p.teamsWithBots(r.Context(), ev)
	if a.eventError(w, err) {
		return true
	}
	if len(teams) < 2 {
		apiError(w, http.StatusBadRequest, fmt.Sprintf("%s needs at least 2 teams with a ready bot; %d have one", what, len(teams)))
		return true
	}
	return false
}

// orgBlitzFinal asks the server for the final: {"size": 4|2}.
func (a *api) orgBlitzFinal(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	var req struct {
		Size int `json:"size"`
	}
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	if req.Size == 0 {
		req.Size = 4
	}
	if f, err := a.p.BlitzFinalState(r.Context(), ev.ID); a.eventError(w, err) || (f == nil && a.tooFewBots(w, r, ev, "the final")) {
		return
	}
	if a.eventError(w, a.p.AskBlitzFinal(r.Context(), ev.ID, req.Size)) {
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"final": "asked: the server plays it once no round is being played"})
}

// eventError answers an event format's error: the user's as 400, others
// as 500. It reports whether there was one.
func (a *api) eventError(w http.ResponseWriter, err error) bool {
	switch {
	case err == nil:
		return false
	case isUserError(err):
		apiError(w, http.StatusBadRequest, err.Error())
	default:
		a.internal(w, err)
	}
	return true
}
