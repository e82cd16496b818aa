package platform

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// TestOrganiserControls: on a temporary data dir with two teams' bots,
// the organiser stops and starts casual games, freezes submissions,
// starts the final ranking (its games are played and counted, no casual
// game meanwhile), publishes and exports the results and every replay.
func TestOrganiserControls(t *testing.T) {
	needSandbox(t)
	ctx := context.Background()
	p := openTest(t)
	ev, invite := newEvent(t, p, "tracks", "Summer")
	owls, owlsToken, _ := p.Join(ctx, invite, "Owls")
	bats, _, _ := p.Join(ctx, invite, "Bats")
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	// the scheduler's own ticks are an hour apart: the test calls it
	if err := p.StartJobs(ctx, JobOptions{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: time.Hour, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	kit, _ := p.Submit(ctx, owls, "kit.zip", testKitZip(t, "tracks", "python", nil))
	waiter, _ := p.Submit(ctx, bats, "bot.py", []byte("import sys\nfor line in sys.stdin:\n    print('WAIT', flush=True)\n"))
	for _, s := range []int64{kit.ID, waiter.ID} {
		if b := waitBuilt(t, p, s); b.Status != store.StatusReady {
			t.Fatalf("%+v", b)
		}
	}
	if n, err := p.schedule(ctx, 1); n != 0 || err != nil {
		t.Fatalf("casual games stopped, yet %d queued (%v)", n, err)
	}
	if _, err := p.SetCasual(ctx, ev.ID, true); err != nil {
		t.Fatal(err)
	}
	if n, err := p.schedule(ctx, 1); n != 1 || err != nil {
		t.Fatalf("casual games on: %d queued (%v)", n, err)
	}
	// one casual game: off again (the queued one still plays), or the
	// scheduler, woken when it ends, would queue the next
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	matches := func(kind string) int {
		n, _, err := p.Store.CountMatches(ctx, ev.ID, kind)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	waitFor(t, 3*time.Minute, "the casual game", func() bool { return matches(store.KindCasual) == 1 })

	// frozen (through the organiser's API): no submission, no change of the active one
	ts := server(t, p, &fakeClock{t: time.Now()})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orgPath := fmt.Sprintf("%sorganiser/events/%d/", APIPrefix, ev.ID)
	if code, b := call(t, ts, "POST", orgPath+"freeze", org, "application/json", []byte(`{"frozen":true}`)); code != 200 || !strings.Contains(string(b), `"frozen":true`) {
		t.Fatalf("freeze: %d %s", code, b)
	}
	if _, err := p.Submit(ctx, owls, "bot.py", []byte("print(1)\n")); !isUserError(err) || err.Error() != ErrFrozen.Error() {
		t.Errorf("a submission while frozen: %v", err)
	}
	if code, b := call(t, ts, "POST", fmt.Sprintf("%ssubmissions/%d/activate", APIPrefix, kit.ID), owlsToken, "application/json", nil); code != 409 || !strings.Contains(string(b), "frozen") {
		t.Errorf("activating while frozen: %d %s", code, b)
	}

	// the final: 3 games per team, 2 teams in games of 2: 3 games
	code, b := call(t, ts, "POST", orgPath+"final", org, "application/json", []byte(`{"games":3}`))
	var c Controls
	if code != 200 || json.Unmarshal(b, &c) != nil || c.Final == nil || c.Final.Games != 3 || !c.Frozen || !c.CasualStopped {
		t.Fatalf("final: %d %s", code, b)
	}
	if code, b := call(t, ts, "POST", orgPath+"final", org, "application/json", []byte(`{"games":3}`)); code != 400 {
		t.Errorf("a second final: %d %s", code, b)
	}
	if _, err := p.SetFrozen(ctx, ev.ID, false); !isUserError(err) {
		t.Errorf("unfreezing during the final: %v", err)
	}
	waitFor(t, 5*time.Minute, "the final's games", func() bool {
		if _, err := p.schedule(ctx, 1); err != nil {
			t.Fatal(err)
		}
		done, err := p.FinalDone(ctx, ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		return done
	})
	if n, _ := p.schedule(ctx, 1); n != 0 || matches(store.KindFinal) != 3 || matches(store.KindCasual) != 1 {
		t.Errorf("after the final: %d queued, %d final games, %d casual", n, matches(store.KindFinal), matches(store.KindCasual))
	}

	// results: hidden until published, then exported
	if code, b := call(t, ts, "GET", APIPrefix+"results", owlsToken, "", nil); code != 200 || strings.Contains(string(b), "standings") || !strings.Contains(string(b), "not published") {
		t.Errorf("results before publication: %d %s", code, b)
	}
	if code, b := call(t, ts, "GET", orgPath+"results?format=csv", org, "", nil); code != 200 || !strings.HasPrefix(string(b), "rank,team,") {
		t.Errorf("the organiser's results before publication: %d %s", code, b)
	}
	if code, b := call(t, ts, "POST", orgPath+"publish", org, "application/json", nil); code != 200 || !strings.Contains(string(b), `"published"`) {
		t.Fatalf("publish: %d %s", code, b)
	}
	if code, b := call(t, ts, "GET", orgPath+"replays", org, "", nil); code != 200 || len(b) < 100 || b[0] != 0x1f {
		t.Errorf("the replays' archive: %d, %d bytes", code, len(b))
	}
	if code, b := call(t, ts, "GET", APIPrefix+"results", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"final":true`) {
		t.Errorf("published results: %d %s", code, b)
	}
	out := filepath.Join(t.TempDir(), "export")
	res, n, err := p.Export(ctx, ev.ID, out)
	if err != nil || n != 4 || !res.Final || res.Matches != 4 || len(res.Standings) != 2 || res.Published.IsZero() {
		t.Fatalf("%+v %d %v", res, n, err)
	}
	var back Results
	if b, err := os.ReadFile(filepath.Join(out, "results.json")); err != nil || json.Unmarshal(b, &back) != nil || back.Standings[0].Team != res.Standings[0].Team {
		t.Errorf("results.json: %v", err)
	}
	csvText, _ := os.ReadFile(filepath.Join(out, "results.csv"))
	if lines := strings.Split(strings.TrimSpace(string(csvText)), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "rank,team,") {
		t.Errorf("results.csv:\n%s", csvText)
	}
	f, err := os.Open(filepath.Join(out, "replays.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	entries := 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var rep struct{ Game string }
		if b, _ := io.ReadAll(tr); json.Unmarshal(b, &rep) != nil || rep.Game != "tracks" || !strings.HasPrefix(h.Name, "replays/") {
			t.Errorf("entry %s is no replay", h.Name)
		}
		entries++
	}
	if entries != 4 {
		t.Errorf("%d replays in the archive, want 4", entries)
	}
}
