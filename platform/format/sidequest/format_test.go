package sidequest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format/sidequest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// TestSideQuestThroughTheAPI: a tracks team's event names its formats
// (the side quest's card is shown by them), GET sidequest ranks its
// teams, and the results carry the side-quest ranking under side_quest,
// read back as written, without it ranking results.csv; a territory
// team's event has no side quest: 404, saying whose it is, and no
// side_quest in its results.
func TestSideQuestThroughTheAPI(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	ev, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
	if err != nil {
		t.Fatal(err)
	}
	owls, owlsToken := platformtest.Join(t, ts, invite, "Owls")
	bats, _ := platformtest.Join(t, ts, invite, "Bats")
	for _, tm := range []store.Team{owls, bats} {
		s, _ := p.Submit(ctx, tm, "bot.py", []byte("print(1)\n"))
		p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil)
	}
	teams, _ := p.Store.Teams(ctx, ev.ID)
	subs := map[int64]int64{}
	for _, tm := range teams {
		subs[tm.ID] = tm.Active
	}
	if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: "m-1", Kind: store.KindCasual, Teams: []int64{owls.ID, bats.ID},
		Submissions: []int64{subs[owls.ID], subs[bats.ID]}, Ranks: []int{1, 2},
		Stats: []map[string]float64{{"sideQuestPoints": 0}, {"sideQuestPoints": 1}}}, nil); err != nil {
		t.Fatal(err)
	}

	code, b := platformtest.Call(t, ts, "GET", api.Prefix+"team", owlsToken, "", nil)
	if code != 200 || !strings.Contains(string(b), `"formats":["sidequest"]`) {
		t.Errorf("GET team: %d %s", code, b)
	}
	code, b = platformtest.Call(t, ts, "GET", api.Prefix+"sidequest", owlsToken, "", nil)
	want := fmt.Sprintf(`[{"average":1,"games":1,"points":1,"rank":1,"team":"Bats","team_id":%d},{"average":0,"games":1,"points":0,"rank":2,"team":"Owls","team_id":%d}]`, bats.ID, owls.ID)
	if code != 200 || strings.TrimSpace(string(b)) != want {
		t.Errorf("GET sidequest: %d %s\nwant %s", code, b, want)
	}
	res, err := p.EventResults(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	lines := sideQuestOf(res)
	if len(lines) != 2 || lines[0] != (sidequest.ResultLine{Rank: 1, Team: "Bats", TeamID: bats.ID, Games: 1, Points: 1, Average: 1}) {
		t.Errorf("the results' side quest: %+v", lines)
	}
	doc, _ := json.Marshal(res)
	var back apitypes.Results
	if err := json.Unmarshal(doc, &back); err != nil || len(sideQuestOf(back)) != 2 {
		t.Errorf("side_quest read back: %+v %v", back.Sections, err)
	}
	if again, _ := json.Marshal(back); string(again) != string(doc) {
		t.Errorf("results.json read back and written again:\n%s\n%s", again, doc)
	}
	var csv strings.Builder
	if err := apitypes.WriteResultsCSV(&csv, res); err != nil || !strings.HasPrefix(csv.String(), "rank,team,team_id,league,rating") {
		t.Errorf("results.csv ranked by the side quest (%v):\n%s", err, csv.String())
	}

	tev, tinvite, _ := p.CreateEvent(ctx, "territory", "Ready", nil)
	_, terrToken := platformtest.Join(t, ts, tinvite, "Newts")
	code, b = platformtest.Call(t, ts, "GET", api.Prefix+"team", terrToken, "", nil)
	if code != 200 || !strings.Contains(string(b), `"formats":["rounds"]`) {
		t.Errorf("GET team in a territory event: %d %s", code, b)
	}
	code, b = platformtest.Call(t, ts, "GET", api.Prefix+"sidequest", terrToken, "", nil)
	if code != 404 || strings.TrimSpace(string(b)) != `{"error":"the side quest is tracks' (this event plays territory)"}` {
		t.Errorf("GET sidequest in a territory event: %d %s", code, b)
	}
	if res, err := p.EventResults(ctx, tev.ID); err != nil || sideQuestOf(res) != nil {
		t.Errorf("a territory event's results: %+v %v", res.Sections, err)
	}
}

// sideQuestOf are the lines of the results' side-quest section (nil when
// there is none).
func sideQuestOf(res apitypes.Results) []sidequest.ResultLine {
	for _, s := range res.Sections {
		if s.Key == "side_quest" {
			return s.Lines.([]sidequest.ResultLine)
		}
	}
	return nil
}
