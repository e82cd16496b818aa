package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/store"
)

// TestPlatformRoundsBrowser runs web/e2e/rounds.mjs: the ranked rounds of
// a territory event (Ready AI Code 2020) through the pages. The Go side
// sets up what is not the subject: the event (small arenas, 40 turns, no
// casual games) and four teams whose Python bots (two of the kit's, two
// that walk at random) are uploaded and built. In the browser the
// organiser (whose clock is in Montreal) is refused a round the game
// refuses, with its reason, starts a round now and watches it play to the
// end, checks the ladder against the games' places, and schedules another
// round in two hours; a team sees the rounds, its games with their points
// and the ladder. The round scheduled from the page is then checked here:
// its time, sent in UTC, is two hours from now.
func TestPlatformRoundsBrowser(t *testing.T) {
	env := startPlatformPages(t)
	ctx := context.Background()
	p := env.P
	ev, invite, err := p.CreateEvent(ctx, "territory", "Ready Cup", []string{"turns=40", "size=small"})
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
		src := kitBot
		if i >= 2 {
			src = randomWalker(i)
		}
		s, err := p.Submit(ctx, team, "bot.py", src)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, s.ID)
	}
	for _, id := range subs {
		waitReady(t, p, id)
	}
	before := time.Now()
	env.run(t, "e2e/rounds.mjs", token)
	rs, err := p.Rounds(ctx, ev.ID)
	if err != nil || len(rs) != 2 {
		t.Fatalf("rounds after the pages: %+v %v", rs, err)
	}
	// The page sent the Montreal wall-clock time two hours ahead, in UTC:
	// minutes are what a datetime field keeps.
	if at := rs[1].At; at.Before(before.Add(2*time.Hour-2*time.Minute)) || at.After(time.Now().Add(2*time.Hour+time.Minute)) {
		t.Errorf("the round scheduled from the page is at %v, want two hours after %v", at, before)
	}
	if rs[0].Multiplier != 2 || rs[0].Size != "" || rs[1].Players != 4 || rs[1].Queued {
		t.Errorf("rounds set from the page: %+v", rs)
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
