package build

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha1"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/kits"
)

// fakeRegistry serves one package, tiny 1.0.0 (module.exports = 42), as
// an npm registry does: its packument and its tarball.
func fakeRegistry(t *testing.T) *httptest.Server {
	t.Helper()
	var tgz bytes.Buffer
	zw := gzip.NewWriter(&tgz)
	tw := tar.NewWriter(zw)
	for name, body := range map[string]string{
		"package/package.json": `{"name":"tiny","version":"1.0.0","main":"index.js"}`,
		"package/index.js":     "module.exports = 42;\n",
	} {
		tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg})
		tw.Write([]byte(body))
	}
	tw.Close()
	zw.Close()
	sum512, sum1 := sha512.Sum512(tgz.Bytes()), sha1.Sum(tgz.Bytes())
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	mux.HandleFunc("/tiny", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{
			"name": "tiny", "dist-tags": map[string]string{"latest": "1.0.0"},
			"versions": map[string]any{"1.0.0": map[string]any{
				"name": "tiny", "version": "1.0.0", "main": "index.js",
				"dist": map[string]string{"tarball": srv.URL + "/tiny/-/tiny-1.0.0.tgz",
					"integrity": "sha512-" + base64.StdEncoding.EncodeToString(sum512[:]),
					"shasum":    hex.EncodeToString(sum1[:])},
			}},
		})
	})
	mux.HandleFunc("/tiny/-/tiny-1.0.0.tgz", func(w http.ResponseWriter, r *http.Request) { w.Write(tgz.Bytes()) })
	return srv
}

// A build, which has no network, installs an npm project's packages from
// the cache CacheNPMProject filled (from a registry gone since), seen
// read-only; without the cache the same build fails.
func TestBuildInstallsFromTheNPMCache(t *testing.T) {
	o := buildOptions(t)
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm is not installed")
	}
	reg := fakeRegistry(t)
	t.Setenv("npm_config_registry", reg.URL+"/") // the organiser's npm
	ctx := context.Background()
	project := t.TempDir()
	os.WriteFile(filepath.Join(project, "package.json"), []byte(`{"name":"p","version":"1.0.0","dependencies":{"tiny":"1.0.0"}}`), 0o644)
	lock := exec.Command("npm", "install", "--package-lock-only", "--no-audit", "--no-fund", "--cache", t.TempDir())
	lock.Dir = project
	if out, err := lock.CombinedOutput(); err != nil {
		t.Fatalf("npm install: %v\n%s", err, out)
	}
	cache := filepath.Join(workDir(t), NPMCacheDir)
	var log strings.Builder
	if err := CacheNPMProject(ctx, project, cache, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	reg.Close()

	m := kits.Manifest{Language: "javascript",
		// (no retries: without the cache, the build fails at once)
		Build: `npm ci --prefer-offline --no-audit --no-fund --fetch-retries=0 && node -e 'process.exit(require("tiny") === 42 ? 0 : 1)'`}
	fresh := func() string {
		root := workDir(t)
		for _, f := range []string{"package.json", "package-lock.json"} {
			b, _ := os.ReadFile(filepath.Join(project, f))
			os.WriteFile(filepath.Join(root, f), b, 0o644)
		}
		return root
	}
	if r, err := Run(ctx, fresh(), m, nil, o); err != nil || r.OK {
		t.Fatalf("without the cache: %+v %v\n%s", r.Status, err, r.Log)
	}
	o.NPMCache = cache
	root := fresh()
	r, err := Run(ctx, root, m, nil, o)
	if err != nil || !r.OK {
		t.Fatalf("with the cache: %+v %v\n%s", r.Status, err, r.Log)
	}
	if _, err := os.Stat(filepath.Join(root, buildCache)); err == nil {
		t.Error("the build's copy of the cache is left in the built tree")
	}
}
