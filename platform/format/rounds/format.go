package rounds

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

func init() { format.Register(Format{}) }

// Format is the ranked rounds as a platform format. Any event may have
// rounds (the organiser starts them); an event without any has no
// ladder, and its looks read one state document.
type Format struct{}

// Name is "rounds".
func (Format) Name() string { return "rounds" }

// Schedule launches the event's rounds whose time has come.
func (Format) Schedule(ctx context.Context, h format.Host, ev store.Event, now time.Time) error {
	return launchDue(ctx, h, ev, now)
}

// Routes are the ladder's and the rounds' routes.
func (Format) Routes() []format.Route { return routes }

// LadderLine is one line of the ladder in the event's results.
type LadderLine struct {
	Place  int     `json:"place"`
	Team   string  `json:"team"`
	TeamID int64   `json:"team_id"`
	Points float64 `json:"points"`
	Firsts int     `json:"firsts"`
	Games  int     `json:"games"`
	Mean   float64 `json:"mean_territory"`
}

// Results is the ladder, the event's ranking once it has rounds.
func (Format) Results(ctx context.Context, h format.Host, ev store.Event) ([]*format.Section, error) {
	l, err := ReadBoard(ctx, h, ev.ID)
	if err != nil || len(l.Rounds) == 0 || len(l.Lines) == 0 {
		return nil, err
	}
	lines := []LadderLine{}
	for _, ln := range l.Lines {
		lines = append(lines, LadderLine{ln.Place, l.Names[ln.Team], ln.Team, ln.Points, ln.Firsts, ln.Games, ln.Mean})
	}
	return []*format.Section{section(lines)}, nil
}

// sectionKey is the ladder's key in results.json.
const sectionKey = "ladder"

// section is the ladder's section of the results, with its CSV.
func section(lines []LadderLine) *format.Section {
	csv := [][]string{{"place", "team", "team_id", "points", "firsts", "games", "mean_territory"}}
	for _, x := range lines {
		csv = append(csv, []string{strconv.Itoa(x.Place), x.Team, strconv.FormatInt(x.TeamID, 10), strconv.FormatFloat(x.Points, 'f', -1, 64),
			strconv.Itoa(x.Firsts), strconv.Itoa(x.Games), strconv.FormatFloat(x.Mean, 'f', 2, 64)})
	}
	return &format.Section{Key: sectionKey, Lines: lines, CSV: csv, NameColumn: 1}
}

// ReadSections reads the ladder back from results.json.
func (Format) ReadSections(keys map[string]json.RawMessage) ([]*format.Section, error) {
	raw, ok := keys[sectionKey]
	if !ok {
		return nil, nil
	}
	var lines []LadderLine
	if err := json.Unmarshal(raw, &lines); err != nil || len(lines) == 0 {
		return nil, err
	}
	return []*format.Section{section(lines)}, nil
}
