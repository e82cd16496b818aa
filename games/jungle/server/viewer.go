package server

import (
	"net/http"
	"os"

	"github.com/seed27749672/arena/web"
)

// Arena's viewer on the host's port: the web package's pages and replays
// (each finished game is saved in the replay directory), plus the game in
// progress, streamed live the way `arena serve` streams its matches. The
// host plays its games itself: the viewer only shows them (read-only).

// viewerHandler serves Arena's viewer for plain HTTP requests; the home
// page goes straight to the game in progress, when there is one.
func (s *Server) viewerHandler() http.Handler {
	if s.cfg.Replays == "" {
		dir, err := os.MkdirTemp("", "arena-host-jungle-")
		if err == nil {
			s.cfg.Replays = dir
		}
	}
	// Any host name: the viewer is read-only and shows public games, and
	// the host is reached by whatever name its bots use.
	s.site = &web.Server{Replays: s.cfg.Replays, ReadOnly: true, Hosts: []string{"*"}}
	site := s.site.Handler()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		if id, ok := s.site.Live(); ok {
			http.Redirect(w, r, "/match/"+id, http.StatusFound)
			return
		}
		site.ServeHTTP(w, r)
	})
	mux.Handle("/", site)
	return mux
}
