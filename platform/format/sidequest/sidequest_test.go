package sidequest

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"reflect"
	"slices"
	"testing"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// TestBoard: each team's share of its active submission's games with the
// side-quest point, read from the stat the game names; games the arena
// could not play, the house bot's seats and older submissions count
// nothing; equal shares keep the main order.
func TestBoard(t *testing.T) {
	teams := []store.Team{{ID: 1, Name: "Owls", Active: 11}, {ID: 2, Name: "Bats", Active: 12}, {ID: 3, Name: "Cats", Active: 13}, {ID: 4, Name: "Newts"}}
	sq := func(a, b float64) []map[string]float64 { return []map[string]float64{{"sq": a}, {"sq": b}} }
	games := []store.Match{
		{Submissions: []int64{11, 12}, Stats: sq(1, 0)},
		{Submissions: []int64{11, 13}, Stats: sq(0, 1)},
		{Submissions: []int64{12, 13}, Stats: sq(1, 2)},
		{Submissions: []int64{12, 13}, Stats: sq(1, 1), Error: "a bot could not start"},
		{Submissions: []int64{13, 0}, Stats: sq(0, 1)},                                          // the house bot's point
		{Submissions: []int64{3, 13}, Stats: sq(1, 0)},                                          // Cats' older bot
		{Submissions: []int64{11, 12}, Stats: []map[string]float64{{"other": 1}, {"other": 1}}}, // another stat
	}
	got := Board(teams, games, "sq")
	want := []Line{
		{Rank: 1, Team: teams[2], Games: 4, Points: 2, Average: 0.5},
		{Rank: 2, Team: teams[0], Games: 3, Points: 1, Average: 1.0 / 3},
		{Rank: 3, Team: teams[1], Games: 3, Points: 1, Average: 1.0 / 3},
		{Rank: 4, Team: teams[3]},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("board:\n%+v\nwant\n%+v", got, want)
	}
	if got := Board(nil, games, "sq"); got != nil {
		t.Errorf("no team: %+v", got)
	}
}

// TestGamesWithTheSideQuest: tracks has the side quest, and every game
// whose metadata names the format says which stat holds its point.
func TestGamesWithTheSideQuest(t *testing.T) {
	names := format.Games(Name)
	if !slices.Contains(names, "tracks") {
		t.Errorf("the side quest's games: %v", names)
	}
	for _, g := range names {
		if stat, ok := statOf(g); !ok || stat == "" {
			t.Errorf("%s runs the side quest without naming the stat of its point", g)
		}
	}
	if _, ok := statOf("territory"); ok {
		t.Error("territory has a side quest")
	}
	if got := owners(); got != "tracks'" {
		t.Errorf("owners: %q", got)
	}
}

// fakeStore is the store's reads the board makes: one event and its
// matches by kind.
type fakeStore struct {
	store.Store
	ev      store.Event
	matches []store.Match
}

func (s fakeStore) Event(context.Context, int64) (store.Event, error) { return s.ev, nil }

func (s fakeStore) MatchesOfKind(_ context.Context, _ int64, kind string) ([]store.Match, error) {
	var out []store.Match
	for _, m := range s.matches {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out, nil
}

type fakeHost struct {
	format.Host
	s     fakeStore
	teams []store.Team
}

func (h fakeHost) Store() store.Store { return h.s }

func (h fakeHost) Ranked(context.Context, int64) ([]store.Team, error) { return h.teams, nil }

// TestRouteAndResults: GET sidequest answers a tracks event's board over
// its casual and final games (not its promotion or ranked ones), and 404
// in an event whose game has no side quest; the results' section is the
// same lines under side_quest, with no CSV (it does not rank
// results.csv), read back from results.json as it was written.
func TestRouteAndResults(t *testing.T) {
	teams := []store.Team{{ID: 1, Name: "Owls", Active: 11}, {ID: 2, Name: "Bats", Active: 12}}
	sq := func(a, b float64) []map[string]float64 {
		return []map[string]float64{{"sideQuestPoints": a}, {"sideQuestPoints": b}}
	}
	ms := []store.Match{
		{Kind: store.KindCasual, Submissions: []int64{11, 12}, Stats: sq(0, 1)},
		{Kind: store.KindFinal, Submissions: []int64{11, 12}, Stats: sq(0, 1)},
		{Kind: store.KindPromotion, Submissions: []int64{11, 0}, Stats: sq(1, 0)},
		{Kind: store.KindRanked, Submissions: []int64{11, 12}, Stats: sq(1, 0)},
	}
	h := fakeHost{s: fakeStore{ev: store.Event{ID: 7, Game: "tracks"}, matches: ms}, teams: teams}
	get := func(h format.Host) (int, string) {
		w := httptest.NewRecorder()
		serveBoard(&format.Call{Host: h, W: w, R: httptest.NewRequest("GET", "/api/platform/sidequest", nil),
			Team: teams[0], Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
		return w.Code, w.Body.String()
	}
	want := `[{"average":1,"games":2,"points":2,"rank":1,"team":"Bats","team_id":2},{"average":0,"games":2,"points":0,"rank":2,"team":"Owls","team_id":1}]` + "\n"
	if code, body := get(h); code != 200 || body != want {
		t.Errorf("GET sidequest: %d %s", code, body)
	}
	secs, err := Format{}.Results(context.Background(), h, h.s.ev)
	if err != nil || len(secs) != 1 || secs[0].Key != "side_quest" || secs[0].CSV != nil || secs[0].Final {
		t.Fatalf("results: %+v %v", secs, err)
	}
	lines, _ := json.Marshal(secs[0].Lines)
	if string(lines)+"\n" != `[{"rank":1,"team":"Bats","team_id":2,"games":2,"points":2,"average":1},{"rank":2,"team":"Owls","team_id":1,"games":2,"points":0,"average":0}]`+"\n" {
		t.Errorf("results' lines: %s", lines)
	}
	back, err := Format{}.ReadSections(map[string]json.RawMessage{"side_quest": lines, "standings": json.RawMessage(`[]`)})
	if again, _ := json.Marshal(back[0].Lines); err != nil || len(back) != 1 || back[0].Key != "side_quest" || back[0].CSV != nil || string(again) != string(lines) {
		t.Errorf("read back: %+v %v", back, err)
	}
	if back, err := (Format{}).ReadSections(map[string]json.RawMessage{"standings": json.RawMessage(`[]`)}); back != nil || err != nil {
		t.Errorf("results without the side quest read back as %+v %v", back, err)
	}

	h.s.ev.Game = "territory"
	if code, body := get(h); code != 404 || body != `{"error":"the side quest is tracks' (this event plays territory)"}`+"\n" {
		t.Errorf("GET sidequest in a territory event: %d %s", code, body)
	}
	if secs, err := (Format{}).Results(context.Background(), h, h.s.ev); secs != nil || err != nil {
		t.Errorf("a territory event's results: %+v %v", secs, err)
	}
	h.s.ev.Game, h.teams = "tracks", nil
	if secs, err := (Format{}).Results(context.Background(), h, h.s.ev); secs != nil || err != nil {
		t.Errorf("results of an event without a team: %+v %v", secs, err)
	}
}
