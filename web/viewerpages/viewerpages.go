// Package viewerpages runs the viewer's browser checks (web/e2e/viewer.mjs,
// in a real headless Chromium) on one recorded match of a game, for the
// test packages beside it, one a game: each is a package of its own so
// that its minutes (a page opened, stepped, played, hovered and measured
// at three screen sizes, then a live match and the offline page) have go
// test's time limit of a package to themselves. All games in one test
// took 480-530 s on a busy 2-core machine, and ran past the limit.
package viewerpages

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/web"
)

// Check records one match of game g between bots (none: the game's
// builtins, as few as its settings accept), saves it and its offline page,
// serves it, and runs every check viewer.mjs has for a game on it: the
// recorded page, the race of scores, the layout at three sizes, the
// pieces, the motion, a live match and the offline page.
func Check(t *testing.T, g string, bots []string) {
	chromium := NeedBrowser(t)
	gm, err := game.Lookup(g)
	if err != nil {
		t.Fatal(err)
	}
	var rep *replay.Replay
	if bots != nil {
		rep = Record(t, g, bots, 7)
	} else {
		rep = recordBuiltins(t, gm.Info())
	}
	dir := t.TempDir()
	id := g + "-recorded"
	if err := replay.Save(filepath.Join(dir, id+".json"), rep); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, id+".html")
	if err := ExportPage(page, rep); err != nil {
		t.Fatal(err)
	}
	Run(t, chromium, dir, fmt.Sprintf("%s=%s=%d=%s", g, id, len(rep.Players), page))
}

// Run serves the replays of dir and runs viewer.mjs with its arguments
// (GAME=ID=PLAYERS=PAGE, layout=ID, long=ID=TURNS=PAGE, site: see the
// script); the test fails when a check of the script does.
func Run(t *testing.T, chromium, dir string, args ...string) {
	// each game's live match goes on (mostly pausing between turns) after
	// its page is checked: leave room for them
	srv := &web.Server{Replays: dir, Cores: 16}
	ts := httptest.NewServer(srv.Handler())
	defer srv.Close()
	defer ts.Close()
	out := os.Getenv("ARENA_SCREENSHOTS")
	if out == "" {
		out = t.TempDir()
	}
	abs, _ := filepath.Abs(out)
	cmd := exec.Command("node", append([]string{"e2e/viewer.mjs", ts.URL, abs}, args...)...)
	cmd.Dir = WebDir()
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium)
	res, err := cmd.CombinedOutput()
	t.Logf("viewer.mjs:\n%s", res)
	if err != nil {
		t.Fatalf("browser tests failed: %v", err)
	}
	t.Logf("screenshots in %s", abs)
}

// WebDir is the web package's directory, where the scripts and their
// node_modules are, whichever package's test asks.
func WebDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// NeedBrowser returns Chromium's path, once node, Chromium and
// playwright-core are there (Need says what a missing one does).
func NeedBrowser(t *testing.T) string {
	need := Need(t)
	_, err := exec.LookPath("node")
	need(err == nil, "node")
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	_, err = os.Stat(chromium)
	need(err == nil, chromium)
	_, err = os.Stat(filepath.Join(WebDir(), "e2e/node_modules/playwright-core"))
	need(err == nil, "playwright-core (npm ci --prefix web/e2e)")
	return chromium
}

// Need returns a check that skips the test when a tool is missing, or
// fails it when ARENA_BROWSER_TESTS=1 says the tools must be there (CI).
func Need(t *testing.T) func(ok bool, what string) {
	required := os.Getenv("ARENA_BROWSER_TESTS") == "1"
	return func(ok bool, what string) {
		if ok {
			return
		}
		if required {
			t.Fatalf("the browser tests need %s", what)
		}
		t.Skipf("skipped: %s missing (set ARENA_BROWSER_TESTS=1 to require it)", what)
	}
}

// ExportPage writes the offline page of a replay (arena replay html).
func ExportPage(path string, rep *replay.Replay) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := web.ExportHTML(f, rep); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Record plays one match of a game between the given bots with a seed.
func Record(t *testing.T, name string, bots []string, seed int64, options ...string) *replay.Replay {
	t.Helper()
	m, err := match.Setup{Game: name, Bots: bots, Seed: &seed, Options: options}.Build()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := match.Run(context.Background(), m)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return rep
}

// recordBuiltins plays one match of a game between its builtin bots, with
// the smallest number of players the game's default settings accept.
func recordBuiltins(t *testing.T, info game.Info) *replay.Replay {
	t.Helper()
	var last error
	for n := max(2, info.MinPlayers); n <= info.MaxPlayers; n++ {
		var bots []string
		for k := 0; k < n; k++ {
			bots = append(bots, "builtin:"+info.Builtins[k%len(info.Builtins)].Name)
		}
		seed := int64(7)
		m, err := match.Setup{Game: info.Name, Bots: bots, Seed: &seed}.Build()
		if err != nil {
			t.Fatal(err)
		}
		rep, err := match.Run(context.Background(), m)
		if err == nil {
			return rep
		}
		last = err
	}
	t.Fatalf("%s: no match between builtins: %v", info.Name, last)
	return nil
}
