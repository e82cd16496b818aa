package web_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/web/viewerpages"
)

// TestBrowser runs web/e2e/viewer.mjs in a real headless Chromium for
// the viewer's site (a reflected payload shown as text, the home page's
// form), the layout of replays that strain it (a long bot name with an
// ordinary 18-digit seed, eight territory players of the same builtins),
// and the first paint of the longest jungle match. Each game's own checks
// are a test package a game, in web/viewerpages; every game has one. It
// needs node, the chromium package and `npm ci --prefix web/e2e`; CI
// installs them and sets ARENA_BROWSER_TESTS=1, which turns a missing
// piece into a failure rather than a skip. Screenshots go to
// $ARENA_SCREENSHOTS (default: a temporary directory, printed).
func TestBrowser(t *testing.T) {
	for _, g := range game.All() {
		info := g.Info()
		if info.Name == "sum" || info.Name == "picky" || info.Name == "counted" { // the unit tests' games, not real ones
			continue
		}
		if _, err := os.Stat(filepath.Join("viewerpages", info.Name, "viewer_test.go")); err != nil {
			t.Errorf("%s has no viewer checks: web/viewerpages/%s/viewer_test.go is missing (%v)", info.Name, info.Name, err)
		}
	}
	chromium := viewerpages.NeedBrowser(t)
	dir := t.TempDir()
	args := []string{"site"}
	// A bot name of 45 characters without spaces, which the API refuses
	// but a replay from the command line may hold: the page must fit it.
	ants, err := game.Lookup("ants")
	if err != nil {
		t.Fatal(err)
	}
	builtin := "builtin:" + ants.Info().Builtins[0].Name
	// Its seed has 18 digits, as an ordinary random seed has: the header
	// must hold it whole on one row at 800x600.
	long := viewerpages.Record(t, "ants", []string{strings.Repeat("LongName", 5) + "_0123=" + builtin, builtin}, 736492817364528193)
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
	if err := replay.Save(filepath.Join(dir, "territory-eight.json"), viewerpages.Record(t, "territory", eight, 7)); err != nil {
		t.Fatal(err)
	}
	args = append(args, "layout=territory-eight")
	// The longest jungle match (3000 ticks, 4 teams, the biggest map):
	// about 33 MB of replay, whose first paint the page must not hold back
	// until all of it has come. It takes most of the set-up: a run limited
	// to other checks (ARENA_E2E_ONLY) does without it.
	if only := os.Getenv("ARENA_E2E_ONLY"); only == "" || regexp.MustCompile(only).MatchString("first paint of jungle-long") {
		args = append(args, longJungle(t, dir))
	}
	viewerpages.Run(t, chromium, dir, args...)
}

// longJungle records the longest jungle match into dir and returns its
// argument for viewer.mjs.
func longJungle(t *testing.T, dir string) string {
	t.Helper()
	big := viewerpages.Record(t, "jungle", []string{"builtin:greedy", "builtin:fighter", "builtin:random", "builtin:fighter"}, 5,
		"nb_ticks=3000", "map=bamboo-grove", "tick_timeout_ms=0")
	if err := replay.Save(filepath.Join(dir, "jungle-long.json"), big); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "jungle-long.html")
	if err := viewerpages.ExportPage(page, big); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("long=jungle-long=%d=%s", len(big.Turns), page)
}

// TestTypeCheck checks the types of the viewer's ES modules (// @ts-check
// and JSDoc types) with TypeScript's compiler, installed with the browser
// tests' packages (web/e2e/tsconfig.json says what it checks).
func TestTypeCheck(t *testing.T) {
	need := viewerpages.Need(t)
	_, err := exec.LookPath("node")
	need(err == nil, "node")
	_, err = os.Stat("e2e/node_modules/typescript/bin/tsc")
	need(err == nil, "typescript (npm ci --prefix web/e2e)")
	out, err := exec.Command("node", "e2e/node_modules/typescript/bin/tsc", "-p", "e2e/tsconfig.json").CombinedOutput()
	if err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}
}
