package tournament

import (
	"context"
	"testing"

	"github.com/seed27749672/arena/tournament/sprt"
)

// Each pair plays one seed twice, A in seat 0 then in seat 1; pairs are
// counted in order.
func TestVersusPairs(t *testing.T) {
	type game struct {
		seed  int64
		seatA int
	}
	var games []game
	pairs := 0
	v := Versus{Game: "ants", Bots: [2]string{"builtin:boss4", "builtin:wait"}, Pairs: 3, Seed: 10, Cores: 2,
		OnMatch: func(p Played) {
			seatA := 0
			if p.Seats[0] == 1 {
				seatA = 1
			}
			games = append(games, game{p.Seed, seatA})
		},
		OnPair: func(tl *Tally) {
			pairs++
			if tl.Pairs != pairs {
				t.Errorf("pair %d reported as %d", pairs, tl.Pairs)
			}
		}}
	tl, err := v.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if tl.Pairs != 3 || pairs != 3 || len(games) != 6 {
		t.Fatalf("tally %+v, %d games", tl, len(games))
	}
	seen := map[game]bool{}
	for _, g := range games {
		seen[g] = true
	}
	for s := int64(10); s < 13; s++ {
		if !seen[game{s, 0}] || !seen[game{s, 1}] {
			t.Errorf("seed %d not played in both seats: %v", s, games)
		}
	}
	if tl.Wins+tl.Draws+tl.Losses != 6 || tl.Wins < 5 || tl.Score() < 0.8 || tl.LOS < 0.95 || tl.Estimate.Elo < 200 {
		t.Errorf("boss4 against wait: %+v", tl)
	}
}

// With a test, the match stops at the pair where it decides, and says so.
func TestVersusStopsWhenDecided(t *testing.T) {
	test := sprt.Test{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	v := Versus{Game: "ants", Bots: [2]string{"builtin:wait", "builtin:boss4"}, Pairs: 500, Seed: 1, Test: &test}
	tl, err := v.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if tl.Verdict != sprt.AcceptH0 || tl.Pairs >= 500 || tl.LLR > tl.Lower {
		t.Errorf("wait against boss4: %+v", tl)
	}
	if _, err := (Versus{Game: "territory", Bots: [2]string{"builtin:greedy", "builtin:random"}, Pairs: 1}).Play(context.Background()); err == nil {
		t.Error("territory (4 players and more) accepted")
	}
}
