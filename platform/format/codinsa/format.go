package codinsa

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"strconv"
	"time"

	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// name is the format's name in the registry and in the games' metadata.
const name = "codinsa"

func init() { format.Register(Format{}) }

// Format is the Cod'INSA 2025 event: the spawn vote, then the final's
// round robin, which is the event's ranking.
type Format struct{}

// Name is "codinsa".
func (Format) Name() string { return name }

// Routes are the spawn vote's and the final's.
func (Format) Routes() []format.Route { return routes }

// Tick plays the final the organiser asked for, at the clock's looks.
func (Format) Tick(ctx context.Context, h format.Host, ev store.Event, now time.Time) error {
	_, err := tick(ctx, h, ev.ID)
	return err
}

// Refusal: the event's final is the round robin, not more rated games.
func (Format) Refusal(ev store.Event) error {
	return fault.User(fmt.Errorf("event %d is a Cod'INSA (%s) event: its final is the round robin (arena event roundrobin, or POST organiser/events/%d/codinsa/final), not more rated games", ev.ID, ev.Game, ev.ID))
}

// Hidden: the final's games are kept from the teams until the organiser
// publishes the results, as the table (GET codinsa) is. Their ranks are
// those results, and their replays play the voted set and the secret set
// 9 (the spawn option and the spawn pack), which no team route tells
// before.
func (Format) Hidden(ctx context.Context, h format.Host, ev store.Event) ([]string, error) {
	if !format.Runs(ev.Game, name) {
		return nil, nil
	}
	published, err := h.ResultsVisible(ctx, ev)
	if err != nil || published {
		return nil, err
	}
	return []string{store.KindFinal}, nil
}

// TeamCopy takes the spawn pack out of the teams' copy of a final game's
// replay. The pack holds set 0, the voted set and the secret set 9: it is
// read to resolve the match's three games, but each game plays one set,
// written whole in its options (catmouse's Series), which is all its
// replay needs to verify. So a team reads in a game's replay the set that
// game played and not the others' (the secret set in games 1 and 2); the
// organiser's copy keeps the pack.
func (Format) TeamCopy(ev store.Event, m store.Match, rep *replay.Replay) *replay.Replay {
	if m.Kind != store.KindFinal || !format.Runs(ev.Game, name) {
		return rep
	}
	if _, ok := rep.Files[SpawnFile]; !ok {
		return rep
	}
	c := *rep
	c.Files = maps.Clone(rep.Files)
	delete(c.Files, SpawnFile)
	return &c
}

// Line is one line of the final's table in the event's results: ranked
// by match points (3 a match won, 1 a draw), then game wins, then the
// turn difference.
type Line struct {
	Place          int    `json:"place"`
	Team           string `json:"team"`
	TeamID         int64  `json:"team_id"`
	Points         int    `json:"points"`
	Wins           int    `json:"wins"`
	Draws          int    `json:"draws"`
	Losses         int    `json:"losses"`
	GameWins       int    `json:"game_wins"`
	TurnDifference int    `json:"turn_difference"`
}

// sectionKey is the final's table's key in results.json.
const sectionKey = "codinsa_final"

// Results is the final's table once its round robin is over: the
// event's ranking then.
func (Format) Results(ctx context.Context, h format.Host, ev store.Event) ([]*format.Section, error) {
	if !format.Runs(ev.Game, name) {
		return nil, nil
	}
	f, err := Standing(ctx, h, ev.ID)
	if err != nil || f == nil || !f.Done {
		return nil, err
	}
	var lines []Line
	for _, s := range f.Standings {
		lines = append(lines, Line{s.Place, s.Name, format.TeamOf(f.Teams, s.Bot), s.MatchPoints,
			s.Wins, s.Draws, s.Losses, s.GameWins, s.TurnDiff})
	}
	return []*format.Section{section(lines)}, nil
}

// section is the table's section of the results, with its CSV.
func section(lines []Line) *format.Section {
	itoa := strconv.Itoa
	csv := [][]string{{"place", "team", "team_id", "points", "wins", "draws", "losses", "game_wins", "turn_difference"}}
	for _, l := range lines {
		csv = append(csv, []string{itoa(l.Place), l.Team, strconv.FormatInt(l.TeamID, 10), itoa(l.Points), itoa(l.Wins), itoa(l.Draws),
			itoa(l.Losses), itoa(l.GameWins), itoa(l.TurnDifference)})
	}
	return &format.Section{Key: sectionKey, Lines: lines, CSV: csv, NameColumn: 1, Final: true}
}

// ReadSections reads the final's table back from results.json.
func (Format) ReadSections(keys map[string]json.RawMessage) ([]*format.Section, error) {
	raw, ok := keys[sectionKey]
	if !ok {
		return nil, nil
	}
	var lines []Line
	if err := json.Unmarshal(raw, &lines); err != nil || len(lines) == 0 {
		return nil, err
	}
	return []*format.Section{section(lines)}, nil
}
