// Package buildtest serves what builds fetch, for tests that must not
// depend on the internet: a package index of one Python package.
package buildtest

import (
	"archive/zip"
	"bytes"
	"net/http"
	"net/http/httptest"
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
