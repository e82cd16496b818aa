package codinsa_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/codinsa/codinsatest"
	"github.com/seed27749672/arena/platform/platformtest"
)

// The spawn vote through the teams' routes: a proposal before the map is
// refused, valid ones get ids 1, 2, 3 in order, an invalid one is refused
// with the reason, own and unknown sets cannot be voted for, a vote
// changes until the organiser closes the vote, then nothing changes.
func TestSpawnVoteThroughTheAPI(t *testing.T) {
	p, ts, ev, teams, tokens := codinsatest.Setup(t, nil)
	ctx := context.Background()
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns", tokens[0], "text/plain", []byte(codinsatest.TeamSets[0])); code != 400 || !strings.Contains(string(b), "not published") {
		t.Errorf("a proposal before the map: %d %s", code, b)
	}
	org := platformtest.OrganiserToken(t, p)
	orgPath := fmt.Sprintf("%sorganiser/events/%d/spawns", api.Prefix, ev.ID)
	pub, _ := json.Marshal(map[string]string{"set0": codinsatest.Set0, "secret": codinsatest.Set0})
	if code, b := platformtest.Call(t, ts, "POST", orgPath, org, "application/json", pub); code != 400 || !strings.Contains(string(b), "set 9: the file says ID 0") {
		t.Errorf("set 0 published as the secret set: %d %s", code, b)
	}
	pub, _ = json.Marshal(map[string]string{"set0": codinsatest.Set0, "secret": codinsatest.Secret})
	if code, b := platformtest.Call(t, ts, "POST", orgPath, org, "application/json", pub); code != 200 {
		t.Fatalf("publish: %d %s", code, b)
	}
	bad := "CATMOUSE-SPAWN 1\nID 1\nMOUSE 0 0\nCAT 0 -2\nEND\n"
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns", tokens[0], "text/plain", []byte(bad)); code != 400 || !strings.Contains(string(b), "at least 5 are required") {
		t.Errorf("a cat 2 steps from the mouse: %d %s", code, b)
	}
	for i, tok := range tokens {
		code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns", tok, "text/plain", []byte(codinsatest.TeamSets[i]))
		if code != 201 || string(b) != fmt.Sprintf("{\"id\":%d}\n", i+1) {
			t.Fatalf("team %d's proposal: %d %s", i, code, b)
		}
	}
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns", tokens[0], "text/plain", []byte(codinsatest.TeamSets[2])); code != 400 || !strings.Contains(string(b), "already proposed set 1") {
		t.Errorf("a second proposal: %d %s", code, b)
	}
	if code, b := codinsatest.Vote(t, ts, tokens[0], 1); code != 400 || !strings.Contains(b, "your team's own") {
		t.Errorf("a vote for the team's own set: %d %s", code, b)
	}
	if code, b := codinsatest.Vote(t, ts, tokens[0], 9); code != 400 || !strings.Contains(b, "no team set 9") {
		t.Errorf("a vote for set 9: %d %s", code, b)
	}
	for _, v := range []struct{ team, set int }{{0, 2}, {1, 3}, {2, 1}, {2, 2}} { // Cats change their mind
		if code, b := codinsatest.Vote(t, ts, tokens[v.team], v.set); code != 200 {
			t.Fatalf("vote %+v: %d %s", v, code, b)
		}
	}
	code, b := platformtest.Call(t, ts, "GET", api.Prefix+"spawns", tokens[2], "", nil)
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
	if code, b := platformtest.Call(t, ts, "POST", orgPath+"/close", org, "application/json", []byte("{}")); code != 200 {
		t.Fatalf("close: %d %s", code, b)
	}
	// the organiser sees the outcome
	if code, b := platformtest.Call(t, ts, "GET", orgPath, org, "", nil); code != 200 || !strings.Contains(string(b), `"chosen":2`) || !strings.Contains(string(b), `"tally":{"2":2,"3":1}`) {
		t.Errorf("the organiser's view: %d %s", code, b)
	}
	if code, b := codinsatest.Vote(t, ts, tokens[1], 1); code != 409 {
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
	_, tok := platformtest.Join(t, ts, invite, "Owls")
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"spawns", tok, "", nil); code != 400 || !strings.Contains(string(b), "catmouse") {
		t.Errorf("a tracks event's spawns: %d %s", code, b)
	}
}

