package platform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/spawnvote"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// The Cod'INSA 2025 final (catmouse): the organiser publishes the map and
// spawn set 0 and keeps set 9 secret; teams propose spawn sets and vote
// (package spawnvote); the final is a round robin of three-game matches
// (tournament.RoundRobin on catmouse's series) between the teams' active
// bots, each game a match job (stages.go) recorded as a final match, the
// table computed from the recorded games, so that an interrupted final
// resumes where it stopped.

// Event state documents of a Cod'INSA event.
const (
	stateSpawns = "codinsa-spawns"
	stateFinal  = "codinsa-final"
)

// Names the final's matches give the files they read: the event's map and
// the spawn pack of the matches (sets 0, the chosen one, 9).
const (
	finalMapFile   = "event.map"
	finalSpawnFile = "event.spawns"
)

// codinsaEvent is the event, when it is a catmouse event.
func (p *Platform) codinsaEvent(ctx context.Context, eventID int64) (store.Event, error) {
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return ev, err
	}
	if ev.Game != "catmouse" {
		return ev, userError{fmt.Errorf("event %d is a %s event: spawn votes and the Cod'INSA final are catmouse's", ev.ID, ev.Game)}
	}
	return ev, nil
}

// Spawns is the event's spawn sets and votes.
func (p *Platform) Spawns(ctx context.Context, eventID int64) (*spawnvote.State, error) {
	if _, err := p.codinsaEvent(ctx, eventID); err != nil {
		return nil, err
	}
	s := &spawnvote.State{}
	_, err := p.readState(ctx, eventID, stateSpawns, s)
	return s, err
}

// updateSpawns changes the event's spawn state in one transaction; f's
// errors are the user's.
func (p *Platform) updateSpawns(ctx context.Context, eventID int64, f func(*spawnvote.State) error) (*spawnvote.State, error) {
	if _, err := p.codinsaEvent(ctx, eventID); err != nil {
		return nil, err
	}
	s := &spawnvote.State{}
	_, err := p.Store.UpdateEventState(ctx, eventID, stateSpawns, func(old []byte) ([]byte, error) {
		*s = spawnvote.State{}
		if old != nil {
			if err := json.Unmarshal(old, s); err != nil {
				return nil, err
			}
		}
		if err := f(s); err != nil {
			return nil, userError{err}
		}
		return json.Marshal(s)
	})
	return s, err
}

// PublishSpawns publishes the map (a catmouse map file; "" for the game's
// default map) and set 0, and stores the secret set 9.
func (p *Platform) PublishSpawns(ctx context.Context, eventID int64, mapFile, set0, secret string) error {
	_, err := p.updateSpawns(ctx, eventID, func(s *spawnvote.State) error { return s.Publish(mapFile, set0, secret) })
	return err
}

// ProposeSpawn takes a team's spawn set and returns its id.
func (p *Platform) ProposeSpawn(ctx context.Context, t store.Team, file string) (int, error) {
	id := 0
	_, err := p.updateSpawns(ctx, t.EventID, func(s *spawnvote.State) error {
		var err error
		id, err = s.Propose(t.ID, t.Name, file)
		return err
	})
	return id, err
}

// VoteSpawn records a team's vote.
func (p *Platform) VoteSpawn(ctx context.Context, t store.Team, id int) error {
	_, err := p.updateSpawns(ctx, t.EventID, func(s *spawnvote.State) error { return s.Vote(t.ID, id) })
	return err
}

// CloseSpawnVote ends the proposals and the votes.
func (p *Platform) CloseSpawnVote(ctx context.Context, eventID int64) error {
	_, err := p.updateSpawns(ctx, eventID, func(s *spawnvote.State) error { return s.Close() })
	return err
}

// The Cod'INSA final's JSON types (apitypes).
type (
	CodinsaFinal = apitypes.CodinsaFinal
	FinalMatch   = apitypes.FinalMatch
)

