package format

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/store"
)

type fake struct{ name string }

func (f fake) Name() string  { return f.name }
func (fake) Routes() []Route { return nil }
func (fake) Results(context.Context, Host, store.Event) ([]*Section, error) {
	return nil, nil
}

// TestRegister: formats are listed in the order they registered, and a
// name registered twice is refused loudly (two packages would otherwise
// fight over one event's state).
func TestRegister(t *testing.T) {
	before := len(All())
	Register(fake{"test-a"})
	Register(fake{"test-b"})
	all := All()
	if len(all) != before+2 || all[before].Name() != "test-a" || all[before+1].Name() != "test-b" {
		t.Fatalf("registered: %v", all)
	}
	defer func() {
		if recover() == nil {
			t.Error("a name registered twice was taken")
		}
	}()
	Register(fake{"test-a"})
}

// TestCallFail: a format's route answers the user's fault with 400 and
// its message, a missing row with 404, anything else with a 500 that
// does not show the error.
func TestCallFail(t *testing.T) {
	for _, c := range []struct {
		err  error
		code int
		body string
	}{
		{fault.User(errors.New("no round 9")), 400, "no round 9"},
		{store.ErrNotFound, 404, "no such event"},
		{errors.New("disk on fire"), 500, "internal error"},
	} {
		w := httptest.NewRecorder()
		call := &Call{W: w, R: httptest.NewRequest("GET", "/", nil), Log: discard()}
		if !call.Fail(c.err) || w.Code != c.code || !strings.Contains(w.Body.String(), c.body) || strings.Contains(w.Body.String(), "fire") {
			t.Errorf("%v: %d %s", c.err, w.Code, w.Body)
		}
	}
	if (&Call{}).Fail(nil) {
		t.Error("no error answered")
	}
}

// TestDecodeJSON: a format's body is JSON only, bounded, and a misspelt
// field is refused rather than ignored.
func TestDecodeJSON(t *testing.T) {
	var v struct{ Players int }
	for body, ok := range map[string]bool{`{"players":4}`: true, `{"playres":4}`: false, `{"players":4`: false} {
		r := httptest.NewRequest("POST", "/", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		if err := DecodeJSON(r, &v); (err == nil) != ok {
			t.Errorf("%s: %v", body, err)
		}
	}
	r := httptest.NewRequest("POST", "/", strings.NewReader(`{"players":4}`))
	r.Header.Set("Content-Type", "text/plain")
	if err := DecodeJSON(r, &v); err == nil {
		t.Error("a body that is not JSON was read")
	}
	big := httptest.NewRequest("POST", "/", strings.NewReader(`{"players":`+strings.Repeat(" ", 70<<10)+`4}`))
	big.Header.Set("Content-Type", "application/json")
	if err := DecodeJSON(big, &v); err == nil {
		t.Error("a body over 64 KiB was read whole")
	}
	w := httptest.NewRecorder()
	WriteError(w, http.StatusTeapot, "no")
	if w.Code != http.StatusTeapot || w.Header().Get("Cache-Control") != "no-store" || strings.TrimSpace(w.Body.String()) != `{"error":"no"}` {
		t.Errorf("error answer: %d %v %s", w.Code, w.Header(), w.Body)
	}
}

func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }
