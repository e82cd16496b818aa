package api

import (
	"errors"
	"net/http"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/rules"
	"github.com/seed27749672/arena/platform/store"
)

// The rules a team reads (GET rules): the statement of its league, or
// with ?league=N that of a league it has passed (package rules).

func (a *api) rules(w http.ResponseWriter, r *http.Request, t store.Team) {
	ev, err := a.p.Store().Event(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		a.internal(w, err)
		return
	}
	doc, err := rules.Statement(ev, g.Info(), t, r.URL.Query().Get("league"))
	var refused *rules.Error
	switch {
	case errors.As(err, &refused):
		apiError(w, refused.Status, refused.Msg)
	case err != nil:
		a.internal(w, err)
	default:
		writeJSON(w, http.StatusOK, doc)
	}
}
