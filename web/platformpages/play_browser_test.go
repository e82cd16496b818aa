package platformpages_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// TestPlayBoxBrowser runs web/e2e/play.mjs: on the team page's Play card,
// a team plays a test game of its build against another team's bot (the
// event allows it) with a seed of its own, follows it to its result,
// opens its replay in the player, whose copy holds the team's own bot's
// error output and never the other team's, and sees it in its list of
// test games, at the three sizes; a second test game against the house
// bot, with a random seed, is listed too.
func TestPlayBoxBrowser(t *testing.T) {
	env := startPlatformPages(t)
	ctx := context.Background()
	p := env.P
	settings := store.DefaultSettings()
	settings.TestVsTeams = true
	ev, invite, err := p.CreateEventWith(ctx, "tracks", "Loop Cup", nil, settings)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil { // the test games alone play
		t.Fatal(err)
	}
	kit, err := os.ReadFile("../../kits/tracks/python/bot.py")
	if err != nil {
		t.Fatal(err)
	}
	var token string
	for _, name := range []string{"Owls", "Bats"} {
		team, tok, err := p.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		if token == "" {
			token = tok
		}
		src := fmt.Sprintf("import sys\nprint(%q, file=sys.stderr, flush=True)\n%s", strings.ToLower(name)+"-secret", kit)
		// the kit (its bot.py imports the kit's library), with its bot.py
		s, err := p.Submit(ctx, team, "kit.zip", platformtest.KitZip(t, "tracks", "python", map[string]string{"bot.py": src}))
		if err != nil {
			t.Fatal(err)
		}
		waitReady(t, p, s.ID)
	}
	env.run(t, "e2e/play.mjs", token)
}
