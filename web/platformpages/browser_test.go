// Package platformpages_test holds the browser tests of the competition
// platform's pages (web/platform), one per event kind, each running a
// script of web/e2e in a real headless Chromium against a platform with
// its builds and matches. They belong with web's tests, and are a package
// of their own, with no code, only to be a test binary of their own:
// go test gives each binary 10 minutes by default (`go test ./...`, as CI
// and .ci/test-under-load run it), and on a busy 2-core machine web's
// tests take about 5 minutes (the viewer's browser test most of it) and
// these about 4, so together they would come within a minute of that
// limit; apart, each keeps well within it, and the two run in parallel
// where there are cores for it. Merge them back into web only if both get
// much faster.
package platformpages_test

import (
	"archive/zip"
	"context"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/web"
	"github.com/seed27749672/arena/web/viewerpages"
)

// TestPlatformBrowser runs web/e2e/platform.mjs in a real headless
// Chromium against the platform (arena serve --data) with its builds and
// casual matches: the organiser creates an event through the page, a team
// joins with the invitation link, uploads a kit that fails to build (the
// compiler's error shows under the upload button), then one that builds,
// sees a match played against the house bot and opens its replay, and
// reads the leaderboard; the organiser sees the team and the match, stops
// the casual games, changes the event, freezes the submissions and
// publishes the results. The pages are checked at 800x600, 1280x720 and
// 1920x1080. Besides the browser test's tools (TestBrowser), it needs the
// sandbox (bubblewrap) and g++ for the C++ kit; it skips with a message
// without them.
func TestPlatformBrowser(t *testing.T) {
	env := startPlatformPages(t)
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("skipped: g++ missing (the test builds the C++ kit)")
	}
	ctx := context.Background()
	// Two worker machines, as arena worker reports them on PostgreSQL: one
	// beating, one silent for more than six of its beats.
	now := time.Now().UTC()
	for _, w := range []store.Worker{
		{ID: "match-1-7-ab", Host: "match-1", Cores: 16, Slots: 8, Running: 3, Done: 120, Started: now.Add(-time.Hour), Seen: now, Every: time.Hour},
		{ID: "match-2-9-cd", Host: "match-2", Cores: 4, Slots: 2, Started: now.Add(-time.Hour), Seen: now.Add(-time.Minute), Every: 5 * time.Second},
	} {
		if err := env.P.Store.Heartbeat(ctx, w); err != nil {
			t.Fatal(err)
		}
	}
	// Once the organiser has created its event (the page open since),
	// match-1 begins a fourth match and a third worker appears, beating
	// every 3 s: it beats once only, and is lost 18 s later. The page is
	// told of both by its stream, and of the third's loss at its lost_at
	// (the server's platform.Handler watches for losses).
	beats, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go func() {
		for beats.Err() == nil {
			evs, err := env.P.Store.Events(beats)
			if err == nil && len(evs) > 0 {
				now := time.Now().UTC()
				for _, w := range []store.Worker{
					{ID: "match-1-7-ab", Host: "match-1", Cores: 16, Slots: 8, Running: 4, Done: 120, Started: now.Add(-time.Hour), Seen: now, Every: time.Hour},
					{ID: "match-3-5-ef", Host: "match-3", Cores: 2, Slots: 1, Started: now, Seen: now, Every: 3 * time.Second},
				} {
					if err := env.P.Store.Heartbeat(beats, w); err != nil {
						t.Error(err)
					}
				}
				return
			}
			time.Sleep(200 * time.Millisecond)
		}
	}()
	files := t.TempDir()
	bad := filepath.Join(files, "broken-bot.zip")
	good := filepath.Join(files, "tracks-cpp.zip")
	kitZipFile(t, "tracks", "cpp", bad, map[string]string{"bot.cpp": "int main() { this is not C++; }\n"})
	kitZipFile(t, "tracks", "cpp", good, nil)
	env.run(t, "e2e/platform.mjs", bad, good)
}

