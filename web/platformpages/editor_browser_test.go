package platformpages_test

import (
	"context"
	"testing"

	"github.com/seed27749672/arena/platform/platformtest"
)

// TestEditorBrowser runs web/e2e/editor.mjs: a team whose Python kit is
// its active bot opens the editor from the team page, finds its bot.py
// highlighted, adds a line that prints to its error output, plays a test
// game of the edit (a draft, built but not made active) and reads the
// line in the error output beside the replay; then submits the edit and
// sees it built and active. The editor at 800x600, 1280x720 and
// 1920x1080.
func TestEditorBrowser(t *testing.T) {
	env := startPlatformPages(t)
	ctx := context.Background()
	p := env.P
	ev, invite, err := p.CreateEvent(ctx, "tracks", "Edit Cup", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil { // the test games alone play
		t.Fatal(err)
	}
	team, token, err := p.Join(ctx, invite, "Owls")
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Submit(ctx, team, "kit.zip", platformtest.KitZip(t, "tracks", "python", nil))
	if err != nil {
		t.Fatal(err)
	}
	waitReady(t, p, s.ID)
	env.run(t, "e2e/editor.mjs", token)
}
