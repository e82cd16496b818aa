package jungle_test

import (
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/games/jungle/jungletest"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
)

// TestSlowStarterGetsTickZero: a kit that starts 2 s late (longer than
// tick 0's 1150 ms) still receives TICK 0 and answers it: the game starts
// once every bot has registered, and the tick clock starts with TICK 0, as
// on the 2022 server.
func TestSlowStarterGetsTickZero(t *testing.T) {
	kit := jungletest.GoKit(t)
	rep := run(t, 4, []string{"slow=sh -c 'sleep 2; exec " + kit + "'", "builtin:greedy"}, "map=clearing", "nb_ticks=5")
	if r := rep.Turns[0].Replies[0]; r.Status != game.Answered || !strings.Contains(r.Text(), `"tick":0`) {
		t.Fatalf("tick 0: the slow kit's reply %s %q; want its COMMAND for tick 0", r.Status, r.Text())
	}
	if p := rep.Result.Players[0]; p.Status != game.OK {
		t.Errorf("slow kit: %s %s", p.Status, p.Message)
	}
	if err := match.Verify(rep); err != nil {
		t.Error(err)
	}
}

// TestNeverRegistersDidNotStart: a bot that never registers within the
// bound (10 s, here scaled by --time-scale 0.2 to 2 s) did not start; the
// others play the whole game.
func TestNeverRegistersDidNotStart(t *testing.T) {
	seed := int64(4)
	m := matchtest.Build(t, match.Setup{Game: "jungle", Bots: []string{"mute=sleep 60", "builtin:greedy"}, Seed: &seed,
		Options: []string{"map=clearing", "nb_ticks=5", "tick_timeout_ms=2000"}, TimeScale: 0.2})
	start := time.Now()
	rep := matchtest.Run(t, m, time.Minute)
	if len(rep.Turns) != 5 {
		t.Errorf("%d ticks played", len(rep.Turns))
	}
	p := rep.Result.Players[0]
	if p.Status != game.DidNotStart || !strings.Contains(p.Message, "did not connect and register within 2s") {
		t.Errorf("mute: %s %q", p.Status, p.Message)
	}
	if g := rep.Result.Players[1]; g.Status != game.OK {
		t.Errorf("greedy: %s %s", g.Status, g.Message)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the match took %v", d)
	}
}
