package jungle_test

import (
	"net"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/games/jungle/jungletest"
	"github.com/seed27749672/arena/match"
)

// The Go kit plays a whole game over a real WebSocket (arena play's path).
func TestGoKitPlays(t *testing.T) {
	kit := jungletest.GoKit(t)
	rep := run(t, 11, []string{kit, "builtin:greedy", kit}, "map=clearing", "nb_ticks=60")
	if len(rep.Turns) != 60 {
		t.Errorf("%d turns", len(rep.Turns))
	}
	for _, p := range rep.Result.Players {
		if p.Status != game.OK {
			t.Errorf("%s: %s %s", p.Name, p.Status, p.Message)
		}
	}
	answered := 0
	for _, tr := range rep.Turns {
		if tr.Replies[0].Status == game.Answered {
			answered++
		}
	}
	if answered < 55 {
		t.Errorf("the kit answered %d of 60 ticks", answered)
	}
	if err := match.Verify(rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rep.Turns[5].Frame), `"action"`) && rep.Result.Players[0].Score == 0 {
		t.Log("the kit did nothing visible (random play)")
	}
}

// The JavaScript kit (npm ws, registering exactly as the 2022 kits did) and
// the Go kit play a whole 300-tick game against each other.
func TestKitsPlayAFullGame(t *testing.T) {
	js, gk := "node "+jungletest.JSKit(t), jungletest.GoKit(t)
	rep := run(t, 5, []string{"js=" + js, "go=" + gk}, "map=canopy")
	if len(rep.Turns) != 300 {
		t.Errorf("%d turns", len(rep.Turns))
	}
	for i, p := range rep.Result.Players {
		if p.Status != game.OK {
			t.Errorf("%s: %s %s", p.Name, p.Status, p.Message)
		}
		answered := 0
		for _, tr := range rep.Turns {
			if tr.Replies[i].Status == game.Answered {
				answered++
			}
		}
		if answered < 290 {
			t.Errorf("%s answered %d of 300 ticks", p.Name, answered)
		}
	}
	if err := match.Verify(rep); err != nil {
		t.Fatal(err)
	}
}

// A 2022 kit with its hard-coded address (ws://0.0.0.0:8765, no
// ARENA_WS_URL) plays: a single match listens on 127.0.0.1:8765 when free.
func TestHardCodedAddress(t *testing.T) {
	js := "node " + jungletest.JSKit(t)
	ln, err := net.Listen("tcp", "127.0.0.1:8765")
	if err != nil {
		t.Skipf("port 8765 is busy: %v", err)
	}
	ln.Close()
	kit := "env -u ARENA_WS_URL " + js
	rep := run(t, 9, []string{"a=" + kit, "b=" + kit}, "map=clearing", "nb_ticks=20")
	for _, p := range rep.Result.Players {
		if p.Status != game.OK {
			t.Errorf("%s: %s %s", p.Name, p.Status, p.Message)
		}
	}
	for _, tr := range rep.Turns {
		for i, r := range tr.Replies {
			if r.Status != game.Answered {
				t.Fatalf("turn %d, seat %d: %s", tr.Turn, i, r.Status)
			}
		}
	}
}
