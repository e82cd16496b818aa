package build

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/build/buildtest"
	"github.com/seed27749672/arena/platform/regproxy"
)

// npmProject is a directory the sandbox reaches, holding a package.json
// that depends on pkg.
func npmProject(t *testing.T, pkg, version string) string {
	root := workDir(t)
	os.WriteFile(filepath.Join(root, "package.json"), []byte(`{"name":"p","version":"1.0.0","dependencies":{"`+pkg+`":"`+version+`"}}`), 0o644)
	return root
}

// A build that fetches reaches the registries of its proxy's allow-list
// through the one port forwarded into its sandbox: npm installs from a
// local registry. The same build without the network fails, and so does
// one whose registry is off the list (refused, and told why).
func TestBuildFetchesThroughTheRegistryProxy(t *testing.T) {
	o := buildOptions(t)
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm is not installed")
	}
	reg := fakeRegistry(t)
	host := strings.TrimPrefix(reg.URL, "http://")
	ctx := context.Background()
	m := kits.Manifest{Language: "javascript",
		Build: "npm install --no-audit --no-fund --fetch-retries=0 --registry " + reg.URL + `/ && node -e 'process.exit(require("tiny") === 42 ? 0 : 1)'`}

	o.Registries = &regproxy.Proxy{Allow: []string{host}}
	if r, err := Run(ctx, npmProject(t, "tiny", "1.0.0"), m, nil, o); err != nil || !r.OK {
		t.Fatalf("through the proxy: %s %v\n%s", r.Status, err, r.Log)
	}
	o.Registries = &regproxy.Proxy{Allow: []string{"registry.npmjs.org:443"}}
	r, err := Run(ctx, npmProject(t, "tiny", "1.0.0"), m, nil, o)
	if err != nil || r.OK || !strings.Contains(string(r.Log), "403") {
		t.Errorf("a registry off the list: %s %v\n%s", r.Status, err, r.Log)
	}
	o.Registries = nil
	if r, err := Run(ctx, npmProject(t, "tiny", "1.0.0"), m, nil, o); err != nil || r.OK {
		t.Errorf("without the network: %s %v\n%s", r.Status, err, r.Log)
	}
}

// The one test that reaches the internet: a real small package from the
// npm registry, through the default allow-list; skipped where the
// registry is out of reach.
func TestBuildFetchesFromTheNPMRegistry(t *testing.T) {
	o := buildOptions(t)
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm is not installed")
	}
	if testing.Short() {
		t.Skip("reaches the npm registry")
	}
	probe := exec.Command("npm", "view", "is-number@7.0.0", "version", "--fetch-retries=0", "--cache", t.TempDir())
	if out, err := probe.CombinedOutput(); err != nil {
		t.Skipf("the npm registry is out of reach from here: %v %s", err, out)
	}
	o.Registries = &regproxy.Proxy{}
	m := kits.Manifest{Language: "javascript",
		Build: `npm install --no-audit --no-fund --registry https://registry.npmjs.org/ && node -e 'process.exit(require("is-number")(7) ? 0 : 1)'`}
	r, err := Run(context.Background(), npmProject(t, "is-number", "7.0.0"), m, nil, o)
	if err != nil || !r.OK {
		t.Fatalf("%s %v\n%s", r.Status, err, r.Log)
	}
}

// A Python kit's requirements.txt is installed into its directory when
// the build reaches the registries: from a local index here, through the
// proxy; the bot then imports it from its own directory.
func TestBuildInstallsRequirementsThroughTheProxy(t *testing.T) {
	o := buildOptions(t)
	if err := exec.Command("python3", "-m", "pip", "--version").Run(); err != nil {
		t.Skip("no pip here")
	}
	reg := buildtest.FakePyPI(t)
	root := workDir(t)
	os.WriteFile(filepath.Join(root, "requirements.txt"), []byte("tiny==1.0.0\n"), 0o644)
	m := WithDependencies(kits.Manifest{Language: "python", Run: "python3 bot.py"}, root, true, false)
	if !strings.Contains(m.Build, "requirements.txt") {
		t.Fatalf("build %q installs no requirements", m.Build)
	}
	m.Build += ` && python3 -c 'import tiny; assert tiny.X == 42'`
	o.Registries = &regproxy.Proxy{Allow: []string{strings.TrimPrefix(reg.URL, "http://")}}
	env := []string{"PIP_INDEX_URL=" + reg.URL + "/simple/", "PIP_FIND_LINKS=", "PIP_RETRIES=0"}
	r, err := Run(context.Background(), root, m, env, o)
	if err != nil || !r.OK {
		t.Fatalf("%s %v\n%s", r.Status, err, r.Log)
	}
	if _, err := os.Stat(filepath.Join(root, "tiny", "__init__.py")); err != nil {
		t.Errorf("the package is not in the kit's tree: %v", err)
	}
	// the same build without the network finds nothing
	o.Registries = nil
	off := workDir(t)
	os.WriteFile(filepath.Join(off, "requirements.txt"), []byte("tiny==1.0.0\n"), 0o644)
	if r, err := Run(context.Background(), off, m, env, o); err != nil || r.OK {
		t.Errorf("without the network: %s %v\n%s", r.Status, err, r.Log)
	}
	if m := WithDependencies(kits.Manifest{Language: "javascript", Build: "npm ci"}, root, true, false); m.Build != "npm ci" {
		t.Errorf("a JavaScript kit's build changed: %q", m.Build)
	}
}

