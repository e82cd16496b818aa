package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/submission"
)

// The team page's editor: a submission's source (its main file, or the
// file ?path= names, with the list of its files), and a new submission
// made of it with that one file edited.

// source answers the file of one of the team's submissions the editor
// opens (submission.Intake.Source).
func (a *api) source(w http.ResponseWriter, r *http.Request, t store.Team) {
	if s, ok := a.ownSubmission(w, r, t); ok {
		a.writeSource(w, r, s)
	}
}

// activeSource is source of the team's active submission.
func (a *api) activeSource(w http.ResponseWriter, r *http.Request, t store.Team) {
	if t.Active == 0 {
		apiError(w, http.StatusNotFound, "your team has no active bot yet: upload one first")
		return
	}
	s, err := a.p.Store().Submission(r.Context(), t.Active)
	if err != nil {
		a.internal(w, err)
		return
	}
	a.writeSource(w, r, s)
}

func (a *api) writeSource(w http.ResponseWriter, r *http.Request, s store.Submission) {
	src, err := a.p.Source(r.Context(), s, r.URL.Query().Get("path"))
	if a.userOrInternal(w, err) {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"submission": submissionJSON(s), "path": src.Path, "text": src.Text,
		"kit": src.Kit, "files": src.Files})
}

// editBody is what the editor sends: the file it opened, its new text,
// and whether the new submission is a draft (to play test games, never
// made active by its build) or the team's next bot.
type editBody struct {
	Path  string `json:"path"`
	Text  string `json:"text"`
	Draft bool   `json:"draft"`
}

// maxEditBody bounds an edit's request: the file, escaped in JSON (a
// byte may take six).
const maxEditBody = 6*submission.MaxSource + 4<<10

// submitEdited makes a new submission of submission {id}'s upload with
// one file edited: the checks and the rate limit of an upload, a draft's
// counted apart (a team plays its edit, then submits it).
func (a *api) submitEdited(w http.ResponseWriter, r *http.Request, t store.Team) {
	if refuseSuspended(w, t) {
		return
	}
	s, ok := a.ownSubmission(w, r, t)
	if !ok {
		return
	}
	req, err := readEdit(w, r)
	if err != nil {
		code := http.StatusBadRequest
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			code = http.StatusRequestEntityTooLarge
			err = fmt.Errorf("the edit is over the limit of %d bytes", submission.MaxSource)
		}
		apiError(w, code, err.Error())
		return
	}
	giveBack := a.reserve(t.ID, req.Draft)
	if giveBack == nil {
		apiError(w, http.StatusTooManyRequests, fmt.Sprintf("one submission per %s per team (and one test build): wait and submit again", a.o.SubmitEvery))
		return
	}
	sub, err := a.p.SubmitEdited(r.Context(), t, s, req.Path, []byte(req.Text), req.Draft)
	if err != nil {
		giveBack()
		a.userOrInternal(w, err)
		return
	}
	a.o.Log.Info("edited submission queued", "team", t.ID, "from", s.ID, "submission", sub.ID, "draft", req.Draft)
	writeJSON(w, http.StatusAccepted, submissionJSON(sub))
}

// readEdit decodes an edit's JSON body, bounded.
func readEdit(w http.ResponseWriter, r *http.Request) (editBody, error) {
	var req editBody
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return req, errors.New("the request body must be JSON (Content-Type: application/json)")
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxEditBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return req, err
		}
		return req, fmt.Errorf("bad JSON body: %v", err)
	}
	if dec.More() {
		return req, errors.New("bad JSON body: one object only")
	}
	if _, err := dec.Token(); err != io.EOF {
		return req, errors.New("bad JSON body: one object only")
	}
	return req, nil
}
