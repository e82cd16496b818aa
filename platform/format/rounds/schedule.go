package rounds

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// The rounds on the platform: the organiser starts a round with its
// settings; the round draws its games among the teams that have a bot
// (Round.Draw) and queues them as match jobs of kind ranked, which are
// not rated: they add ladder points. The rounds are the event's "rounds"
// state; the ladder is computed from the ranked matches.

// state is the event state document that holds the rounds.
const state = "rounds"

// List lists an event's ranked rounds, first first.
func List(ctx context.Context, h format.Host, eventID int64) ([]Round, error) {
	var rs []Round
	doc, err := h.Store().EventState(ctx, eventID, state)
	if err != nil || doc == nil {
		return nil, err
	}
	return rs, json.Unmarshal(doc, &rs)
}

// Start adds a ranked round with the settings of r (Players, Size,
// Shape, Mix, Obstacles, Multiplier; Seed 0: a random one; At: when, zero
// for now). Its settings are tried on the game at once; its field (the
// teams that have a bot) is taken and its games drawn and queued when its
// time comes: at once, or by the scheduler at At.
func Start(ctx context.Context, h format.Host, eventID int64, r Round) (Round, error) {
	ev, info, err := eventGame(ctx, h, eventID)
	if err != nil {
		return r, err
	}
	later, err := check(ctx, h, ev, info, &r)
	if err != nil {
		return r, err
	}
	_, err = Update(ctx, h, eventID, func(rs []Round) ([]Round, error) {
		r.Number = len(rs) + 1
		return append(rs, r), nil
	})
	if err != nil || later {
		return r, err
	}
	return Launch(ctx, h, ev, info, r.Number)
}

// Change gives a scheduled round (not started yet) the settings of r,
// checked as Start checks them (Seed 0 keeps the round's seed, At
// zero its time; an At past plays it now). A round that has started
// cannot change.
func Change(ctx context.Context, h format.Host, eventID int64, number int, r Round) (Round, error) {
	ev, info, err := eventGame(ctx, h, eventID)
	if err != nil {
		return r, err
	}
	if r.Seed == 0 || r.At.IsZero() {
		old, err := round(ctx, h, eventID, number)
		if err != nil {
			return r, err
		}
		if r.Seed == 0 {
			r.Seed = old.Seed
		}
		if r.At.IsZero() {
			r.At = old.At
		}
	}
	later, err := check(ctx, h, ev, info, &r)
	if err != nil {
		return r, err
	}
	r.Number = number
	_, err = Update(ctx, h, eventID, func(rs []Round) ([]Round, error) {
		if err := scheduled(rs, number); err != nil {
			return nil, err
		}
		rs[number-1] = r
		return rs, nil
	})
	if err != nil || later {
		return r, err
	}
	return Launch(ctx, h, ev, info, number)
}

// Cancel cancels a scheduled round (not started yet): it keeps its
// number and settings, marked cancelled, and is never played.
func Cancel(ctx context.Context, h format.Host, eventID int64, number int) (Round, error) {
	var r Round
	_, err := Update(ctx, h, eventID, func(rs []Round) ([]Round, error) {
		if err := scheduled(rs, number); err != nil {
			return nil, err
		}
		rs[number-1].Cancelled = time.Now().UTC()
		r = rs[number-1]
		return rs, nil
	})
	return r, err
}

// scheduled refuses, as the organiser's error, a round number that is not
// a scheduled round: one unknown, cancelled, or started (its field taken
// and its games drawn, or its time come with too few teams).
func scheduled(rs []Round, number int) error {
	if number < 1 || number > len(rs) {
		return fault.UserError{Err: fmt.Errorf("no round %d (the event has %d)", number, len(rs))}
	}
	r := rs[number-1]
	switch {
	case !r.Cancelled.IsZero():
		return fault.UserError{Err: fmt.Errorf("round %d is cancelled", number)}
	case !r.Started.IsZero() || r.Queued || r.Groups != nil || r.Error != "":
		return fault.UserError{Err: fmt.Errorf("round %d has started: its games are drawn (a started round cannot be cancelled or changed)", number)}
	}
	return nil
}

