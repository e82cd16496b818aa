package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/codinsa"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
)

// Spawn sets valid on catmouse's default map.
const (
	testSet0   = "CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n"
	testSecret = "CATMOUSE-SPAWN 1\nID 9\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n"
)

var testTeamSets = []string{
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE -3 -2\nCAT 4 -4\nCAT 3 2\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE 3 0\nCAT -5 0\nCAT -2 -4\nCAT 3 -6\nEND\n",
	"# our set\nCATMOUSE-SPAWN 1\nID 1\nNAME anything\nMOUSE 0 0\nCAT 5 -5\nCAT -5 5\nEND\n",
}

// codinsaEvent makes a catmouse event with its map and sets published,
// and three teams joined through the API.
func codinsaSetup(t *testing.T, opts []string) (*Platform, *httptest.Server, store.Event, []store.Team, []string) {
	t.Helper()
	p, err := Open(context.Background(), dataDir(t)) // the sandbox may enter it
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	ctx := context.Background()
	ts := server(t, p, &fakeClock{t: time.Unix(1e9, 0)})
	ev, invite, err := p.CreateEvent(ctx, "catmouse", "Cod'INSA 2025", opts)
	if err != nil {
		t.Fatal(err)
	}
	var teams []store.Team
	var tokens []string
	for _, n := range []string{"Owls", "Bats", "Cats"} {
		tm, tok := join(t, ts, invite, n)
		teams, tokens = append(teams, tm), append(tokens, tok)
	}
	return p, ts, ev, teams, tokens
}

func vote(t *testing.T, ts *httptest.Server, token string, set int) (int, string) {
	t.Helper()
	code, b := call(t, ts, "POST", APIPrefix+"spawns/vote", token, "application/json", []byte(fmt.Sprintf(`{"set": %d}`, set)))
	return code, string(b)
}

// The spawn vote through the teams' routes: a proposal before the map is
// refused, valid ones get ids 1, 2, 3 in order, an invalid one is refused
// with the reason, own and unknown sets cannot be voted for, a vote
// changes until the organiser closes the vote, then nothing changes.
func TestSpawnVoteThroughTheAPI(t *testing.T) {
	p, ts, ev, teams, tokens := codinsaSetup(t, nil)
	ctx := context.Background()
	if code, b := call(t, ts, "POST", APIPrefix+"spawns", tokens[0], "text/plain", []byte(testTeamSets[0])); code != 400 || !strings.Contains(string(b), "not published") {
		t.Errorf("a proposal before the map: %d %s", code, b)
	}
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orgPath := fmt.Sprintf("%sorganiser/events/%d/spawns", APIPrefix, ev.ID)
	pub, _ := json.Marshal(map[string]string{"set0": testSet0, "secret": testSet0})
	if code, b := call(t, ts, "POST", orgPath, org, "application/json", pub); code != 400 || !strings.Contains(string(b), "set 9: the file says ID 0") {
		t.Errorf("set 0 published as the secret set: %d %s", code, b)
	}
	pub, _ = json.Marshal(map[string]string{"set0": testSet0, "secret": testSecret})
	if code, b := call(t, ts, "POST", orgPath, org, "application/json", pub); code != 200 {
		t.Fatalf("publish: %d %s", code, b)
	}
	bad := "CATMOUSE-SPAWN 1\nID 1\nMOUSE 0 0\nCAT 0 -2\nEND\n"
	if code, b := call(t, ts, "POST", APIPrefix+"spawns", tokens[0], "text/plain", []byte(bad)); code != 400 || !strings.Contains(string(b), "at least 5 are required") {
		t.Errorf("a cat 2 steps from the mouse: %d %s", code, b)
	}
	for i, tok := range tokens {
		code, b := call(t, ts, "POST", APIPrefix+"spawns", tok, "text/plain", []byte(testTeamSets[i]))
		if code != 201 || string(b) != fmt.Sprintf("{\"id\":%d}\n", i+1) {
			t.Fatalf("team %d's proposal: %d %s", i, code, b)
		}
	}
	if code, b := call(t, ts, "POST", APIPrefix+"spawns", tokens[0], "text/plain", []byte(testTeamSets[2])); code != 400 || !strings.Contains(string(b), "already proposed set 1") {
		t.Errorf("a second proposal: %d %s", code, b)
	}
	if code, b := vote(t, ts, tokens[0], 1); code != 400 || !strings.Contains(b, "your team's own") {
		t.Errorf("a vote for the team's own set: %d %s", code, b)
	}
	if code, b := vote(t, ts, tokens[0], 9); code != 400 || !strings.Contains(b, "no team set 9") {
		t.Errorf("a vote for set 9: %d %s", code, b)
	}
	for _, v := range []struct{ team, set int }{{0, 2}, {1, 3}, {2, 1}, {2, 2}} { // Cats change their mind
		if code, b := vote(t, ts, tokens[v.team], v.set); code != 200 {
			t.Fatalf("vote %+v: %d %s", v, code, b)
		}
	}
	code, b := call(t, ts, "GET", APIPrefix+"spawns", tokens[2], "", nil)
	var view struct {
		Sets []struct {
			ID   int
			Team string
			Set  string
		}
		Own, Vote int
		Closed    bool
	}
	if json.Unmarshal(b, &view); code != 200 || view.Own != 3 || view.Vote != 2 || len(view.Sets) != 3 || view.Sets[2].Team != "Cats" ||
		!strings.Contains(view.Sets[2].Set, "ID 3\nNAME Cats\n") {
		t.Errorf("Cats' view: %d %s", code, b)
	}
	if code, b := call(t, ts, "POST", orgPath+"/close", org, "application/json", []byte("{}")); code != 200 {
		t.Fatalf("close: %d %s", code, b)
	}
	// the organiser sees the outcome
	if code, b := call(t, ts, "GET", orgPath, org, "", nil); code != 200 || !strings.Contains(string(b), `"chosen":2`) || !strings.Contains(string(b), `"tally":{"2":2,"3":1}`) {
		t.Errorf("the organiser's view: %d %s", code, b)
	}
	if code, b := vote(t, ts, tokens[1], 1); code != 409 {
		t.Errorf("a vote after the close: %d %s", code, b)
	}
	s, _ := codinsa.Spawns(ctx, p.FormatHost(), ev.ID)
	if ch, err := s.Choice(); err != nil || ch.ID != 2 || ch.Tally[2] != 2 {
		t.Errorf("the vote: %+v %v (want set 2, two votes)", ch, err)
	}
	if teams[0].EventID != ev.ID {
		t.Fatal("teams joined another event")
	}
	// another game's event has no spawn vote
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	_, tok := join(t, ts, invite, "Owls")
	if code, b := call(t, ts, "GET", APIPrefix+"spawns", tok, "", nil); code != 400 || !strings.Contains(string(b), "catmouse") {
		t.Errorf("a tracks event's spawns: %d %s", code, b)
	}
}