// pagesEnv is a running platform (arena serve --data on a temporary
// directory, with its build and match jobs) for a browser test of its
// pages.
type pagesEnv struct {
	P        *platform.Platform
	URL      string // the web server's base URL
	OrgLink  string // the organiser's link, token included
	Out      string // where the screenshots go ($ARENA_SCREENSHOTS or a temporary directory)
	chromium string
}

// startPlatformPages starts the platform for a browser test, or skips
// the test with a message when Chromium, node, playwright-core or the
// sandbox (bubblewrap) is missing. Everything stops with the test.
func startPlatformPages(t *testing.T) *pagesEnv {
	t.Helper()
	// Each test has its own platform, server and browser; much of a
	// test's time is waiting (builds, scheduling passes, matches), so two
	// run at once (go test's -parallel, the cores by default).
	t.Parallel()
	chromium := viewerpages.NeedBrowser(t)
	if err := sandbox.Ready(); err != nil {
		t.Skipf("skipped: the platform builds only in the sandbox, and %v", err)
	}

	ctx := context.Background()
	data := t.TempDir()
	// The sandbox's unprivileged identity goes through the test's
	// directory to the build trees (arena serve --data asks the same).
	if err := os.Chmod(filepath.Dir(data), 0o711); err != nil {
		t.Fatal(err)
	}
	p, err := platform.Open(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	orgToken, err := p.FirstOrganiserToken(ctx)
	if err != nil || orgToken == "" {
		t.Fatalf("organiser token: %q %v", orgToken, err)
	}
	// Patient time limits: the subject is the pages, not the bots' speed.
	if err := p.StartJobs(ctx, worker.Options{Workers: 1, Matches: 1, ScheduleEvery: 500 * time.Millisecond,
		PollInterval: 200 * time.Millisecond, TimeScale: 5, Build: build.Options{Timeout: 3 * time.Minute}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stop, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		p.StopJobs(stop)
	})
	srv := &web.Server{Replays: t.TempDir(), Platform: p.Handler(api.Options{SubmitEvery: time.Second})}
	p.ShowLive(srv.Show) // a public event's games, live on its page, as arena serve does
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		ts.Close()
		srv.Close()
	})
	out := os.Getenv("ARENA_SCREENSHOTS")
	if out == "" {
		out = t.TempDir()
	}
	abs, _ := filepath.Abs(out)
	return &pagesEnv{P: p, URL: ts.URL, OrgLink: event.OrganiserLink(ts.URL, orgToken), Out: abs, chromium: chromium}
}

// run runs a browser script (web/e2e/NAME.mjs) with the base URL, the
// screenshots' directory and the organiser's link, then args; its
// failure fails the test.
func (e *pagesEnv) run(t *testing.T, script string, args ...string) {
	t.Helper()
	cmd := exec.Command("node", append([]string{script, e.URL, e.Out, e.OrgLink}, args...)...)
	cmd.Dir = ".." // web/, where the scripts and their node_modules are
	cmd.Env = append(os.Environ(), "CHROMIUM="+e.chromium)
	res, err := cmd.CombinedOutput()
	t.Logf("%s:\n%s", script, res)
	if err != nil {
		t.Fatalf("browser tests failed: %v", err)
	}
	t.Logf("screenshots in %s", e.Out)
}

// kitZipFile writes a game's starter kit as a zip (in a folder, as zips
// often are), with edit applied to its files.
func kitZipFile(t *testing.T, game, lang, path string, edit map[string]string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), fmt.Sprintf("%s-%s", game, lang))
	if err := kits.Write(game, lang, dir); err != nil {
		t.Fatal(err)
	}
	for name, body := range edit {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(dir), p)
		w, err := zw.Create(filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = f.Close()
	}
	if err != nil || !strings.HasSuffix(path, ".zip") {
		t.Fatalf("zip %s: %v", path, err)
	}
}
