package platformpages_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/sandbox"
)

// TestLanguagesPageBrowser runs web/e2e/languages.mjs: the languages page
// lists the registry's languages for anyone, with the versions and
// libraries the sandbox shows (Python's version line as the sandbox
// prints it, Rust's rand crate where Debian's registry has it).
func TestLanguagesPageBrowser(t *testing.T) {
	env := startPlatformPages(t)
	py, _ := lang.ByName("python")
	r, err := sandbox.RunIn(context.Background(), sandbox.Config{}, py.Version, nil)
	if err != nil {
		t.Fatal(err)
	}
	version := strings.TrimSpace(strings.SplitN(string(r.Output), "\n", 2)[0])
	crate := ""
	if _, err := os.Stat(lang.CrateRegistry + "/rand-0.8.5"); err == nil {
		crate = "rand 0.8.5"
	}
	env.run(t, "e2e/languages.mjs", version, crate)
}
