package sidequest

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// Name is the format's name in the registry and in the games' metadata.
const Name = "sidequest"

func init() { format.Register(Format{}) }

// Format is the side-quest leaderboard as a platform format.
type Format struct{}

// Name is "sidequest".
func (Format) Name() string { return Name }

// Routes are the board's route for the teams.
func (Format) Routes() []format.Route {
	return []format.Route{{Pattern: "GET sidequest", Who: format.Team, Serve: serveBoard}}
}

// ResultLine is one line of the side-quest ranking in the event's
// results.
type ResultLine struct {
	Rank    int     `json:"rank"`
	Team    string  `json:"team"`
	TeamID  int64   `json:"team_id"`
	Games   int     `json:"games"`
	Points  int     `json:"points"`
	Average float64 `json:"average"`
}

// sectionKey is the ranking's key in results.json.
const sectionKey = "side_quest"

// Results are the side-quest ranking of an event whose game has the side
// quest, once it has a team. It does not rank results.csv: the main
// ranking does.
func (Format) Results(ctx context.Context, h format.Host, ev store.Event) ([]*format.Section, error) {
	stat, ok := statOf(ev.Game)
	if !ok {
		return nil, nil
	}
	board, err := ReadBoard(ctx, h, ev.ID, stat)
	if err != nil || len(board) == 0 {
		return nil, err
	}
	var lines []ResultLine
	for _, l := range board {
		lines = append(lines, ResultLine{Rank: l.Rank, Team: l.Team.Name, TeamID: l.Team.ID, Games: l.Games, Points: l.Points, Average: l.Average})
	}
	return []*format.Section{{Key: sectionKey, Lines: lines}}, nil
}

// ReadSections reads the side-quest ranking back from results.json.
func (Format) ReadSections(keys map[string]json.RawMessage) ([]*format.Section, error) {
	raw, ok := keys[sectionKey]
	if !ok {
		return nil, nil
	}
	var lines []ResultLine
	if err := json.Unmarshal(raw, &lines); err != nil || len(lines) == 0 {
		return nil, err
	}
	return []*format.Section{{Key: sectionKey, Lines: lines}}, nil
}

// statOf is the stat that holds the side-quest point in the games of
// gameName, if its events run the format.
func statOf(gameName string) (string, bool) {
	g, err := game.Lookup(gameName)
	if err != nil || !format.Runs(gameName, Name) {
		return "", false
	}
	return g.Info().SideQuestStat, true
}

// serveBoard answers the team's event's side-quest board: rank, team,
// games, points, average; 404 in an event whose game has no side quest.
func serveBoard(c *format.Call) {
	ev, err := c.Host.Store().Event(c.R.Context(), c.Team.EventID)
	if err != nil {
		c.Internal(err)
		return
	}
	stat, ok := statOf(ev.Game)
	if !ok {
		c.Error(http.StatusNotFound, "the side quest is "+owners()+" (this event plays "+ev.Game+")")
		return
	}
	list, err := boardLines(c.R.Context(), c.Host, ev.ID, stat)
	if err != nil {
		c.Internal(err)
		return
	}
	c.JSON(http.StatusOK, list)
}

// boardLines are the side-quest board's lines as the teams read them.
func boardLines(ctx context.Context, h format.Host, eventID int64, stat string) ([]map[string]any, error) {
	board, err := ReadBoard(ctx, h, eventID, stat)
	if err != nil {
		return nil, err
	}
	list := []map[string]any{}
	for _, l := range board {
		list = append(list, map[string]any{"rank": l.Rank, "team": l.Team.Name, "team_id": l.Team.ID,
			"games": l.Games, "points": l.Points, "average": l.Average})
	}
	return list, nil
}

// Spectate: the public page shows the side-quest board as every team
// reads it.
func (Format) Spectate(c *format.Call, ev store.Event) (any, error) {
	stat, ok := statOf(ev.Game)
	if !ok {
		return nil, nil
	}
	return boardLines(c.R.Context(), c.Host, ev.ID, stat)
}

// owners names, possessive, the games that have the side quest: "tracks'".
func owners() string {
	names := format.Games(Name)
	if len(names) == 0 {
		return "no game's"
	}
	s := strings.Join(names, ", ")
	if strings.HasSuffix(s, "s") {
		return s + "'"
	}
	return s + "'s"
}
