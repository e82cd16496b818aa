package tournament

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game/gametest"
	_ "github.com/seed27749672/arena/games/territory"
)

func TestSchedule(t *testing.T) {
	rr := RoundRobin{Setup: Setup{Game: "ants", Bots: []string{"builtin:a", "builtin:b", "builtin:c"}}, Rounds: 2}
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
	if _, err := (RoundRobin{Setup: Setup{Game: "ants", Bots: []string{"builtin:a"}}}).Schedule(); err == nil || !strings.Contains(err.Error(), "at least 2 bots") {
		t.Errorf("one bot: %v", err)
	}
	if _, err := (RoundRobin{Setup: Setup{Game: "ants", Bots: []string{"builtin:a", "builtin:b", "builtin:c"}}, Size: 3}).Schedule(); err == nil {
		t.Error("3-player ants matches accepted")
	}
}

func TestRoundRobin(t *testing.T) {
	seen := 0
	rr := RoundRobin{Setup: Setup{Game: "ants", Bots: []string{"builtin:wait", "builtin:boss4", "builtin:boss1"}, Seed: 3, Cores: 2,
		OnMatch: func(Played) { seen++ }}}
	var seeds []int64
	rr.OnMatch = func(p Played) {
		seen++
		if len(p.Replays) != 1 || p.Replays[0].Seed != p.Seed || p.Result == nil {
			t.Errorf("match %d reported without its replay", p.Index)
		}
		seeds = append(seeds, p.Seed)
	}
	out, err := rr.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	table := out.Standings
	if out.Finished != 6 || out.Scheduled != 6 || seen != 6 {
		t.Fatalf("%d of %d matches played, %d reported", out.Finished, out.Scheduled, seen)
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
	if table[2].Name != "wait" {
		t.Errorf("table %+v: wait should trail", table)
	}
	slices.Sort(seeds)
	if !slices.Equal(seeds, []int64{3, 3, 4, 4, 5, 5}) {
		t.Errorf("seeds %v, want 3 to 5, each for both seatings of a pair", seeds)
	}
}

// Territory's generated arenas need 4 players: the default match size says so.
func TestSmallestMatch(t *testing.T) {
	rr := RoundRobin{Setup: Setup{Game: "territory", Bots: []string{"builtin:random", "builtin:greedy", "builtin:hunter", "builtin:random", "builtin:greedy"}}}
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
	rr := RoundRobin{Setup: Setup{Game: "sum", Bots: []string{"builtin:count", "builtin:seeded"}}, Size: 1}
	if _, err := rr.Schedule(); err == nil || !strings.Contains(err.Error(), "at least 2 players") {
		t.Errorf("matches of 1: %v", err)
	}
}

// An interrupted tournament (Ctrl-C) still gives the standings of the
// matches that finished, and only of those.
func TestRoundRobinInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	seen := 0
	rr := RoundRobin{Setup: Setup{Game: "ants", Bots: []string{"builtin:wait", "builtin:boss4", "builtin:boss1"}, Seed: 3, Cores: 1,
		OnMatch: func(Played) {
			if seen++; seen == 2 {
				cancel()
			}
		}}}
	out, err := rr.Play(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if out == nil || out.Finished != seen || out.Scheduled != 6 {
		t.Fatalf("outcome %+v, %d matches reported", out, seen)
	}
	played := 0
	for _, s := range out.Standings {
		played += s.Played
	}
	if played != 2*seen {
		t.Errorf("standings count %d seats, want %d (the finished matches only)", played, 2*seen)
	}
}

func TestScheduleRefusesNegativeRounds(t *testing.T) {
	rr := RoundRobin{Setup: Setup{Game: "ants", Bots: []string{"builtin:a", "builtin:b"}}, Rounds: -3}
	if _, err := rr.Schedule(); err == nil || !strings.Contains(err.Error(), "at least 1") {
		t.Errorf("rounds -3: %v", err)
	}
}
