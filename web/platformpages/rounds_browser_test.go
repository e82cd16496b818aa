package platformpages_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// TestPlatformRoundsBrowser runs web/e2e/rounds.mjs: the ranked rounds of
// a territory event (Ready AI Code 2020) through the pages. The Go side
// sets up what is not the subject: the event (small arenas of the shape
// set square,x, 40 turns, no casual games) and four teams whose Python bots (two of the kit's, two
// that walk at random) are uploaded and built, and a round of 8 players
// the server could not play when its time came. In the browser the
// organiser (whose clock is in Montreal) sees why that round was not
// played, is refused a round the game
// refuses, with its reason, starts a round now and watches it play to the
// end, checks the ladder against the games' places, and schedules another
// round in two hours with its own obstacles and square and x ticked (a
// shape set), then changes it with its
// Change button (6 players, cut and wide ticked, 20 obstacles, x3; a
// change the game refuses first); a team sees the rounds, its games with their points
// and the ladder; the organiser cancels the scheduled round with its
// button and publishes the results, which the team's page shows as the
// ladder (not the casual ratings). The round scheduled from the page is then checked here (and
// that it is cancelled, not drawn):
// its time, sent in UTC, is two hours from now (the change kept it), and
// its settings are the changed ones.
func TestPlatformRoundsBrowser(t *testing.T) {
	env := startPlatformPages(t)
	ctx := context.Background()
	p := env.P
	ev, invite, err := p.CreateEvent(ctx, "territory", "Ready Cup", []string{"turns=40", "size=small", "shape=square,x"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	kit := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write("territory", "python", kit); err != nil {
		t.Fatal(err)
	}
	kitBot, err := os.ReadFile(filepath.Join(kit, "bot.py"))
	if err != nil {
		t.Fatal(err)
	}
	var token string
	var subs []int64
	for i, name := range []string{"Ants", "Bees", "Cats", "Dogs"} {
		team, tok, err := p.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			token = tok
		}
		// the kit whole (its bot.py imports the kit's library), or one file
		name, src := "kit.zip", platformtest.KitZip(t, "territory", "python", map[string]string{"bot.py": string(kitBot)})
		if i >= 2 {
			name, src = "bot.py", randomWalker(i)
		}
		s, err := p.Submit(ctx, team, name, src)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s.ID)
	}
	for _, id := range subs {
		waitReady(t, p, id)
	}
	// A round of 8 players set for a second later: the server finds too
	// few teams when its time comes, and the pages say so.
	if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 8, At: time.Now().Add(time.Second)}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		rs, err := rounds.List(ctx, p.FormatHost(), ev.ID)
		if err != nil || time.Now().After(deadline) {
			t.Fatalf("the 8-player round was not tried: %+v %v", rs, err)
		}
		if rs[0].Error != "" {
			break
		}
	}
	before := time.Now()
	env.run(t, "e2e/rounds.mjs", token)
	rs, err := rounds.List(ctx, p.FormatHost(), ev.ID)
	if err != nil || len(rs) != 3 {
		t.Fatalf("rounds after the pages: %+v %v", rs, err)
	}
	// The page sent the Montreal wall-clock time two hours ahead, in UTC:
	// minutes are what a datetime field keeps.
	if at := rs[2].At; at.Before(before.Add(2*time.Hour-2*time.Minute)) || at.After(time.Now().Add(2*time.Hour+time.Minute)) {
		t.Errorf("the round scheduled from the page is at %v, want two hours after %v", at, before)
	}
	if r := rs[1]; r.Multiplier != 2 || r.Size != "" || r.Mix != "" || r.Shape != "" || len(r.Groups) != 1 {
		t.Errorf("the round started from the page: %+v", r)
	}
	if r := rs[2]; r.Players != 6 || r.Multiplier != 3 || r.Queued || r.Mix != "1:0:0:0" || r.Obstacles != "20" || r.Shape != "cut,wide" || r.Cancelled.IsZero() || r.Groups != nil {
		t.Errorf("the round scheduled, changed, then cancelled, from the page: %+v", r)
	}
}

// randomWalker is a territory bot on stdin/stdout that moves at random,
// seeded: a weak bot, so that the rounds' places differ.
func randomWalker(seed int) []byte {
	return fmt.Appendf(nil, `import json, random, sys
r = random.Random(%d)
for line in sys.stdin:
    if json.loads(line).get("Final"):
        continue
    print(r.choice(["UP", "DOWN", "LEFT", "RIGHT"]), flush=True)
`, seed)
}

// waitReady waits for a submission's build to succeed.
func waitReady(t *testing.T, p *platform.Platform, id int64) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		s, err := p.Store.Submission(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		switch s.Status {
		case store.StatusReady:
			return
		case store.StatusFailed:
			t.Fatalf("submission %d did not build: %s", id, s.Error)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("submission %d was not built in 3 minutes", id)
}