// A JavaScript kit's package-lock.json is installed (npm ci, without
// devDependencies) unless its build runs npm ci already; a Python kit's
// requirements.txt only where the build reaches the registries, or else
// from the organiser's pip cache.
func TestWithDependenciesOfJavaScriptAndPython(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"package-lock.json", "requirements.txt"} {
		os.WriteFile(filepath.Join(root, f), []byte("{}"), 0o644)
	}
	for _, fetch := range []bool{true, false} {
		if m := WithDependencies(kits.Manifest{Language: "javascript", Run: "node bot.js"}, root, fetch, false); m.Build != npmInstall {
			t.Errorf("fetch %v: a JavaScript kit's build %q", fetch, m.Build)
		}
	}
	if m := WithDependencies(kits.Manifest{Language: "python", Run: "python3 bot.py"}, root, false, false); m.Build != "" {
		t.Errorf("without the registries or a pip cache, pip runs: %q", m.Build)
	}
	if m := WithDependencies(kits.Manifest{Language: "python", Run: "python3 bot.py"}, root, false, true); m.Build != pipOffline {
		t.Errorf("with the organiser's pip cache: %q", m.Build)
	}
	if m := WithDependencies(kits.Manifest{Language: "python", Run: "python3 bot.py"}, root, true, true); m.Build != pipInstall {
		t.Errorf("with the registries and a pip cache: %q, want the registries'", m.Build)
	}
	if m := WithDependencies(kits.Manifest{Language: "javascript", Run: "node bot.js"}, t.TempDir(), true, false); m.Build != "" {
		t.Errorf("no lockfile, yet %q", m.Build)
	}
}

// Without network, a Python kit's requirements.txt is installed from the
// organiser's pip cache (filled by CachePip, from a project's own
// requirements.txt): the bot imports the package from its tree, the
// build's copy of the cache is gone once it ends, and a package the cache
// lacks fails the build saying which.
func TestBuildInstallsRequirementsFromThePipCache(t *testing.T) {
	o := buildOptions(t)
	if err := exec.Command("python3", "-m", "pip", "--version").Run(); err != nil {
		t.Skip("no pip here")
	}
	reg := buildtest.FakePyPI(t)
	project := t.TempDir()
	os.WriteFile(filepath.Join(project, "requirements.txt"), []byte("--index-url "+reg.URL+"/simple/\ntiny==1.0.0\n"), 0o644)
	cache := filepath.Join(t.TempDir(), PipCacheDir)
	var out strings.Builder
	if err := CachePip(context.Background(), project, cache, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	o.PipCache = cache
	for _, c := range []struct {
		req  string
		ok   bool
		want string
	}{
		{"tiny==1.0.0\n", true, "Successfully installed tiny-1.0.0"},
		{"tiny==1.0.0\nabsent==2.0\n", false, "No matching distribution found for absent"},
	} {
		root := workDir(t)
		os.WriteFile(filepath.Join(root, "requirements.txt"), []byte(c.req), 0o644)
		m := WithDependencies(kits.Manifest{Language: "python", Run: "python3 bot.py"}, root, false, true)
		m.Build += ` && python3 -c 'import tiny; assert tiny.X == 42'`
		r, err := Run(context.Background(), root, m, nil, o)
		if err != nil || r.OK != c.ok || !strings.Contains(string(r.Log), c.want) {
			t.Errorf("%q: %s %v, want ok %v and %q\n%s", c.req, r.Status, err, c.ok, c.want, r.Log)
		}
		if _, err := os.Stat(filepath.Join(root, buildPipCache)); !os.IsNotExist(err) {
			t.Errorf("the build's copy of the cache is left: %v", err)
		}
	}
}
