package codinsa_test

import (
	"context"
	"net/http"
	"testing"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// The format's client through the server's API (Remote): its calls
// reach the routes it means, and the server's refusals come back.

func TestCodinsa(t *testing.T) {
	ctx := context.Background()
	_, c := platformtest.Served(t)
	org := codinsa.Remote{API: c}
	e, _, err := c.CreateEvent(ctx, "catmouse", "Cod'INSA", nil, store.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	set0 := "CATMOUSE-SPAWN 1\nID 0\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n"
	secret := "CATMOUSE-SPAWN 1\nID 9\nMOUSE 4 -2\nCAT -4 2\nCAT -3 -3\nEND\n"
	near := "CATMOUSE-SPAWN 1\nID 9\nMOUSE 0 0\nCAT 0 2\nCAT 0 5\nEND\n"
	platformtest.Refused(t, "a secret set with a cat too near", org.PublishSpawns(ctx, e.ID, "", set0, near), http.StatusBadRequest, "at least 5")
	if err := org.PublishSpawns(ctx, e.ID, "", set0, secret); err != nil {
		t.Fatalf("PublishSpawns: %v", err)
	}
	if s, err := org.Spawns(ctx, e.ID); err != nil || !s.Published || s.Closed {
		t.Errorf("Spawns: %+v %v", s, err)
	}
	if f, err := org.Final(ctx, e.ID); err != nil || f != nil {
		t.Errorf("Final before it starts: %+v %v", f, err)
	}
	_, _, err = org.PlayFinal(ctx, e.ID, 7, format.Play{})
	platformtest.Refused(t, "the final before the vote closes", err, http.StatusBadRequest, "vote")
	if err := org.CloseSpawnVote(ctx, e.ID); err != nil {
		t.Fatalf("CloseSpawnVote: %v", err)
	}
	if s, err := org.Spawns(ctx, e.ID); err != nil || !s.Closed {
		t.Errorf("Spawns after closing: %+v %v", s, err)
	}
}