// round is an event's round number, or a not-found error.
func round(ctx context.Context, h format.Host, eventID int64, number int) (Round, error) {
	rs, err := List(ctx, h, eventID)
	if err != nil {
		return Round{}, err
	}
	if number < 1 || number > len(rs) {
		return Round{}, fault.UserError{Err: fmt.Errorf("no round %d (the event has %d)", number, len(rs))}
	}
	return rs[number-1], nil
}

// eventGame is an event and its game's description.
func eventGame(ctx context.Context, h format.Host, eventID int64) (store.Event, game.Info, error) {
	ev, err := h.Store().Event(ctx, eventID)
	if err != nil {
		return ev, game.Info{}, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return ev, game.Info{}, err
	}
	return ev, g.Info(), nil
}

// check fills r's defaults (multiplier 1, a random seed, now) and
// tries its settings on the game; a round for now is refused when too
// few teams have a bot. later says the round is for later.
func check(ctx context.Context, h format.Host, ev store.Event, info game.Info, r *Round) (later bool, err error) {
	g, err := game.Lookup(info.Name)
	if err != nil {
		return false, err
	}
	if r.Multiplier == 0 {
		r.Multiplier = 1
	}
	if r.Multiplier < 0 {
		return false, fault.UserError{Err: fmt.Errorf("the round's multiplier must be positive, not %g", r.Multiplier)}
	}
	if r.Seed == 0 {
		r.Seed = match.RandomSeed()
	}
	// the round's options, over the event's, must make a game of its size
	pairs, err := h.MatchOptions(info, ev, r.Seed)
	if err != nil {
		return false, err
	}
	opts, err := game.ParseOptions(info.Options, append(pairs, roundOptions(info, *r)...))
	if err != nil {
		return false, fault.UserError{Err: err}
	}
	if _, err := g.New(game.Config{Seed: r.Seed, Players: r.Players, Options: opts, Files: game.NewFiles()}); err != nil {
		return false, fault.UserError{Err: fmt.Errorf("a %d-player round with these settings: %w", r.Players, err)}
	}
	now := time.Now().UTC()
	later = r.At.After(now)
	if !later {
		// played now: refused at once when too few teams have a bot
		r.At = now
		n, err := field(ctx, h, info, ev.ID)
		if err != nil {
			return false, err
		}
		if n < r.Players {
			return false, fault.UserError{Err: fmt.Errorf("games of %d players need at least %d teams with a bot; %d have one", r.Players, r.Players, n)}
		}
	}
	r.Teams, r.Submissions, r.Groups, r.Queued, r.Error, r.Started, r.Cancelled = nil, nil, nil, false, "", time.Time{}, time.Time{}
	return later, nil
}

// field counts the teams that have a bot the game can play.
func field(ctx context.Context, h format.Host, info game.Info, eventID int64) (int, error) {
	teams, err := h.Store().Teams(ctx, eventID)
	n := 0
	for _, t := range teams {
		if t.Active != 0 && h.Playable(ctx, info, t.Active) {
			n++
		}
	}
	return n, err
}

// Update changes an event's rounds in one transaction.
func Update(ctx context.Context, h format.Host, eventID int64, change func([]Round) ([]Round, error)) ([]Round, error) {
	var out []Round
	_, err := h.Store().UpdateEventState(ctx, eventID, state, func(old []byte) ([]byte, error) {
		var rs []Round
		if old != nil {
			if err := json.Unmarshal(old, &rs); err != nil {
				return nil, err
			}
		}
		rs, err := change(rs)
		if err != nil {
			return nil, err
		}
		out = rs
		return json.Marshal(rs)
	})
	return out, err
}

