package codinsa

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/codinsa/spawnvote"
	"github.com/seed27749672/arena/platform/store"
)

// routes are the spawn vote's and the final's routes: the teams see the
// map, set 0 and the team sets, propose a set and vote, and read the
// final's table once published; the organiser publishes the map and sets
// 0 and 9, sees every proposal and vote with the outcome, closes the
// vote, and plays and reads the final. Nothing a team reads tells which
// set was chosen before the results are published.
var routes = []format.Route{
	{Pattern: "GET spawns", Who: format.Team, Serve: spawns},
	{Pattern: "POST spawns", Who: format.Team, Serve: propose},
	{Pattern: "POST spawns/vote", Who: format.Team, Serve: vote},
	{Pattern: "GET codinsa", Who: format.Team, Serve: teamFinal},
	{Pattern: "GET organiser/events/{id}/spawns", Who: format.Organiser, Serve: orgSpawns},
	{Pattern: "POST organiser/events/{id}/spawns", Who: format.Organiser, Serve: orgPublish},
	{Pattern: "POST organiser/events/{id}/spawns/close", Who: format.Organiser, Serve: orgClose},
	{Pattern: "GET organiser/events/{id}/codinsa", Who: format.Organiser, Serve: orgFinal},
	{Pattern: "POST organiser/events/{id}/codinsa/final", Who: format.Organiser, Serve: orgPlay},
}

// maxSpawnFile bounds an uploaded spawn set (a few lines).
const maxSpawnFile = 16 << 10

// WritesPerMinute bounds a team's proposals and votes (refused ones
// included): each writes the event's whole vote state, and a team sending
// them in a loop would hold the database's writer.
const WritesPerMinute = 20

// allowWrite takes one of the team's proposals or votes, or answers 429.
func allowWrite(c *format.Call) bool {
	return c.Allow("spawn-writes", WritesPerMinute, strconv.FormatInt(c.Team.ID, 10), "proposals and votes")
}

// fail answers the format's error: the user's as 400 (409 once the vote
// is closed), others as 500. It reports whether there was one.
func fail(c *format.Call, err error) bool {
	switch {
	case err == nil:
		return false
	case errors.Is(err, spawnvote.ErrClosed):
		c.Error(http.StatusConflict, err.Error())
	case fault.IsUser(err):
		c.Error(http.StatusBadRequest, err.Error())
	default:
		c.Internal(err)
	}
	return true
}

// spawns is the team's view of its event's spawn vote.
func spawns(c *format.Call) {
	t := c.Team
	s, err := Spawns(c.R.Context(), c.Host, t.EventID)
	if fail(c, err) {
		return
	}
	v := s.View(t.ID)
	names := c.TeamNames(t.EventID)
	sets := []map[string]any{}
	for _, pr := range v.Sets {
		sets = append(sets, map[string]any{"id": pr.ID, "team": names[pr.Team], "set": pr.Set})
	}
	c.JSON(http.StatusOK, map[string]any{"published": s.Published, "map": v.Map, "set0": v.Set0,
		"sets": sets, "own": v.Own, "vote": v.Vote, "closed": v.Closed})
}

// propose takes the team's spawn set: the file as the body (text).
func propose(c *format.Call) {
	if !allowWrite(c) {
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.W, c.R.Body, maxSpawnFile))
	if err != nil {
		c.Error(http.StatusRequestEntityTooLarge, fmt.Sprintf("a spawn set is a few lines; this one is over %d bytes", maxSpawnFile))
		return
	}
	if !utf8.Valid(body) {
		c.Error(http.StatusBadRequest, "a spawn set is text (the rules' CATMOUSE-SPAWN format)")
		return
	}
	id, err := ProposeSpawn(c.R.Context(), c.Host, c.Team, string(body))
	if fail(c, err) {
		return
	}
	c.Log.Info("spawn set proposed", "team", c.Team.ID, "set", id)
	c.JSON(http.StatusCreated, map[string]any{"id": id})
}

// vote records the team's vote: {"set": ID}.
func vote(c *format.Call) {
	if !allowWrite(c) {
		return
	}
	var req struct {
		Set *int `json:"set"`
	}
	if err := c.Decode(&req); err != nil {
		c.Error(http.StatusBadRequest, err.Error())
		return
	}
	if req.Set == nil {
		c.Error(http.StatusBadRequest, `say which set: {"set": ID}`)
		return
	}
	if fail(c, VoteSpawn(c.R.Context(), c.Host, c.Team, *req.Set)) {
		return
	}
	c.JSON(http.StatusOK, map[string]any{"vote": *req.Set})
}

// orgSpawns is everything about the event's spawn vote, the chosen set
// included.
func orgSpawns(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	s, err := Spawns(c.R.Context(), c.Host, ev.ID)
	if fail(c, err) {
		return
	}
	ch, err := s.Choice()
	if fail(c, err) {
		return
	}
	// final_started tells the organiser's page whether GET codinsa has a
	// final to show (it answers 404 before).
	f, err := Standing(c.R.Context(), c.Host, ev.ID)
	if fail(c, err) {
		return
	}
	c.JSON(http.StatusOK, map[string]any{"state": s, "chosen": ch.ID, "tally": ch.Tally, "void": ch.Void, "reason": ch.Reason,
		"final_started": f != nil})
}

