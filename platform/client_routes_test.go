package platform

import (
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/client"
)

// TestClientRoutesAreServed: every route the typed client (platform/client)
// calls is one of the API's routes, opened by the token the client sends
// there (the organiser's under organiser/, none to join, else a team's),
// so that the client and the route table cannot drift apart.
func TestClientRoutesAreServed(t *testing.T) {
	if client.Prefix != APIPrefix {
		t.Errorf("the client's prefix %q is not the API's %q", client.Prefix, APIPrefix)
	}
	served := map[string]role{}
	for _, r := range routes {
		served[r.pattern] = r.who
	}
	for _, r := range client.Routes() {
		who, ok := served[r]
		if !ok {
			t.Errorf("the client calls %s, which is not in the route table", r)
			continue
		}
		_, path, _ := strings.Cut(r, " ")
		want := team
		switch {
		case path == APIPrefix+"join":
			want = anyone
		case strings.HasPrefix(path, APIPrefix+"organiser/"):
			want = organiser
		}
		if who != want {
			t.Errorf("%s is served to role %d, the client calls it as role %d", r, who, want)
		}
	}
}
