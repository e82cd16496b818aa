// Package blitztest is the Blitz event that tests share (the format's
// own, and the platform's side of the formats): a jungle event with four
// teams whose bots are built.
package blitztest

import (
	"context"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
)

// StillBot is a jungle bot that never acts: its units never spawn.
const StillBot = "import sys, json\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m.get('type') == 'TICK':\n        print(json.dumps({'type': 'COMMAND', 'tick': m['tick'], 'actions': []}), flush=True)\n"

// Setup4 makes a jungle event (map pool [clearing], 60 ticks) with
// four teams built and ready: Still-A, Kit-B, Still-C, Kit-D.
func Setup4(t *testing.T) (*platform.Platform, store.Event, string, []store.Team, []string) {
	t.Helper()
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	settings := store.DefaultSettings()
	settings.Maps = []string{"clearing"}
	ev, invite, err := p.CreateEventWith(ctx, "jungle", "Blitz 2022", []string{"nb_ticks=60"}, settings)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.StopJobs(ctx) })
	names := []string{"Still-A", "Kit-B", "Still-C", "Kit-D"}
	var teams []store.Team
	for i, n := range names {
		tm, _, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		upload, file := []byte(StillBot), "still.py"
		if i%2 == 1 {
			upload, file = platformtest.KitZip(t, "jungle", "python", nil), "kit.zip"
		}
		s, err := p.Submit(ctx, tm, file, upload)
		if err != nil {
			t.Fatal(err)
		}
		if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s.ID)
			t.Fatalf("%+v\n%s", b, log)
		}
		teams = append(teams, tm)
	}
	return p, ev, invite, teams, names
}
