package api

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
)

// Blitz 2022's way of trying a bot: a team runs its bot on its own
// machine, and the bot connects to the server over WebSocket and registers
// with the team's token ({"type":"REGISTER","token":"team-..."}); the
// server then plays it a casual game against the active bot of the team
// whose rating is closest (the house bot when no other team has one). The
// game is recorded (kind casual, not rated: a local bot is not the team's
// submission) with its replay, in the team's match list. Only games whose
// bots are WebSocket clients (jungle) take such bots.

// registerWithin is how long a connection has to register.
const registerWithin = 10 * time.Second

// play accepts an outside bot's connection and plays its game.
func (a *api) play(w http.ResponseWriter, r *http.Request, _ store.Team) {
	// A game outlasts the server's request timeouts: the hijacked
	// connection keeps the deadlines they set, so they are lifted first.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept answered the request
	}
	defer c.CloseNow()
	ctx := r.Context()
	refuse := func(msg string) { c.Close(websocket.StatusPolicyViolation, msg) }
	rctx, cancel := context.WithTimeout(ctx, registerWithin)
	_, msg, err := c.Read(rctx)
	cancel()
	if err != nil {
		refuse("register first: {\"type\":\"REGISTER\",\"token\":\"YOUR TEAM TOKEN\"}")
		return
	}
	var hello struct {
		Type  string `json:"type"`
		Token string `json:"token"`
	}
	if json.Unmarshal(msg, &hello) != nil || hello.Type != "REGISTER" {
		refuse("the first message registers: {\"type\":\"REGISTER\",\"token\":\"YOUR TEAM TOKEN\"}")
		return
	}
	t, err := a.p.Authenticate(ctx, hello.Token)
	if err != nil {
		if !a.allowLogin(r) {
			refuse("too many wrong tokens from this address: wait a minute")
			return
		}
		refuse("this token is not valid (your team's token: arena team join prints it)")
		return
	}
	if err := event.Suspended(t); err != nil {
		refuse(clip(err.Error()))
		return
	}
	if !a.playing(t.ID, true) {
		refuse("your team already has a bot playing here: one at a time")
		return
	}
	defer a.playing(t.ID, false)
	if err := a.p.PlayOutside(ctx, t, c); err != nil {
		a.o.Log.Info("outside bot", "team", t.ID, "err", err)
		refuse(clip(err.Error()))
		return
	}
	c.Close(websocket.StatusNormalClosure, "game over")
}

// playing marks a team's outside bot as playing (on) or done; it reports
// false when one was playing already.
func (a *api) playing(team int64, on bool) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.outside == nil {
		a.outside = map[int64]bool{}
	}
	if on && a.outside[team] {
		return false
	}
	if on {
		a.outside[team] = true
	} else {
		delete(a.outside, team)
	}
	return true
}

// clip keeps a close reason within WebSocket's 123 bytes.
func clip(s string) string {
	if len(s) > 120 {
		return s[:117] + "..."
	}
	return s
}