// The chosen set is not announced: two events where only the other teams'
// votes differ (set 2 wins in one, set 1 in the other) answer every GET
// route of a team byte for byte the same, ids and times aside.
func TestNoTeamRouteTellsTheChosenSet(t *testing.T) {
	answers := func(cats int) (map[string]string, int) {
		p, ts, ev, _, tokens := codinsaSetup(t, nil)
		ctx := context.Background()
		if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", testSet0, testSecret); err != nil {
			t.Fatal(err)
		}
		for i, tok := range tokens {
			if code, b := call(t, ts, "POST", APIPrefix+"spawns", tok, "text/plain", []byte(testTeamSets[i])); code != 201 {
				t.Fatalf("%d %s", code, b)
			}
		}
		vote(t, ts, tokens[0], 2)
		vote(t, ts, tokens[1], 3)
		vote(t, ts, tokens[2], cats)
		if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), ev.ID); err != nil {
			t.Fatal(err)
		}
		s, _ := codinsa.Spawns(ctx, p.FormatHost(), ev.ID)
		ch, _ := s.Choice()
		out := map[string]string{}
		noise := regexp.MustCompile(`"(created|played|built|id|event|team_id|active)":("[^"]*"|[0-9]+)`)
		for _, r := range routes {
			method, path, _ := strings.Cut(r.pattern, " ")
			if method != "GET" || r.who != team || strings.Contains(path, "{") {
				continue
			}
			code, b := call(t, ts, method, path, tokens[0], "", nil)
			out[path] = fmt.Sprint(code, " ", noise.ReplaceAllString(string(b), ""))
		}
		return out, ch.ID
	}
	a, chosenA := answers(2)
	b, chosenB := answers(1)
	if chosenA != 2 || chosenB != 1 {
		t.Fatalf("the two votes chose %d and %d, want 2 and 1", chosenA, chosenB)
	}
	if len(a) < 5 || !strings.Contains(a[APIPrefix+"spawns"], "NAME Cats") {
		t.Fatalf("too few routes compared, or no spawns route: %v", a)
	}
	for path, ans := range a {
		if b[path] != ans {
			t.Errorf("%s tells the votes apart:\n%s\n%s", path, ans, b[path])
		}
		if strings.Contains(ans, "MOUSE 4 -2") {
			t.Errorf("%s shows the secret set: %s", path, ans)
		}
	}
}

