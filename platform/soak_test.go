package platform_test

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/matchmaking"
)

// TestSoakRatings checks the store a soak left (.ci/soak sets
// ARENA_SOAK_DATA, its data directory, or ARENA_SOAK_DB, its PostgreSQL
// database, once its server and worker are stopped): in every event without
// leagues, the stored ratings are the recorded matches rated again in id
// order, so that no crash or restart counted a match twice or lost one.
func TestSoakRatings(t *testing.T) {
	dir, db := os.Getenv("ARENA_SOAK_DATA"), os.Getenv("ARENA_SOAK_DB")
	if dir == "" && db == "" {
		t.Skip("no soak store to check (ARENA_SOAK_DATA or ARENA_SOAK_DB; .ci/soak sets one)")
	}
	ctx := context.Background()
	p, err := platform.OpenEither(ctx, dir, db)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	evs, err := p.Store.Events(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs {
		if ev.Settings.Leagues {
			continue // rated by league (RateInLeague), with the teams' moves
		}
		ms, err := p.Store.Matches(ctx, ev.ID, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		slices.Reverse(ms) // in id order
		want := matchmaking.RateInOrder(ms)
		have, err := p.Store.Ratings(ctx, ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		games := 0
		for id, r := range want {
			if have[id] != r {
				t.Errorf("event %d, team %d: rating %+v, want %+v (its matches rated in id order)", ev.ID, id, have[id], r)
			}
			games += r.Games
		}
		if len(have) != len(want) {
			t.Errorf("event %d: %d teams rated, %d from the matches", ev.ID, len(have), len(want))
		}
		t.Logf("event %d: %d matches, %d teams, %d team-games rated as recorded", ev.ID, len(ms), len(want), games)
	}
}
