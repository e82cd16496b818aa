package rounds_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// The format's client through the server's API (Remote): its calls
// reach the routes it means, and the server's refusals come back.

func TestClientRankedRounds(t *testing.T) {
	ctx := context.Background()
	_, c := platformtest.Served(t)
	org := rounds.Remote{API: c}
	s := store.DefaultSettings()
	s.Seats = []int{4}
	e, _, err := c.CreateEvent(ctx, "territory", "RAIC", nil, s)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	r, err := org.StartRound(ctx, e.ID, rounds.Round{Players: 4, Multiplier: 1, Seed: 7, At: at})
	if err != nil || r.Number != 1 || r.Queued || !r.At.Equal(at) {
		t.Fatalf("StartRound (scheduled): %+v %v", r, err)
	}
	if r, err = org.ChangeRound(ctx, e.ID, 1, rounds.Round{Players: 6, Multiplier: 2, Seed: 7, At: at}); err != nil || r.Players != 6 || r.Multiplier != 2 {
		t.Errorf("ChangeRound: %+v %v", r, err)
	}
	if rs, err := org.Rounds(ctx, e.ID); err != nil || len(rs) != 1 || rs[0].Players != 6 {
		t.Errorf("Rounds: %+v %v", rs, err)
	}
	if r, err = org.CancelRound(ctx, e.ID, 1); err != nil || r.Cancelled.IsZero() {
		t.Errorf("CancelRound: %+v %v", r, err)
	}
	_, err = org.CancelRound(ctx, e.ID, 5)
	platformtest.Refused(t, "CancelRound 5", err, http.StatusBadRequest, "round 5")
	if l, err := org.Ladder(ctx, e.ID); err != nil || len(l.Rounds) != 1 || l.Names == nil {
		t.Errorf("Ladder: %+v %v", l, err)
	}
}
