package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// stillCatmouse is a catmouse bot that never moves.
const stillCatmouse = "import sys\nready = False\nfor line in sys.stdin:\n    if line.strip() == 'END':\n        print('MOVE' if ready else 'READY', flush=True)\n        ready = True\n    elif line.startswith('INIT'):\n        ready = False\n"

// codinsaReady is a Cod'INSA event whose three teams have built bots (the
// python kit for Owls, still bots for Bats and Cats), with the map and
// sets published and the proposals made and voted (set 3 chosen); close
// says whether the vote is closed too. The server's clock is not started
// (no casual games): the tests call it.
func codinsaReady(t *testing.T, close bool) (*Platform, *httptest.Server, store.Event) {
	t.Helper()
	needSandbox(t)
	p, ts, ev, teams, tokens := codinsaSetup(t, []string{"maxturns=12"})
	ctx := context.Background()
	if err := p.StartJobs(ctx, JobOptions{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.StopJobs(ctx) })
	uploads := [][]byte{testKitZip(t, "catmouse", "python", nil), []byte(stillCatmouse), []byte(stillCatmouse)}
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
	if err := p.PublishSpawns(ctx, ev.ID, "", testSet0, testSecret); err != nil {
		t.Fatal(err)
	}
	for i, tok := range tokens {
		call(t, ts, "POST", APIPrefix+"spawns", tok, "text/plain", []byte(testTeamSets[i]))
	}
	vote(t, ts, tokens[0], 3)
	vote(t, ts, tokens[1], 3)
	vote(t, ts, tokens[2], 1)
	if close {
		if err := p.CloseSpawnVote(ctx, ev.ID); err != nil {
			t.Fatal(err)
		}
	}
	return p, ts, ev
}

// The organiser starts the Cod'INSA final through the API: refused while
// the vote is open; once closed, POST codinsa/final fixes the final (its
// teams, the voted set, the seed asked) and the server's clock plays it
// at its next look; GET codinsa follows it; a second request once it is
// over is refused, and another look of the clock plays nothing.
func TestCodinsaFinalThroughTheOrganiserRoute(t *testing.T) {
	p, ts, ev := codinsaReady(t, false)
	ctx := context.Background()
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("%sorganiser/events/%d/codinsa", APIPrefix, ev.ID)
	if code, b := call(t, ts, "POST", path+"/final", org, "application/json", []byte(`{}`)); code != 400 || !strings.Contains(string(b), "close the spawn vote") {
		t.Fatalf("asked before the vote closed: %d %s", code, b)
	}
	if code, b := call(t, ts, "GET", path, org, "", nil); code != 404 || !strings.Contains(string(b), "codinsa/final") {
		t.Fatalf("GET before the final: %d %s", code, b)
	}
	if err := p.CloseSpawnVote(ctx, ev.ID); err != nil {
		t.Fatal(err)
	}
	code, b := call(t, ts, "POST", path+"/final", org, "application/json", []byte(`{"seed": 7}`))
	var asked CodinsaFinal
	if code != 202 || json.Unmarshal(b, &asked) != nil || !asked.Asked || asked.Done || asked.Seed != 7 || asked.Set != 3 || len(asked.Teams) != 3 || len(asked.Matches) != 0 {
		t.Fatalf("asked: %d %s", code, b)
	}
	if code, b := call(t, ts, "GET", path, org, "", nil); code != 200 || !strings.Contains(string(b), `"asked":true`) || !strings.Contains(string(b), `"done":false`) {
		t.Fatalf("GET once asked: %d %s", code, b)
	}
	p.blitzTickAll(ctx, JobOptions{Cores: 2}, time.Now()) // the server's clock's look
	code, b = call(t, ts, "GET", path, org, "", nil)
	var f CodinsaFinal
	if code != 200 || json.Unmarshal(b, &f) != nil || !f.Done || len(f.Matches) != 3 || len(f.Standings) != 3 || f.Standings[0].Name != "Owls" || f.Standings[0].MatchPoints != 6 {
		t.Fatalf("GET after the clock's look: %d %s", code, b)
	}
	ms, _ := p.Store.Matches(ctx, ev.ID, 100)
	if len(ms) != 9 {
		t.Errorf("%d games recorded, want 9", len(ms))
	}
	if code, b := call(t, ts, "POST", path+"/final", org, "application/json", []byte(`{}`)); code != 400 || !strings.Contains(string(b), "over") {
		t.Errorf("asked again once over: %d %s", code, b)
	}
	p.blitzTickAll(ctx, JobOptions{Cores: 2}, time.Now())
	if ms, _ := p.Store.Matches(ctx, ev.ID, 100); len(ms) != 9 {
		t.Errorf("%d games after another look, want 9", len(ms))
	}
}