// The organiser's spawn route says whether the final has started, so that
// the organiser's page asks GET codinsa (404 until then) only once it has:
// false while the vote is open and once it is closed, true once a final is
// recorded. GET codinsa says whether the results are published.
func TestOrganiserSpawnsTellWhetherTheFinalStarted(t *testing.T) {
	p, ts, ev, _, _ := codinsatest.Setup(t, nil)
	ctx := context.Background()
	org := platformtest.OrganiserToken(t, p)
	path := fmt.Sprintf("%sorganiser/events/%d/", api.Prefix, ev.ID)
	started := func() any {
		t.Helper()
		code, b := platformtest.Call(t, ts, "GET", path+"spawns", org, "", nil)
		var out map[string]any
		if err := json.Unmarshal(b, &out); code != 200 || err != nil {
			t.Fatalf("GET spawns: %d %s", code, b)
		}
		return out["final_started"]
	}
	if got := started(); got != false {
		t.Errorf("before the publication: final_started %v", got)
	}
	if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", codinsatest.Set0, codinsatest.Secret); err != nil {
		t.Fatal(err)
	}
	if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), ev.ID); err != nil {
		t.Fatal(err)
	}
	if got := started(); got != false {
		t.Errorf("the vote closed, no final: final_started %v", got)
	}
	if code, b := platformtest.Call(t, ts, "GET", path+"codinsa", org, "", nil); code != 404 {
		t.Fatalf("GET codinsa before the final: %d %s", code, b)
	}
	f := codinsa.Final{Teams: []int64{1, 2}, Names: []string{"Owls", "Bats"}, Submissions: []int64{1, 2}, Seed: 7, Asked: true}
	if _, err := p.Store.UpdateEventState(ctx, ev.ID, "codinsa-final", func([]byte) ([]byte, error) { return json.Marshal(f) }); err != nil {
		t.Fatal(err)
	}
	if got := started(); got != true {
		t.Errorf("a final begun: final_started %v", got)
	}
	// the final's record says whether the teams see its table, so that
	// the organiser's Final card stops asking to publish once published
	published := func() any {
		t.Helper()
		code, b := platformtest.Call(t, ts, "GET", path+"codinsa", org, "", nil)
		var out map[string]any
		if err := json.Unmarshal(b, &out); code != 200 || err != nil {
			t.Fatalf("GET codinsa once begun: %d %s", code, b)
		}
		return out["published"]
	}
	if got := published(); got != false {
		t.Errorf("before the publication: published %v", got)
	}
	if _, err := p.Publish(ctx, ev.ID); err != nil {
		t.Fatal(err)
	}
	if got := published(); got != true {
		t.Errorf("once the results are published: published %v", got)
	}
}

// A team's proposals and votes are each a write of the event's vote
// state: a team that sends them in a loop is refused (429) after
// codinsa.WritesPerMinute in a minute, a minute later it may again, and
// another team is not held by it.
func TestSpawnWritesAreRateLimited(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := platformtest.Server(t, p, clock)
	ev, invite := platformtest.Event(t, p, "catmouse", "Cod'INSA 2025")
	_, owls := platformtest.Join(t, ts, invite, "Owls")
	_, bats := platformtest.Join(t, ts, invite, "Bats")
	if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", codinsatest.Set0, codinsatest.Secret); err != nil {
		t.Fatal(err)
	}
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns", owls, "text/plain", []byte(codinsatest.TeamSets[0])); code != 201 {
		t.Fatalf("%d %s", code, b)
	}
	// Bats: refused proposals and votes draw on the same budget
	for i := range codinsa.WritesPerMinute {
		var code int
		var b string
		if i%2 == 0 {
			code, b = codinsatest.Vote(t, ts, bats, 1)
		} else {
			var body []byte
			code, body = platformtest.Call(t, ts, "POST", api.Prefix+"spawns", bats, "text/plain", []byte("not a set"))
			b = string(body)
			if code == 400 {
				code = 200
			}
		}
		if code != 200 {
			t.Fatalf("write %d: %d %s", i+1, code, b)
		}
	}
	if code, b := codinsatest.Vote(t, ts, bats, 1); code != 429 {
		t.Fatalf("write %d in a minute: %d %s", codinsa.WritesPerMinute+1, code, b)
	}
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns", bats, "text/plain", []byte(codinsatest.TeamSets[1])); code != 429 {
		t.Fatalf("a proposal past the budget: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns/vote", owls, "application/json", []byte(`{"set": 1}`)); code != 400 {
		t.Fatalf("another team (voting for its own set, refused with the reason): %d %s", code, b)
	}
	clock.Add(time.Minute)
	if code, b := codinsatest.Vote(t, ts, bats, 1); code != 200 {
		t.Fatalf("a minute later: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"spawns", bats, "", nil); code != 200 {
		t.Fatalf("reading is not limited: %d %s", code, fmt.Sprint(string(b)))
	}
}
