package matchmaking_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// An event keeps the replays of its newest casual games only (the setting
// kept_replays): once a casual game is recorded, the older ones lose their
// replay and stay listed; a final's replay stays whatever its age.
func TestOldCasualReplaysAreLetGo(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite, err := p.Events.CreateEventWith(ctx, "tracks", "Summer", nil, store.Settings{KeptReplays: 3})
	if err != nil {
		t.Fatal(err)
	}
	teams, tokens := platformtest.JoinReady(t, p, invite, "Owls", "Bats")
	put := func(key, kind string) {
		m := store.Match{EventID: ev.ID, Key: key, Kind: kind, Teams: []int64{teams[0].ID, teams[1].ID},
			Submissions: []int64{teams[0].Active, teams[1].Active}, Ranks: []int{1, 2}}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
		if err := p.Replays.Put(key, &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "tracks", Result: &replay.Result{}}); err != nil {
			t.Fatal(err)
		}
	}
	put("final-old", store.KindFinal)
	for i := range 5 {
		put(fmt.Sprint("casual-", i), store.KindCasual)
	}
	// one more casual game, played here (its bots' trees are missing: it
	// is recorded failed, which counts as a casual game all the same)
	a := queue.Match{Event: ev.ID, Key: "casual-played", Seed: 1, Teams: []int64{teams[0].ID, teams[1].ID},
		Submissions: []int64{teams[0].Active, teams[1].Active}}
	if err := p.Matchmaker.PlayMatch(ctx, a); err != nil {
		t.Fatal(err)
	}
	kept := func(key string) bool {
		_, err := p.Replays.Get(key)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		return err == nil
	}
	// the newest 3 casual games: casual-played (no replay: it failed), 4, 3
	for key, want := range map[string]bool{"final-old": true, "casual-0": false, "casual-1": false, "casual-2": false, "casual-3": true, "casual-4": true} {
		if kept(key) != want {
			t.Errorf("replay %s kept: %v, want %v", key, !want, want)
		}
	}
	ms, _ := p.Store.Matches(ctx, ev.ID, 100)
	if len(ms) != 7 {
		t.Fatalf("%d matches listed, want all 7", len(ms))
	}
	// a team asking for a replay let go is told why
	ts := platformtest.Server(t, p, nil)
	for _, m := range ms {
		if m.Key != "casual-0" {
			continue
		}
		code, b := platformtest.Call(t, ts, "GET", fmt.Sprintf("%smatches/%d/replay", api.Prefix, m.ID), tokens[0], "", nil)
		if code != 410 || !strings.Contains(string(b), "kept_replays") {
			t.Errorf("the replay of a casual game let go: %d %s", code, b)
		}
	}
}
