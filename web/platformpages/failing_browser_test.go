package platformpages_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/blitz"

	"github.com/seed27749672/arena/platform/format/codinsa"

	"github.com/seed27749672/arena/platform/store"
)

// TestFailingGamesBrowser runs web/e2e/failing.mjs: the organiser's
// cards of a round and a final the platform cannot play show why. The Go
// side breaks three events of a platform that plays (the set-up of cmd/arena's
// TestStatusTellsTheGamesThatFail): a Blitz event whose map file was
// replaced by a file that is not a map, named "<b>bold.jmap" (its game
// fails, and its error names the file: markup the page must show as
// text), one whose map file was deleted (the server cannot even queue its
// round: its look fails), and a Cod'INSA final whose replays cannot be
// kept (a file where the replays' directory was). Once the server has
// failed each, the script checks the Ranked rounds card, the Final card
// and the Cod'INSA Final card at the three sizes.
func TestFailingGamesBrowser(t *testing.T) {
	env := startPlatformPages(t)
	ctx := context.Background()
	p := env.P
	maps := filepath.Join(p.Dir, "maps")
	jmap, err := os.ReadFile("../../games/jungle/maps/clearing.jmap")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(maps, 0o755)
	const bold, gone = "<b>bold.jmap", "gone.jmap"
	for _, name := range []string{bold, gone} {
		if err := os.WriteFile(filepath.Join(maps, name), jmap, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var events []int64
	var subs []int64
	for _, e := range []struct{ game, name, mapFile string }{{"jungle", "Broken map", bold}, {"jungle", "Gone map", gone}, {"catmouse", "Cod'INSA", ""}} {
		settings := store.DefaultSettings()
		opts := []string{"maxturns=12"}
		if e.mapFile != "" {
			settings.Maps, opts = []string{e.mapFile}, []string{"nb_ticks=60"}
		}
		ev, invite, err := p.CreateEventWith(ctx, e.game, e.name, opts, settings)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.SetCasual(ctx, ev.ID, false); err != nil { // its round or final only
			t.Fatal(err)
		}
		events = append(events, ev.ID)
		bot := stillJungleBot
		if e.game == "catmouse" {
			bot = codinsaStill
		}
		for _, team := range []string{"Owls", "<i>Bats</i>"} {
			tm, _, err := p.Join(ctx, invite, team)
			if err != nil {
				t.Fatal(err)
			}
			s, err := p.Submit(ctx, tm, "still.py", []byte(bot))
			if err != nil {
				t.Fatal(err)
			}
			subs = append(subs, s.ID)
		}
	}
	deadline := time.Now().Add(4 * time.Minute)
	for _, id := range subs {
		for {
			s, err := p.Store.Submission(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if s.Status == store.StatusReady {
				break
			}
			if s.Status == store.StatusFailed || time.Now().After(deadline) {
				log, _ := p.Store.BuildLog(ctx, id)
				t.Fatalf("submission %d: %s\n%s", id, s.Status, log)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	blitzEv, goneEv, codinsaEv := events[0], events[1], events[2]
	set0 := "CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n"
	set9 := "CATMOUSE-SPAWN 1\nID 9\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n"
	if err := codinsa.PublishSpawns(ctx, p.FormatHost(), codinsaEv, "", set0, set9); err != nil {
		t.Fatal(err)
	}
	if err := codinsa.CloseSpawnVote(ctx, p.FormatHost(), codinsaEv); err != nil {
		t.Fatal(err)
	}

	// what goes wrong
	if err := os.WriteFile(filepath.Join(maps, bold), []byte("not a map\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(maps, gone)); err != nil {
		t.Fatal(err)
	}
	replays := filepath.Join(p.Dir, "replays")
	os.RemoveAll(replays)
	if err := os.WriteFile(replays, []byte("a file where the replays' directory was\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ev := range []int64{blitzEv, goneEv} {
		if err := blitz.AskRound(ctx, p.FormatHost(), ev); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := codinsa.AskFinal(ctx, p.FormatHost(), codinsaEv, 5); err != nil {
		t.Fatal(err)
	}
	// until each has failed, for the pages to show it from their first look
	for {
		a, err := p.FailingGames(ctx, blitzEv)
		if err != nil {
			t.Fatal(err)
		}
		c, err := p.FailingGames(ctx, codinsaEv)
		if err != nil {
			t.Fatal(err)
		}
		le, err := p.LookError(ctx, goneEv)
		if err != nil {
			t.Fatal(err)
		}
		if len(a) > 0 && len(c) > 0 && le != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing failed in 4 minutes: %v %v %v", a, c, le)
		}
		time.Sleep(100 * time.Millisecond)
	}
	env.run(t, "e2e/failing.mjs", strconv.FormatInt(blitzEv, 10), strconv.FormatInt(goneEv, 10), strconv.FormatInt(codinsaEv, 10))
}
