package tournament

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game/gametest"
	_ "github.com/seed27749672/arena/games/territory"
)

func TestSchedule(t *testing.T) {
	rr := RoundRobin{Game: "ants", Bots: []string{"builtin:a", "builtin:b", "builtin:c"}, Rounds: 2}
	s, err := rr.Schedule()
	if err != nil {
		t.Fatal(err)
	}
	// 3 pairs, both seatings, twice.
	if len(s) != 12 {
		t.Fatalf("%d matches: %v", len(s), s)
	}
	seats := map[[2]int]int{}
	for _, m := range s {
		seats[[2]int{m[0], m[1]}]++
	}
	for _, pair := range [][2]int{{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}} {
		if seats[pair] != 2 {
			t.Errorf("seating %v played %d times, want 2", pair, seats[pair])
		}
	}
	if got := combinations(5, 3); len(got) != 10 || got[0][2] != 2 || got[9][0] != 2 {
		t.Errorf("combinations(5,3) = %v", got)
	}
	if _, err := (RoundRobin{Game: "ants", Bots: []string{"builtin:a"}}).Schedule(); err == nil || !strings.Contains(err.Error(), "at least 2 bots") {
		t.Errorf("one bot: %v", err)
	}
	if _, err := (RoundRobin{Game: "ants", Bots: []string{"builtin:a", "builtin:b", "builtin:c"}, Size: 3}).Schedule(); err == nil {
		t.Error("3-player ants matches accepted")
	}
}

func TestRoundRobin(t *testing.T) {
	seen := 0
	rr := RoundRobin{Game: "ants", Bots: []string{"builtin:wait", "builtin:boss4", "builtin:boss1"}, Seed: 3, Cores: 2,
		OnMatch: func(Played) { seen++ }}
	played, table, err := rr.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != 6 || seen != 6 {
		t.Fatalf("%d matches played, %d reported", len(played), seen)
	}
	total := 0.0
	for _, s := range table {
		if s.Played != 4 {
			t.Errorf("%s played %d matches, want 4", s.Name, s.Played)
		}
		if s.Wins+s.Draws+s.Losses != s.Played {
			t.Errorf("%s: %d+%d+%d != %d", s.Name, s.Wins, s.Draws, s.Losses, s.Played)
		}
		total += s.Points
	}
	if math.Abs(total-6) > 1e-9 {
		t.Errorf("the points of 6 two-player matches sum to %v, want 6", total)
	}
	if table[0].Name != "boss4" || table[2].Name != "wait" {
		t.Errorf("table %+v: boss4 should lead and wait trail", table)
	}
	for k, p := range played {
		if p.Seed != 3+int64(k) || p.Replay == nil {
			t.Errorf("match %d: seed %d", k, p.Seed)
		}
	}
}

// Territory's generated arenas need 4 players: the default match size says so.
func TestSmallestMatch(t *testing.T) {
	rr := RoundRobin{Game: "territory", Bots: []string{"builtin:random", "builtin:greedy", "builtin:hunter", "builtin:random", "builtin:greedy"}}
	s, err := rr.Schedule()
	if err != nil {
		t.Fatal(err)
	}
	if len(s[0]) != 4 || len(s) != 5*4 {
		t.Fatalf("%d matches of %d players; want 5 groups of 4, 4 seatings each", len(s), len(s[0]))
	}
}

// A match of one bot ranks nobody against anybody: a round robin needs
// matches of at least 2 (its points would be 0/0).
func TestScheduleRefusesSoloMatches(t *testing.T) {
	gametest.Register()
	rr := RoundRobin{Game: "sum", Bots: []string{"builtin:count", "builtin:seeded"}, Size: 1}
	if _, err := rr.Schedule(); err == nil || !strings.Contains(err.Error(), "at least 2 players") {
		t.Errorf("matches of 1: %v", err)
	}
}
