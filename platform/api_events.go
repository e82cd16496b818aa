package platform

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/rounds"
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
	if l.BossOnly {
		m["boss_only"] = true // the team plays only its test here
	}
	if next, ok := league.Next(g.Info(), l.Number); ok {
		m["next"] = next.Number
		m["promotion"] = fmt.Sprintf("win %d of %d games against %s", league.PromotionWins, league.PromotionGames, l.Boss)
	}
	return m
}

// addTest adds to a leaderboard line a team's promotion test
// ("promotion", below the top league) and, in a league where teams play
// only the boss, "boss_only": that league ranks by the tests, its teams
// have no rated game.
func addTest(line map[string]any, s Standing) {
	if s.Test != nil {
		line["promotion"] = s.Test
	}
	if s.BossOnly {
		line["boss_only"] = true
	}
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
// settings and progress; for a team, its own games in each round (mine)
// with the points they earned.
func (a *api) ladder(w http.ResponseWriter, r *http.Request, t store.Team) {
	l, err := a.p.Ladder(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	rounds := []map[string]any{}
	for _, rd := range l.Rounds {
		item := map[string]any{"number": rd.Number, "players": rd.Players, "size": rd.Size, "shape": rd.Shape,
			"mix": rd.Mix, "obstacles": rd.Obstacles, "multiplier": rd.Multiplier, "at": rd.At, "queued": rd.Queued, "error": rd.Error,
			"games": rd.Games, "played": rd.Played, "failed": rd.Failed}
		if t.ID != 0 {
			item["mine"] = l.TeamGames(t.ID, rd.Number)
		} else {
			// the organiser's: a team that knew a round's seed before it
			// is played could compute its arenas; a string, as JavaScript's
			// numbers hold 53 bits of the 63
			item["seed"] = strconv.FormatInt(rd.Seed, 10)
		}
		if !rd.Cancelled.IsZero() {
			item["cancelled"] = rd.Cancelled
		}
		if rd.Groups != nil {
			item["draw"] = drawNames(rd.Round, l.Names)
		}
		rounds = append(rounds, item)
	}
	lines := []map[string]any{}
	for _, ln := range l.Lines {
		lines = append(lines, map[string]any{"place": ln.Place, "team": l.Names[ln.Team], "team_id": ln.Team, "points": ln.Points,
			"firsts": ln.Firsts, "games": ln.Games, "mean_territory": ln.Mean})
	}
	writeJSON(w, http.StatusOK, map[string]any{"rounds": rounds, "ladder": lines})
}

// drawNames are a drawn round's games, each its teams' names by seat.
func drawNames(rd rounds.Round, names map[int64]string) [][]string {
	out := [][]string{}
	for _, g := range rd.Groups {
		seats := []string{}
		for _, k := range g {
			if k < len(rd.Teams) {
				seats = append(seats, names[rd.Teams[k]])
			}
		}
		out = append(out, seats)
	}
	return out
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
		WriteResultsCSV(w, res)
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

func (a *api) orgStartRound(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	var req rounds.Round
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	rd, err := a.p.StartRound(r.Context(), ev.ID, roundSettings(req))
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusCreated, rd)
}

// roundSettings keeps of a request's round only what an organiser sets: its
// number, state, groups and results are the platform's.
func roundSettings(req rounds.Round) rounds.Round {
	return rounds.Round{Players: req.Players, Size: req.Size, Shape: req.Shape,
		Mix: req.Mix, Obstacles: req.Obstacles, Multiplier: req.Multiplier, Seed: req.Seed, At: req.At}
}

// orgChangeRound gives a scheduled round new settings (the body is as
// POST rounds'; seed 0 keeps the round's).
func (a *api) orgChangeRound(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	n, ok := roundNumber(w, r)
	if !ok {
		return
	}
	var req rounds.Round
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	rd, err := a.p.ChangeRound(r.Context(), ev.ID, n, roundSettings(req))
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, rd)
}

// orgCancelRound cancels a scheduled round.
func (a *api) orgCancelRound(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	n, ok := roundNumber(w, r)
	if !ok {
		return
	}
	rd, err := a.p.CancelRound(r.Context(), ev.ID, n)
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, rd)
}

// roundNumber is the request's {round}, or a 404 answered.
func roundNumber(w http.ResponseWriter, r *http.Request) (int, bool) {
	n, err := strconv.Atoi(r.PathValue("round"))
	if err != nil || n < 1 {
		apiError(w, http.StatusNotFound, "no round "+strconv.Quote(r.PathValue("round")))
		return 0, false
	}
	return n, true
}

func (a *api) orgLadder(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	a.ladder(w, r, store.Team{EventID: ev.ID})
}
