package matchmaking_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// outsideBot connects to the platform as a 2022 kit would, registers with
// token and answers every TICK with no action until the server closes the
// connection; it returns how many TICKs it answered and the close reason.
func outsideBot(t *testing.T, url, token string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+api.Prefix+"play", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	reg, _ := json.Marshal(map[string]string{"type": "REGISTER", "token": token})
	if err := c.Write(ctx, websocket.MessageText, reg); err != nil {
		t.Fatal(err)
	}
	ticks := 0
	for {
		_, msg, err := c.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				return ticks, ce.Reason
			}
			return ticks, err.Error()
		}
		var tick struct {
			Type string `json:"type"`
			Tick int    `json:"tick"`
		}
		if json.Unmarshal(msg, &tick) == nil && tick.Type == "TICK" {
			ticks++
			cmd, _ := json.Marshal(map[string]any{"type": "COMMAND", "tick": tick.Tick, "actions": []any{}})
			if err := c.Write(ctx, websocket.MessageText, cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A team's bot run on its own machine connects over WebSocket with the
// team's token and plays a casual game against the house bot (no other
// team has a bot); the game is in the team's matches, with its map, not
// rated. A wrong token and another game's event are refused with the
// reason.
func TestOutsideBotPlaysACasualGame(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	ev, invite := platformtest.Event(t, p, "jungle", "Blitz", "nb_ticks=20")
	owls, token := platformtest.Join(t, ts, invite, "Owls")
	if ticks, reason := outsideBot(t, ts.URL, token); ticks != 20 {
		t.Fatalf("%d ticks, closed with %q", ticks, reason)
	}
	// the game closes the connection at its end, then the server records it
	var ms []store.Match
	for deadline := time.Now().Add(time.Minute); len(ms) == 0 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		ms, _ = p.Store.Matches(ctx, ev.ID, 10)
	}
	if len(ms) != 1 || ms[0].Kind != store.KindCasual || ms[0].Teams[0] != owls.ID || ms[0].Teams[1] != 0 || ms[0].Map == "" || len(ms[0].Ranks) != 2 {
		t.Fatalf("matches %+v", ms)
	}
	if rs, _ := p.Store.Ratings(ctx, ev.ID); len(rs) != 0 {
		t.Errorf("an outside bot's game was rated: %+v", rs)
	}
	code, body := platformtest.Call(t, ts, "GET", api.Prefix+"matches", token, "", nil)
	if code != 200 || !strings.Contains(string(body), `"kind":"casual"`) || !strings.Contains(string(body), `"replay"`) {
		t.Errorf("the team's matches: %d %s", code, body)
	}
	if _, reason := outsideBot(t, ts.URL, token[:len(token)-4]+"abcd"); !strings.Contains(reason, "not valid") {
		t.Errorf("a forged token: %q", reason)
	}
	_, invite2, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	_, token2 := platformtest.Join(t, ts, invite2, "Bats")
	if _, reason := outsideBot(t, ts.URL, token2); !strings.Contains(reason, "do not connect over WebSocket") {
		t.Errorf("a tracks team: %q", reason)
	}
}
