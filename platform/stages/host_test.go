package stages_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/codinsa/codinsatest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
)

// scenario48Sets are nine distinct spawn sets valid on catmouse's default
// map, as teams 1 to 9 propose them (the ninth is one too many). Set 3
// has three cats, so that its inline form tells it from every other.
var scenario48Sets = []string{
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE -3 -2\nCAT 4 -4\nCAT 3 2\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE 3 2\nCAT -4 4\nCAT -3 -2\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE 3 0\nCAT -5 0\nCAT -2 -4\nCAT 3 -6\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE -3 0\nCAT 5 0\nCAT 2 4\nCAT -3 6\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE -4 2\nCAT 4 -2\nCAT 3 3\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE 0 0\nCAT 1 -6\nCAT -1 6\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE 0 0\nCAT 4 -7\nCAT -4 7\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE 0 0\nCAT -3 5\nCAT 3 -5\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE 0 0\nCAT 5 -8\nCAT -5 8\nEND\n",
}

// The spawn vote of the rules' scenario 48 (catmouse.md §10: sets 3 and
// 5 both get 4 votes, set 1 gets 2 → set 3 is used), end to end: ten
// teams join through the API; nine propose a set, the first eight valid
// ones get ids 1 to 8 (an invalid one before them takes none) and the
// ninth is refused; the ten vote through the API (a vote for the team's
// own set, or for set 9, is refused; a team changes its vote), the
// organiser closes the vote and sees set 3 chosen; no team route tells
// the outcome; the final, between the two teams that uploaded a bot (one
// match of three games, to stay cheap), plays set 0 in game 1, set 3 in
// game 2 and the secret set 9 in game 3, from a spawn pack holding those
// three sets only.
func TestCodinsaScenario48VoteEndToEnd(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	ev, invite := platformtest.Event(t, p, "catmouse", "Cod'INSA 2025", "maxturns=12")
	var teams []store.Team
	var tokens []string
	for i := 1; i <= 10; i++ {
		tm, tok := platformtest.Join(t, ts, invite, fmt.Sprintf("Team%d", i))
		teams, tokens = append(teams, tm), append(tokens, tok)
	}
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orgPath := fmt.Sprintf("%sorganiser/events/%d/spawns", api.Prefix, ev.ID)
	pub, _ := json.Marshal(map[string]string{"set0": codinsatest.Set0, "secret": codinsatest.Secret})
	if code, b := platformtest.Call(t, ts, "POST", orgPath, org, "application/json", pub); code != 200 {
		t.Fatalf("publish: %d %s", code, b)
	}

	for i, set := range scenario48Sets {
		if i == 3 { // an invalid set takes no id: the first eight valid ones get 1 to 8
			bad := "CATMOUSE-SPAWN 1\nID 1\nMOUSE 0 0\nCAT 0 -2\nEND\n"
			if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns", tokens[i], "text/plain", []byte(bad)); code != 400 || !strings.Contains(string(b), "at least 5 are required") {
				t.Errorf("a cat 2 steps from the mouse: %d %s", code, b)
			}
		}
		code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns", tokens[i], "text/plain", []byte(set))
		if i < 8 && (code != 201 || string(b) != fmt.Sprintf("{\"id\":%d}\n", i+1)) {
			t.Fatalf("Team%d's proposal: %d %s, want id %d", i+1, code, b, i+1)
		}
		if i == 8 && (code != 400 || !strings.Contains(string(b), "no more proposals")) {
			t.Fatalf("a ninth proposal: %d %s, want it refused", code, b)
		}
	}

	// refused votes: Team3 for its own set 3, Team5 for the secret set 9
	if code, b := codinsatest.Vote(t, ts, tokens[2], 3); code != 400 || !strings.Contains(b, "your team's own") {
		t.Errorf("Team3 voting for its own set: %d %s", code, b)
	}
	if code, b := codinsatest.Vote(t, ts, tokens[4], 9); code != 400 || !strings.Contains(b, "no team set 9") {
		t.Errorf("a vote for set 9: %d %s", code, b)
	}
	// Team10 votes for set 5, then changes its mind for set 1.
	if code, b := codinsatest.Vote(t, ts, tokens[9], 5); code != 200 {
		t.Fatalf("Team10's first vote: %d %s", code, b)
	}
	// The scenario: 4 votes for set 3, 4 for set 5, 2 for set 1, set 5's
	// cast first (the id breaks the tie, not the order); Team9, whose
	// proposal was refused, votes too.
	ballot := map[int]int{3: 5, 7: 5, 8: 5, 9: 5, 1: 3, 2: 3, 4: 3, 6: 3, 5: 1, 10: 1}
	for _, team := range []int{3, 7, 8, 9, 1, 2, 4, 6, 5, 10} {
		if code, b := codinsatest.Vote(t, ts, tokens[team-1], ballot[team]); code != 200 {
			t.Fatalf("Team%d's vote for set %d: %d %s", team, ballot[team], code, b)
		}
	}
	// each team sees every set, its own and its vote, nothing of the tally
	for i, tok := range tokens {
		code, b := platformtest.Call(t, ts, "GET", api.Prefix+"spawns", tok, "", nil)
		var view struct {
			Sets      []struct{ ID int }
			Own, Vote int
		}
		own := i + 1
		if own > 8 {
			own = 0
		}
		if json.Unmarshal(b, &view); code != 200 || len(view.Sets) != 8 || view.Sets[7].ID != 8 || view.Own != own || view.Vote != ballot[i+1] {
			t.Errorf("Team%d's view: %d %s", i+1, code, b)
		}
	}

	// two teams upload a bot: the final is one match
	if err := p.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	for _, tm := range teams[:2] {
		s, err := p.Submit(ctx, tm, "still.py", []byte(codinsatest.StillBot))
		if err != nil {
			t.Fatal(err)
		}
		if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s.ID)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	p.StopJobs(ctx)

	if code, b := platformtest.Call(t, ts, "POST", orgPath+"/close", org, "application/json", []byte("{}")); code != 200 {
		t.Fatalf("close: %d %s", code, b)
	}
	code, b := platformtest.Call(t, ts, "GET", orgPath, org, "", nil)
	var orgView struct {
		Chosen int
		Tally  map[string]int
	}
	if json.Unmarshal(b, &orgView); code != 200 || orgView.Chosen != 3 || !maps.Equal(orgView.Tally, map[string]int{"1": 2, "3": 4, "5": 4}) {
		t.Fatalf("the organiser's view after the close: %d %s; want set 3 chosen, tally 1:2 3:4 5:4", code, b)
	}
	if code, b := codinsatest.Vote(t, ts, tokens[0], 5); code != 409 {
		t.Errorf("a vote after the close: %d %s", code, b)
	}

	f, err := codinsa.PlayFinal(ctx, p.FormatHost(), ev.ID, codinsa.FinalOptions{Seed: 5, Cores: 2, TimeScale: 10, Bots: &build.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if !f.Done || f.Set != 3 || len(f.Matches) != 1 || !slices.Equal(f.Teams, []int64{teams[0].ID, teams[1].ID}) {
		t.Fatalf("final %+v", f)
	}
	// what each game was handed (its replay keeps it): its spawn set, and
	// the spawn pack the job carried
	wantSpawn := map[string]string{"g1": "0:0,0/0,-5/0,5", "g2": "3:3,0/-5,0/-2,-4/3,-6", "g3": "9:4,-2/-4,2/-3,-3"}
	ms, _ := p.Store.Matches(ctx, ev.ID, 100)
	if len(ms) != 3 {
		t.Fatalf("%d games recorded, want 3", len(ms))
	}
	for _, m := range ms {
		rep, err := p.Replays.Get(m.Key)
		if err != nil {
			t.Fatal(err)
		}
		g := m.Key[strings.LastIndex(m.Key, "-")+1:]
		if m.Error != "" || rep.Options["spawn"] != wantSpawn[g] {
			t.Errorf("game %s (%s): spawn %q, want %q", m.Key, m.Error, rep.Options["spawn"], wantSpawn[g])
		}
		pack := "\n" + string(rep.Files[codinsa.SpawnFile])
		for id := range 10 {
			has := strings.Contains(pack, fmt.Sprintf("\nID %d\n", id))
			if want := id == 0 || id == 3 || id == 9; has != want {
				t.Errorf("game %s: set %d in its spawn pack is %v:\n%s", m.Key, id, has, pack)
			}
		}
	}

	// Before the organiser publishes, no team route tells the chosen set:
	// the final's games, their replays, the tally, set 3 as played.
	finals := map[int64]bool{}
	for _, m := range ms {
		finals[m.ID] = true
	}
	for i, tok := range tokens {
		for _, r := range api.Routes() {
			method, path, _ := strings.Cut(r.Pattern, " ")
			if method != "GET" || r.Who != api.Team || strings.Contains(path, "{") || strings.HasSuffix(path, "stream") { // a stream never ends (the api's tests read its messages)
				continue
			}
			code, b := platformtest.Call(t, ts, method, path, tok, "", nil)
			for _, tell := range []string{`"chosen"`, `"tally"`, wantSpawn["g2"], `"kind":"final"`} {
				if strings.Contains(string(b), tell) {
					t.Errorf("Team%d's %s (%d) tells %s: %s", i+1, path, code, tell, b)
				}
			}
		}
		for id := range finals {
			if code, b := platformtest.Call(t, ts, "GET", fmt.Sprintf("%smatches/%d/replay", api.Prefix, id), tok, "", nil); code != 404 {
				t.Errorf("Team%d sees final game %d before publication: %d %.200s", i+1, id, code, b)
			}
		}
	}
}

// The general final ranking (more rated games) is not the final of a
// Cod'INSA (catmouse) or Blitz (jungle) event: it is refused, by the
// command and the organiser's route, with the error naming that event's
// own final, and the event's controls stay as they were (no freeze, no
// final started).
func TestGeneralFinalRefusesEventFormats(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for game, want := range map[string][]string{
		"catmouse": {"arena event roundrobin", "codinsa/final"},
		"jungle":   {"arena event blitz final", "blitz/final"},
	} {
		ev, _, err := p.CreateEvent(ctx, game, "Final "+game, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.StartFinal(ctx, ev.ID, 3)
		if !fault.IsUser(err) {
			t.Fatalf("%s: StartFinal: %v, want the user's error", game, err)
		}
		code, b := platformtest.Call(t, ts, "POST", fmt.Sprintf("%sorganiser/events/%d/final", api.Prefix, ev.ID), org, "application/json", []byte(`{"games":3}`))
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: StartFinal's error %q does not name %q", game, err, w)
			}
			if code != 400 || !strings.Contains(string(b), w) {
				t.Errorf("%s: POST final: %d %s, want 400 naming %q", game, code, b, w)
			}
		}
		c, err := p.EventControls(ctx, ev.ID)
		if err != nil || c.Final != nil || c.Frozen {
			t.Errorf("%s: controls after the refusals: %+v %v", game, c, err)
		}
	}
}

