package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/seed27749672/arena/platform/format/codinsa"
)

// The organiser's spawn route says whether the final has started, so that
// the organiser's page asks GET codinsa (404 until then) only once it has:
// false while the vote is open and once it is closed, true once a final is
// recorded.
func TestOrganiserSpawnsTellWhetherTheFinalStarted(t *testing.T) {
	p, ts, ev, _, _ := codinsaSetup(t, nil)
	ctx := context.Background()
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("%sorganiser/events/%d/", APIPrefix, ev.ID)
	started := func() any {
		t.Helper()
		code, b := call(t, ts, "GET", path+"spawns", org, "", nil)
		var out map[string]any
		if err := json.Unmarshal(b, &out); code != 200 || err != nil {
			t.Fatalf("GET spawns: %d %s", code, b)
		}
		return out["final_started"]
	}
	if got := started(); got != false {
		t.Errorf("before the publication: final_started %v", got)
	}
	if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", testSet0, testSecret); err != nil {
		t.Fatal(err)
	}
	if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), ev.ID); err != nil {
		t.Fatal(err)
	}
	if got := started(); got != false {
		t.Errorf("the vote closed, no final: final_started %v", got)
	}
	if code, b := call(t, ts, "GET", path+"codinsa", org, "", nil); code != 404 {
		t.Fatalf("GET codinsa before the final: %d %s", code, b)
	}
	f := codinsa.Final{Teams: []int64{1, 2}, Names: []string{"Owls", "Bats"}, Submissions: []int64{1, 2}, Seed: 7, Asked: true}
	if _, err := p.Store.UpdateEventState(ctx, ev.ID, "codinsa-final", func([]byte) ([]byte, error) { return json.Marshal(f) }); err != nil {
		t.Fatal(err)
	}
	if got := started(); got != true {
		t.Errorf("a final begun: final_started %v", got)
	}
	if code, b := call(t, ts, "GET", path+"codinsa", org, "", nil); code != 200 {
		t.Errorf("GET codinsa once begun: %d %s", code, b)
	}
}
