package blitz_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// The format's client through the server's API (Remote): its calls
// reach the routes it means, and the server's refusals come back.

func TestBlitz(t *testing.T) {
	ctx := context.Background()
	_, c := platformtest.Served(t)
	org := blitz.Remote{API: c}
	e, _, err := c.CreateEvent(ctx, "jungle", "Blitz", nil, store.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	if err := org.SetSchedule(ctx, e.ID, blitz.Schedule{Start: start, Every: time.Hour, Size: 4}); err != nil {
		t.Fatalf("SetSchedule: %v", err)
	}
	platformtest.Refused(t, "a schedule every second", org.SetSchedule(ctx, e.ID, blitz.Schedule{Start: start, Every: time.Second, Size: 4}), http.StatusBadRequest, "")
	b, f, err := org.Blitz(ctx, e.ID)
	if err != nil || b == nil || !b.Schedule.Start.Equal(start) || f != nil {
		t.Errorf("Blitz: %+v %+v %v", b, f, err)
	}
	if s, err := org.StopSchedule(ctx, e.ID); err != nil || !s.Stopped {
		t.Errorf("StopSchedule: %+v %v", s, err)
	}
	// with no team ready, the server refuses to be asked (the rounds
	// asked and played are the arena command's tests, through the server)
	_, _, err = org.PlayRound(ctx, e.ID, format.Play{})
	platformtest.Refused(t, "PlayRound without teams", err, http.StatusBadRequest, "at least 2 teams")
	_, _, err = org.PlayFinal(ctx, e.ID, 4, format.Play{})
	platformtest.Refused(t, "PlayFinal without teams", err, http.StatusBadRequest, "at least 2 teams")
	ants, _, _ := c.CreateEvent(ctx, "ants", "Spring", nil, store.DefaultSettings())
	_, _, err = org.Blitz(ctx, ants.ID)
	platformtest.Refused(t, "Blitz of an ants event", err, http.StatusBadRequest, "jungle")
}
