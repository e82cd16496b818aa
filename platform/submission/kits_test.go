package submission_test

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/build/buildtest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// rezip rewrites a zip: each entry through edit (nil drops it), and the
// entries of add appended, as an author's archiver would have made them.
func rezip(t *testing.T, z []byte, edit func(name string) bool, add map[string]string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if edit != nil && !edit(f.Name) {
			continue
		}
		w, _ := zw.Create(f.Name)
		r, _ := f.Open()
		b := new(bytes.Buffer)
		b.ReadFrom(r)
		r.Close()
		w.Write(b.Bytes())
	}
	for name, body := range add {
		w, _ := zw.Create(name)
		w.Write([]byte(body))
	}
	zw.Close()
	return buf.Bytes()
}

// noHostPath fails the test where a team is shown a path of the host.
func noHostPath(t *testing.T, p *platform.Platform, s store.Submission, log string) {
	t.Helper()
	dir, _ := filepath.Abs(p.Dir)
	for _, text := range []string{s.Error, log} {
		if strings.Contains(text, dir) || strings.Contains(text, filepath.Dir(dir)) || regexp.MustCompile(`/tmp/|arena-sandbox`).MatchString(text) {
			t.Errorf("a host path is shown to the team: %q", text)
		}
	}
}

// A kit zipped on a Mac, without kit.json (its author's own, as sent to
// Blitz), beside a __MACOSX/ folder: recognised, built, started, ready.
func TestKitAsItsAuthorZippedItIsReady(t *testing.T) {
	platformtest.NeedSandbox(t)
	p := platformtest.Open(t)
	ctx := context.Background()
	_, invite := platformtest.Event(t, p, "jungle", "Blitz")
	team, _, _ := p.Join(ctx, invite, "Owls")
	z := rezip(t, platformtest.KitZip(t, "jungle", "python", nil),
		func(name string) bool { return !strings.HasSuffix(name, "kit.json") },
		map[string]string{"__MACOSX/kit/._bot.py": "x", "kit/.DS_Store": "x"})
	s, log := platformtest.Built(t, p, team, "mine.zip", z)
	if s.Status != store.StatusReady || s.Language != "python" {
		t.Fatalf("%s %s %q\n%s", s.Status, s.Language, s.Error, log)
	}
	// and where the files do not say, the team is told what to add
	z = rezip(t, z, func(name string) bool { return !strings.HasSuffix(name, ".py") }, map[string]string{"kit/a.rs": "", "kit/b.go": ""})
	s, log = platformtest.Built(t, p, team, "mine.zip", z)
	if s.Status != store.StatusFailed || !strings.Contains(s.Error, "kit.json") || !strings.Contains(s.Error, "typescript") {
		t.Errorf("an unrecognisable zip: %s %q", s.Status, s.Error)
	}
	noHostPath(t, p, s, log)
}

// A build whose run command cannot start fails, in the bot's own words and
// without a host path: a JavaScript kit requiring a module it lacks, a
// Java kit whose class is not the kit's Bot (as CodinGame writes it).
func TestBuildThatCannotStartIsNotReady(t *testing.T) {
	platformtest.NeedSandbox(t)
	p := platformtest.Open(t)
	ctx := context.Background()
	_, invite := platformtest.Event(t, p, "tracks", "Smoke")
	team, _, _ := p.Join(ctx, invite, "Owls")
	for _, c := range []struct {
		lang, file, body, want string
		tools                  []string
	}{
		{"javascript", "bot.js", "require('left-pad');\n", "Cannot find module 'left-pad'", []string{"node"}},
		{"java", "Bot.java", "class Player { public static void main(String[] a) {} }\n", "Could not find or load main class Bot", []string{"javac", "java"}},
		{"python", "bot.py", "import numpy_not_here\n", "No module named 'numpy_not_here'", []string{"python3"}},
	} {
		t.Run(c.lang, func(t *testing.T) {
			for _, tool := range c.tools {
				if _, err := exec.LookPath(tool); err != nil {
					t.Skipf("no %s here", tool)
				}
			}
			s, log := platformtest.Built(t, p, team, "kit.zip", platformtest.KitZip(t, "tracks", c.lang, map[string]string{c.file: c.body}))
			if s.Status != store.StatusFailed || !strings.Contains(s.Error, c.want) || !strings.Contains(log, c.want) {
				t.Errorf("%s %q\n%s", s.Status, s.Error, log)
			}
			noHostPath(t, p, s, log)
		})
	}
	// the kits as they are start, and are ready
	s, log := platformtest.Built(t, p, team, "kit.zip", platformtest.KitZip(t, "tracks", "python", nil))
	if s.Status != store.StatusReady {
		t.Errorf("the python kit unchanged: %s %q\n%s", s.Status, s.Error, log)
	}
}

// Arena's jungle TypeScript kit, uploaded unchanged, is ready, and ready
// means its bot started in the sandbox and registered with the match's
// server: its dist/index.js finds ws in node_modules/. The packages come
// from the npm registry into the organiser's cache (skipped where the
// registry is out of reach).
func TestJungleTypeScriptKitUnchangedStarts(t *testing.T) {
	platformtest.NeedSandbox(t)
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s here", tool)
		}
	}
	p := platformtest.Open(t)
	ctx := context.Background()
	kit := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write("jungle", "typescript", kit); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := build.CacheNPMProject(ctx, kit, filepath.Join(p.Dir, build.NPMCacheDir), &out); err != nil {
		if regexp.MustCompile(`E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH)`).Match(out.Bytes()) && os.Getenv("CI") == "" {
			t.Skipf("the npm registry is out of reach: %v", err)
		}
		t.Fatalf("%v\n%s", err, out.Bytes())
	}
	_, invite := platformtest.Event(t, p, "jungle", "Blitz")
	team, _, _ := p.Join(ctx, invite, "Owls")
	s, log := platformtest.Built(t, p, team, "kit.zip", platformtest.KitZip(t, "jungle", "typescript", nil))
	if s.Status != store.StatusReady || s.Language != "typescript" {
		t.Fatalf("%s %q\n%s", s.Status, s.Error, log)
	}
}

