package match_test

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// callLog collects a probe's calls, and the turns OnTurn was given, in
// the order they happened.
type callLog struct {
	mu    sync.Mutex
	calls []string
}

func (l *callLog) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls = append(l.calls, s)
}

// A turn's frame is taken once the next turn's prompts are written (the
// bots do not wait for it), and the turn is recorded and shown to OnTurn
// then; the last turn's at once. The frames are those of the turn they
// belong to, so the replay verifies.
func TestFrameAfterTheNextPrompts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		log := &callLog{}
		g := probe{name: "frame-order", players: 2, turns: 3, log: log.add,
			clock: game.Clock{Turn: 100 * time.Millisecond, First: 100 * time.Millisecond, Policy: game.PolicyDisqualify}}
		register(probe{name: g.name, players: 2, turns: 3, clock: g.clock})
		m := match.Match{Game: g, Grace: 10 * time.Millisecond,
			Players: []match.Player{player("a", func() bot.Bot { return &scripted{script: echo} }),
				player("b", func() bot.Bot { return &scripted{script: echo} })},
			OnTurn: func(tr replay.Turn) {
				var f struct{ Turn int }
				json.Unmarshal(tr.Frame, &f)
				log.add("onturn " + string(rune('0'+tr.Turn)) + " frame of " + string(rune('0'+f.Turn)))
			}}
		rep, err := match.Run(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{
			"frame 0", // the initial frame
			"prompt 1 0", "prompt 1 1", "play 1",
			"prompt 2 0", "prompt 2 1", "frame 1", "onturn 1 frame of 1", "play 2",
			"prompt 3 0", "prompt 3 1", "frame 2", "onturn 2 frame of 2", "play 3",
			"frame 3", "onturn 3 frame of 3",
		}
		if !slices.Equal(log.calls, want) {
			t.Errorf("calls\n%q\nwant\n%q", log.calls, want)
		}
		if len(rep.Turns) != 3 {
			t.Fatalf("%d turns recorded", len(rep.Turns))
		}
		if err := match.Verify(rep); err != nil {
			t.Errorf("verify: %v", err)
		}
	})
}

// With a pause between turns (for viewers), a turn is recorded before the
// pause, not after it.
func TestFrameBeforeThePause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		log := &callLog{}
		g := probe{name: "frame-pause", players: 1, turns: 2, log: log.add,
			clock: game.Clock{Turn: 100 * time.Millisecond, First: 100 * time.Millisecond, Policy: game.PolicyDisqualify}}
		var shown []time.Time
		start := time.Now()
		m := match.Match{Game: g, Grace: 10 * time.Millisecond, Pause: time.Second,
			Players: []match.Player{player("a", func() bot.Bot { return &scripted{script: echo} })},
			OnTurn:  func(replay.Turn) { shown = append(shown, time.Now()) }}
		if _, err := match.Run(context.Background(), m); err != nil {
			t.Fatal(err)
		}
		if len(shown) != 2 || shown[0].Sub(start) >= time.Second {
			t.Errorf("turns shown at %v after the start, want the first before the pause", shown)
		}
		want := []string{"frame 0", "prompt 1 0", "play 1", "frame 1", "prompt 2 0", "play 2", "frame 2"}
		if !slices.Equal(log.calls, want) {
			t.Errorf("calls\n%q\nwant\n%q", log.calls, want)
		}
	})
}