// The chosen set is not announced: two events where only the other teams'
// votes differ (set 2 wins in one, set 1 in the other) answer every GET
// route of a team byte for byte the same, ids and times aside.
func TestNoTeamRouteTellsTheChosenSet(t *testing.T) {
	answers := func(cats int) (map[string]string, int) {
		p, ts, ev, _, tokens := codinsatest.Setup(t, nil)
		ctx := context.Background()
		if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", codinsatest.Set0, codinsatest.Secret); err != nil {
			t.Fatal(err)
		}
		for i, tok := range tokens {
			if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns", tok, "text/plain", []byte(codinsatest.TeamSets[i])); code != 201 {
				t.Fatalf("%d %s", code, b)
			}
		}
		codinsatest.Vote(t, ts, tokens[0], 2)
		codinsatest.Vote(t, ts, tokens[1], 3)
		codinsatest.Vote(t, ts, tokens[2], cats)
		if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), ev.ID); err != nil {
			t.Fatal(err)
		}
		s, _ := codinsa.Spawns(ctx, p.FormatHost(), ev.ID)
		ch, _ := s.Choice()
		out := map[string]string{}
		noise := regexp.MustCompile(`"(created|played|built|id|event|team_id|active)":("[^"]*"|[0-9]+)`)
		for _, r := range api.Routes() {
			method, path, _ := strings.Cut(r.Pattern, " ")
			if method != "GET" || r.Who != api.Team || strings.Contains(path, "{") || strings.HasSuffix(path, "stream") { // a stream never ends (the api's tests read its messages)
				continue
			}
			code, b := platformtest.Call(t, ts, method, path, tokens[0], "", nil)
			out[path] = fmt.Sprint(code, " ", noise.ReplaceAllString(string(b), ""))
		}
		return out, ch.ID
	}
	a, chosenA := answers(2)
	b, chosenB := answers(1)
	if chosenA != 2 || chosenB != 1 {
		t.Fatalf("the two votes chose %d and %d, want 2 and 1", chosenA, chosenB)
	}
	if len(a) < 5 || !strings.Contains(a[api.Prefix+"spawns"], "NAME Cats") {
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
