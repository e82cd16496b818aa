package event_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// An invitation makes no team once its event has ended, whether joined
// directly or through the API; before the end (or the start) it does.
func TestAnInvitationStopsAtTheEventsEnd(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) {
		s.Start, s.End = time.Now().Add(time.Hour), time.Now().Add(2*time.Hour)
	})
	if _, _, err := p.Join(ctx, invite, "Early"); err != nil {
		t.Fatalf("before the start: %v", err)
	}
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) {
		s.Start, s.End = time.Now().Add(-2*time.Hour), time.Now().Add(-time.Minute)
	})
	if _, _, err := p.Join(ctx, invite, "Late"); !fault.IsUser(err) || !strings.Contains(err.Error(), "no more teams") {
		t.Errorf("after the end: %v, want a refusal", err)
	}
	ts := platformtest.Server(t, p, nil)
	body, _ := json.Marshal(map[string]string{"invite": invite, "name": "Later"})
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"join", "", "application/json", body); code != http.StatusBadRequest || !strings.Contains(string(b), "no more teams") {
		t.Errorf("POST join after the end: %d %s", code, b)
	}
	if teams, _ := p.Store.Teams(ctx, ev.ID); len(teams) != 1 {
		t.Errorf("%d teams, want the one that joined before the end", len(teams))
	}
}
