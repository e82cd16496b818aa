package platform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
)

// The organiser's controls of an event, kept as the event's
// "controls" state: casual games stopped or running, submissions frozen,
// the final ranking (many more rated games, in the top league for an
// event with leagues, after which the leaderboard is final) and the
// publication of the results. They are changed through the API's
// organiser routes or arena event on the data directory; the scheduler and
// the submissions read them as they go.

// Controls is an event's organiser state (apitypes.Controls).
type Controls = apitypes.Controls

// Final is the final ranking (apitypes.Final).
type Final = apitypes.Final

const controlsState = "controls"

// ErrFrozen is a submission refused because the organiser froze them.
var ErrFrozen = errors.New("submissions are frozen: the final ranking uses the active submissions")

// EventControls reads an event's controls.
func (p *Platform) EventControls(ctx context.Context, eventID int64) (Controls, error) {
	var c Controls
	_, err := p.readState(ctx, eventID, controlsState, &c)
	return c, err
}

// UpdateControls changes an event's controls with change, in one
// transaction; an error from change changes nothing.
func (p *Platform) UpdateControls(ctx context.Context, eventID int64, change func(*Controls) error) (Controls, error) {
	if _, err := p.Store.Event(ctx, eventID); err != nil {
		return Controls{}, err
	}
	var c Controls
	_, err := p.Store.UpdateEventState(ctx, eventID, controlsState, func(old []byte) ([]byte, error) {
		c = Controls{}
		if old != nil {
			if err := json.Unmarshal(old, &c); err != nil {
				return nil, err
			}
		}
		if err := change(&c); err != nil {
			return nil, err
		}
		return json.Marshal(c)
	})
	return c, err
}

// SetCasual starts or stops an event's casual games.
func (p *Platform) SetCasual(ctx context.Context, eventID int64, on bool) (Controls, error) {
	return p.UpdateControls(ctx, eventID, func(c *Controls) error { c.CasualStopped = !on; return nil })
}

// SetFrozen freezes or reopens an event's submissions.
func (p *Platform) SetFrozen(ctx context.Context, eventID int64, frozen bool) (Controls, error) {
	return p.UpdateControls(ctx, eventID, func(c *Controls) error {
		if !frozen && c.Final != nil {
			return userError{Err: errors.New("the final ranking has started: submissions stay frozen")}
		}
		c.Frozen = frozen
		return nil
	})
}

// StartFinal starts an event's final ranking: submissions freeze, casual
// games stop, and gamesPerTeam more rated games per team (about: games
// are of the event's seat count) are played between the final
// submissions, in the top league of an event with leagues.
func (p *Platform) StartFinal(ctx context.Context, eventID int64, gamesPerTeam int) (Controls, error) {
	if gamesPerTeam < 1 || gamesPerTeam > 10000 {
		return Controls{}, userError{Err: fmt.Errorf("the final's games per team must be 1 to 10000, not %d", gamesPerTeam)}
	}
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return Controls{}, err
	}
	if err := ownFinal(ev); err != nil {
		return Controls{}, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return Controls{}, err
	}
	info := g.Info()
	teams, err := p.Store.Teams(ctx, eventID)
	if err != nil {
		return Controls{}, err
	}
	f := &Final{Started: time.Now().UTC()}
	if leaguesOn(ev, info) {
		top, _ := league.Top(info)
		f.League = top.Number
	}
	n := 0
	for _, t := range teams {
		if t.Active != 0 && (f.League == 0 || t.League == f.League) {
			n++
		}
	}
	if n == 0 {
		return Controls{}, userError{Err: errors.New("no team has a bot to play the final (in the top league, for an event with leagues)")}
	}
	size := max(2, info.MinPlayers)
	f.Games = (gamesPerTeam*n + size - 1) / size
	return p.UpdateControls(ctx, eventID, func(c *Controls) error {
		if c.Final != nil {
			return userError{Err: errors.New("the final ranking has already started")}
		}
		c.Final, c.Frozen, c.CasualStopped = f, true, true
		return nil
	})
}

// ownFinal refuses the final ranking for the events whose format has a
// final of its own: more rated games would not be that final.
func ownFinal(ev store.Event) error {
	if g, err := game.Lookup(ev.Game); err == nil {
		for _, f := range format.Of(g.Info()) {
			if own, ok := f.(format.OwnFinal); ok {
				return own.Refusal(ev)
			}
		}
	}
	return nil
}

// FinalDone reports whether an event's final ranking has played all its
// games (false before it starts).
func (p *Platform) FinalDone(ctx context.Context, eventID int64) (bool, error) {
	c, err := p.EventControls(ctx, eventID)
	if err != nil || c.Final == nil {
		return false, err
	}
	played, err := p.countMatches(ctx, eventID, store.KindFinal)
	return played >= c.Final.Games, err
}

