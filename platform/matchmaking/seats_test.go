package matchmaking

import (
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/store"
)

func TestSeatCountDrawsEveryAllowedSize(t *testing.T) {
	g, _ := game.Lookup("jungle")
	info := g.Info()
	drawn := func(s store.Settings, teams int) map[int]bool {
		got := map[int]bool{}
		for seed := int64(0); seed < 200; seed++ {
			if n, ok := seatCount(info, s, teams, seed); ok {
				got[n] = true
			}
		}
		return got
	}
	if got := drawn(store.Settings{Seats: []int{2, 3, 4}, HouseBots: true}, 2); len(got) != 3 {
		t.Errorf("house bots on, 2 teams: sizes %v, want 2, 3 and 4", got)
	}
	if got := drawn(store.Settings{Seats: []int{2, 3, 4}}, 3); len(got) != 2 || got[4] {
		t.Errorf("house bots off, 3 teams: sizes %v, want 2 and 3", got)
	}
	if got := drawn(store.Settings{Seats: []int{2, 4}}, 1); len(got) != 0 {
		t.Errorf("house bots off, 1 team: sizes %v, want none", got)
	}
}
