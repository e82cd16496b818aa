package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/rounds"
	"github.com/seed27749672/arena/platform/store"
)

// Ranked rounds (Ready AI Code 2020, territory): the organiser starts a
// round with its settings; the round draws its games among the teams that
// have a bot (package rounds) and queues them as match jobs of kind ranked,
// which are not rated: they add ladder points. The rounds are the event's
// "rounds" state; the ladder is computed from the ranked matches.

const roundsState = "rounds"

// Rounds lists an event's ranked rounds, first first.
func (p *Platform) Rounds(ctx context.Context, eventID int64) ([]rounds.Round, error) {
	var rs []rounds.Round
	_, err := p.readState(ctx, eventID, roundsState, &rs)
	return rs, err
}

// StartRound adds a ranked round with the settings of r (Players, Size,
// Shape, Mix, Obstacles, Multiplier; Seed 0: a random one; At: when, zero
// for now). Its settings are tried on the game at once; its field (the
// teams that have a bot) is taken and its games drawn and queued when its
// time comes: at once, or by the scheduler at At.
func (p *Platform) StartRound(ctx context.Context, eventID int64, r rounds.Round) (rounds.Round, error) {
	ev, info, err := p.eventGame(ctx, eventID)
	if err != nil {
		return r, err
	}
	later, err := p.checkRound(ctx, ev, info, &r)
	if err != nil {
		return r, err
	}
	_, err = p.updateRounds(ctx, eventID, func(rs []rounds.Round) ([]rounds.Round, error) {
		r.Number = len(rs) + 1
		return append(rs, r), nil
	})
	if err != nil || later {
		return r, err
	}
	return p.launchRound(ctx, ev, info, r.Number)
}