// FinalOptions tune how the final is played.
type FinalOptions struct {
	Cores     int     // matches side by side take at most this many cores (0: all)
	TimeScale float64 // test option: multiplies the time limits (0: 1)
	Seed      int64   // the first match's seed (0: drawn once, when the final starts)
	// Bots, when not nil, says how the teams' bots run (sandbox limits,
	// or Unsafe for code the organiser trusts); nil keeps the server's
	// (StartJobs), else the sandbox with its default limits.
	Bots *build.Options
}

// CodinsaStanding reads an event's final record (nil when it has not
// started).
func (p *Platform) CodinsaStanding(ctx context.Context, eventID int64) (*CodinsaFinal, error) {
	if _, err := p.codinsaEvent(ctx, eventID); err != nil {
		return nil, err
	}
	f := &CodinsaFinal{}
	found, err := p.readState(ctx, eventID, stateFinal, f)
	if !found {
		return nil, err
	}
	return f, err
}

// PlayCodinsaFinal plays the final's round robin (the vote must be
// closed) and returns its record. A final already begun resumes: its
// recorded games are not played again. Its games are played as runFormat
// plays them: by this process when no server runs the data directory's
// jobs, else by the server's workers.
func (p *Platform) PlayCodinsaFinal(ctx context.Context, eventID int64, o FinalOptions) (*CodinsaFinal, error) {
	ev, spawns, pack, f, err := p.beginFinal(ctx, eventID, o.Seed)
	if err != nil || f.Done {
		return f, err
	}
	if o.Bots != nil {
		p.jobs.Build = *o.Bots
	}
	if o.TimeScale != 0 {
		p.jobs.TimeScale = o.TimeScale
	}
	run := p.codinsaRun(ctx, ev, spawns, pack, f)
	look := func() (formatPlan, error) {
		pl, err := run.plan()
		if err != nil {
			return pl, err
		}
		if pl.Out != nil {
			f.Standings, f.Done = pl.Out.Standings, true
		}
		return pl, p.saveFinal(context.WithoutCancel(ctx), ev.ID, f)
	}
	_, err = p.runFormat(ctx, o.Cores, look)
	return f, err
}

// codinsaRun is the final's round robin as a format of match jobs: each
// match of the schedule is three games (catmouse's series), each game a
// match job that carries the event's map and the matches' spawn pack
// (sets 0, the chosen one, 9) in its arguments, so that a worker on
// another machine plays it, and that no file of the data directory holds
// the secret set. A match is known once its three games are recorded: its
// result is their combination, as tournament.PlaySeries combines them.
func (p *Platform) codinsaRun(ctx context.Context, ev store.Event, spawns *spawnvote.State, pack string, f *CodinsaFinal) formatRun {
	files := map[string][]byte{finalSpawnFile: []byte(pack)}
	mapOpt := "default"
	if strings.TrimSpace(spawns.Map) != "" {
		files[finalMapFile], mapOpt = []byte(spawns.Map), finalMapFile
	}
	if f.Matches == nil {
		f.Matches = map[int]FinalMatch{}
	}
	var recs map[string]store.Match
	return formatRun{
		play: func(known tournament.Known, build func(tournament.Job) (match.Match, error)) (*tournament.Outcome, error) {
			var err error
			if recs, err = p.recordedGames(ctx, ev.ID, store.KindFinal); err != nil {
				return nil, err
			}
			rr := tournament.RoundRobin{Setup: tournament.Setup{Game: "catmouse", Seed: f.Seed, Names: f.Names, Known: known, Match: build}}
			for i := range f.Teams {
				rr.Bots = append(rr.Bots, "team"+strconv.FormatInt(f.Teams[i], 10)+"=stdio:team")
			}
			return rr.Play(ctx)
		},
		known: func(j tournament.Job) (*replay.Result, []matchArgs, error) {
			if m, ok := f.Matches[j.Index]; ok && m.Result != nil {
				return m.Result, nil, nil // recorded (or kept by an earlier version)
			}
			a := matchArgs{Event: ev.ID, Seed: j.Seed, MatchKind: store.KindFinal, Round: int64(j.Index + 1), Unrated: true, Format: true,
				Options: []string{"map=" + mapOpt, "spawns=" + finalSpawnFile}, Files: files}
			for _, s := range j.Seats {
				a.Teams, a.Submissions = append(a.Teams, f.Teams[s]), append(a.Submissions, f.Submissions[s])
			}
			var pending []matchArgs
			var reps []*replay.Result
			var keys []string
			for g := 1; g <= catmouseGames; g++ {
				ga := a
				ga.Key, ga.SeriesGame = fmt.Sprintf("final-%d-%d-g%d", ev.ID, j.Index+1, g), g
				res, err := p.recordedResult(recs, ga.Key)
				if err != nil {
					return nil, nil, err
				}
				if res == nil {
					pending = append(pending, ga)
				}
				reps, keys = append(reps, res), append(keys, ga.Key)
			}
			if len(pending) > 0 {
				return nil, pending, nil
			}
			res, err := p.combineSeries(ev, a, reps)
			if err != nil {
				return nil, nil, err
			}
			fm := FinalMatch{Index: j.Index, Result: res, Games: keys}
			copy(fm.Teams[:], a.Teams)
			f.Matches[j.Index] = fm
			return res, nil, nil
		},
	}
}

