package tournament

import (
	"context"
	"testing"

	_ "github.com/seed27749672/arena/games/ants"
	_ "github.com/seed27749672/arena/games/tracks"
)

func TestPromote(t *testing.T) {
	ctx := context.Background()
	// The league 4 boss beats the league 1 boss: promoted, and the test stops
	// as soon as three games are won.
	up, err := Promote(ctx, "ants", "builtin:boss4", 1, 1, nil, nil, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !up.Promoted || up.Wins != 3 || len(up.Games) < 3 || len(up.Games) > 5 {
		t.Fatalf("boss4 in league 1: %+v", up)
	}
	for k, g := range up.Games {
		if g.Seat != k%2 || g.Seed != 1+int64(k) {
			t.Errorf("game %d: seat %d seed %d; seats alternate from 0, seeds follow", k, g.Seat, g.Seed)
		}
	}
	// A bot that always waits never wins: three losses decide the test.
	down, err := Promote(ctx, "ants", "builtin:wait", 2, 1, nil, nil, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if down.Promoted || down.Wins != 0 || len(down.Games) != 3 {
		t.Fatalf("wait in league 2: %+v", down)
	}
	if down.League.Boss != "boss2" {
		t.Errorf("league 2's boss is %q", down.League.Boss)
	}
	if _, err := Promote(ctx, "ants", "builtin:wait", 9, 1, nil, nil, 0, nil); err == nil {
		t.Error("league 9 should be refused")
	}
}

// Objective leagues keep the candidate in seat 0 (tracks leagues 1-2).
func TestPromoteFirstSeatOnly(t *testing.T) {
	test, err := Promote(context.Background(), "tracks", "builtin:wait", 1, 1, nil, nil, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range test.Games {
		if g.Seat != 0 {
			t.Errorf("seed %d: the candidate sat in seat %d", g.Seed, g.Seat)
		}
	}
	if test.Promoted {
		t.Error("a waiting bot cannot complete the league 1 objective")
	}
}
