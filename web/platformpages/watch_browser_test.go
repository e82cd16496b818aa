package platformpages_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// TestPlatformWatchBrowser runs web/e2e/watch.mjs: the public page of an
// event (/platform/watch?event=ID) open in a spectator's browser while the
// organiser plays the final, in a real headless Chromium. The Go side sets
// up the public Blitz event (jungle on the clearing map, 40 ticks with
// 250 ms between them, so that each game is live for seconds) and two
// teams with still bots, built. In the browser the organiser starts the
// final; the spectator's page, never reloaded, lists every game of the
// final as live while it is played (one is opened and followed live),
// and lists none of it as live once the final is over. A second public
// event, with leagues, shows its team that is in no league yet. It skips as
// TestPlatformBrowser does without Chromium, node or the sandbox.
func TestPlatformWatchBrowser(t *testing.T) {
	env := startPlatformPages(t)
	ctx := context.Background()
	settings := store.DefaultSettings()
	settings.Maps = []string{"clearing"}
	settings.Public = true
	ev, invite, err := env.P.CreateEventWith(ctx, "jungle", "Blitz live", []string{"nb_ticks=40", "delay_between_ticks_ms=250"}, settings)
	if err != nil {
		t.Fatal(err)
	}
	var subs []int64
	for _, name := range []string{"Owls", "Bats"} {
		tm, _, err := env.P.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := env.P.Submit(ctx, tm, "still.py", []byte(stillJungleBot))
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s.ID)
	}
	deadline := time.Now().Add(4 * time.Minute)
	for _, id := range subs {
		for {
			s, err := env.P.Store.Submission(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if s.Status == store.StatusReady {
				break
			}
			if s.Status == store.StatusFailed || time.Now().After(deadline) {
				log, _ := env.P.Store.BuildLog(ctx, id)
				t.Fatalf("submission %d: %s\n%s", id, s.Status, log)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	// A public tracks event with leagues and a team that has uploaded
	// nothing: in no league yet.
	settings = store.DefaultSettings()
	settings.Public, settings.Leagues = true, true
	lev, linvite, err := env.P.CreateEventWith(ctx, "tracks", "League watch", nil, settings)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := env.P.Join(ctx, linvite, "Newts"); err != nil {
		t.Fatal(err)
	}
	env.run(t, "e2e/watch.mjs", strconv.FormatInt(ev.ID, 10), "Owls", "Bats", strconv.FormatInt(lev.ID, 10), "Newts")
}