// ChangeRound gives a scheduled round (not started yet) the settings of r,
// checked as StartRound checks them (Seed 0 keeps the round's seed, At
// zero its time; an At past plays it now). A round that has started
// cannot change.
func (p *Platform) ChangeRound(ctx context.Context, eventID int64, number int, r rounds.Round) (rounds.Round, error) {
	ev, info, err := p.eventGame(ctx, eventID)
	if err != nil {
		return r, err
	}
	if r.Seed == 0 || r.At.IsZero() {
		old, err := p.round(ctx, eventID, number)
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
	later, err := p.checkRound(ctx, ev, info, &r)
	if err != nil {
		return r, err
	}
	r.Number = number
	_, err = p.updateRounds(ctx, eventID, func(rs []rounds.Round) ([]rounds.Round, error) {
		if err := scheduled(rs, number); err != nil {
			return nil, err
		}
		rs[number-1] = r
		return rs, nil
	})
	if err != nil || later {
		return r, err
	}
	return p.launchRound(ctx, ev, info, number)
}

// CancelRound cancels a scheduled round (not started yet): it keeps its
// number and settings, marked cancelled, and is never played.
func (p *Platform) CancelRound(ctx context.Context, eventID int64, number int) (rounds.Round, error) {
	var r rounds.Round
	_, err := p.updateRounds(ctx, eventID, func(rs []rounds.Round) ([]rounds.Round, error) {
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
func scheduled(rs []rounds.Round, number int) error {
	if number < 1 || number > len(rs) {
		return userError{fmt.Errorf("no round %d (the event has %d)", number, len(rs))}
	}
	r := rs[number-1]
	switch {
	case !r.Cancelled.IsZero():
		return userError{fmt.Errorf("round %d is cancelled", number)}
	case !r.Started.IsZero() || r.Queued || r.Groups != nil || r.Error != "":
		return userError{fmt.Errorf("round %d has started: its games are drawn (a started round cannot be cancelled or changed)", number)}
	}
	return nil
}

// round is an event's round number, or a not-found error.
func (p *Platform) round(ctx context.Context, eventID int64, number int) (rounds.Round, error) {
	rs, err := p.Rounds(ctx, eventID)
	if err != nil {
		return rounds.Round{}, err
	}
	if number < 1 || number > len(rs) {
		return rounds.Round{}, userError{fmt.Errorf("no round %d (the event has %d)", number, len(rs))}
	}
	return rs[number-1], nil
}

// eventGame is an event and its game's description.
func (p *Platform) eventGame(ctx context.Context, eventID int64) (store.Event, game.Info, error) {
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return ev, game.Info{}, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return ev, game.Info{}, err
	}
	return ev, g.Info(), nil
}

// checkRound fills r's defaults (multiplier 1, a random seed, now) and
// tries its settings on the game; a round for now is refused when too
// few teams have a bot. later says the round is for later.
func (p *Platform) checkRound(ctx context.Context, ev store.Event, info game.Info, r *rounds.Round) (later bool, err error) {
	g, err := game.Lookup(info.Name)
	if err != nil {
		return false, err
	}
	if r.Multiplier == 0 {
		r.Multiplier = 1
	}
	if r.Multiplier < 0 {
		return false, userError{fmt.Errorf("the round's multiplier must be positive, not %g", r.Multiplier)}
	}
	if r.Seed == 0 {
		r.Seed = match.RandomSeed()
	}
	// the round's options, over the event's, must make a game of its size
	pairs, err := p.matchOptions(info, ev.Options, ev.Settings, drawMap(ev.Settings, r.Seed))
	if err != nil {
		return false, err
	}
	opts, err := game.ParseOptions(info.Options, append(pairs, roundOptions(info, *r)...))
	if err != nil {
		return false, userError{err}
	}
	if _, err := g.New(game.Config{Seed: r.Seed, Players: r.Players, Options: opts, Files: game.NewFiles()}); err != nil {
		return false, userError{fmt.Errorf("a %d-player round with these settings: %w", r.Players, err)}
	}
	now := time.Now().UTC()
	later = r.At.After(now)
	if !later {
		// played now: refused at once when too few teams have a bot
		r.At = now
		n, err := p.field(ctx, info, ev.ID)
		if err != nil {
			return false, err
		}
		if n < r.Players {
			return false, userError{fmt.Errorf("games of %d players need at least %d teams with a bot; %d have one", r.Players, r.Players, n)}
		}
	}
	r.Teams, r.Submissions, r.Groups, r.Queued, r.Error, r.Started, r.Cancelled = nil, nil, nil, false, "", time.Time{}, time.Time{}
	return later, nil
}

// field counts the teams that have a bot the game can play.
func (p *Platform) field(ctx context.Context, info game.Info, eventID int64) (int, error) {
	teams, err := p.Store.Teams(ctx, eventID)
	n := 0
	for _, t := range teams {
		if t.Active != 0 && p.playable(ctx, info, t.Active) {
			n++
		}
	}
	return n, err
}

// updateRounds changes an event's rounds in one transaction.
func (p *Platform) updateRounds(ctx context.Context, eventID int64, change func([]rounds.Round) ([]rounds.Round, error)) ([]rounds.Round, error) {
	var out []rounds.Round
	_, err := p.Store.UpdateEventState(ctx, eventID, roundsState, func(old []byte) ([]byte, error) {
		var rs []rounds.Round
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

// launchRound plays round number now: its field is the teams that have a
// bot, its games are drawn (once: a launch tried again keeps its draw) and
// queued, then it is marked queued. A round that cannot be drawn keeps the
// reason in Error and is not tried again. Queuing a game twice (a launch
// cut short) plays it twice but records it once: its key is its record's.
func (p *Platform) launchRound(ctx context.Context, ev store.Event, info game.Info, number int) (rounds.Round, error) {
	teams, err := p.Store.Teams(ctx, ev.ID)
	if err != nil {
		return rounds.Round{}, err
	}
	// the field, read before the transaction (which must not wait on
	// other reads of the database)
	var field, subs []int64
	for _, t := range teams {
		if t.Active != 0 && p.playable(ctx, info, t.Active) {
			field, subs = append(field, t.ID), append(subs, t.Active)
		}
	}
	var r rounds.Round
	var drawErr error
	_, err = p.updateRounds(ctx, ev.ID, func(rs []rounds.Round) ([]rounds.Round, error) {
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
			return r, userError{drawErr}
		}
		return r, err
	}
	if err := p.queueRound(ctx, info, ev.ID, r); err != nil {
		return r, err
	}
	_, err = p.updateRounds(ctx, ev.ID, func(rs []rounds.Round) ([]rounds.Round, error) {
		rs[number-1].Queued = true
		r = rs[number-1]
		return rs, nil
	})
	return r, err
}

// launchDueRounds launches the event's rounds whose time has come (the
// scheduler's tick).
func (p *Platform) launchDueRounds(ctx context.Context, ev store.Event) error {
	rs, err := p.Rounds(ctx, ev.ID)
	if err != nil {
		return err
	}
	now := time.Now()
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
		if _, err := p.launchRound(ctx, ev, info, r.Number); err != nil && !isUserError(err) {
			return err
		}
	}
	return nil
}

// queueRound queues a round's games.
func (p *Platform) queueRound(ctx context.Context, info game.Info, eventID int64, r rounds.Round) error {
	q, err := p.queue()
	if err != nil {
		return err
	}
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return err
	}
	for i, grp := range r.Groups {
		key := fmt.Sprintf("ranked-%d-%d-%d", eventID, r.Number, i)
		a := matchArgs{Event: eventID, Key: key, Seed: seedOf(fmt.Sprintf("%s-%d", key, r.Seed)), MatchKind: store.KindRanked,
			Round: int64(r.Number), Options: roundOptions(info, r)}
		for _, k := range grp {
			a.Teams = append(a.Teams, r.Teams[k])
			a.Submissions = append(a.Submissions, r.Submissions[k])
		}
		p.offerMap(ev, &a) // a worker elsewhere has no maps/
		if _, err := q.Insert(ctx, a, nil); err != nil {
			return fmt.Errorf("queuing round %d's game %d: %w", r.Number, i+1, err)
		}
	}
	return nil
}

// The ladder's JSON types (apitypes).
type (
	RoundLadder = apitypes.RoundLadder
	TeamGame    = apitypes.TeamGame
	RoundStatus = apitypes.RoundStatus
)

// Ladder computes an event's ladder from its ranked games.
func (p *Platform) Ladder(ctx context.Context, eventID int64) (RoundLadder, error) {
	var out RoundLadder
	rs, err := p.Rounds(ctx, eventID)
	if err != nil {
		return out, err
	}
	teams, err := p.Store.Teams(ctx, eventID)
	if err != nil {
		return out, err
	}
	ms, err := p.Store.MatchesOfKind(ctx, eventID, store.KindRanked) // not the casual ones: they are most
	if err != nil {
		return out, err
	}
	played, failed := map[int64]int{}, map[int64]int{}
	var games []rounds.Game
	slices.Reverse(ms) // the store lists them newest first
	for _, m := range ms {
		out.Games = append(out.Games, m)
		if m.Error != "" {
			failed[m.Round]++
			continue
		}
		played[m.Round]++
		games = append(games, rounds.Game{Round: int(m.Round), Teams: m.Teams, Ranks: m.Ranks, Scores: m.Scores})
	}
	for _, r := range rs {
		n := int64(r.Number)
		out.Rounds = append(out.Rounds, RoundStatus{Round: r, Games: len(r.Groups), Played: played[n], Failed: failed[n]})
	}
	ids := make([]int64, len(teams))
	out.Names = map[int64]string{}
	for i, t := range teams {
		ids[i] = t.ID
		out.Names[t.ID] = t.Name
	}
	out.Lines = rounds.Ladder(ids, rs, games)
	return out, nil
}

// roundOptions are a round's game options, without the multiplier for a
// game that has no such option (the ladder counts it either way).
func roundOptions(info game.Info, r rounds.Round) []string {
	var out []string
	for _, kv := range r.Options() {
		name, _, _ := strings.Cut(kv, "=")
		if name != "multiplier" || slices.ContainsFunc(info.Options, func(o game.Option) bool { return o.Name == name }) {
			out = append(out, kv)
		}
	}
	return out
}
