package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/web"
)

// TestBrowser runs web/e2e/viewer.mjs in a real headless Chromium against
// the viewer serving one recorded match of every game. It needs node, the
// chromium package and `npm ci --prefix web/e2e`; CI installs them and sets
// ARENA_BROWSER_TESTS=1, which turns a missing piece into a failure rather
// than a skip. Screenshots go to $ARENA_SCREENSHOTS (default: a temporary
// directory, printed).
func TestBrowser(t *testing.T) {
	need := needer(t)
	_, err := exec.LookPath("node")
	need(err == nil, "node")
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	_, err = os.Stat(chromium)
	need(err == nil, chromium)
	_, err = os.Stat("e2e/node_modules/playwright-core")
	need(err == nil, "playwright-core (npm ci --prefix web/e2e)")

	dir := t.TempDir()
	var args []string
	for _, g := range game.All() {
		info := g.Info()
		if info.Name == "sum" || info.Name == "picky" || info.Name == "counted" { // the unit tests' games, not real ones
			continue
		}
		var rep *replay.Replay
		if bots, ok := showcase[info.Name]; ok {
			rep = record(t, info.Name, bots)
		} else {
			rep = recordBuiltins(t, info)
		}
		id := info.Name + "-recorded"
		if err := replay.Save(filepath.Join(dir, id+".json"), rep); err != nil {
			t.Fatal(err)
		}
		page := filepath.Join(dir, id+".html")
		if err := exportPage(page, rep); err != nil {
			t.Fatal(err)
		}
		args = append(args, fmt.Sprintf("%s=%s=%d=%s", info.Name, id, len(rep.Players), page))
	}
	// A bot name of 45 characters without spaces, which the API refuses
	// but a replay from the command line may hold: the page must fit it.
	ants, err := game.Lookup("ants")
	if err != nil {
		t.Fatal(err)
	}
	builtin := "builtin:" + ants.Info().Builtins[0].Name
	// Its seed has 18 digits, as an ordinary random seed has: the header
	// must hold it whole on one row at 800x600.
	long := recordSeed(t, "ants", []string{strings.Repeat("LongName", 5) + "_0123=" + builtin, builtin}, 736492817364528193)
	if err := replay.Save(filepath.Join(dir, "ants-longname.json"), long); err != nil {
		t.Fatal(err)
	}
	args = append(args, "layout=ants-longname")
	// Eight territory players, four of them the same builtin (greedy,
	// greedy#2...): at 800x600 their names must stay told apart.
	terr, err := game.Lookup("territory")
	if err != nil {
		t.Fatal(err)
	}
	var eight []string
	for k := 0; k < 8; k++ {
		eight = append(eight, "builtin:"+terr.Info().Builtins[k%2].Name)
	}
	if err := replay.Save(filepath.Join(dir, "territory-eight.json"), record(t, "territory", eight)); err != nil {
		t.Fatal(err)
	}
	args = append(args, "layout=territory-eight")
	// The longest jungle match (3000 ticks, 4 teams, the biggest map):
	// about 60 MB of replay, whose first paint the page must not hold back
	// until all of it has come. It takes most of the set-up: a run limited
	// to other checks (ARENA_E2E_ONLY) does without it.
	if only := os.Getenv("ARENA_E2E_ONLY"); only == "" || regexp.MustCompile(only).MatchString("first paint of jungle-long") {
		args = append(args, longJungle(t, dir))
	}
	// Each game's live match goes on (mostly pausing between turns) after
	// its page is checked: leave room for all of them.
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
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium)
	res, err := cmd.CombinedOutput()
	t.Logf("viewer.mjs:\n%s", res)
	if err != nil {
		t.Fatalf("browser tests failed: %v", err)
	}
	t.Logf("screenshots in %s", abs)
}

// longJungle records the longest jungle match into dir and returns its
// argument for viewer.mjs.
func longJungle(t *testing.T, dir string) string {
	t.Helper()
	seed := int64(5)
	m, err := match.Setup{Game: "jungle", Bots: showcase["jungle"], Seed: &seed,
		Options: []string{"nb_ticks=3000", "map=bamboo-grove", "tick_timeout_ms=0"}}.Build()
	if err != nil {
		t.Fatal(err)
	}
	big, err := match.Run(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	if err := replay.Save(filepath.Join(dir, "jungle-long.json"), big); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "jungle-long.html")
	if err := exportPage(page, big); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("long=jungle-long=%d=%s", len(big.Turns), page)
}

// needer returns a check that skips the test when a tool is missing, or
// fails it when ARENA_BROWSER_TESTS=1 says the tools must be there (CI).
func needer(t *testing.T) func(ok bool, what string) {
	required := os.Getenv("ARENA_BROWSER_TESTS") == "1"
	return func(ok bool, what string) {
		if ok {
			return
		}
		if required {
			t.Fatalf("the viewer's tests need %s", what)
		}
		t.Skipf("skipped: %s missing (set ARENA_BROWSER_TESTS=1 to require it)", what)
	}
}

// TestTypeCheck checks the types of the viewer's ES modules (// @ts-check
// and JSDoc types) with TypeScript's compiler, installed with the browser
// tests' packages (web/e2e/tsconfig.json says what it checks).
func TestTypeCheck(t *testing.T) {
	need := needer(t)
	_, err := exec.LookPath("node")
	need(err == nil, "node")
	_, err = os.Stat("e2e/node_modules/typescript/bin/tsc")
	need(err == nil, "typescript (npm ci --prefix web/e2e)")
	out, err := exec.Command("node", "e2e/node_modules/typescript/bin/tsc", "-p", "e2e/tsconfig.json").CombinedOutput()
	if err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
}

// exportPage writes the offline page of a replay (arena replay html).
func exportPage(path string, rep *replay.Replay) error {
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

// showcase gives the bots of a game's recorded match when its builtin bots
// do not exercise the viewer: catmouse's builtin mice draw nothing, so a
// tiny mouse that stays and draws (DBG lines, for F6) plays the pursuit
// cats (which draw, for F5); jungle plays with four teams, so that all
// four animals are drawn.
var showcase = map[string][]string{
	"catmouse": {"builtin:pursuit", "drawer=python3 -c '" + drawingMouse + "'"},
	// Four teams: one animal each (the viewer draws all four).
	"jungle": {"builtin:greedy", "builtin:fighter", "builtin:random", "builtin:fighter"},
}

// drawingMouse stays put in either role and draws a circle and a text
// around the mouse every turn.
const drawingMouse = `
import sys
state = False
q = r = 0
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "INIT":
        state = False
    elif w[0] == "STATE":
        state = True
    elif w[0] == "MOUSE":
        q, r = w[1], w[2]
    elif w[0] == "END":
        if state:
            print("DBG CIRCLE %s %s 1.5 cyan" % (q, r))
            print("DBG TEXT %s %s cyan staying here" % (q, r))
            print("MOVE", flush=True)
        else:
            print("READY", flush=True)
`

// record plays one match of a game between the given bots.
func record(t *testing.T, name string, bots []string) *replay.Replay {
	t.Helper()
	return recordSeed(t, name, bots, 7)
}

// recordSeed plays one match of a game between the given bots with a seed.
func recordSeed(t *testing.T, name string, bots []string, seed int64) *replay.Replay {
	t.Helper()
	m, err := match.Setup{Game: name, Bots: bots, Seed: &seed}.Build()
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
