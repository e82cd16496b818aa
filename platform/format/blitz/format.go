package blitz

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// name is the format's name in the registry and in the games' metadata.
const name = "blitz"

func init() { format.Register(Format{}) }

// Format is Coveo Blitz 2022's event: ranked rounds, then the final,
// which is the event's ranking.
type Format struct{}

// Name is "blitz".
func (Format) Name() string { return name }

// Routes are the ranked rounds' and the final's.
func (Format) Routes() []format.Route { return routes }

// Tick queues the games of the round or final due at the clock's look.
func (Format) Tick(ctx context.Context, h format.Host, ev store.Event, now time.Time) error {
	_, err := tick(ctx, h, ev.ID, now, false)
	return err
}

// Refusal: the event's final is the elimination tournament, not more
// rated games.
func (Format) Refusal(ev store.Event) error {
	return fault.User(fmt.Errorf("event %d is a Blitz (%s) event: its final is the elimination tournament (arena event blitz final, or POST organiser/events/%d/blitz/final), not more rated games", ev.ID, ev.Game, ev.ID))
}

// Place is a team's place in the final, or in the ranking after the
// ranked rounds.
type Place struct {
	Place  int    `json:"place"`
	Team   string `json:"team"`
	TeamID int64  `json:"team_id"`
}

// The sections' keys in results.json.
const (
	finalKey   = "blitz_final"
	rankingKey = "blitz_ranking"
	roundsKey  = "blitz_rounds"
)

// Results are the final's places once it is over (the event's ranking
// then), or before that the ranking after the ranked rounds once one was
// played: the ranking the final is seeded from, provisional, not the
// casual games' ratings.
func (Format) Results(ctx context.Context, h format.Host, ev store.Event) ([]*format.Section, error) {
	if !format.Runs(ev.Game, name) {
		return nil, nil
	}
	f, err := ReadFinal(ctx, h, ev.ID)
	if err != nil {
		return nil, err
	}
	if f != nil && f.Done {
		var places []Place
		for _, s := range f.Standings {
			places = append(places, Place{s.Place, s.Name, format.TeamOf(f.Teams, s.Bot)})
		}
		return []*format.Section{finalSection(places)}, nil
	}
	return ranking(ctx, h, ev.ID)
}

// ranking is the ranking after the ranked rounds, places 1, 2... in its
// order, the teams named as the last round named them; none before a
// round was played.
func ranking(ctx context.Context, h format.Host, eventID int64) ([]*format.Section, error) {
	b, err := Status(ctx, h, eventID)
	if err != nil || len(b.Rounds) == 0 || len(b.Ranking) == 0 {
		return nil, err
	}
	last := b.Rounds[len(b.Rounds)-1]
	names := map[int64]string{}
	for i, id := range last.Teams {
		if i < len(last.Names) {
			names[id] = last.Names[i]
		}
	}
	var places []Place
	for i, id := range b.Ranking {
		places = append(places, Place{i + 1, names[id], id})
	}
	return rankingSections(places, len(b.Rounds)), nil
}

// finalSection is the final's places, with their CSV.
func finalSection(places []Place) *format.Section {
	csv := [][]string{{"place", "team", "team_id"}}
	for _, l := range places {
		csv = append(csv, []string{strconv.Itoa(l.Place), l.Team, strconv.FormatInt(l.TeamID, 10)})
	}
	return &format.Section{Key: finalKey, Lines: places, CSV: csv, NameColumn: 1, Final: true}
}

// rankingSections are the ranking after rounds ranked rounds (its CSV
// says how far it is), and the number of rounds.
func rankingSections(places []Place, rounds int) []*format.Section {
	csv := [][]string{{"place", "team", "team_id", "ranked_rounds"}}
	for _, l := range places {
		csv = append(csv, []string{strconv.Itoa(l.Place), l.Team, strconv.FormatInt(l.TeamID, 10), strconv.Itoa(rounds)})
	}
	return []*format.Section{{Key: rankingKey, Lines: places, CSV: csv, NameColumn: 1}, {Key: roundsKey, Lines: rounds}}
}

// ReadSections reads the final's places, or the ranking and its rounds,
// back from results.json.
func (Format) ReadSections(keys map[string]json.RawMessage) ([]*format.Section, error) {
	var places []Place
	if raw, ok := keys[finalKey]; ok {
		if err := json.Unmarshal(raw, &places); err != nil || len(places) == 0 {
			return nil, err
		}
		return []*format.Section{finalSection(places)}, nil
	}
	raw, ok := keys[rankingKey]
	if !ok {
		return nil, nil
	}
	rounds := 0
	if err := json.Unmarshal(raw, &places); err != nil || len(places) == 0 {
		return nil, err
	}
	if r, ok := keys[roundsKey]; ok {
		if err := json.Unmarshal(r, &rounds); err != nil {
			return nil, err
		}
	}
	return rankingSections(places, rounds), nil
}
