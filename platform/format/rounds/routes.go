package rounds

import (
	"net/http"
	"strconv"

	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// routes are the API routes of the ranked rounds: the ladder for the
// teams, the rounds and their settings for the organiser.
var routes = []format.Route{
	{Pattern: "GET ladder", Who: format.Team, Serve: func(c *format.Call) { serveLadder(c, c.Team.EventID, c.Team.ID) }},
	{Pattern: "GET organiser/events/{id}/ladder", Who: format.Organiser, Serve: orgLadder},
	{Pattern: "GET organiser/events/{id}/rounds", Who: format.Organiser, Serve: orgRounds},
	{Pattern: "POST organiser/events/{id}/rounds", Who: format.Organiser, Serve: orgStart},
	{Pattern: "POST organiser/events/{id}/rounds/{round}", Who: format.Organiser, Serve: orgChange},
	{Pattern: "POST organiser/events/{id}/rounds/{round}/cancel", Who: format.Organiser, Serve: orgCancel},
}

// serveLadder answers the ladder as a team's page shows it (team, that
// team's own games in each round) or the organiser's (team 0: each
// round's seed instead).
func serveLadder(c *format.Call, eventID, team int64) {
	l, err := ReadBoard(c.R.Context(), c.Host, eventID)
	if err != nil {
		c.Internal(err)
		return
	}
	c.JSON(http.StatusOK, ladderDoc(l, team))
}

// Who a ladder document is for (ladderDoc's team, when no team's id).
const (
	forOrganiser = 0
	forPublic    = -1
)

// ladderDoc is the ladder for a team (its id: its own games in each
// round), the organiser (forOrganiser: each round's seed) or the public
// page (forPublic: what every team sees, neither).
func ladderDoc(l Board, team int64) map[string]any {
	rounds := []map[string]any{}
	for _, rd := range l.Rounds {
		item := map[string]any{"number": rd.Number, "players": rd.Players, "size": rd.Size, "shape": rd.Shape,
			"mix": rd.Mix, "obstacles": rd.Obstacles, "multiplier": rd.Multiplier, "at": rd.At, "queued": rd.Queued, "error": rd.Error,
			"games": rd.Games, "played": rd.Played, "failed": rd.Failed}
		switch team {
		case forPublic:
		case forOrganiser:
			// a team that knew a round's seed before it is played could
			// compute its arenas; a string, as JavaScript's numbers hold
			// 53 bits of the 63
			item["seed"] = strconv.FormatInt(rd.Seed, 10)
		default:
			item["mine"] = l.TeamGames(team, rd.Number)
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
	return map[string]any{"rounds": rounds, "ladder": lines}
}

// Spectate: the public page shows the rounds and the ladder as every
// team sees them, without any team's own games or a round's seed;
// nothing while the event has no round.
func (Format) Spectate(c *format.Call, ev store.Event) (any, error) {
	l, err := ReadBoard(c.R.Context(), c.Host, ev.ID)
	if err != nil || len(l.Rounds) == 0 {
		return nil, err
	}
	return ladderDoc(l, forPublic), nil
}

// drawNames are a drawn round's games, each its teams' names by seat.
func drawNames(rd Round, names map[int64]string) [][]string {
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

func orgLadder(c *format.Call) {
	if ev, ok := c.Event(); ok {
		serveLadder(c, ev.ID, 0)
	}
}

// orgRounds is the ranked rounds' ladder as arena event ladder reads it:
// every round whole (its draw by team id), the ladder's lines and the
// teams' names by id.
func orgRounds(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	l, err := ReadBoard(c.R.Context(), c.Host, ev.ID)
	if c.Fail(err) {
		return
	}
	c.JSON(http.StatusOK, map[string]any{"rounds": l.Rounds, "ladder": l.Lines, "names": l.Names})
}

func orgStart(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	var req Round
	if err := c.Decode(&req); err != nil {
		c.Error(http.StatusBadRequest, err.Error())
		return
	}
	rd, err := Start(c.R.Context(), c.Host, ev.ID, settings(req))
	if c.Fail(err) {
		return
	}
	c.JSON(http.StatusCreated, rd)
}

// settings keeps of a request's round only what an organiser sets: its
// number, state, groups and results are the platform's.
func settings(req Round) Round {
	return Round{Players: req.Players, Size: req.Size, Shape: req.Shape,
		Mix: req.Mix, Obstacles: req.Obstacles, Multiplier: req.Multiplier, Seed: req.Seed, At: req.At}
}

// orgChange gives a scheduled round new settings (the body is as POST
// rounds'; seed 0 keeps the round's).
func orgChange(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	n, ok := roundNumber(c)
	if !ok {
		return
	}
	var req Round
	if err := c.Decode(&req); err != nil {
		c.Error(http.StatusBadRequest, err.Error())
		return
	}
	rd, err := Change(c.R.Context(), c.Host, ev.ID, n, settings(req))
	if c.Fail(err) {
		return
	}
	c.JSON(http.StatusOK, rd)
}

// orgCancel cancels a scheduled round.
func orgCancel(c *format.Call) {
	ev, ok := c.Event()
	if !ok {
		return
	}
	n, ok := roundNumber(c)
	if !ok {
		return
	}
	rd, err := Cancel(c.R.Context(), c.Host, ev.ID, n)
	if c.Fail(err) {
		return
	}
	c.JSON(http.StatusOK, rd)
}

// roundNumber is the request's {round}, or a 404 answered.
func roundNumber(c *format.Call) (int, bool) {
	n, err := strconv.Atoi(c.R.PathValue("round"))
	if err != nil || n < 1 {
		c.Error(http.StatusNotFound, "no round "+strconv.Quote(c.R.PathValue("round")))
		return 0, false
	}
	return n, true
}
