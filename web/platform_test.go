package web

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The platform's pages are served only when the server runs the platform,
// at their addresses only, with the viewer's security headers.
func TestPlatformPages(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { writeJSON(w, 200, map[string]string{"api": r.URL.Path}) })
	with := &Server{Replays: t.TempDir(), Platform: api}
	without := &Server{Replays: t.TempDir()}
	tsWith, tsWithout := httptest.NewServer(with.Handler()), httptest.NewServer(without.Handler())
	t.Cleanup(func() { tsWith.Close(); tsWithout.Close(); with.Close(); without.Close() })

	get := func(ts *httptest.Server, path string) (int, http.Header, string) {
		t.Helper()
		res, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header, string(b)
	}
	pages := map[string]string{
		"/platform/":          "/platform/login.js",
		"/platform/join":      "/platform/join.js",
		"/platform/team":      "/platform/team.js",
		"/platform/replay/12": "/platform/replay.js",
		"/platform/organiser": "/platform/organiser.js",
		"/platform/finals":    "/platform/finals.js",
		"/platform/languages": "/platform/languages.js",
	}
	for path, script := range pages {
		code, hd, body := get(tsWith, path)
		if code != 200 || !strings.HasPrefix(hd.Get("Content-Type"), "text/html") || !strings.Contains(body, `src="`+script+`"`) {
			t.Errorf("GET %s with the platform: %d %s, want the page that loads %s", path, code, hd.Get("Content-Type"), script)
		}
		if hd.Get("Content-Security-Policy") != csp || hd.Get("X-Frame-Options") != "DENY" {
			t.Errorf("GET %s: security headers missing: %v", path, hd)
		}
		if code, _, _ := get(tsWithout, path); code != 404 {
			t.Errorf("GET %s without the platform: %d, want 404", path, code)
		}
	}
	for _, path := range []string{"/platform/common.js", "/platform/team.js", "/platform/platform.css"} {
		if code, _, _ := get(tsWith, path); code != 200 {
			t.Errorf("GET %s with the platform: %d, want 200", path, code)
		}
		if code, _, _ := get(tsWithout, path); code != 404 {
			t.Errorf("GET %s without the platform: %d, want 404", path, code)
		}
	}
	// Nothing else under /platform/: no HTML by its file name, no
	// listing, no file that is not there.
	for _, path := range []string{"/platform/team.html", "/platform/index.html", "/platform/nothing.js", "/platform/replay/",
		"/platform/replay/1/2", "/platform/join/x", "/platform/x/"} {
		if code, _, _ := get(tsWith, path); code != 404 {
			t.Errorf("GET %s: %d, want 404", path, code)
		}
	}
	// The home page learns whether to link to the platform.
	for _, c := range []struct {
		ts   *httptest.Server
		want bool
	}{{tsWith, true}, {tsWithout, false}} {
		var g struct{ Platform bool }
		getJSON(t, c.ts.URL+"/api/games", &g)
		if g.Platform != c.want {
			t.Errorf("/api/games platform = %v, want %v", g.Platform, c.want)
		}
	}
}
