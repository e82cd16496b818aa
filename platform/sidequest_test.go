package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/sidequest"
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
	p := openTest(t)
	ts := server(t, p, &fakeClock{t: time.Unix(1e9, 0)})
	ev, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
	if err != nil {
		t.Fatal(err)
	}
	owls, owlsToken := join(t, ts, invite, "Owls")
	bats, _ := join(t, ts, invite, "Bats")
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

	code, b := call(t, ts, "GET", APIPrefix+"team", owlsToken, "", nil)
	if code != 200 || !strings.Contains(string(b), `"formats":["sidequest"]`) {
		t.Errorf("GET team: %d %s", code, b)
	}
	code, b = call(t, ts, "GET", APIPrefix+"sidequest", owlsToken, "", nil)
	want := fmt.Sprintf(`[{"average":1,"games":1,"points":1,"rank":1,"team":"Bats","team_id":%d},{"average":0,"games":1,"points":0,"rank":2,"team":"Owls","team_id":%d}]`, bats.ID, owls.ID)
	if code != 200 || strings.TrimSpace(string(b)) != want {
		t.Errorf("GET sidequest: %d %s\nwant %s", code, b, want)
	}
	res, err := p.EventResults(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	lines := sectionOf[sidequest.ResultLine](res, "side_quest")
	if len(lines) != 2 || lines[0] != (sidequest.ResultLine{Rank: 1, Team: "Bats", TeamID: bats.ID, Games: 1, Points: 1, Average: 1}) {
		t.Errorf("the results' side quest: %+v", lines)
	}
	doc, _ := json.Marshal(res)
	var back Results
	if err := json.Unmarshal(doc, &back); err != nil || len(sectionOf[sidequest.ResultLine](back, "side_quest")) != 2 {
		t.Errorf("side_quest read back: %+v %v", back.Sections, err)
	}
	if again, _ := json.Marshal(back); string(again) != string(doc) {
		t.Errorf("results.json read back and written again:\n%s\n%s", again, doc)
	}
	var csv strings.Builder
	if err := WriteResultsCSV(&csv, res); err != nil || !strings.HasPrefix(csv.String(), "rank,team,team_id,league,rating") {
		t.Errorf("results.csv ranked by the side quest (%v):\n%s", err, csv.String())
	}

	tev, tinvite, _ := p.CreateEvent(ctx, "territory", "Ready", nil)
	_, terrToken := join(t, ts, tinvite, "Newts")
	code, b = call(t, ts, "GET", APIPrefix+"team", terrToken, "", nil)
	if code != 200 || !strings.Contains(string(b), `"formats":["rounds"]`) {
		t.Errorf("GET team in a territory event: %d %s", code, b)
	}
	code, b = call(t, ts, "GET", APIPrefix+"sidequest", terrToken, "", nil)
	if code != 404 || strings.TrimSpace(string(b)) != `{"error":"the side quest is tracks' (this event plays territory)"}` {
		t.Errorf("GET sidequest in a territory event: %d %s", code, b)
	}
	if res, err := p.EventResults(ctx, tev.ID); err != nil || sectionOf[sidequest.ResultLine](res, "side_quest") != nil {
		t.Errorf("a territory event's results: %+v %v", res.Sections, err)
	}
}