// The Cod'INSA final end to end: three teams' bots, built and sandboxed,
// play the round robin of three-game matches on the voted set; the final
// records every game with its replay, resumes without replaying, and
// ranks by match points (a kit bot beats two bots that never move, whose
// drawn match leaves them sharing second place).
func TestCodinsaFinalEndToEnd(t *testing.T) {
	needSandbox(t)
	p, ts, ev, teams, tokens := codinsaSetup(t, []string{"maxturns=12"})
	ctx := context.Background()
	if err := p.StartJobs(ctx, JobOptions{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	still := "import sys\nready = False\nfor line in sys.stdin:\n    if line.strip() == 'END':\n        print('MOVE' if ready else 'READY', flush=True)\n        ready = True\n    elif line.startswith('INIT'):\n        ready = False\n"
	uploads := [][]byte{testKitZip(t, "catmouse", "python", nil), []byte(still), []byte(still)}
	names := []string{"kit.zip", "still.py", "still.py"}
	for i, tm := range teams {
		s, err := p.Submit(ctx, tm, names[i], uploads[i])
		if err != nil {
			t.Fatal(err)
		}
		if b := waitBuilt(t, p, s.ID); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s.ID)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	if _, err := codinsa.PlayFinal(ctx, p.FormatHost(), ev.ID, codinsa.FinalOptions{}); err == nil || !strings.Contains(err.Error(), "close the spawn vote") {
		t.Fatalf("a final before the vote closed: %v", err)
	}
	if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", testSet0, testSecret); err != nil {
		t.Fatal(err)
	}
	for i, tok := range tokens {
		call(t, ts, "POST", APIPrefix+"spawns", tok, "text/plain", []byte(testTeamSets[i]))
	}
	vote(t, ts, tokens[0], 3)
	vote(t, ts, tokens[1], 3)
	vote(t, ts, tokens[2], 1)
	if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), ev.ID); err != nil {
		t.Fatal(err)
	}
	f, err := codinsa.PlayFinal(ctx, p.FormatHost(), ev.ID, codinsa.FinalOptions{Seed: 7, Cores: 2, Bots: &build.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if !f.Done || f.Set != 3 || len(f.Matches) != 3 || len(f.Standings) != 3 {
		t.Fatalf("final %+v", f)
	}
	var order []string
	var places []int
	for _, s := range f.Standings {
		order, places = append(order, s.Name), append(places, s.Place)
	}
	if order[0] != "Owls" || f.Standings[0].MatchPoints != 6 || !slices.Equal(places, []int{1, 2, 2}) || f.Standings[1].MatchPoints != 1 {
		t.Errorf("standings %v places %v: %+v", order, places, f.Standings)
	}
	// the pairings: the team registered first is first (D19)
	for _, m := range f.Matches {
		if m.Teams[0] > m.Teams[1] || len(m.Games) != 3 {
			t.Errorf("match %+v", m)
		}
	}
	ms, _ := p.Store.Matches(ctx, ev.ID, 100)
	if len(ms) != 9 {
		t.Fatalf("%d games recorded, want 9", len(ms))
	}
	for _, m := range ms {
		if m.Kind != store.KindFinal || m.Error != "" || len(m.Stats) != 2 {
			t.Errorf("game %+v", m)
		}
		rep, err := p.Replays.Get(m.Key)
		if err != nil {
			t.Fatal(err)
		}
		// game 2 of every match plays the voted set 3 (Cats'), its
		// proposal's positions
		if strings.HasSuffix(m.Key, "-g2") && rep.Options["spawn"] != "3:0,0/5,-5/-5,5" {
			t.Errorf("game 2 %s options %v", m.Key, rep.Options)
		}
	}
	// The teams see the table once the organiser publishes the results.
	if code, b := call(t, ts, "GET", APIPrefix+"codinsa", tokens[1], "", nil); code != 200 || !strings.Contains(string(b), "not published") {
		t.Errorf("the table before publication: %d %s", code, b)
	}
	if _, err := p.Publish(ctx, ev.ID); err != nil {
		t.Fatal(err)
	}
	code, b := call(t, ts, "GET", APIPrefix+"codinsa", tokens[1], "", nil)
	var table struct {
		Done  bool
		Table []struct {
			Place  int
			Team   string
			Points int
		}
		Matches []map[string]any
	}
	if json.Unmarshal(b, &table); code != 200 || !table.Done || len(table.Table) != 3 || table.Table[0].Team != "Owls" || table.Table[0].Points != 6 ||
		len(table.Matches) != 3 || table.Matches[0]["winner"] != "Owls" || strings.Contains(string(b), `"set"`) {
		t.Errorf("the published table: %d %s", code, b)
	}
	// Played again, the final is over: nothing more is played.
	again, err := codinsa.PlayFinal(ctx, p.FormatHost(), ev.ID, codinsa.FinalOptions{})
	if err != nil || !again.Done {
		t.Fatal(err)
	}
	if ms2, _ := p.Store.Matches(ctx, ev.ID, 100); len(ms2) != 9 {
		t.Errorf("%d games after a second call", len(ms2))
	}
}
