package jungle_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// The test binary doubles as a WebSocket bot: with JUNGLE_WSBOT set it
// connects to $ARENA_WS_URL, registers with $TOKEN and plays as the mode
// says.
func TestMain(m *testing.M) {
	if mode := os.Getenv("JUNGLE_WSBOT"); mode != "" {
		wsBot(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func wsBot(mode string) {
	ctx := context.Background()
	c, _, err := websocket.Dial(ctx, os.Getenv("ARENA_WS_URL"), nil)
	if err != nil {
		os.Exit(4)
	}
	c.SetReadLimit(1 << 24)
	c.Write(ctx, websocket.MessageText, []byte(`{"type":"REGISTER","token":"`+os.Getenv("TOKEN")+`"}`))
	if mode == "early" {
		// A command before TICK 0: it must be ignored.
		c.Write(ctx, websocket.MessageText, []byte(`{"type":"COMMAND","tick":0,"actions":[{"type":"UNIT","action":"SPAWN","unitId":"1","target":{"x":0,"y":0}}]}`))
	}
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return
		}
		var tick struct{ Tick int }
		json.Unmarshal(data, &tick)
		answer := fmt.Sprintf(`{"type":"COMMAND","tick":%d,"actions":[]}`, tick.Tick)
		switch {
		case mode == "garbage" && tick.Tick == 3:
			answer = "{not json"
		case mode == "quit" && tick.Tick == 5:
			c.CloseNow()
			return
		case mode == "wrongtick":
			answer = fmt.Sprintf(`{"type":"COMMAND","tick":%d,"actions":[]}`, tick.Tick+100)
		}
		c.Write(ctx, websocket.MessageText, []byte(answer))
	}
}

func self(mode string) string {
	return "env JUNGLE_WSBOT=" + mode + " " + os.Args[0]
}

// frame is the part of a frame these tests read.
type frame struct {
	Tick  int `json:"tick"`
	Teams []struct {
		IsDead bool              `json:"isDead"`
		Errors []string          `json:"errors"`
		Events []json.RawMessage `json:"events"`
		Units  []struct {
			Position *struct{ X, Y int } `json:"position"`
		} `json:"units"`
	} `json:"teams"`
	Log []string `json:"log"`
}

func frameOf(t *testing.T, tr replay.Turn) frame {
	t.Helper()
	var f frame
	if err := json.Unmarshal(tr.Frame, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// A WebSocket bot that sends garbage has its socket closed and is dead
// from the next tick; the game goes on for the other team.
func TestGarbageOverWebSocket(t *testing.T) {
	rep := run(t, 1, []string{self("garbage"), "builtin:greedy"}, "map=clearing", "nb_ticks=12")
	bad := rep.Result.Players[0]
	if bad.Status != game.Crashed || !strings.Contains(bad.Message, "invalid message") {
		t.Errorf("status %s %q", bad.Status, bad.Message)
	}
	if len(rep.Turns) != 12 || rep.Result.Players[1].Status != game.OK {
		t.Errorf("%d turns; other %s", len(rep.Turns), rep.Result.Players[1].Status)
	}
	f := frameOf(t, rep.Turns[4]) // tick 4: the first after the garbage
	if !f.Teams[0].IsDead {
		t.Errorf("tick 4: the team is not dead")
	}
	for _, tr := range rep.Turns[5:] {
		if tr.Replies[0].Asked {
			t.Fatalf("turn %d: a dead team was asked", tr.Turn)
		}
	}
	if err := match.Verify(rep); err != nil {
		t.Fatal(err)
	}
}

// The same over stdin/stdout: the team is removed (disqualified).
func TestGarbageOverStdio(t *testing.T) {
	script := writeScript(t, "garbage.py", `
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["tick"] == 2:
        print("{not json", flush=True)
    else:
        print(json.dumps({"type": "COMMAND", "tick": m["tick"], "actions": []}), flush=True)
`)
	rep := run(t, 1, []string{"stdio:python3 " + script, "builtin:greedy"}, "map=clearing", "nb_ticks=8")
	bad := rep.Result.Players[0]
	if bad.Status != game.Disqualified || !strings.Contains(bad.Message, "not JSON on tick 2") {
		t.Errorf("status %s %q", bad.Status, bad.Message)
	}
	if !frameOf(t, rep.Turns[2]).Teams[0].IsDead {
		t.Error("not dead after the garbage")
	}
	if err := match.Verify(rep); err != nil {
		t.Fatal(err)
	}
}

// A bot that disconnects mid-game: DISCONNECT, isDead, crashed; its units
// stay on the board.
func TestDisconnectMidGame(t *testing.T) {
	rep := run(t, 2, []string{self("quit"), "builtin:greedy"}, "map=clearing", "nb_ticks=15")
	bad := rep.Result.Players[0]
	if bad.Status != game.Crashed {
		t.Errorf("status %s %q", bad.Status, bad.Message)
	}
	dead := -1
	for i, tr := range rep.Turns {
		f := frameOf(t, tr)
		if f.Teams[0].IsDead && dead < 0 {
			dead = i
			if !strings.Contains(string(tr.Frame), `{"action":"DISCONNECT"}`) {
				t.Error("no DISCONNECT event")
			}
		}
	}
	if dead < 5 || dead > 7 {
		t.Errorf("dead from turn %d, want about tick 5", dead)
	}
	if len(rep.Turns) != 15 {
		t.Errorf("%d turns", len(rep.Turns))
	}
}

// A bot that answers for the wrong tick times out every tick; its answers
// are logged, never applied.
func TestWrongTick(t *testing.T) {
	rep := run(t, 3, []string{self("wrongtick"), "builtin:greedy"},
		"map=clearing", "nb_ticks=6", "tick_timeout_ms=40", "first_ticks_count=4", "first_ticks_extra_ms=60")
	bad := rep.Result.Players[0]
	if bad.Status != game.OK || bad.Stats["timeouts"] != 6 {
		t.Errorf("status %s, stats %v", bad.Status, bad.Stats)
	}
	f := frameOf(t, rep.Turns[3])
	if len(f.Teams[0].Errors) != 1 || !strings.HasPrefix(f.Teams[0].Errors[0], "No command was received in time on tick 3. Timeout value : 100") {
		t.Errorf("errors %q", f.Teams[0].Errors)
	}
	// The wrong answer to tick 3 is logged when it is read: at tick 3, or
	// later when a busy machine delays the bot beyond the tick's 40 ms.
	var logs []string
	for _, tr := range rep.Turns[3:] {
		logs = append(logs, frameOf(t, tr).Log...)
	}
	if !strings.Contains(strings.Join(logs, "\n"), "Invalid tick number received: 103") {
		t.Errorf("log from tick 3 on %q", logs)
	}
	if err := match.Verify(rep); err != nil {
		t.Fatal(err)
	}
}

// A COMMAND sent before TICK 0 is ignored (spec §9 item 7).
func TestCommandBeforeFirstTick(t *testing.T) {
	rep := run(t, 4, []string{self("early"), "builtin:greedy"}, "map=clearing", "nb_ticks=3")
	f := frameOf(t, rep.Turns[0])
	for _, u := range f.Teams[0].Units {
		if u.Position != nil {
			t.Fatal("the early command was applied")
		}
	}
	if rep.Turns[0].Replies[0].Status != game.Answered {
		t.Errorf("tick 0: %s", rep.Turns[0].Replies[0].Status)
	}
}

// A COMMAND for the next tick, sent before that tick's TICK, is not an
// answer to it: the 2022 server ignored it as a wrong tick. The bot then
// never answers TICK 1, which times out; its early SPAWN is not applied.
func TestCommandAheadOfItsTick(t *testing.T) {
	ahead := writeScript(t, "ahead.py", `
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    t = m["tick"]
    tiles = m["map"]["tiles"]
    spawn = next({"x": x, "y": y} for x in range(len(tiles)) for y in range(len(tiles[0])) if tiles[x][y] == "SPAWN")
    me = next(tm for tm in m["teams"] if tm["id"] == m["teamId"])
    unit = me["units"][0]["id"]
    if t == 0:
        # One write: the COMMAND for tick 1 must be read before TICK 1 is
        # sent (written later, it could be an answer to it).
        sys.stdout.write(json.dumps({"type": "COMMAND", "tick": 0, "actions": []}) + "\n" +
                         json.dumps({"type": "COMMAND", "tick": 1, "actions": [{"type": "UNIT", "action": "SPAWN", "unitId": unit, "target": spawn}]}) + "\n")
        sys.stdout.flush()
    elif t >= 2:
        print(json.dumps({"type": "COMMAND", "tick": t, "actions": []}), flush=True)
`)
	rep := run(t, 5, []string{"stdio:python3 " + ahead, "builtin:greedy"},
		"map=clearing", "nb_ticks=4", "tick_timeout_ms=300", "first_ticks_count=1", "first_ticks_extra_ms=30000")
	if r := rep.Turns[1].Replies[0]; r.Status != game.Timeout {
		t.Fatalf("tick 1: %s %q, want a timeout", r.Status, r.Text())
	}
	f := frameOf(t, rep.Turns[1])
	for _, u := range f.Teams[0].Units {
		if u.Position != nil {
			t.Fatal("the command sent ahead of its tick was applied")
		}
	}
	// Logged with the tick it carried, at tick 0 or 1 (whichever was being
	// resolved when it was read).
	var logs []string
	for _, tr := range rep.Turns[:2] {
		logs = append(logs, frameOf(t, tr).Log...)
	}
	if !strings.Contains(strings.Join(logs, "\n"), "Invalid tick number received: 1") {
		t.Errorf("log %q", logs)
	}
	if err := match.Verify(rep); err != nil {
		t.Fatal(err)
	}
}

func writeScript(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(strings.TrimLeft(body, "\n")), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// Same seed, same replies: the same game, play order and spawn fallbacks
// included. The crowding bot spawns every unit on the same tile, so the
// fallbacks are drawn.
func TestDeterminism(t *testing.T) {
	crowd := writeScript(t, "crowd.py", `
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    me = next(t for t in m["teams"] if t["id"] == m["teamId"])
    tiles = m["map"]["tiles"]
    first = next({"x": x, "y": y} for x in range(len(tiles)) for y in range(len(tiles[0])) if tiles[x][y] == "SPAWN")
    acts = []
    for u in me["units"]:
        if not u["hasSpawned"]:
            acts.append({"type": "UNIT", "action": "SPAWN", "unitId": u["id"], "target": first})
        else:
            acts.append({"type": "UNIT", "action": "MOVE", "unitId": u["id"], "target": {"x": len(tiles) // 2, "y": len(tiles[0]) // 2}})
    print(json.dumps({"type": "COMMAND", "tick": m["tick"], "actions": acts}), flush=True)
`)
	bots := []string{"stdio:python3 " + crowd, "builtin:fighter", "builtin:greedy", "stdio:python3 " + crowd}
	var prev []byte
	for i := 0; i < 2; i++ {
		rep := run(t, 77, bots, "map=canopy", "nb_ticks=120")
		rep.StripTimings()
		// The last tie-breaker is the measured response time: two teams
		// tied on everything else may swap ranks from one run to the next.
		for k := range rep.Result.Players {
			delete(rep.Result.Players[k].Stats, "avgResponseMs")
			rep.Result.Players[k].Rank = 0
		}
		for k := range rep.Outcome.Players {
			delete(rep.Outcome.Players[k].Stats, "avgResponseMs")
			rep.Outcome.Players[k].Rank = 0
		}
		for k := range rep.Turns {
			for j := range rep.Turns[k].Replies {
				rep.Turns[k].Replies[j].Stderr = ""
			}
		}
		b, _ := json.Marshal(rep)
		if prev != nil && string(b) != string(prev) {
			i := 0
			for i < len(b) && i < len(prev) && b[i] == prev[i] {
				i++
			}
			t.Fatalf("two runs of the same game differ at byte %d:\n%s\n%s", i, clipAt(prev, i), clipAt(b, i))
		}
		prev = b
		// Four units on one tile's zone: fallbacks happened.
		f := frameOf(t, rep.Turns[0])
		spawned := 0
		for _, u := range f.Teams[0].Units {
			if u.Position != nil {
				spawned++
			}
		}
		if spawned < 2 {
			t.Errorf("only %d crowded units spawned at tick 0", spawned)
		}
	}
}

func clipAt(b []byte, i int) string {
	return string(b[max(0, i-200):min(len(b), i+100)])
}
