// Package codinsatest is the Cod'INSA event that tests share (the format's
// own, and the platform's side of the formats): a catmouse event with
// three teams, their spawn sets, bots built, the vote made.
package codinsatest

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
)

// StillBot is a catmouse bot that never moves.
const StillBot = "import sys\nready = False\nfor line in sys.stdin:\n    if line.strip() == 'END':\n        print('MOVE' if ready else 'READY', flush=True)\n        ready = True\n    elif line.startswith('INIT'):\n        ready = False\n"

// Ready is a Cod'INSA event whose three teams have built bots (the
// python kit for Owls, still bots for Bats and Cats), with the map and
// sets published and the proposals made and voted (set 3 chosen); close
// says whether the vote is closed too. The server's clock is not started
// (no casual games): the tests call it.
func Ready(t *testing.T, close bool) (*platform.Platform, *httptest.Server, store.Event) {
	t.Helper()
	platformtest.NeedSandbox(t)
	p, ts, ev, teams, tokens := Setup(t, []string{"maxturns=12"})
	ctx := context.Background()
	if err := p.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.StopJobs(ctx) })
	uploads := [][]byte{platformtest.KitZip(t, "catmouse", "python", nil), []byte(StillBot), []byte(StillBot)}
	names := []string{"kit.zip", "still.py", "still.py"}
	for i, tm := range teams {
		s, err := p.Submit(ctx, tm, names[i], uploads[i])
		if err != nil {
			t.Fatal(err)
		}
		if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s.ID)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	if err := codinsa.PublishSpawns(ctx, p.FormatHost(), ev.ID, "", Set0, Secret); err != nil {
		t.Fatal(err)
	}
	for i, tok := range tokens {
		platformtest.Call(t, ts, "POST", api.Prefix+"spawns", tok, "text/plain", []byte(TeamSets[i]))
	}
	Vote(t, ts, tokens[0], 3)
	Vote(t, ts, tokens[1], 3)
	Vote(t, ts, tokens[2], 1)
	if close {
		if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), ev.ID); err != nil {
			t.Fatal(err)
		}
	}
	return p, ts, ev
}

// Spawn sets valid on catmouse's default map: the organiser's public set
// and secret set, and one proposal per team.
const (
	Set0   = "CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n"
	Secret = "CATMOUSE-SPAWN 1\nID 9\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n"
)

var TeamSets = []string{
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE -3 -2\nCAT 4 -4\nCAT 3 2\nEND\n",
	"CATMOUSE-SPAWN 1\nID 1\nMOUSE 3 0\nCAT -5 0\nCAT -2 -4\nCAT 3 -6\nEND\n",
	"# our set\nCATMOUSE-SPAWN 1\nID 1\nNAME anything\nMOUSE 0 0\nCAT 5 -5\nCAT -5 5\nEND\n",
}

// Setup makes a catmouse event (on a data directory the sandbox may
// enter) with opts, and three teams joined through the API: Owls, Bats,
// Cats.
func Setup(t testing.TB, opts []string) (*platform.Platform, *httptest.Server, store.Event, []store.Team, []string) {
	t.Helper()
	p := platformtest.Open(t)
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	ev, invite := platformtest.Event(t, p, "catmouse", "Cod'INSA 2025", opts...)
	var teams []store.Team
	var tokens []string
	for _, n := range []string{"Owls", "Bats", "Cats"} {
		tm, tok := platformtest.Join(t, ts, invite, n)
		teams, tokens = append(teams, tm), append(tokens, tok)
	}
	return p, ts, ev, teams, tokens
}

// Vote votes for set as the team of token, through the API.
func Vote(t testing.TB, ts *httptest.Server, token string, set int) (int, string) {
	t.Helper()
	code, b := platformtest.Call(t, ts, "POST", api.Prefix+"spawns/vote", token, "application/json", []byte(fmt.Sprintf(`{"set": %d}`, set)))
	return code, string(b)
}
