package matchmaking

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/play"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/openskill"
)

// PlayOutside plays a registered outside bot's casual game and records it.
func (mk *Matchmaker) PlayOutside(ctx context.Context, t store.Team, c *websocket.Conn) error {
	ev, err := mk.Events.Store.Event(ctx, t.EventID)
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
	if ctl, err := mk.Events.EventControls(ctx, ev.ID); err != nil {
		return err
	} else if ctl.CasualStopped {
		return fmt.Errorf("the organiser stopped the casual games of %s", ev.Name)
	}
	opp, err := mk.closestOpponent(ctx, ev, t)
	if err != nil {
		return err
	}
	seed := match.RandomSeed()
	a := queue.Match{Event: ev.ID, Seed: seed, Key: fmt.Sprintf("outside-%d-%d-%d", ev.ID, t.ID, seed),
		Teams: []int64{0, opp.ID}, Submissions: []int64{0, opp.Active}}
	m, specs, err := mk.Player.MatchOf(ctx, g, ev, a)
	if err != nil {
		return err
	}
	conn := bot.NewWebSocketConn(c, info.MaxLine, info.WebSocket.Valid)
	m.Players[0] = match.Player{Name: "team" + strconv.FormatInt(t.ID, 10), Spec: "websocket:outside", Open: func() (bot.Bot, error) { return conn, nil }}
	m.Grace = time.Second
	release, err := mk.Player.HoldCores(ctx, specs[1:])
	if err != nil {
		return err
	}
	rep, err := match.Run(ctx, m)
	release()
	if err != nil {
		return err
	}
	rec := store.Match{EventID: ev.ID, Key: a.Key, Kind: store.KindCasual, Seed: seed, Teams: []int64{t.ID, opp.ID}, Submissions: []int64{0, opp.Active}}
	play.Count(&rec, info, m, rep)
	play.Judge(&rec, rep)
	if err := mk.Player.Replays.Put(a.Key, rep); err != nil {
		return err
	}
	_, err = mk.Events.Store.RecordMatch(context.WithoutCancel(ctx), rec, nil) // a local bot is not rated
	return err
}

// closestOpponent is the other team with a bot whose rating (mu) is
// closest to t's, or no team (the house bot) when none has one.
func (mk *Matchmaker) closestOpponent(ctx context.Context, ev store.Event, t store.Team) (store.Team, error) {
	teams, err := mk.TeamsWithBots(ctx, ev)
	if err != nil {
		return store.Team{}, err
	}
	ratings, err := mk.Events.Store.Ratings(ctx, ev.ID)
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
