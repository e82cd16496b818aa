package event

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
)

// The organiser's controls of an event, kept as the event's
// "controls" state: casual games stopped or running, submissions frozen,
// the final ranking (many more rated games, in every league with rated
// games for an event with leagues, after which the leaderboard is final)
// and the
// publication of the results. They are changed through the API's
// organiser routes or arena event on the data directory; the scheduler and
// the submissions read them as they go.

// Controls is an event's organiser state (apitypes.Controls).
type Controls = apitypes.Controls

// Final is the final ranking (apitypes.Final).
type Final = apitypes.Final

// FinalLeague is one league's part of a final ranking (apitypes).
type FinalLeague = apitypes.FinalLeague

const controlsState = "controls"

// ErrFrozen is a submission refused because the organiser froze them.
var ErrFrozen = errors.New("submissions are frozen: the final ranking uses the active submissions")

// EventControls reads an event's controls.
func (e *Events) EventControls(ctx context.Context, eventID int64) (Controls, error) {
	var c Controls
	_, err := store.ReadState(ctx, e.Store, eventID, controlsState, &c)
	return c, err
}

// UpdateControls changes an event's controls with change, in one
// transaction; an error from change changes nothing.
func (e *Events) UpdateControls(ctx context.Context, eventID int64, change func(*Controls) error) (Controls, error) {
	if _, err := e.Store.Event(ctx, eventID); err != nil {
		return Controls{}, err
	}
	var c Controls
	_, err := e.Store.UpdateEventState(ctx, eventID, controlsState, func(old []byte) ([]byte, error) {
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
func (e *Events) SetCasual(ctx context.Context, eventID int64, on bool) (Controls, error) {
	return e.UpdateControls(ctx, eventID, func(c *Controls) error { c.CasualStopped = !on; return nil })
}

// SetFrozen freezes or reopens an event's submissions.
func (e *Events) SetFrozen(ctx context.Context, eventID int64, frozen bool) (Controls, error) {
	return e.UpdateControls(ctx, eventID, func(c *Controls) error {
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
// submissions: in an event with leagues, in each league with rated games
// and a team with a bot (a boss-only league's tests rank it), whatever
// the top league holds: none may be empty. With only boss-only leagues
// to settle, the final has no game and is over at once.
func (e *Events) StartFinal(ctx context.Context, eventID int64, gamesPerTeam int) (Controls, error) {
	if gamesPerTeam < 1 || gamesPerTeam > 10000 {
		return Controls{}, userError{Err: fmt.Errorf("the final's games per team must be 1 to 10000, not %d", gamesPerTeam)}
	}
	ev, err := e.Store.Event(ctx, eventID)
	if err != nil {
		return Controls{}, err
	}
	if err := e.ownFinal(ev); err != nil {
		return Controls{}, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return Controls{}, err
	}
	info := g.Info()
	teams, err := e.Store.Teams(ctx, eventID)
	if err != nil {
		return Controls{}, err
	}
	f := &Final{Started: time.Now().UTC()}
	first, _ := league.First(info)
	bots := map[int]int{} // teams with a bot, by league (0: no leagues)
	for _, t := range teams {
		switch {
		case t.Active == 0:
		case t.League == 0 && LeaguesOn(ev, info): // its first game will put it in the first league
			bots[first.Number]++
		default:
			bots[t.League]++
		}
	}
	if len(bots) == 0 {
		return Controls{}, userError{Err: errors.New("no team has a bot to play the final")}
	}
	size := max(2, info.MinPlayers)
	games := func(n int) int { return (gamesPerTeam*n + size - 1) / size }
	if !LeaguesOn(ev, info) {
		f.Games = games(bots[0])
	}
	for _, l := range info.Leagues {
		// a boss-only league plays no rated game: its tests rank it
		if n := bots[l.Number]; LeaguesOn(ev, info) && n > 0 && !l.BossOnly {
			f.Leagues = append(f.Leagues, FinalLeague{League: l.Number, Games: games(n)})
			f.Games += games(n)
		}
	}
	return e.UpdateControls(ctx, eventID, func(c *Controls) error {
		if c.Final != nil {
			return userError{Err: errors.New("the final ranking has already started")}
		}
		c.Final, c.Frozen, c.CasualStopped = f, true, true
		return nil
	})
}

// ownFinal refuses the final ranking for the events whose format has a
// final of its own: more rated games would not be that final.
func (e *Events) ownFinal(ev store.Event) error {
	if e.OwnFinal != nil {
		return e.OwnFinal(ev)
	}
	return nil
}

// FinalDone reports whether an event's final ranking has played all its
// games (false before it starts).
func (e *Events) FinalDone(ctx context.Context, eventID int64) (bool, error) {
	c, err := e.EventControls(ctx, eventID)
	if err != nil || c.Final == nil {
		return false, err
	}
	played, err := e.countMatches(ctx, eventID, store.KindFinal)
	return played >= c.Final.Games, err
}

// countMatches counts an event's recorded matches of one kind (counted
// by the database: an event holds tens of thousands of casual ones).
func (e *Events) countMatches(ctx context.Context, eventID int64, kind string) (int, error) {
	n, _, err := e.Store.CountMatches(ctx, eventID, kind)
	return n, err
}

// Publish makes an event's results visible to its teams (they are final
// once the final ranking is done; publishing before is the organiser's
// choice, for a provisional ranking).
func (e *Events) Publish(ctx context.Context, eventID int64) (Controls, error) {
	return e.UpdateControls(ctx, eventID, func(c *Controls) error {
		if c.Published.IsZero() {
			c.Published = time.Now().UTC()
		}
		return nil
	})
}

// TakeFinalGame reserves one final game to queue, of the league furthest
// behind its share (its League); ok is false when all
// are queued (or the final has not started).
func (e *Events) TakeFinalGame(ctx context.Context, eventID int64) (*Final, bool, error) {
	var f *Final
	_, err := e.UpdateControls(ctx, eventID, func(c *Controls) error {
		if c.Final == nil || c.Final.Queued >= c.Final.Games {
			return errNoFinalGame
		}
		c.Final.Queued++
		if l := behind(c.Final.Leagues); l != nil {
			l.Queued++
			c.Final.League = l.League
		}
		f = c.Final
		return nil
	})
	if errors.Is(err, errNoFinalGame) {
		return nil, false, nil
	}
	return f, err == nil, err
}

// GiveBackFinalGame undoes TakeFinalGame when the game (of league lg)
// could not be queued.
func (e *Events) GiveBackFinalGame(ctx context.Context, eventID int64, lg int) error {
	_, err := e.UpdateControls(ctx, eventID, func(c *Controls) error {
		if c.Final == nil {
			return nil
		}
		if c.Final.Queued > 0 {
			c.Final.Queued--
		}
		for i := range c.Final.Leagues {
			if l := &c.Final.Leagues[i]; l.League == lg && l.Queued > 0 {
				l.Queued--
			}
		}
		return nil
	})
	return err
}

// behind is the league of a final whose queued games are the smallest
// share of its games, among those not all queued (nil: none, or a final
// of one league).
func behind(ls []FinalLeague) *FinalLeague {
	var out *FinalLeague
	for i := range ls {
		l := &ls[i]
		if l.Queued < l.Games && (out == nil || l.Queued*out.Games < out.Queued*l.Games) {
			out = l
		}
	}
	return out
}

var errNoFinalGame = errors.New("no final game to queue")

// CheckNotFrozen refuses a change of a team's submissions once the
// organiser froze them, or outside the event's start and end (which
// freeze them as well).
func (e *Events) CheckNotFrozen(ctx context.Context, eventID int64) error {
	ev, err := e.Store.Event(ctx, eventID)
	if err != nil {
		return err
	}
	if err := CheckOpen(ev, time.Now()); err != nil {
		return userError{Err: err}
	}
	c, err := e.EventControls(ctx, eventID)
	if err != nil {
		return err
	}
	if c.Frozen {
		return userError{Err: ErrFrozen}
	}
	return nil
}

// LeaguesOn tells whether an event plays its game's leagues.
func LeaguesOn(ev store.Event, info game.Info) bool {
	return ev.Settings.Leagues && len(info.Leagues) > 0
}

// ResultsVisible reports whether a team may see its event's results.
func (e *Events) ResultsVisible(ctx context.Context, ev store.Event) (bool, error) {
	c, err := e.EventControls(ctx, ev.ID)
	return !c.Published.IsZero(), err
}
