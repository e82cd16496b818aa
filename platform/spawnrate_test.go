package platform

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/codinsa"
)

// A team's proposals and votes are each a write of the event's vote
// state: a team that sends them in a loop is refused (429) after
// codinsa.WritesPerMinute in a minute, a minute later it may again, and
// another team is not held by it.
func TestSpawnWritesAreRateLimited(t *testing.T) {
	p, err := Open(context.Background(), dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	ctx := context.Background()
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	ts := server(t, p, clock)
	ev, invite, err := p.CreateEvent(ctx, "catmouse", "Cod'INSA 2025", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, owls := join(t, ts, invite, "Owls")
	_, bats := join(t, ts, invite, "Bats")
	if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", testSet0, testSecret); err != nil {
		t.Fatal(err)
	}
	if code, b := call(t, ts, "POST", APIPrefix+"spawns", owls, "text/plain", []byte(testTeamSets[0])); code != 201 {
		t.Fatalf("%d %s", code, b)
	}
	// Bats: refused proposals and votes draw on the same budget
	for i := range codinsa.WritesPerMinute {
		var code int
		var b string
		if i%2 == 0 {
			code, b = vote(t, ts, bats, 1)
		} else {
			var body []byte
			code, body = call(t, ts, "POST", APIPrefix+"spawns", bats, "text/plain", []byte("not a set"))
			b = string(body)
			if code == 400 {
				code = 200
			}
		}
		if code != 200 {
			t.Fatalf("write %d: %d %s", i+1, code, b)
		}
	}
	if code, b := vote(t, ts, bats, 1); code != 429 {
		t.Fatalf("write %d in a minute: %d %s", codinsa.WritesPerMinute+1, code, b)
	}
	if code, b := call(t, ts, "POST", APIPrefix+"spawns", bats, "text/plain", []byte(testTeamSets[1])); code != 429 {
		t.Fatalf("a proposal past the budget: %d %s", code, b)
	}
	if code, b := call(t, ts, "POST", APIPrefix+"spawns/vote", owls, "application/json", []byte(`{"set": 1}`)); code != 400 {
		t.Fatalf("another team (voting for its own set, refused with the reason): %d %s", code, b)
	}
	clock.add(time.Minute)
	if code, b := vote(t, ts, bats, 1); code != 200 {
		t.Fatalf("a minute later: %d %s", code, b)
	}
	if code, b := call(t, ts, "GET", APIPrefix+"spawns", bats, "", nil); code != 200 {
		t.Fatalf("reading is not limited: %d %s", code, fmt.Sprint(string(b)))
	}
}
