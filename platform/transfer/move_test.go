package transfer_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/transfer"
)

// TestTheOrganiserTokenMovesWithAnEvent: after arena export and arena
// import, the organiser's link of the source opens the new database (its
// token's key and hash travel, never the token), SQLite to SQLite and
// SQLite to PostgreSQL; a database with an organiser token of its own
// keeps it, and the import says so.
func TestTheOrganiserTokenMovesWithAnEvent(t *testing.T) {
	ctx := context.Background()
	src, err := platform.Open(ctx, platformtest.DataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	token, err := src.FirstOrganiserToken(ctx)
	if err != nil || token == "" {
		t.Fatalf("the organiser token: %q %v", token, err)
	}
	ev, _ := platformtest.Event(t, src, "tracks", "Spring")
	autumn, _ := platformtest.Event(t, src, "ants", "Autumn")
	var file, second bytes.Buffer
	if err := src.DumpEvent(ctx, ev.ID, &file); err != nil {
		t.Fatal(err)
	}
	if err := src.DumpEvent(ctx, autumn.ID, &second); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(file.Bytes(), []byte(token)) {
		t.Fatal("the export holds the token itself")
	}

	into := func(t *testing.T, dst *platform.Platform) {
		got, err := dst.LoadEvent(ctx, bytes.NewReader(file.Bytes()))
		if err != nil || got.Event.ID != ev.ID || got.Organiser != transfer.OrganiserCarried {
			t.Fatalf("the import: %+v %v", got, err)
		}
		if err := dst.AuthenticateOrganiser(ctx, token); err != nil {
			t.Fatalf("the source's organiser token on the new database: %v", err)
		}
		if made, err := dst.FirstOrganiserToken(ctx); made != "" || err != nil {
			t.Fatalf("the new database's first start made another organiser token: %q %v", made, err)
		}
		// A second event of the same source finds the same token there.
		if got, err := dst.LoadEvent(ctx, bytes.NewReader(second.Bytes())); err != nil || got.Organiser != transfer.OrganiserCarried {
			t.Fatalf("the second import: %+v %v", got, err)
		}
		if err := dst.AuthenticateOrganiser(ctx, token); err != nil {
			t.Fatalf("after the second import: %v", err)
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		dst, err := platform.Open(ctx, platformtest.DataDir(t))
		if err != nil {
			t.Fatal(err)
		}
		defer dst.Close()
		into(t, dst)
	})
	t.Run("postgres", func(t *testing.T) { into(t, platformtest.OpenDB(t, pgtest.URL(t))) })

	t.Run("a database with its own organiser", func(t *testing.T) {
		dst, err := platform.Open(ctx, platformtest.DataDir(t))
		if err != nil {
			t.Fatal(err)
		}
		defer dst.Close()
		own, err := dst.FirstOrganiserToken(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got, err := dst.LoadEvent(ctx, bytes.NewReader(file.Bytes()))
		if err != nil || got.Organiser != transfer.OrganiserKept {
			t.Fatalf("the import: %+v %v", got, err)
		}
		if err := dst.AuthenticateOrganiser(ctx, own); err != nil {
			t.Fatalf("its own organiser token: %v", err)
		}
		if err := dst.AuthenticateOrganiser(ctx, token); !errors.Is(err, store.ErrBadSecret) {
			t.Fatalf("the source's organiser token: %v", err)
		}
	})
}
