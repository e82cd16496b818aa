package api

import (
	"net/http"

	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/platform/store"
)

// languageDoc is one language of the languages page: the registry's
// entry with its version and libraries as the builds see them.
type languageDoc struct {
	Name       string         `json:"name"`
	Title      string         `json:"title"`
	Extensions []string       `json:"extensions"`
	Version    string         `json:"version"` // "" when the builds do not find it
	Install    string         `json:"install,omitempty"`
	Libraries  []lang.Library `json:"libraries"`
	Build      string         `json:"build,omitempty"`
	Run        string         `json:"run"`
	Notes      string         `json:"notes"`
}

// languages is the languages page's document: every language of the
// registry, as CodinGame's FAQ lists its own, with the version and the
// libraries the sandbox shows (probed once), and the languages that
// cannot be had. It takes no token: the page is for anyone choosing a
// language, and counts against the public budget.
func (a *api) languages(w http.ResponseWriter, r *http.Request, _ store.Team) {
	if !a.public.Allow(clientAddr(r)) {
		w.Header().Set("Retry-After", "10")
		apiError(w, http.StatusTooManyRequests, "too many requests: wait a little")
		return
	}
	seen, sandboxed, err := a.p.Languages(r.Context())
	if err != nil {
		a.internal(w, err)
		return
	}
	docs := []languageDoc{}
	for _, s := range seen {
		d := languageDoc{Name: s.Name, Title: s.Title, Extensions: s.Extensions, Version: s.Version,
			Libraries: s.Libraries, Build: s.Build, Run: s.Run, Notes: s.CodinGame}
		if d.Libraries == nil {
			d.Libraries = []lang.Library{}
		}
		if d.Version == "" {
			d.Install = s.Install()
		}
		docs = append(docs, d)
	}
	missing := []map[string]string{}
	for _, m := range lang.Missing {
		missing = append(missing, map[string]string{"title": m.Title, "why": m.Why})
	}
	writeJSON(w, http.StatusOK, map[string]any{"sandboxed": sandboxed, "languages": docs, "missing": missing})
}
