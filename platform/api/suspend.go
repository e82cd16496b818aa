package api

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
)

// orgSuspend suspends a team of the event, or lets it back:
// {"suspended": bool, "reason": "..."} (the reason, optional, is shown on
// the team's pages). It answers the team as the organiser's teams list
// shows it. A team of another event is a 404, as one that does not exist.
func (a *api) orgSuspend(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	id, err := strconv.ParseInt(r.PathValue("team"), 10, 64)
	if err != nil {
		apiError(w, http.StatusBadRequest, "the team must be its id, a number")
		return
	}
	var req struct {
		Suspended *bool  `json:"suspended"`
		Reason    string `json:"reason"`
	}
	if err := decodeJSON(r, &req); err != nil || req.Suspended == nil {
		apiError(w, http.StatusBadRequest, `send {"suspended": true, "reason": "..."} or {"suspended": false}`)
		return
	}
	t, err := a.p.SuspendTeam(r.Context(), ev.ID, id, *req.Suspended, req.Reason)
	if errors.Is(err, store.ErrNotFound) {
		apiError(w, http.StatusNotFound, "event "+strconv.FormatInt(ev.ID, 10)+" has no team "+strconv.Quote(r.PathValue("team")))
		return
	}
	if a.userOrInternal(w, err) {
		return
	}
	a.o.Log.Info("team suspended", "event", ev.ID, "team", t.ID, "suspended", t.Suspended)
	writeJSON(w, http.StatusOK, teamJSON(t))
}

// refuseSuspended answers 403 to a suspended team's upload or game, before
// its body is read, and reports whether it did.
func refuseSuspended(w http.ResponseWriter, t store.Team) bool {
	if err := event.Suspended(t); err != nil {
		apiError(w, http.StatusForbidden, err.Error())
		return true
	}
	return false
}