// catmouseGames is the number of games of a catmouse match.
const catmouseGames = 3

// combineSeries is the result of a series match from its games' results,
// as tournament's pool makes it: the game's combination, with the turns
// and each player's timeouts summed.
func (p *Platform) combineSeries(ev store.Event, a matchArgs, games []*replay.Result) (*replay.Result, error) {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	s, ok := g.(game.Series)
	if !ok {
		return nil, fmt.Errorf("%s has no match of several games", ev.Game)
	}
	cfg, err := p.matchConfig(g.Info(), ev, a)
	if err != nil {
		return nil, err
	}
	cfg.Players, cfg.Names = len(a.Teams), seatNames(a.Teams)
	var results []game.Result
	for _, rep := range games {
		r := game.Result{Summary: rep.Summary}
		for _, pr := range rep.Players {
			r.Players = append(r.Players, pr.PlayerResult)
		}
		results = append(results, r)
	}
	sr := s.Combine(cfg, results)
	res := &replay.Result{Summary: sr.Summary}
	for _, rep := range games {
		res.Turns += rep.Turns
	}
	for seat, pr := range sr.Players {
		r := replay.PlayerResult{Name: cfg.Names[seat], PlayerResult: pr}
		for _, rep := range games {
			if seat < len(rep.Players) {
				r.Timeouts += rep.Players[seat].Timeouts
			}
		}
		res.Players = append(res.Players, r)
	}
	return res, nil
}

// beginFinal reads the final's record, or starts one once the spawn vote
// is closed, with what its matches play: the vote and the spawn pack.
func (p *Platform) beginFinal(ctx context.Context, eventID, seed int64) (store.Event, *spawnvote.State, string, *CodinsaFinal, error) {
	ev, err := p.codinsaEvent(ctx, eventID)
	if err != nil {
		return ev, nil, "", nil, err
	}
	spawns, err := p.Spawns(ctx, eventID)
	if err != nil {
		return ev, nil, "", nil, err
	}
	if !spawns.Closed {
		return ev, nil, "", nil, userError{errors.New("close the spawn vote first (arena event spawns close): the final plays the voted set")}
	}
	pack, choice, err := spawns.MatchPack()
	if err != nil {
		return ev, nil, "", nil, err
	}
	f, err := p.startFinal(ctx, ev, choice.ID, seed)
	return ev, spawns, pack, f, err
}