// Launch plays round number now: its field is the teams that have a
// bot, its games are drawn (once: a launch tried again keeps its draw) and
// queued, then it is marked queued. A round that cannot be drawn keeps the
// reason in Error and is not tried again. Queuing a game twice (a launch
// cut short) plays it twice but records it once: its key is its record's.
func Launch(ctx context.Context, h format.Host, ev store.Event, info game.Info, number int) (Round, error) {
	teams, err := h.Store().Teams(ctx, ev.ID)
	if err != nil {
		return Round{}, err
	}
	// the field, read before the transaction (which must not wait on
	// other reads of the database)
	var field, subs []int64
	for _, t := range teams {
		if t.Active != 0 && h.Playable(ctx, info, t.Active) {
			field, subs = append(field, t.ID), append(subs, t.Active)
		}
	}
	var r Round
	var drawErr error
	_, err = Update(ctx, h, ev.ID, func(rs []Round) ([]Round, error) {
		i := number - 1
		if i < 0 || i >= len(rs) {
			return nil, fmt.Errorf("no round %d", number)
		}
		if !rs[i].Cancelled.IsZero() {
			// cancelled while the scheduler read it due
			r = rs[i]
			return rs, nil
		}
		if rs[i].Groups == nil && rs[i].Error == "" {
			rs[i].Teams, rs[i].Submissions = field, subs
			rs[i].Started = time.Now().UTC()
			if drawErr = rs[i].Draw(); drawErr != nil {
				rs[i].Error, rs[i].Queued, rs[i].Groups = drawErr.Error(), true, nil
			}
		}
		r = rs[i]
		return rs, nil
	})
	if err != nil || drawErr != nil || r.Queued || !r.Cancelled.IsZero() {
		if drawErr != nil {
			return r, fault.UserError{Err: drawErr}
		}
		return r, err
	}
	if err := queueGames(ctx, h, info, ev.ID, r); err != nil {
		return r, err
	}
	_, err = Update(ctx, h, ev.ID, func(rs []Round) ([]Round, error) {
		rs[number-1].Queued = true
		r = rs[number-1]
		return rs, nil
	})
	return r, err
}

// launchDue launches the event's rounds whose time has come (the
// scheduler's tick).
func launchDue(ctx context.Context, h format.Host, ev store.Event, now time.Time) error {
	rs, err := List(ctx, h, ev.ID)
	if err != nil {
		return err
	}
	var info game.Info
	for _, r := range rs {
		if !r.Due(now) {
			continue
		}
		if info.Name == "" {
			g, err := game.Lookup(ev.Game)
			if err != nil {
				return err
			}
			info = g.Info()
		}
		if _, err := Launch(ctx, h, ev, info, r.Number); err != nil && !fault.IsUser(err) {
			return err
		}
	}
	return nil
}

// queueGames queues a round's games.
func queueGames(ctx context.Context, h format.Host, info game.Info, eventID int64, r Round) error {
	ev, err := h.Store().Event(ctx, eventID)
	if err != nil {
		return err
	}
	for i, grp := range r.Groups {
		key := fmt.Sprintf("ranked-%d-%d-%d", eventID, r.Number, i)
		a := queue.Match{Event: eventID, Key: key, Seed: queue.SeedOf(fmt.Sprintf("%s-%d", key, r.Seed)), MatchKind: store.KindRanked,
			Round: int64(r.Number), Options: roundOptions(info, r)}
		for _, k := range grp {
			a.Teams = append(a.Teams, r.Teams[k])
			a.Submissions = append(a.Submissions, r.Submissions[k])
		}
		if err := h.Queue(ctx, ev, a); err != nil {
			return fmt.Errorf("queuing round %d's game %d: %w", r.Number, i+1, err)
		}
	}
	return nil
}

// roundOptions are a round's game options, without the multiplier for a
// game that has no such option (the ladder counts it either way).
func roundOptions(info game.Info, r Round) []string {
	var out []string
	for _, kv := range r.Options() {
		name, _, _ := strings.Cut(kv, "=")
		if name != "multiplier" || slices.ContainsFunc(info.Options, func(o game.Option) bool { return o.Name == name }) {
			out = append(out, kv)
		}
	}
	return out
}
