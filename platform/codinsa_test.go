package platform

import (
	"context"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/codinsa"

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