// AskCodinsaFinal asks the server to play the final at its clock's next
// look (within blitzEvery): the final starts now (its teams, submissions
// and seed fixed, as arena event roundrobin fixes them) and is marked
// asked; a final begun by a command and stopped is resumed by the server.
// seed 0 draws one.
func (p *Platform) AskCodinsaFinal(ctx context.Context, eventID, seed int64) (*CodinsaFinal, error) {
	_, _, _, f, err := p.beginFinal(ctx, eventID, seed)
	if err != nil {
		return nil, err
	}
	if f.Done {
		return f, userError{errors.New("the final is over: GET organiser/events/{id}/codinsa gives its table")}
	}
	doc, err := p.Store.UpdateEventState(ctx, eventID, stateFinal, func(old []byte) ([]byte, error) {
		var cur map[string]json.RawMessage
		if err := json.Unmarshal(old, &cur); err != nil {
			return nil, err
		}
		cur["asked"] = json.RawMessage("true") // only this field: a command may be saving its matches
		return json.Marshal(cur)
	})
	if err != nil {
		return nil, err
	}
	f = &CodinsaFinal{}
	return f, json.Unmarshal(doc, f)
}

// CodinsaTick plays the event's final if the organiser asked for it and
// it is not over (a final interrupted with the server resumes), and
// reports whether it played. The server's clock calls it: it queues the
// games not recorded (once: jobs unique by their arguments) and saves
// the table once they all are.
func (p *Platform) CodinsaTick(ctx context.Context, eventID int64, o JobOptions) (bool, error) {
	f, err := p.CodinsaStanding(ctx, eventID)
	if err != nil || f == nil || !f.Asked || f.Done {
		return false, err
	}
	ev, spawns, pack, f, err := p.beginFinal(ctx, eventID, 0)
	if err != nil || f.Done {
		return false, err
	}
	pl, err := p.codinsaRun(ctx, ev, spawns, pack, f).plan()
	if err != nil {
		return false, err
	}
	if pl.Out != nil {
		f.Standings, f.Done = pl.Out.Standings, true
	}
	if err := p.saveFinal(context.WithoutCancel(ctx), ev.ID, f); err != nil {
		return false, err
	}
	return true, p.queueGames(ctx, pl.Pending)
}

// startFinal reads the final's record, or starts one: the teams with a
// bot the platform can play, in registration order, and their active
// submissions now.
func (p *Platform) startFinal(ctx context.Context, ev store.Event, set int, seed int64) (*CodinsaFinal, error) {
	// The candidate is made outside the update: update may not use the
	// store (SQLite's one connection is its transaction's).
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	teams, err := p.Store.Teams(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	if seed == 0 {
		seed = match.RandomSeed()
	}
	cand := CodinsaFinal{Seed: seed, Set: set, Matches: map[int]FinalMatch{}}
	for _, t := range teams { // by id: registration order
		if t.Active != 0 && p.playable(ctx, g.Info(), t.Active) {
			cand.Teams, cand.Names, cand.Submissions = append(cand.Teams, t.ID), append(cand.Names, t.Name), append(cand.Submissions, t.Active)
		}
	}
	doc, err := p.Store.UpdateEventState(ctx, ev.ID, stateFinal, func(old []byte) ([]byte, error) {
		if old != nil {
			return old, nil // begun: it goes on with what it started with
		}
		if len(cand.Teams) < 2 {
			return nil, userError{fmt.Errorf("the final needs at least 2 teams with a ready bot; %d have one", len(cand.Teams))}
		}
		return json.Marshal(cand)
	})
	if err != nil {
		return nil, err
	}
	f := &CodinsaFinal{}
	if err := json.Unmarshal(doc, f); err != nil {
		return nil, err
	}
	if f.Matches == nil {
		f.Matches = map[int]FinalMatch{}
	}
	return f, nil
}

// saveFinal writes the final's record; the organiser's ask, made
// meanwhile, stays.
func (p *Platform) saveFinal(ctx context.Context, eventID int64, f *CodinsaFinal) error {
	_, err := p.Store.UpdateEventState(ctx, eventID, stateFinal, func(old []byte) ([]byte, error) {
		var cur CodinsaFinal
		if old != nil && json.Unmarshal(old, &cur) == nil && cur.Asked {
			f.Asked = true
		}
		return json.Marshal(f)
	})
	return err
}