// An HTTP kit is ready once it answers its readiness route in the
// sandbox; without its run file it fails, saying which file to add, and no host
// path (it was "ready", then lost every game naming the data directory).
func TestHTTPKitIsReadyOnlyOnceItAnswers(t *testing.T) {
	platformtest.NeedSandbox(t)
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3 here")
	}
	p := platformtest.Open(t)
	ctx := context.Background()
	_, invite, err := p.CreateEventWith(ctx, "territory", "Ready AI", nil, store.Settings{HTTPBots: true, HouseBots: true})
	if err != nil {
		t.Fatal(err)
	}
	team, _, _ := p.Join(ctx, invite, "Owls")
	s, log := platformtest.Built(t, p, team, "kit.zip", platformtest.KitZip(t, "territory", "python-http", nil))
	if s.Status != store.StatusReady || s.Language != "python-http" {
		t.Fatalf("the HTTP kit unchanged: %s %q\n%s", s.Status, s.Error, log)
	}
	z := rezip(t, platformtest.KitZip(t, "territory", "python-http", nil), func(name string) bool { return !strings.HasSuffix(name, "/bot.py") }, nil)
	s, log = platformtest.Built(t, p, team, "kit.zip", z)
	if s.Status != store.StatusFailed || !strings.Contains(s.Error, "no bot.py") {
		t.Errorf("the HTTP kit without bot.py: %s %q\n%s", s.Status, s.Error, log)
	}
	noHostPath(t, p, s, log)
}

// An event whose builds reach the registries (build_network =
// registries) installs a Python kit's requirements.txt, through Arena's
// proxy (its allow-list here: a local package index), and the bot that
// imports the package is ready; in an event without the network the same
// upload fails its start, saying which module it lacks.
func TestBuildNetworkRegistriesInstallsRequirements(t *testing.T) {
	platformtest.NeedSandbox(t)
	if err := exec.Command("python3", "-m", "pip", "--version").Run(); err != nil {
		t.Skip("no pip here")
	}
	index := buildtest.FakePyPI(t)
	p := platformtest.Open(t)
	p.Intake.RegistryAllow = []string{strings.TrimPrefix(index.URL, "http://")}
	ctx := context.Background()
	kit := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write("tracks", "python", kit); err != nil {
		t.Fatal(err)
	}
	bot, _ := os.ReadFile(filepath.Join(kit, "bot.py"))
	upload := platformtest.KitZip(t, "tracks", "python", map[string]string{
		"bot.py":           "import tiny\n" + string(bot),
		"requirements.txt": "--index-url " + index.URL + "/simple/\ntiny==1.0.0\n",
	})
	for _, c := range []struct {
		network, status, want string
	}{
		{store.BuildNetworkRegistries, store.StatusReady, "Successfully installed tiny-1.0.0"},
		{store.BuildNetworkOff, store.StatusFailed, "No module named 'tiny'"},
	} {
		_, invite, err := p.CreateEventWith(ctx, "tracks", "Net-"+c.network, nil, store.Settings{HouseBots: true, BuildNetwork: c.network})
		if err != nil {
			t.Fatal(err)
		}
		team, _, _ := p.Join(ctx, invite, "Owls")
		s, log := platformtest.Built(t, p, team, "kit.zip", upload)
		if s.Status != c.status || !strings.Contains(log, c.want) {
			t.Errorf("build_network %s: %s %q, want %s and %q in the log\n%s", c.network, s.Status, s.Error, c.status, c.want, log)
		}
		noHostPath(t, p, s, log)
	}
	// The organiser adds the team's project to the pip cache (arena
	// pip-cache): the same upload then builds without network.
	var out strings.Builder
	if err := build.CachePip(ctx, kitDir(t, upload), filepath.Join(p.Dir, build.PipCacheDir), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	_, invite, err := p.CreateEventWith(ctx, "tracks", "Net-cache", nil, store.Settings{HouseBots: true, BuildNetwork: store.BuildNetworkOff})
	if err != nil {
		t.Fatal(err)
	}
	team, _, _ := p.Join(ctx, invite, "Owls")
	s, log := platformtest.Built(t, p, team, "kit.zip", upload)
	if s.Status != store.StatusReady || !strings.Contains(log, "Successfully installed tiny-1.0.0") {
		t.Errorf("from the organiser's pip cache: %s %q\n%s", s.Status, s.Error, log)
	}
	noHostPath(t, p, s, log)
}

// kitDir unzips a kit's upload into a new directory and returns the
// directory holding its files (a zip's one folder, if it has one).
func kitDir(t *testing.T, upload []byte) string {
	t.Helper()
	dir := t.TempDir()
	zr, err := zip.NewReader(bytes.NewReader(upload), int64(len(upload)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		to := filepath.Join(dir, filepath.FromSlash(f.Name))
		os.MkdirAll(filepath.Dir(to), 0o755)
		if err := os.WriteFile(to, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*", "requirements.txt")); len(m) == 1 {
		return filepath.Dir(m[0])
	}
	return dir
}
