package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/blitz"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// Coveo Blitz 2022 (jungle): ranked rounds at a regular interval from a
// start time, each played by tournament.Groups (teams in groups by their
// current ranking; the winner of a group moves up one group, the loser
// down), the ranking kept between rounds; then the final, a
// tournament.Elimination seeded by that ranking. Both play the teams'
// sandboxed bots through Setup.Match, record every game (kinds ranked and
// final, with their map), and keep what they played in the event's state,
// so that an interrupted round or final resumes without playing a game
// twice.

// Event state documents of a Blitz event.
const (
	stateBlitz      = "blitz"       // the schedule, the ranking, the rounds played
	stateBlitzRound = "blitz-round" // the round being played
	stateBlitzFinal = "blitz-final"
)

// Blitz is an event's ranked rounds: their schedule, the ranking (team
// ids, best first) and the rounds played.
type Blitz struct {
	Schedule blitz.Schedule `json:"schedule"`
	Ranking  []int64        `json:"ranking"`
	Rounds   []BlitzRound   `json:"rounds"`
	// Asked by the organiser through the API, for the server's clock to
	// play: a round now (beside the schedule), the final (its size).
	RoundNow  bool `json:"round_now,omitempty"`
	FinalSize int  `json:"final_size,omitempty"`
}

// BlitzRound is one ranked round: who played it, in ranking order, its
// games, and the ranking after it.
type BlitzRound struct {
	Number      int                    `json:"number"`
	Started     time.Time              `json:"started"`
	Seed        int64                  `json:"seed"`
	Teams       []int64                `json:"teams"` // the ranking it was played from
	Names       []string               `json:"names"`
	Submissions []int64                `json:"submissions"`
	Played      map[int]*replay.Result `json:"played"` // by game index
	Groups      *tournament.Round      `json:"groups,omitempty"`
	After       []int64                `json:"after,omitempty"` // the ranking after it
}

// BlitzFinal is the final tournament: its seeds (the ranking), its games
// as they are played, and its bracket and standings once it is over.
type BlitzFinal struct {
	Teams       []int64               `json:"teams"` // seeds, best first
	Names       []string              `json:"names"`
	Submissions []int64               `json:"submissions"`
	Seed        int64                 `json:"seed"`
	Size        int                   `json:"size"`
	Played      map[int]BlitzGame     `json:"played"`
	Rounds      []tournament.Round    `json:"rounds,omitempty"` // the bracket as played
	Standings   []tournament.Standing `json:"standings,omitempty"`
	Done        bool                  `json:"done"`
}

// BlitzGame is one played game of the final.
type BlitzGame struct {
	Teams  []int64        `json:"teams"` // by seat
	Result *replay.Result `json:"result"`
	Match  string         `json:"match"` // its record's key
}

func (p *Platform) blitzEvent(ctx context.Context, eventID int64) (store.Event, error) {
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return ev, err
	}
	if ev.Game != "jungle" {
		return ev, userError{fmt.Errorf("event %d is a %s event: ranked rounds and the Blitz final are jungle's", ev.ID, ev.Game)}
	}
	return ev, nil
}

// readState decodes an event state document into v; found is false when
// there is none.
func (p *Platform) readState(ctx context.Context, eventID int64, name string, v any) (bool, error) {
	doc, err := p.Store.EventState(ctx, eventID, name)
	if err != nil || doc == nil {
		return false, err
	}
	return true, json.Unmarshal(doc, v)
}

func (p *Platform) writeState(ctx context.Context, eventID int64, name string, v any) error {
	doc, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = p.Store.UpdateEventState(context.WithoutCancel(ctx), eventID, name, func([]byte) ([]byte, error) { return doc, nil })
	return err
}

// BlitzStatus is an event's ranked rounds.
func (p *Platform) BlitzStatus(ctx context.Context, eventID int64) (*Blitz, error) {
	if _, err := p.blitzEvent(ctx, eventID); err != nil {
		return nil, err
	}
	b := &Blitz{}
	_, err := p.readState(ctx, eventID, stateBlitz, b)
	return b, err
}

