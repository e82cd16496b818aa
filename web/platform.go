package web

import (
	"net/http"
	"strings"
)

// The competition platform's pages (web/platform/): plain HTML, CSS and
// ES modules like the viewer's, calling the platform's API with a token
// the browser keeps. They are served only when the server runs the
// platform (Server.Platform, arena serve --data); without it their
// addresses are 404 like any unknown path.

// platformPagePaths maps each page's address to its file.
var platformPagePaths = map[string]string{
	"/platform/{$}":         "platform/index.html",
	"/platform/join":        "platform/join.html",
	"/platform/team":        "platform/team.html",
	"/platform/editor":      "platform/editor.html",
	"/platform/replay/{id}": "platform/replay.html",
	"/platform/organiser":   "platform/organiser.html",
	"/platform/finals":      "platform/finals.html",
	"/platform/watch":       "platform/watch.html",
	"/platform/languages":   "platform/languages.html",
}

func (s *Server) platformPages(mux *http.ServeMux) {
	for pattern, file := range platformPagePaths {
		mux.HandleFunc("GET "+pattern, s.platformOnly(s.page(file)))
	}
	// The pages' scripts and stylesheet; anything else under /platform/
	// (an HTML file by its own name, a directory) is not an address.
	files := http.FileServerFS(Static())
	mux.HandleFunc("GET /platform/", s.platformOnly(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, ".js") && !strings.HasSuffix(r.URL.Path, ".css") {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	}))
}

// platformOnly answers 404 unless the server runs the platform.
func (s *Server) platformOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.Platform == nil {
			http.NotFound(w, r)
			return
		}
		h(w, r)
	}
}
