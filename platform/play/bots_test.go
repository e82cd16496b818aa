package play_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/replay"
)

// TestBuiltRootFollowsTheUpload: a single file's kit is built in the
// build directory even when its kit has a src directory (the tree of a
// zip's kit is under src).
func TestBuiltRootFollowsTheUpload(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	team, _, _ := p.Join(ctx, invite, "Owls")
	file, err := p.Submit(ctx, team, "bot.py", []byte("print(1)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(p.Builds.BuildDir(file.ID), "src", "pkg"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := p.Player.BuiltRoot(file.ID); got != p.Builds.BuildDir(file.ID) {
		t.Errorf("a single file's kit with a src directory: built in %s, want %s", got, p.Builds.BuildDir(file.ID))
	}
	z, err := files.KitZip("tracks", "python")
	if err != nil {
		t.Fatal(err)
	}
	zipped, err := p.Submit(ctx, team, "kit.zip", z)
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(p.Builds.BuildDir(zipped.ID), "src") // as a build unpacks a zip
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := build.Unpack(z, src, build.DefaultLimits); err != nil {
		t.Fatal(err)
	}
	root := build.KitRoot(src)
	if got := p.Player.BuiltRoot(zipped.ID); got != root {
		t.Errorf("a zip's kit: built in %s, want %s", got, root)
	}
}

// TestWebSocketAndHTTPKitsPlay: jungle's WebSocket kit (Java) and
// territory's HTTP kit (Python), uploaded as zips, build and play casual
// matches sandboxed against house bots, with their event's seat counts;
// the HTTP kit is refused by an event that takes no HTTP bots.
func TestWebSocketAndHTTPKitsPlay(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	jungle, jinvite, err := p.CreateEventWith(ctx, "jungle", "Blitz", []string{"nb_ticks=15"},
		store.Settings{Seats: []int{2, 3}, Maps: []string{"canopy"}, HouseBots: true})
	if err != nil {
		t.Fatal(err)
	}
	terr, tinvite, err := p.CreateEventWith(ctx, "territory", "RAIC", []string{"turns=15"}, store.Settings{HTTPBots: true, HouseBots: true})
	if err != nil {
		t.Fatal(err)
	}
	_, ninvite, err := p.CreateEventWith(ctx, "territory", "No HTTP", []string{"turns=15"}, store.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	// patient clocks: the subject is that the bots are reached, not speed
	if err := p.StartJobs(ctx, worker.Options{Matches: 2, TimeScale: 20, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	submit := func(invite, game, kit string) store.Submission {
		team, _, err := p.Join(ctx, invite, "Owls")
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, team, kit+".zip", platformtest.KitZip(t, game, kit, nil))
		if err != nil {
			t.Fatal(err)
		}
		return platformtest.WaitBuilt(t, p, s.ID)
	}
	if s := submit(ninvite, "territory", "python-http"); s.Status != store.StatusFailed || !strings.Contains(s.Error, "no HTTP-server bots") {
		t.Errorf("an HTTP kit in an event without HTTP bots: %+v", s)
	}
	for _, c := range []struct {
		ev           store.Event
		invite, game string
		kit          string
	}{{jungle, jinvite, "jungle", "java"}, {terr, tinvite, "territory", "python-http"}} {
		s := submit(c.invite, c.game, c.kit)
		if s.Status != store.StatusReady || s.Language != c.kit {
			log, _ := p.Store.BuildLog(ctx, s.ID)
			t.Fatalf("%s %s: %+v\n%s", c.game, c.kit, s, log)
		}
		platformtest.WaitGames(t, p, c.ev.ID, 2)
		ms, _ := p.Store.Matches(ctx, c.ev.ID, 20)
		sizes := map[int]bool{}
		for _, m := range ms {
			if m.Error != "" {
				t.Errorf("%s match %d: %s", c.game, m.ID, m.Error)
				continue
			}
			sizes[len(m.Teams)] = true
			rep, err := p.Replays.Get(m.Key)
			if err != nil {
				t.Fatal(err)
			}
			for seat, id := range m.Teams {
				if id != 0 {
					checkReached(t, rep, seat, fmt.Sprintf("%s match %d: the team's %s bot", c.game, m.ID, c.kit))
				}
			}
		}
		if c.game == "territory" && !sizes[4] {
			t.Errorf("territory matches of sizes %v, want 4 (its default)", sizes)
		}
	}
}

// checkReached fails unless the bot of the seat was reached: it answered
// prompts and ended as a player of the game (ok, or eliminated by the
// game's rules: a territory kit may be cut by a house bot, or, on a machine
// busy enough to make it miss turns, eliminated as inactive), not as a
// bot the platform could not run or talk to.
func checkReached(t *testing.T, rep *replay.Replay, seat int, who string) {
	t.Helper()
	answered := 0
	for _, tr := range rep.Turns {
		if seat < len(tr.Replies) && tr.Replies[seat].Status == game.Answered {
			answered++
		}
	}
	if st := rep.Result.Players[seat].Status; answered == 0 || (st != game.OK && st != game.Eliminated) {
		t.Errorf("%s ended %q after %d answers", who, st, answered)
	}
}

// The tests may ask for a PostgreSQL database (pgtest.URL).
func TestMain(m *testing.M) { pgtest.Main(m) }

// TestFlowsOnPostgres runs again, on PostgreSQL, the tests that open
// their platform with platformtest.Open: the same flows on both drivers.
func TestFlowsOnPostgres(t *testing.T) {
	platformtest.OnPostgres(t, map[string]func(*testing.T){
		"BuiltRootFollowsTheUpload":     TestBuiltRootFollowsTheUpload,
		"MatchOptionsFollowTheSettings": TestMatchOptionsFollowTheSettings,
	})
}

// TestJungleWebSocketKitsPlay: jungle's Python, Rust and C++ kits, which
// speak WebSocket as the 2022 kits did, uploaded unchanged as zips, build
// in the sandbox (with the Debian libraries .ci/run installs: Python's
// websockets, WebSocket++ and Asio) and play casual matches there, reached
// over the sandbox's forwarded port.
func TestJungleWebSocketKitsPlay(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite, err := p.CreateEventWith(ctx, "jungle", "Blitz", []string{"nb_ticks=15"},
		store.Settings{Seats: []int{2}, Maps: []string{"canopy"}, HouseBots: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, worker.Options{Matches: 2, TimeScale: 20, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	teams := map[int64]string{}
	for _, lang := range []string{"python", "rust", "cpp"} {
		k, err := kits.Read("jungle", lang)
		if err != nil {
			t.Fatal(err)
		}
		if k.Protocol != "websocket" {
			t.Fatalf("the jungle %s kit speaks %s", lang, k.Protocol)
		}
		for _, tool := range k.Requires {
			if _, err := exec.LookPath(tool); err != nil {
				t.Skipf("no %s here (the %s kit needs it)", tool, lang)
			}
		}
		team, _, err := p.Join(ctx, invite, "Team "+lang)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, team, "kit.zip", platformtest.KitZip(t, "jungle", lang, nil))
		if err != nil {
			t.Fatal(err)
		}
		if s = platformtest.WaitBuilt(t, p, s.ID); s.Status != store.StatusReady || s.Language != lang {
			log, _ := p.Store.BuildLog(ctx, s.ID)
			t.Fatalf("jungle %s: %+v\n%s", lang, s, log)
		}
		teams[team.ID] = lang
	}
	platformtest.WaitGames(t, p, ev.ID, 1)
	ms, _ := p.Store.Matches(ctx, ev.ID, 50)
	played := map[string]bool{}
	for _, m := range ms {
		if m.Error != "" {
			t.Errorf("match %d: %s", m.ID, m.Error)
			continue
		}
		rep, err := p.Replays.Get(m.Key)
		if err != nil {
			t.Fatal(err)
		}
		for seat, id := range m.Teams {
			if lang, ok := teams[id]; ok {
				checkReached(t, rep, seat, fmt.Sprintf("match %d: the %s kit", m.ID, lang))
				played[lang] = true
			}
		}
	}
	for _, lang := range teams {
		if !played[lang] {
			t.Errorf("the %s kit played no match", lang)
		}
	}
}