// SetBlitzSchedule sets when the ranked rounds are played.
func (p *Platform) SetBlitzSchedule(ctx context.Context, eventID int64, s blitz.Schedule) error {
	if _, err := p.blitzEvent(ctx, eventID); err != nil {
		return err
	}
	if err := s.Check(); err != nil {
		return userError{err}
	}
	return p.askBlitz(ctx, eventID, func(b *Blitz) error { b.Schedule = s; return nil })
}

// teamsWithBots are an event's teams with a bot the platform can play, in
// the casual leaderboard's order, with their active submissions.
func (p *Platform) teamsWithBots(ctx context.Context, ev store.Event) ([]store.Team, error) {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	board, err := p.Leaderboard(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	var out []store.Team
	for _, s := range board {
		if s.Team.Active != 0 && p.playable(ctx, g.Info(), s.Team.Active) {
			out = append(out, s.Team)
		}
	}
	return out, nil
}

// BlitzTick plays the ranked round due at now, if any, and reports
// whether it played one. The server calls it regularly; a round begun and
// interrupted is finished first.
func (p *Platform) BlitzTick(ctx context.Context, eventID int64, now time.Time) (bool, error) {
	b, err := p.BlitzStatus(ctx, eventID)
	if err != nil {
		return false, err
	}
	var cur BlitzRound
	begun, err := p.readState(ctx, eventID, stateBlitzRound, &cur)
	if err != nil {
		return false, err
	}
	if begun && cur.After == nil {
		return true, p.playBlitzRound(ctx, eventID, &cur)
	}
	last := time.Time{}
	if n := len(b.Rounds); n > 0 {
		last = b.Rounds[n-1].Started
	}
	switch {
	case b.RoundNow || b.Schedule.Due(now, len(b.Rounds), last):
		_, err = p.StartBlitzRound(ctx, eventID, now)
		if b.RoundNow {
			p.askBlitz(ctx, eventID, func(b *Blitz) error { b.RoundNow = false; return nil })
		}
		return err == nil, err
	case b.FinalSize != 0:
		f, err := p.BlitzFinalState(ctx, eventID)
		if err != nil || (f != nil && f.Done) {
			return false, err
		}
		_, err = p.PlayBlitzFinal(ctx, eventID, b.FinalSize)
		return err == nil, err
	}
	return false, nil
}

// askBlitz changes an event's Blitz state (the organiser's requests).
func (p *Platform) askBlitz(ctx context.Context, eventID int64, f func(*Blitz) error) error {
	if _, err := p.blitzEvent(ctx, eventID); err != nil {
		return err
	}
	_, err := p.Store.UpdateEventState(context.WithoutCancel(ctx), eventID, stateBlitz, func(old []byte) ([]byte, error) {
		b := Blitz{}
		if old != nil {
			if err := json.Unmarshal(old, &b); err != nil {
				return nil, err
			}
		}
		if err := f(&b); err != nil {
			return nil, userError{err}
		}
		return json.Marshal(b)
	})
	return err
}

// AskBlitzRound asks the server to play a ranked round at its next look
// (within blitzEvery), beside the schedule.
func (p *Platform) AskBlitzRound(ctx context.Context, eventID int64) error {
	return p.askBlitz(ctx, eventID, func(b *Blitz) error { b.RoundNow = true; return nil })
}

// AskBlitzFinal asks the server to play the final (games of size teams)
// once no round is being played.
func (p *Platform) AskBlitzFinal(ctx context.Context, eventID int64, size int) error {
	return p.askBlitz(ctx, eventID, func(b *Blitz) error {
		if size != 2 && size != 4 {
			return fmt.Errorf("the final's games have 2 or 4 teams, not %d", size)
		}
		b.FinalSize = size
		return nil
	})
}

// StartBlitzRound plays a ranked round now (the organiser's "run a round
// now", or the schedule's) and returns it.
func (p *Platform) StartBlitzRound(ctx context.Context, eventID int64, now time.Time) (*BlitzRound, error) {
	ev, err := p.blitzEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	b, err := p.BlitzStatus(ctx, eventID)
	if err != nil {
		return nil, err
	}
	var cur BlitzRound
	if begun, err := p.readState(ctx, eventID, stateBlitzRound, &cur); err != nil {
		return nil, err
	} else if begun && cur.After == nil {
		return &cur, p.playBlitzRound(ctx, eventID, &cur) // finish the one begun
	}
	teams, err := p.teamsWithBots(ctx, ev)
	if err != nil {
		return nil, err
	}
	if len(teams) < 2 {
		return nil, userError{fmt.Errorf("a ranked round needs at least 2 teams with a ready bot; %d have one", len(teams))}
	}
	byID := map[int64]store.Team{}
	var ids []int64
	for _, t := range teams {
		byID[t.ID] = t
		ids = append(ids, t.ID)
	}
	r := BlitzRound{Number: len(b.Rounds) + 1, Started: now.UTC(), Seed: match.RandomSeed(), Played: map[int]*replay.Result{}}
	for _, id := range blitz.Merge(b.Ranking, ids) {
		r.Teams, r.Names, r.Submissions = append(r.Teams, id), append(r.Names, byID[id].Name), append(r.Submissions, byID[id].Active)
	}
	if err := p.writeState(ctx, eventID, stateBlitzRound, r); err != nil {
		return nil, err
	}
	return &r, p.playBlitzRound(ctx, eventID, &r)
}

// playBlitzRound plays (or finishes) a round and moves the ranking.
func (p *Platform) playBlitzRound(ctx context.Context, eventID int64, r *BlitzRound) error {
	ev, err := p.blitzEvent(ctx, eventID)
	if err != nil {
		return err
	}
	b, err := p.BlitzStatus(ctx, eventID)
	if err != nil {
		return err
	}
	size := b.Schedule.Size
	if size == 0 {
		size = 4
	}
	if r.Played == nil {
		r.Played = map[int]*replay.Result{}
	}
	gr := tournament.Groups{Setup: p.blitzSetup(ctx, ev, r.Teams, r.Names, r.Submissions, r.Seed, store.KindRanked, int64(r.Number)), Size: size, Rounds: 1}
	gr.Known = func(j tournament.Job) (*replay.Result, bool) {
		res, ok := r.Played[j.Index]
		return res, ok
	}
	var recordErr error
	gr.OnMatch = func(pl tournament.Played) {
		if len(pl.Replays) == 0 || recordErr != nil {
			return
		}
		if _, recordErr = p.recordBlitzGame(ctx, ev, r.Teams, r.Submissions, pl, store.KindRanked, int64(r.Number), fmt.Sprintf("ranked-%d-%d-%d", ev.ID, r.Number, pl.Index+1)); recordErr == nil {
			r.Played[pl.Index] = pl.Result
			recordErr = p.writeState(ctx, eventID, stateBlitzRound, r)
		}
	}
	out, err := gr.Play(ctx)
	if err == nil {
		err = recordErr
	}
	if err != nil {
		return err
	}
	r.After = []int64{}
	for _, s := range out.Standings {
		r.After = append(r.After, r.Teams[s.Bot])
	}
	if len(out.Rounds) > 0 {
		r.Groups = &out.Rounds[0]
		r.Groups.Name = fmt.Sprintf("ranked round %d", r.Number) // Groups played it as its round 1
	}
	if err := p.writeState(ctx, eventID, stateBlitzRound, r); err != nil {
		return err
	}
	_, err = p.Store.UpdateEventState(context.WithoutCancel(ctx), eventID, stateBlitz, func(old []byte) ([]byte, error) {
		nb := Blitz{}
		if old != nil {
			if err := json.Unmarshal(old, &nb); err != nil {
				return nil, err
			}
		}
		if n := len(nb.Rounds); n > 0 && nb.Rounds[n-1].Number >= r.Number {
			return old, nil // recorded already
		}
		rr := *r
		rr.Played = nil // the games are in the match list
		nb.Rounds, nb.Ranking = append(nb.Rounds, rr), r.After
		return json.Marshal(nb)
	})
	return err
}

// blitzSetup is the tournament setup of a round or the final: the teams'
// bots (named by team) built by the platform.
func (p *Platform) blitzSetup(ctx context.Context, ev store.Event, teams []int64, names []string, subs []int64, seed int64, kind string, round int64) tournament.Setup {
	s := tournament.Setup{Game: ev.Game, Seed: seed, Names: names, TimeScale: p.jobs.TimeScale}
	for _, id := range teams {
		s.Bots = append(s.Bots, "team"+strconv.FormatInt(id, 10)+"=stdio:team")
	}
	s.Match = func(j tournament.Job) (match.Match, error) {
		g, err := game.Lookup(ev.Game)
		if err != nil {
			return match.Match{}, err
		}
		a := matchArgs{Event: ev.ID, Seed: j.Seed, MatchKind: kind, Round: round}
		for _, seat := range j.Seats {
			a.Teams, a.Submissions = append(a.Teams, teams[seat]), append(a.Submissions, subs[seat])
		}
		m, _, err := p.matchOf(ctx, g, ev, a)
		return m, err
	}
	return s
}

// recordBlitzGame records a played game (with its replay and its map).
func (p *Platform) recordBlitzGame(ctx context.Context, ev store.Event, teams, subs []int64, pl tournament.Played, kind string, round int64, key string) (store.Match, error) {
	rep := pl.Replays[0]
	if err := p.Replays.Put(key, rep); err != nil {
		return store.Match{}, err
	}
	rec := store.Match{EventID: ev.ID, Key: key, Kind: kind, Round: round, Seed: rep.Seed}
	if g, err := game.Lookup(ev.Game); err == nil {
		rec.Map = playedMap(g.Info(), match.Match{Config: game.Config{Options: optionsOf(g.Info(), rep.Options)}}, rep)
	}
	for i, s := range pl.Seats {
		pr := rep.Result.Players[i]
		rec.Teams, rec.Submissions = append(rec.Teams, teams[s]), append(rec.Submissions, subs[s])
		rec.Ranks, rec.Scores = append(rec.Ranks, pr.Rank), append(rec.Scores, pr.Score)
		rec.Stats = append(rec.Stats, numericStats(pr.Stats))
	}
	_, err := p.Store.RecordMatch(context.WithoutCancel(ctx), rec, nil)
	return rec, err
}

// optionsOf parses a replay's options back (the set ones only).
func optionsOf(info game.Info, opts map[string]string) game.Options {
	var pairs []string
	for k, v := range opts {
		pairs = append(pairs, k+"="+v)
	}
	o, _ := game.ParseOptions(info.Options, pairs)
	return o
}

// PlayBlitzFinal plays the final tournament seeded by the ranking of the
// ranked rounds (the casual leaderboard's order when there was none):
// groups of size teams, sudden death, the top half going on, a grand
// final of two teams, best of three; every team with a bot plays at least
// one game. A final begun resumes.
func (p *Platform) PlayBlitzFinal(ctx context.Context, eventID int64, size int) (*BlitzFinal, error) {
	ev, err := p.blitzEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	f := &BlitzFinal{}
	begun, err := p.readState(ctx, eventID, stateBlitzFinal, f)
	if err != nil {
		return nil, err
	}
	if !begun {
		if size != 2 && size != 4 {
			return nil, userError{fmt.Errorf("the final's games have 2 or 4 teams, not %d", size)}
		}
		b, err := p.BlitzStatus(ctx, eventID)
		if err != nil {
			return nil, err
		}
		teams, err := p.teamsWithBots(ctx, ev)
		if err != nil {
			return nil, err
		}
		if len(teams) < 2 {
			return nil, userError{fmt.Errorf("the final needs at least 2 teams with a ready bot; %d have one", len(teams))}
		}
		byID := map[int64]store.Team{}
		var ids []int64
		for _, t := range teams {
			byID[t.ID] = t
			ids = append(ids, t.ID)
		}
		*f = BlitzFinal{Seed: match.RandomSeed(), Size: size, Played: map[int]BlitzGame{}}
		for _, id := range blitz.Merge(b.Ranking, ids) {
			f.Teams, f.Names, f.Submissions = append(f.Teams, id), append(f.Names, byID[id].Name), append(f.Submissions, byID[id].Active)
		}
		if err := p.writeState(ctx, eventID, stateBlitzFinal, f); err != nil {
			return nil, err
		}
	}
	if f.Done {
		return f, nil
	}
	if f.Played == nil {
		f.Played = map[int]BlitzGame{}
	}
	e := tournament.Elimination{Setup: p.blitzSetup(ctx, ev, f.Teams, f.Names, f.Submissions, f.Seed, store.KindFinal, 1),
		Size: f.Size, Advance: f.Size / 2, Final: 2, BestOf: 1, FinalBestOf: 3}
	e.Known = func(j tournament.Job) (*replay.Result, bool) {
		g, ok := f.Played[j.Index]
		return g.Result, ok
	}
	var recordErr error
	e.OnMatch = func(pl tournament.Played) {
		if len(pl.Replays) == 0 || recordErr != nil {
			return
		}
		key := fmt.Sprintf("final-%d-%d", ev.ID, pl.Index+1)
		rec, err := p.recordBlitzGame(ctx, ev, f.Teams, f.Submissions, pl, store.KindFinal, 1, key)
		if recordErr = err; err == nil {
			f.Played[pl.Index] = BlitzGame{Teams: rec.Teams, Result: pl.Result, Match: key}
			recordErr = p.writeState(ctx, eventID, stateBlitzFinal, f)
		}
	}
	out, err := e.Play(ctx)
	if err == nil {
		err = recordErr
	}
	if err != nil {
		return f, err
	}
	f.Rounds, f.Standings, f.Done = out.Rounds, out.Standings, true
	return f, p.writeState(ctx, eventID, stateBlitzFinal, f)
}

// BlitzFinalState is the final as played so far (nil: not begun).
func (p *Platform) BlitzFinalState(ctx context.Context, eventID int64) (*BlitzFinal, error) {
	if _, err := p.blitzEvent(ctx, eventID); err != nil {
		return nil, err
	}
	f := &BlitzFinal{}
	begun, err := p.readState(ctx, eventID, stateBlitzFinal, f)
	if err != nil || !begun {
		return nil, err
	}
	return f, nil
}

// SetBotOptions says how the teams' bots run in the rounds and finals a
// command plays on the data directory (the server's come from StartJobs).
func (p *Platform) SetBotOptions(o build.Options) { p.jobs.Build = o }

// blitzEvery is how often the server looks for a ranked round due.
const blitzEvery = 15 * time.Second

// startBlitz plays the ranked rounds of every jungle event as they fall
// due, until the returned stop is called (which cancels a round being
// played: it resumes at the next start).
func (p *Platform) startBlitz(o JobOptions) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(blitzEvery)
		defer t.Stop()
		for {
			p.blitzTickAll(ctx, o, time.Now())
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// blitzTickAll plays the rounds due of every jungle event with a schedule,
// and the Cod'INSA finals the organiser asked for.
func (p *Platform) blitzTickAll(ctx context.Context, o JobOptions, now time.Time) {
	if !p.scheduling(ctx) {
		return // another server's clock plays them (workers.go)
	}
	events, err := p.Store.Events(ctx)
	if err != nil {
		return
	}
	for _, ev := range events {
		var err error
		switch ev.Game {
		case "jungle":
			_, err = p.BlitzTick(ctx, ev.ID, now)
		case "catmouse": // the Cod'INSA final, when the organiser asked for it (codinsa.go)
			_, err = p.CodinsaTick(ctx, ev.ID, o)
		}
		if err != nil && ctx.Err() == nil && o.Log != nil {
			o.Log.Error("event final or ranked round", "event", ev.ID, "game", ev.Game, "err", err)
		}
	}
}