// orgPublish publishes {"map": FILE, "set0": FILE, "secret": FILE}
// ("map" empty: the game's default map).
func orgPublish(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	var req struct {
		Map    string `json:"map"`
		Set0   string `json:"set0"`
		Secret string `json:"secret"`
	}
	if err := c.Decode(&req); err != nil {
		c.Error(http.StatusBadRequest, err.Error())
		return
	}
	if fail(c, PublishSpawns(c.R.Context(), c.Host, ev.ID, req.Map, req.Set0, req.Secret)) {
		return
	}
	c.JSON(http.StatusOK, map[string]any{"published": true})
}

// orgClose ends the proposals and the votes.
func orgClose(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	if fail(c, CloseSpawnVote(c.R.Context(), c.Host, ev.ID)) {
		return
	}
	c.JSON(http.StatusOK, map[string]any{"closed": true})
}

// orgFinal is the final's record: teams, matches, table, and beside them
// what keeps it from going on and whether the teams see the table.
func orgFinal(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	f, err := Standing(c.R.Context(), c.Host, ev.ID)
	if fail(c, err) {
		return
	}
	if f == nil {
		c.Error(http.StatusNotFound, "the final has not started (POST organiser/events/{id}/codinsa/final, or arena event roundrobin EVENT --data DIR, plays it)")
		return
	}
	failing, stuck, err := c.Host.Failing(c.R.Context(), ev.ID)
	if fail(c, err) {
		return
	}
	if failing == nil {
		failing = []format.FailingGame{}
	}
	published, err := c.Host.ResultsVisible(c.R.Context(), ev)
	if fail(c, err) {
		return
	}
	c.JSON(http.StatusOK, struct {
		*Final
		Failing   []format.FailingGame `json:"failing"`
		LookError *format.LookError    `json:"look_error,omitempty"`
		// Published: the teams see the table (the results are published),
		// so the organiser's page stops asking to publish them.
		Published bool `json:"published"`
	}{f, failing, stuck, published})
}

// orgPlay asks the server to play the final (the round robin, as arena
// event roundrobin does) at its clock's next look; {"seed": N} fixes the
// first match's seed. GET codinsa follows it.
func orgPlay(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	var req struct {
		Seed int64 `json:"seed"`
	}
	if err := c.Decode(&req); err != nil {
		c.Error(http.StatusBadRequest, err.Error())
		return
	}
	f, err := AskFinal(c.R.Context(), c.Host, ev.ID, req.Seed)
	if fail(c, err) {
		return
	}
	c.JSON(http.StatusAccepted, f)
}

// teamFinal is the final's table and matches for the teams, once the
// organiser has published the results (arena event publish); never the
// voted set's id.
func teamFinal(c *format.Call) {
	ctx := c.R.Context()
	ev, err := event(ctx, c.Host, c.Team.EventID)
	if fail(c, err) {
		return
	}
	ok, err := c.Host.ResultsVisible(ctx, ev)
	if fail(c, err) {
		return
	}
	if !ok {
		c.JSON(http.StatusOK, map[string]any{"message": "the organiser has not published the results yet"})
		return
	}
	f, err := Standing(ctx, c.Host, ev.ID)
	if fail(c, err) {
		return
	}
	if f == nil {
		c.JSON(http.StatusOK, map[string]any{"message": "the final has not been played"})
		return
	}
	c.JSON(http.StatusOK, map[string]any{"done": f.Done, "table": table(f), "matches": matchLines(f)})
}

// Spectate: the public page shows the final's table and matches as the
// teams read them, once the results are published (nothing before: the
// teams see nothing of it either, and its games are hidden).
func (Format) Spectate(c *format.Call, ev store.Event) (any, error) {
	ctx := c.R.Context()
	ok, err := c.Host.ResultsVisible(ctx, ev)
	if err != nil || !ok {
		return nil, err
	}
	f, err := Standing(ctx, c.Host, ev.ID)
	if err != nil || f == nil {
		return nil, err
	}
	return map[string]any{"done": f.Done, "table": table(f), "matches": matchLines(f)}, nil
}

// table is the final's table as the teams read it.
func table(f *Final) []map[string]any {
	out := []map[string]any{}
	for _, s := range f.Standings {
		out = append(out, map[string]any{"place": s.Place, "team": s.Name, "points": s.MatchPoints,
			"wins": s.Wins, "draws": s.Draws, "losses": s.Losses, "game_wins": s.GameWins, "turn_difference": s.TurnDiff})
	}
	return out
}

// matchLines are the final's played matches as the teams read them.
func matchLines(f *Final) []map[string]any {
	names := map[int64]string{}
	for i, id := range f.Teams {
		names[id] = f.Names[i]
	}
	out := []map[string]any{}
	for _, i := range slices.Sorted(maps.Keys(f.Matches)) { // matches end out of order: indices may skip
		m := f.Matches[i]
		if m.Result == nil || len(m.Result.Players) != 2 {
			continue
		}
		item := map[string]any{"match": i + 1, "cats_first": names[m.Teams[0]], "other": names[m.Teams[1]]}
		for s, key := range []string{"cats_first", "other"} {
			pr := m.Result.Players[s]
			item[key+"_game_wins"], item[key+"_own"] = pr.StatInt("wins"), pr.StatInt("own")
		}
		switch r0, r1 := m.Result.Players[0].Rank, m.Result.Players[1].Rank; {
		case r0 < r1:
			item["winner"] = names[m.Teams[0]]
		case r1 < r0:
			item["winner"] = names[m.Teams[1]]
		default:
			item["winner"] = "draw"
		}
		out = append(out, item)
	}
	return out
}
