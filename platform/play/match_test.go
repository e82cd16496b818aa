package play_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// TestMatchOptionsFollowTheSettings: a match gets the event's time limits
// as the game's options, a map of the pool (a file of maps/ by its path)
// and its bots the event's memory limit.
func TestMatchOptionsFollowTheSettings(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	os.MkdirAll(p.MapsDir(), 0o755)
	jmap, err := os.ReadFile("../../games/jungle/maps/canopy.jmap")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(p.MapsDir(), "copy.jmap"), jmap, 0o644)
	ev, _, err := p.CreateEventWith(ctx, "jungle", "Blitz", nil,
		store.Settings{Maps: []string{"swamp", "copy.jmap"}, TurnMS: 200, FirstTurnMS: 1500, MemoryMiB: 300, HouseBots: true})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := game.Lookup("jungle")
	seen := map[string]bool{}
	for seed := int64(1); seed <= 40; seed++ {
		pairs, err := p.MatchOptions(g.Info(), ev.Options, ev.Settings, event.DrawMap(ev.Settings, seed))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(pairs, "tick_timeout_ms=200") || !slices.Contains(pairs, "first_ticks_extra_ms=1300") {
			t.Fatalf("time limits not in %v", pairs)
		}
		for _, kv := range pairs {
			if v, ok := strings.CutPrefix(kv, "map="); ok {
				seen[v] = true
			}
		}
	}
	if !seen["swamp"] || !seen[filepath.Join(p.MapsDir(), "copy.jmap")] || len(seen) != 2 {
		t.Errorf("maps drawn: %v", seen)
	}
	spec, err := p.Player.BotSpec(ctx, g.Info(), ev.Settings, "", 0, 0)
	if err != nil || spec.Kind != "builtin" {
		t.Fatalf("house bot: %+v %v", spec, err)
	}
	p.Player.Bots.Limits.Procs = 7
	if s := p.Player.TeamSpecLimits(ev.Settings); s.Memory != 300<<20 || s.Procs != 7 {
		t.Errorf("a team bot's sandbox limits: %+v", s)
	}
}
