package format

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"time"

	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/store"
)

// Role is who may call a route.
type Role int

// The roles, as the API's route table has them.
const (
	Anyone Role = iota
	Team
	Organiser
)

// Route is an API route a format adds. The API checks its role before
// Serve is reached, as for its own routes.
type Route struct {
	// Pattern is a net/http pattern under the API's prefix, without it:
	// "POST organiser/events/{id}/rounds".
	Pattern string
	Who     Role
	Serve   func(c *Call)
}

// Call is one request to a format's route: the host, the request, the
// team of its token (a team route's), and answers in the API's JSON.
type Call struct {
	Host Host
	W    http.ResponseWriter
	R    *http.Request
	Team store.Team // the caller's team (zero on an organiser's route)
	Log  *slog.Logger
	Now  func() time.Time // the API's clock
	// Limit takes one request of key from the named budget of perMinute
	// requests a minute (the API's, on its clock), or says there is none
	// left.
	Limit func(budget string, perMinute int, key string) bool
}

// Allow takes one of key's requests from the named budget, or answers
// 429 with what to do.
func (c *Call) Allow(budget string, perMinute int, key string, what string) bool {
	if c.Limit(budget, perMinute, key) {
		return true
	}
	c.Error(http.StatusTooManyRequests, fmt.Sprintf("at most %d %s a minute per team: wait a minute", perMinute, what))
	return false
}

// TeamNames are the names of the event's teams by id, 0 the house bot's
// (a name is shown, never relied on: a failed read shows none).
func (c *Call) TeamNames(eventID int64) map[int64]string {
	names := map[int64]string{0: "house"}
	teams, _ := c.Host.Store().Teams(c.R.Context(), eventID)
	for _, t := range teams {
		names[t.ID] = t.Name
	}
	return names
}

// WriteJSON answers v with code: the API's answers, never cached.
func WriteJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// WriteError answers an error message with code: {"error": msg}.
func WriteError(w http.ResponseWriter, code int, msg string) {
	WriteJSON(w, code, map[string]string{"error": msg})
}

// DecodeJSON reads a JSON body of at most 64 KiB into v; unknown fields
// are refused, so that a misspelt setting is not silently ignored.
func DecodeJSON(r *http.Request, v any) error {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/json" {
		return errors.New("the request body must be JSON (Content-Type: application/json)")
	}
	dec := json.NewDecoder(io.LimitReader(r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("bad JSON body: %v", err)
	}
	return nil
}

// JSON answers v with code.
func (c *Call) JSON(code int, v any) { WriteJSON(c.W, code, v) }

// Error answers an error message with code, as the API's errors are.
func (c *Call) Error(code int, msg string) { WriteError(c.W, code, msg) }

// Fail answers err (400 for the user's fault, 404 for no such row, 500
// otherwise, logged) and reports whether there was one.
func (c *Call) Fail(err error) bool {
	switch {
	case err == nil:
		return false
	case fault.IsUser(err):
		c.Error(http.StatusBadRequest, err.Error())
	case errors.Is(err, store.ErrNotFound):
		c.Error(http.StatusNotFound, "no such event")
	default:
		c.Internal(err)
	}
	return true
}

// Internal answers 500 for an error of the platform's, logged.
func (c *Call) Internal(err error) {
	c.Log.Error("platform API", "err", err)
	c.Error(http.StatusInternalServerError, "internal error (the server's log says more)")
}

// Decode reads the request's JSON body into v (DecodeJSON).
func (c *Call) Decode(v any) error { return DecodeJSON(c.R, v) }

// Event is the organiser's route's event {id}, or a 404 answered.
func (c *Call) Event() (store.Event, bool) {
	id, err := strconv.ParseInt(c.R.PathValue("id"), 10, 64)
	if err != nil {
		c.Error(http.StatusNotFound, "no event "+strconv.Quote(c.R.PathValue("id")))
		return store.Event{}, false
	}
	ev, err := c.Host.Store().Event(c.R.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		c.Error(http.StatusNotFound, "no event "+strconv.Quote(c.R.PathValue("id")))
		return ev, false
	}
	if err != nil {
		c.Internal(err)
		return ev, false
	}
	return ev, true
}