// countMatches counts an event's recorded matches of one kind (counted
// by the database: an event holds tens of thousands of casual ones).
func (p *Platform) countMatches(ctx context.Context, eventID int64, kind string) (int, error) {
	n, _, err := p.Store.CountMatches(ctx, eventID, kind)
	return n, err
}

// Publish makes an event's results visible to its teams (they are final
// once the final ranking is done; publishing before is the organiser's
// choice, for a provisional ranking).
func (p *Platform) Publish(ctx context.Context, eventID int64) (Controls, error) {
	return p.UpdateControls(ctx, eventID, func(c *Controls) error {
		if c.Published.IsZero() {
			c.Published = time.Now().UTC()
		}
		return nil
	})
}

// takeFinalGame reserves one final game to queue; ok is false when all
// are queued (or the final has not started).
func (p *Platform) takeFinalGame(ctx context.Context, eventID int64) (*Final, bool, error) {
	var f *Final
	_, err := p.UpdateControls(ctx, eventID, func(c *Controls) error {
		if c.Final == nil || c.Final.Queued >= c.Final.Games {
			return errNoFinalGame
		}
		c.Final.Queued++
		f = c.Final
		return nil
	})
	if errors.Is(err, errNoFinalGame) {
		return nil, false, nil
	}
	return f, err == nil, err
}

// giveBackFinalGame undoes takeFinalGame when the game could not be queued.
func (p *Platform) giveBackFinalGame(ctx context.Context, eventID int64) error {
	_, err := p.UpdateControls(ctx, eventID, func(c *Controls) error {
		if c.Final != nil && c.Final.Queued > 0 {
			c.Final.Queued--
		}
		return nil
	})
	return err
}

var errNoFinalGame = errors.New("no final game to queue")

// checkNotFrozen refuses a change of a team's submissions once the
// organiser froze them, or outside the event's start and end (which
// freeze them as well).
func (p *Platform) checkNotFrozen(ctx context.Context, eventID int64) error {
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return err
	}
	if err := eventOpen(ev, time.Now()); err != nil {
		return userError{Err: err}
	}
	c, err := p.EventControls(ctx, eventID)
	if err != nil {
		return err
	}
	if c.Frozen {
		return userError{Err: ErrFrozen}
	}
	return nil
}

// scheduleEvent queues an event's matches for one scheduler tick: the
// ranked rounds whose time has come, the promotion tests' games, then the final's games while it runs, or else
// the casual games unless the organiser stopped them. busy is the event's
// casual and final jobs not finished.
//
// The event's start and end bound its uploads and its casual games only:
// outside them the rounds the organiser set, the promotion tests of the
// submissions made before the end and the final ranking still play (the
// organiser starts the final once the end has frozen the submissions).
func (p *Platform) scheduleEvent(ctx context.Context, ev store.Event, inFlight, busy int, promoting map[int64]bool) (int, error) {
	if err := p.scheduleFormats(ctx, ev); err != nil {
		return 0, err
	}
	playable := map[int64]bool{}
	queued, err := p.sweepPromotions(ctx, ev, promoting, playable)
	if err != nil {
		return queued, err
	}
	c, err := p.EventControls(ctx, ev.ID)
	if err != nil {
		return queued, err
	}
	if c.Final == nil && (c.CasualStopped || !ev.Settings.Open(time.Now())) {
		return queued, nil
	}
	var pass *schedulePass // read at the first free place (after the sweep, which may move teams up a league)
	for ; busy < inFlight; busy++ {
		if pass == nil || rereadEachMatch {
			if pass, err = p.newSchedulePass(ctx, ev, playable); err != nil {
				return queued, err
			}
		}
		var a matchArgs
		var ok bool
		switch {
		case c.Final != nil:
			f, took, err := p.takeFinalGame(ctx, ev.ID)
			if err != nil || !took {
				return queued, err
			}
			if a, ok, err = p.nextMatch(ctx, ev, f, pass); err != nil || !ok {
				p.giveBackFinalGame(ctx, ev.ID)
				return queued, err
			}
		default:
			if a, ok, err = p.nextMatch(ctx, ev, nil, pass); err != nil || !ok {
				return queued, err
			}
		}
		if _, err := p.river.Insert(ctx, a, nil); err != nil {
			if c.Final != nil {
				p.giveBackFinalGame(ctx, ev.ID)
			}
			return queued, err
		}
		queued++
	}
	return queued, nil
}
