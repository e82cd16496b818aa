package platform

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The general final ranking (more rated games) is not the final of a
// Cod'INSA (catmouse) or Blitz (jungle) event: it is refused, by the
// command and the organiser's route, with the error naming that event's
// own final, and the event's controls stay as they were (no freeze, no
// final started).
func TestGeneralFinalRefusesEventFormats(t *testing.T) {
	ctx := context.Background()
	p := openTest(t)
	ts := server(t, p, &fakeClock{t: time.Unix(1e9, 0)})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for game, want := range map[string][]string{
		"catmouse": {"arena event roundrobin", "codinsa/final"},
		"jungle":   {"arena event blitz final", "blitz/final"},
	} {
		ev, _, err := p.CreateEvent(ctx, game, "Final "+game, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.StartFinal(ctx, ev.ID, 3)
		if !isUserError(err) {
			t.Fatalf("%s: StartFinal: %v, want the user's error", game, err)
		}
		code, b := call(t, ts, "POST", fmt.Sprintf("%sorganiser/events/%d/final", APIPrefix, ev.ID), org, "application/json", []byte(`{"games":3}`))
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: StartFinal's error %q does not name %q", game, err, w)
			}
			if code != 400 || !strings.Contains(string(b), w) {
				t.Errorf("%s: POST final: %d %s, want 400 naming %q", game, code, b, w)
			}
		}
		c, err := p.EventControls(ctx, ev.ID)
		if err != nil || c.Final != nil || c.Frozen {
			t.Errorf("%s: controls after the refusals: %+v %v", game, c, err)
		}
	}
}
