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
// bots, each match's games recorded as final matches, the table kept in
// the event's state so that an interrupted final resumes where it
// stopped.

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

// CodinsaFinal is the record of an event's final: what it plays (fixed
// when it starts, so that a resumed final plays the same), its matches as
// they are played, and its table once it is over.
type CodinsaFinal struct {
	Teams       []int64  `json:"teams"` // in registration order (D19)
	Names       []string `json:"names"`
	Submissions []int64  `json:"submissions"`
	Seed        int64    `json:"seed"`
	Set         int      `json:"set"` // the voted set (organiser only)
	// Matches are the played matches by their index in the schedule.
	Matches   map[int]FinalMatch    `json:"matches"`
	Standings []tournament.Standing `json:"standings,omitempty"`
	Done      bool                  `json:"done"`
	// Asked: the organiser asked the server to play it (POST
	// organiser/events/{id}/codinsa/final); the server's clock plays only
	// these, so that it never plays a final a command is playing.
	Asked bool `json:"asked,omitempty"`
}

// FinalMatch is one played match of the final.
type FinalMatch struct {
	Index  int            `json:"index"`
	Teams  [2]int64       `json:"teams"`  // the first plays the cats first in games 1 and 3
	Result *replay.Result `json:"result"` // the series' result (wins, own results...)
	Games  []string       `json:"games"`  // the keys of its games' records
}

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
// recorded matches are not played again.
func (p *Platform) PlayCodinsaFinal(ctx context.Context, eventID int64, o FinalOptions) (*CodinsaFinal, error) {
	ev, spawns, pack, f, err := p.beginFinal(ctx, eventID, o.Seed)
	if err != nil || f.Done {
		return f, err
	}
	if o.Bots != nil {
		p.jobs.Build = *o.Bots
	}
	files := map[string][]byte{finalSpawnFile: []byte(pack)}
	mapOpt := "default"
	if strings.TrimSpace(spawns.Map) != "" {
		files[finalMapFile], mapOpt = []byte(spawns.Map), finalMapFile
	}
	rr := tournament.RoundRobin{Setup: tournament.Setup{Game: "catmouse", Seed: f.Seed, Names: f.Names,
		Cores: o.Cores, TimeScale: o.TimeScale}}
	for i := range f.Teams {
		// The specs only name the bots and count their cores: Match builds
		// the teams' built bots.
		rr.Bots = append(rr.Bots, "team"+strconv.FormatInt(f.Teams[i], 10)+"=stdio:team")
	}
	rr.Known = func(j tournament.Job) (*replay.Result, bool) {
		m, ok := f.Matches[j.Index]
		return m.Result, ok
	}
	rr.Match = func(j tournament.Job) (match.Match, error) {
		m, err := p.finalMatch(ctx, ev, f, j, mapOpt, files)
		m.Config.TimeScale = o.TimeScale
		return m, err
	}
	var recordErr error
	rr.OnMatch = func(pl tournament.Played) {
		if len(pl.Replays) == 0 || recordErr != nil {
			return // a known match, already recorded
		}
		recordErr = p.recordFinalMatch(ctx, ev, f, pl)
	}
	out, err := rr.Play(ctx)
	if err == nil {
		err = recordErr
	}
	if err != nil {
		return f, err
	}
	f.Standings, f.Done = out.Standings, true
	return f, p.saveFinal(ctx, ev.ID, f)
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
// reports whether it played. The server's clock calls it.
func (p *Platform) CodinsaTick(ctx context.Context, eventID int64, o JobOptions) (bool, error) {
	f, err := p.CodinsaStanding(ctx, eventID)
	if err != nil || f == nil || !f.Asked || f.Done {
		return false, err
	}
	_, err = p.PlayCodinsaFinal(ctx, eventID, FinalOptions{Cores: o.Cores, TimeScale: o.TimeScale})
	return err == nil, err
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

func (p *Platform) saveFinal(ctx context.Context, eventID int64, f *CodinsaFinal) error {
	_, err := p.Store.UpdateEventState(ctx, eventID, stateFinal, func([]byte) ([]byte, error) { return json.Marshal(f) })
	return err
}

// finalMatch builds a match of the final: the seats' teams' bots, the
// event's options with its published map and the matches' spawn pack
// (which come last, so they win), read from files only the match holds.
func (p *Platform) finalMatch(ctx context.Context, ev store.Event, f *CodinsaFinal, j tournament.Job, mapOpt string, files map[string][]byte) (match.Match, error) {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return match.Match{}, err
	}
	a := matchArgs{Event: ev.ID, Seed: j.Seed, Options: []string{"map=" + mapOpt, "spawns=" + finalSpawnFile}}
	for _, s := range j.Seats {
		a.Teams, a.Submissions = append(a.Teams, f.Teams[s]), append(a.Submissions, f.Submissions[s])
	}
	m, _, err := p.matchOf(ctx, g, ev, a)
	if err != nil {
		return m, err
	}
	m.Config.Files = game.RecordedFiles(files)
	return m, nil
}

// recordFinalMatch records a played match of the final: each game as a
// final match of the event (with its replay), then the match in the
// final's record.
func (p *Platform) recordFinalMatch(ctx context.Context, ev store.Event, f *CodinsaFinal, pl tournament.Played) error {
	fm := FinalMatch{Index: pl.Index, Result: pl.Result}
	for i, s := range pl.Seats {
		fm.Teams[i] = f.Teams[s]
	}
	for g, rep := range pl.Replays {
		key := fmt.Sprintf("final-%d-%d-g%d", ev.ID, pl.Index+1, g+1)
		if err := p.Replays.Put(key, rep); err != nil {
			return err
		}
		rec := store.Match{EventID: ev.ID, Key: key, Kind: store.KindFinal, Round: int64(pl.Index + 1), Seed: rep.Seed}
		for i, s := range pl.Seats {
			rec.Teams = append(rec.Teams, f.Teams[s])
			rec.Submissions = append(rec.Submissions, f.Submissions[s])
			pr := rep.Result.Players[i]
			rec.Ranks, rec.Scores = append(rec.Ranks, pr.Rank), append(rec.Scores, pr.Score)
			rec.Stats = append(rec.Stats, numericStats(pr.Stats))
		}
		if _, err := p.Store.RecordMatch(context.WithoutCancel(ctx), rec, nil); err != nil {
			return err
		}
		fm.Games = append(fm.Games, key)
	}
	f.Matches[pl.Index] = fm
	return p.saveFinal(context.WithoutCancel(ctx), ev.ID, f)
}
