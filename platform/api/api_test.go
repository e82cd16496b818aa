package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// late is a format registered after the API's package started, as a
// format's package may be: its init runs in whatever order the
// program's imports give.
type late struct{}

func (late) Name() string { return "late-test" }
func (late) Routes() []format.Route {
	return []format.Route{{Pattern: "GET late-test", Who: format.Anyone, Serve: func(c *format.Call) { c.JSON(http.StatusTeapot, "late") }}}
}
func (late) Results(context.Context, format.Host, store.Event) ([]*format.Section, error) {
	return nil, nil
}

// hostless is a platform whose formats are given no host: the late
// format's route needs none.
type hostless struct{ api.Platform }

func (hostless) FormatHost() format.Host { return nil }

// TestFormatsRegisteredLaterAreServed: the route table is read when a
// handler is made, so a format whose package starts after this one's
// still has its routes listed and served (a table made when the package
// started lacked them, in the order some programs initialise).
func TestFormatsRegisteredLaterAreServed(t *testing.T) {
	format.Register(late{})
	if !slices.Contains(api.Routes(), api.Route{Pattern: "GET " + api.Prefix + "late-test", Who: api.Anyone}) {
		t.Fatalf("the late format's route is not in the table: %v", api.Routes())
	}
	ts := httptest.NewServer(api.Handler(hostless{}, api.Options{}))
	defer ts.Close()
	resp, err := http.Get(ts.URL + api.Prefix + "late-test")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTeapot {
		t.Errorf("GET late-test: %d, want the format's 418", resp.StatusCode)
	}
}
