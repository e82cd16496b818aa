package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"time"

	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/practice"
	"github.com/seed27749672/arena/platform/store"
)

// A team's test games (package practice): unrated games against an
// opponent of its choice, listed apart from its matches.

// RecentTests is how many of a team's test games its list shows.
const RecentTests = 50

// startTest queues a test game: {"submission": N (0 or none: the newest),
// "vs": "boss|house|house:NAME|submission:N|team:NAME", "seed": "S"
// (a string, as the seeds the API writes, or a number; none: random)}.
func (a *api) startTest(w http.ResponseWriter, r *http.Request, t store.Team) {
	if refuseSuspended(w, t) {
		return
	}
	var req struct {
		Submission int64           `json:"submission"`
		Vs         string          `json:"vs"`
		Seed       json.RawMessage `json:"seed"`
	}
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	pr := practice.Request{Submission: req.Submission, Vs: req.Vs}
	if s := string(bytes.Trim(req.Seed, `"`)); s != "" && s != "null" {
		seed, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			apiError(w, http.StatusBadRequest, fmt.Sprintf("the seed %s is not a 64-bit integer", req.Seed))
			return
		}
		pr.Seed, pr.Seeded = seed, true
	}
	if !a.testRate.Allow(strconv.FormatInt(t.ID, 10)) {
		apiError(w, http.StatusTooManyRequests, fmt.Sprintf("at most %g test games a minute per team: wait a little and ask again", a.o.TestsPerMinute))
		return
	}
	tg, err := a.p.StartTest(r.Context(), t, pr)
	switch {
	case errors.Is(err, practice.ErrBusy):
		apiError(w, http.StatusTooManyRequests, err.Error())
	case errors.Is(err, practice.ErrTeamsClosed):
		apiError(w, http.StatusForbidden, err.Error())
	case errors.Is(err, store.ErrNotFound):
		apiError(w, http.StatusNotFound, err.Error())
	case fault.IsUser(err):
		apiError(w, http.StatusBadRequest, err.Error())
	case err != nil:
		a.internal(w, err)
	default:
		a.o.Log.Info("test game queued", "team", t.ID, "test", tg.ID, "vs", tg.Opponent)
		writeJSON(w, http.StatusAccepted, testJSON(tg, a.teamNames(r, t.EventID)))
	}
}

// tests lists the team's test games, newest first.
func (a *api) tests(w http.ResponseWriter, r *http.Request, t store.Team) {
	list, err := a.p.Store().TestGames(r.Context(), t.ID, RecentTests)
	if err != nil {
		a.internal(w, err)
		return
	}
	names := a.teamNames(r, t.EventID)
	out := []map[string]any{}
	for _, tg := range list {
		out = append(out, testJSON(tg, names))
	}
	writeJSON(w, http.StatusOK, out)
}

// ownTest is the test game {id} when it is the team's; any other is the
// same 404.
func (a *api) ownTest(w http.ResponseWriter, r *http.Request, t store.Team) (store.TestGame, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err == nil {
		tg, err := a.p.Store().TestGame(r.Context(), id)
		if err == nil && tg.TeamID == t.ID {
			return tg, true
		}
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			a.internal(w, err)
			return store.TestGame{}, false
		}
	}
	apiError(w, http.StatusNotFound, "your team has no test game "+strconv.Quote(r.PathValue("id")))
	return store.TestGame{}, false
}

func (a *api) test(w http.ResponseWriter, r *http.Request, t store.Team) {
	if tg, ok := a.ownTest(w, r, t); ok {
		writeJSON(w, http.StatusOK, testJSON(tg, a.teamNames(r, t.EventID)))
	}
}

// testReplay is a played test game's replay, with the error output of
// the team's own bots only (another team's bot's is that team's).
func (a *api) testReplay(w http.ResponseWriter, r *http.Request, t store.Team) {
	tg, ok := a.ownTest(w, r, t)
	if !ok {
		return
	}
	if tg.State != store.TestDone {
		apiError(w, http.StatusNotFound, fmt.Sprintf("test game %d is %s: it has no replay", tg.ID, tg.State))
		return
	}
	rep, err := a.p.Replays().Get(practice.MatchOf(tg).Key)
	if errors.Is(err, fs.ErrNotExist) {
		apiError(w, http.StatusGone, fmt.Sprintf("the replay of test game %d was deleted: a team keeps the replays of its %d latest test games", tg.ID, practice.KeptReplays))
		return
	}
	if err != nil {
		a.internal(w, err)
		return
	}
	mine := map[int]bool{}
	for s, id := range tg.Teams {
		mine[s] = id == t.ID
	}
	writeJSON(w, http.StatusOK, forSeats(rep, mine))
}

// testJSON is a test game as the team reads it: its seats (the team's
// build first), its state, and once played its result for the team's
// build and its replay.
func testJSON(tg store.TestGame, names map[int64]string) map[string]any {
	seats := []map[string]any{}
	for s, id := range tg.Teams {
		seat := map[string]any{"team": names[id], "team_id": id, "submission": tg.Submissions[s]}
		if id == 0 {
			seat["team"] = tg.House
			if tg.House == "" {
				seat["team"] = "house"
			}
		}
		if s < len(tg.Ranks) {
			seat["rank"] = tg.Ranks[s]
		}
		seats = append(seats, seat)
	}
	item := map[string]any{"id": tg.ID, "state": tg.State, "opponent": tg.Opponent, "submission": tg.Submissions[0],
		"seed": strconv.FormatInt(tg.Seed, 10), "league": tg.League, "seats": seats,
		"created": tg.Created.Format(time.RFC3339)}
	if !tg.Ended.IsZero() {
		item["ended"] = tg.Ended.Format(time.RFC3339)
	}
	if tg.Error != "" {
		item["error"] = tg.Error
	}
	if tg.State == store.TestDone {
		item["result"] = resultOf(tg.Ranks)
		item["replay"] = fmt.Sprintf("%stests/%d/replay", Prefix, tg.ID)
		item["page"] = fmt.Sprintf("/platform/replay/test-%d", tg.ID)
	}
	return item
}

// resultOf is the first seat's result (the team's build under test):
// a win when it ranks above every other seat, a loss when one ranks above
// it, else a draw.
func resultOf(ranks []int) string {
	if len(ranks) == 0 {
		return ""
	}
	best := 0
	for _, r := range ranks[1:] {
		if best == 0 || r < best {
			best = r
		}
	}
	switch {
	case best == 0 || ranks[0] < best:
		return "win"
	case ranks[0] > best:
		return "loss"
	}
	return "draw"
}
