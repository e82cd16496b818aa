package submission_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/build/buildtest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// A JavaScript kit whose author added a package (its package.json and
// package-lock.json beside bot.js) gets it installed: fetched where the
// event's builds reach the registries (here a local registry, through
// Arena's proxy), else from the organiser's npm cache once the organiser
// has added the team's project to it (arena npm-cache --data DIR
// PROJECT); without either the bot cannot start, and says which module it
// lacks.
func TestJavaScriptKitInstallsItsLockfilesPackages(t *testing.T) {
	platformtest.NeedSandbox(t)
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s here", tool)
		}
	}
	registry, lock := buildtest.FakeNPM(t)
	p := platformtest.Open(t)
	p.Intake.RegistryAllow = []string{strings.TrimPrefix(registry.URL, "http://")}
	ctx := context.Background()
	kit := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write("tracks", "javascript", kit); err != nil {
		t.Fatal(err)
	}
	bot, _ := os.ReadFile(filepath.Join(kit, "bot.js"))
	pkg := `{"name": "bot", "version": "1.0.0", "dependencies": {"tiny": "^1.0.0"}}`
	upload := platformtest.KitZip(t, "tracks", "javascript", map[string]string{
		"bot.js":            "if (require('tiny').X !== 42) process.exit(3);\n" + string(bot),
		"package.json":      pkg,
		"package-lock.json": lock,
	})
	build1 := func(network, status, want string, upload []byte) {
		t.Helper()
		_, invite, err := p.CreateEventWith(ctx, "tracks", "Npm-"+network+status, nil, store.Settings{HouseBots: true, BuildNetwork: network})
		if err != nil {
			t.Fatal(err)
		}
		team, _, _ := p.Join(ctx, invite, "Owls")
		s, log := platformtest.Built(t, p, team, "kit.zip", upload)
		if s.Status != status || !strings.Contains(log, want) {
			t.Errorf("build_network %s: %s %q, want %s and %q in the log\n%s", network, s.Status, s.Error, status, want, log)
		}
		noHostPath(t, p, s, log)
	}
	build1(store.BuildNetworkRegistries, store.StatusReady, "added 1 package", upload)
	build1(store.BuildNetworkOff, store.StatusFailed, "Cannot find module 'tiny'", upload)
	project := t.TempDir()
	os.WriteFile(filepath.Join(project, "package.json"), []byte(pkg), 0o644)
	os.WriteFile(filepath.Join(project, "package-lock.json"), []byte(lock), 0o644)
	var out bytes.Buffer
	if err := build.CacheNPMCopy(ctx, project, filepath.Join(p.Dir, build.NPMCacheDir), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.Bytes())
	}
	if _, err := os.Stat(filepath.Join(project, "node_modules")); err == nil {
		t.Errorf("the team's project was installed in place")
	}
	// another tree: not ready at once by sharing the first build
	upload = rezip(t, upload, nil, map[string]string{"kit/NOTES.md": "from the cache\n"})
	build1(store.BuildNetworkOff, store.StatusReady, "added 1 package", upload)
}
