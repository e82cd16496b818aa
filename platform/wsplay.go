package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/openskill"
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
	if !a.playing(t.ID, true) {
		refuse("your team already has a bot playing here: one at a time")
		return
	}
	defer a.playing(t.ID, false)
	if err := a.p.playOutside(ctx, t, c); err != nil {
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

// playOutside plays a registered outside bot's casual game and records it.
func (p *Platform) playOutside(ctx context.Context, t store.Team, c *websocket.Conn) error {
	ev, err := p.Store.Event(ctx, t.EventID)
	if err != nil {
		return err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return err
	}
	info := g.Info()
	if info.WebSocket == nil {
		return fmt.Errorf("%s bots do not connect over WebSocket: submit your bot instead", info.Name)
	}
	if err := event.CheckOpen(ev, time.Now()); err != nil {
		return err
	}
	if ctl, err := p.EventControls(ctx, ev.ID); err != nil {
		return err
	} else if ctl.CasualStopped {
		return fmt.Errorf("the organiser stopped the casual games of %s", ev.Name)
	}
	opp, err := p.closestOpponent(ctx, ev, t)
	if err != nil {
		return err
	}
	seed := match.RandomSeed()
	a := matchArgs{Event: ev.ID, Seed: seed, Key: fmt.Sprintf("outside-%d-%d-%d", ev.ID, t.ID, seed),
		Teams: []int64{0, opp.ID}, Submissions: []int64{0, opp.Active}}
	m, specs, err := p.matchOf(ctx, g, ev, a)
	if err != nil {
		return err
	}
	conn := bot.NewWebSocketConn(c, info.MaxLine, info.WebSocket.Valid)
	m.Players[0] = match.Player{Name: "team" + strconv.FormatInt(t.ID, 10), Spec: "websocket:outside", Open: func() (bot.Bot, error) { return conn, nil }}
	m.Grace = time.Second
	release, err := p.holdCores(ctx, specs[1:])
	if err != nil {
		return err
	}
	rep, err := match.Run(ctx, m)
	release()
	if err != nil {
		return err
	}
	rec := store.Match{EventID: ev.ID, Key: a.Key, Kind: store.KindCasual, Seed: seed, Teams: []int64{t.ID, opp.ID}, Submissions: []int64{0, opp.Active},
		Map: playedMap(info, m, rep)}
	for _, pr := range rep.Result.Players {
		rec.Ranks, rec.Scores = append(rec.Ranks, pr.Rank), append(rec.Scores, pr.Score)
		rec.Stats = append(rec.Stats, numericStats(pr.Stats))
	}
	if err := p.Replays.Put(a.Key, rep); err != nil {
		return err
	}
	_, err = p.Store.RecordMatch(context.WithoutCancel(ctx), rec, nil) // a local bot is not rated
	return err
}

// closestOpponent is the other team with a bot whose rating (mu) is
// closest to t's, or no team (the house bot) when none has one.
func (p *Platform) closestOpponent(ctx context.Context, ev store.Event, t store.Team) (store.Team, error) {
	teams, err := p.teamsWithBots(ctx, ev)
	if err != nil {
		return store.Team{}, err
	}
	ratings, err := p.Store.Ratings(ctx, ev.ID)
	if err != nil {
		return store.Team{}, err
	}
	mu := func(id int64) float64 {
		if r, ok := ratings[id]; ok {
			return r.Mu
		}
		return openskill.Default().New().Mu
	}
	best, dist := store.Team{}, math.Inf(1)
	for _, o := range teams {
		if d := math.Abs(mu(o.ID) - mu(t.ID)); o.ID != t.ID && d < dist {
			best, dist = o, d
		}
	}
	return best, nil
}
