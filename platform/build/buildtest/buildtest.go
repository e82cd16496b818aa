// Package buildtest serves what builds fetch, for tests that must not
// depend on the internet: a package index of one Python package, a crate
// registry of one Rust crate, an npm registry of one package.
package buildtest

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"testing"
)

// FakePyPI serves one package, tiny 1.0.0 (tiny.X = 42), as a PyPI simple
// index does: its page at /simple/tiny/, and its wheel. It stops when the
// test ends.
func FakePyPI(t testing.TB) *httptest.Server {
	var whl bytes.Buffer
	zw := zip.NewWriter(&whl)
	for _, f := range []struct{ name, body string }{
		{"tiny/__init__.py", "X = 42\n"},
		{"tiny-1.0.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: tiny\nVersion: 1.0.0\n"},
		{"tiny-1.0.0.dist-info/WHEEL", "Wheel-Version: 1.0\nGenerator: arena-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"},
		{"tiny-1.0.0.dist-info/RECORD", "tiny/__init__.py,,\ntiny-1.0.0.dist-info/METADATA,,\ntiny-1.0.0.dist-info/WHEEL,,\ntiny-1.0.0.dist-info/RECORD,,\n"},
	} {
		w, _ := zw.Create(f.name)
		w.Write([]byte(f.body))
	}
	zw.Close()
	mux := http.NewServeMux()
	mux.HandleFunc("/simple/tiny/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html><body><a href="/files/tiny-1.0.0-py3-none-any.whl">tiny-1.0.0-py3-none-any.whl</a></body></html>`))
	})
	mux.HandleFunc("/files/tiny-1.0.0-py3-none-any.whl", func(w http.ResponseWriter, r *http.Request) { w.Write(whl.Bytes()) })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// FakeCrates serves one Rust crate, tiny 1.0.0 (tiny::X = 42), as a
// sparse crate registry does (cargo's sparse+http index): its config.json,
// its index file and its .crate. It stops when the test ends; its URL is
// the index's, without the sparse+ prefix.
func FakeCrates(t testing.TB) *httptest.Server {
	crate := tinyCrate(t)
	sum := sha256.Sum256(crate)
	mux := http.NewServeMux()
	var srv *httptest.Server
	mux.HandleFunc("/config.json", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"dl": "%s/crates/{crate}/{version}/download"}`, srv.URL)
	})
	mux.HandleFunc("/ti/ny/tiny", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"name":"tiny","vers":"1.0.0","deps":[],"cksum":"%x","features":{},"yanked":false}`+"\n", sum)
	})
	mux.HandleFunc("/crates/tiny/1.0.0/download", func(w http.ResponseWriter, r *http.Request) { w.Write(crate) })
	srv = httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// tinyCrate is the .crate of tiny 1.0.0: a gzipped tar of its folder.
func tinyCrate(t testing.TB) []byte {
	return tarGz(t, map[string]string{
		"tiny-1.0.0/Cargo.toml": "[package]\nname = \"tiny\"\nversion = \"1.0.0\"\nedition = \"2018\"\n",
		"tiny-1.0.0/src/lib.rs": "pub const X: u32 = 42;\n",
	})
}

// FakeNPM serves one npm package, tiny 1.0.0 (require('tiny').X === 42),
// as the npm registry does: its packument at /tiny and its tarball. Lock
// is a package-lock.json of a project that depends on it alone, as npm
// writes it against this registry. It stops when the test ends.
func FakeNPM(t testing.TB) (srv *httptest.Server, lock string) {
	tgz := tarGz(t, map[string]string{
		"package/package.json": `{"name": "tiny", "version": "1.0.0", "main": "index.js"}`,
		"package/index.js":     "exports.X = 42;\n",
	})
	sum := sha512.Sum512(tgz)
	integrity := "sha512-" + base64.StdEncoding.EncodeToString(sum[:])
	mux := http.NewServeMux()
	mux.HandleFunc("/tiny", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"name": "tiny", "dist-tags": {"latest": "1.0.0"}, "versions": {"1.0.0": {"name": "tiny", "version": "1.0.0", "main": "index.js", "dist": {"tarball": "%s/tiny/-/tiny-1.0.0.tgz", "integrity": "%s"}}}}`, srv.URL, integrity)
	})
	mux.HandleFunc("/tiny/-/tiny-1.0.0.tgz", func(w http.ResponseWriter, r *http.Request) { w.Write(tgz) })
	srv = httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	lock = fmt.Sprintf(`{
  "name": "bot",
  "version": "1.0.0",
  "lockfileVersion": 3,
  "requires": true,
  "packages": {
    "": {"name": "bot", "version": "1.0.0", "dependencies": {"tiny": "^1.0.0"}},
    "node_modules/tiny": {"version": "1.0.0", "resolved": "%s/tiny/-/tiny-1.0.0.tgz", "integrity": "%s"}
  }
}
`, srv.URL, integrity)
	return srv, lock
}

// tarGz is a gzipped tar of files (name: text).
func tarGz(t testing.TB, files map[string]string) []byte {
	var buf bytes.Buffer
	gz := gzip.NewWriter(&buf)
	tw := tar.NewWriter(gz)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(files[n])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(files[n]))
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	gz.Close()
	return buf.Bytes()
}
