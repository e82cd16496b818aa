package bot_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/game/gametest"
	"github.com/seed27749672/arena/match"
)

// A match reads its process bots directly (bot.DirectReader): every turn
// records the stderr its bot wrote before its answer, exactly, whether
// Arena's goroutine or the runner's look at the resolution read it.
func TestDirectMatchStderrPerTurn(t *testing.T) {
	gametest.Register()
	const turns = 30
	seed := int64(1)
	m, err := match.Setup{Game: "sum", Seed: &seed,
		Bots:    []string{`sh -c 'n=0; while read l; do n=$((n+1)); echo "log $n" >&2; echo 1; done'`},
		Options: []string{fmt.Sprintf("turns=%d", turns), "first_ms=10000", "turn_ms=10000"}}.Build()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	rep, err := match.Run(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Turns) != turns {
		t.Fatalf("%d turns", len(rep.Turns))
	}
	for i, tr := range rep.Turns {
		r := tr.Replies[0]
		if r.Status != game.Answered || r.Stderr != fmt.Sprintf("log %d\n", i+1) {
			t.Errorf("turn %d: %s, stderr %q", tr.Turn, r.Status, r.Stderr)
		}
	}
}
