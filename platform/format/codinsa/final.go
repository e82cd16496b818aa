package codinsa

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/codinsa/spawnvote"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// The Cod'INSA 2025 final: the organiser publishes the map and
// spawn set 0 and keeps set 9 secret; teams propose spawn sets and vote
// (package spawnvote); the final is a round robin of three-game matches
// (tournament.RoundRobin on the game's series) between the teams' active
// bots, each game a match job (format.Run) recorded as a final match, the
// table computed from the recorded games, so that an interrupted final
// resumes where it stopped.

// Event state documents of a Cod'INSA event: the vote, and the final
// (FinalState is exported for tests that set a final's record up).
const (
	stateSpawns = "codinsa-spawns"
	FinalState  = "codinsa-final"
)

// Names the final's matches give the files they read: the event's map and
// the spawn pack of the matches (sets 0, the chosen one, 9).
const (
	MapFile   = "event.map"
	SpawnFile = "event.spawns"
)

// event is the event, when its game runs the Cod'INSA format.
func event(ctx context.Context, h format.Host, eventID int64) (store.Event, error) {
	ev, err := h.Store().Event(ctx, eventID)
	if err != nil {
		return ev, err
	}
	if !format.Runs(ev.Game, name) {
		return ev, fault.User(fmt.Errorf("event %d is a %s event: spawn votes and the Cod'INSA final are %s's", ev.ID, ev.Game, strings.Join(format.Games(name), ", ")))
	}
	return ev, nil
}

// Spawns is the event's spawn sets and votes.
func Spawns(ctx context.Context, h format.Host, eventID int64) (*spawnvote.State, error) {
	if _, err := event(ctx, h, eventID); err != nil {
		return nil, err
	}
	s := &spawnvote.State{}
	_, err := store.ReadState(ctx, h.Store(), eventID, stateSpawns, s)
	return s, err
}

// updateSpawns changes the event's spawn state in one transaction; f's
// errors are the user's.
func updateSpawns(ctx context.Context, h format.Host, eventID int64, f func(*spawnvote.State) error) (*spawnvote.State, error) {
	if _, err := event(ctx, h, eventID); err != nil {
		return nil, err
	}
	s := &spawnvote.State{}
	_, err := h.Store().UpdateEventState(ctx, eventID, stateSpawns, func(old []byte) ([]byte, error) {
		*s = spawnvote.State{}
		if old != nil {
			if err := json.Unmarshal(old, s); err != nil {
				return nil, err
			}
		}
		if err := f(s); err != nil {
			return nil, fault.UserError{Err: err}
		}
		return json.Marshal(s)
	})
	return s, err
}

// PublishSpawns publishes the map (a catmouse map file; "" for the game's
// default map) and set 0, and stores the secret set 9.
func PublishSpawns(ctx context.Context, h format.Host, eventID int64, mapFile, set0, secret string) error {
	_, err := updateSpawns(ctx, h, eventID, func(s *spawnvote.State) error { return s.Publish(mapFile, set0, secret) })
	return err
}

// ProposeSpawn takes a team's spawn set and returns its id.
func ProposeSpawn(ctx context.Context, h format.Host, t store.Team, file string) (int, error) {
	id := 0
	_, err := updateSpawns(ctx, h, t.EventID, func(s *spawnvote.State) error {
		var err error
		id, err = s.Propose(t.ID, t.Name, file)
		return err
	})
	return id, err
}

// VoteSpawn records a team's vote.
func VoteSpawn(ctx context.Context, h format.Host, t store.Team, id int) error {
	_, err := updateSpawns(ctx, h, t.EventID, func(s *spawnvote.State) error { return s.Vote(t.ID, id) })
	return err
}

// CloseSpawnVote ends the proposals and the votes.
func CloseSpawnVote(ctx context.Context, h format.Host, eventID int64) error {
	_, err := updateSpawns(ctx, h, eventID, func(s *spawnvote.State) error { return s.Close() })
	return err
}

// Final is the record of an event's final: what it plays (fixed
// when it starts, so that a resumed final plays the same), its matches as
// they are played, and its table once it is over.
type Final struct {
	Teams       []int64  `json:"teams"` // in registration order (D19)
	Names       []string `json:"names"`
	Submissions []int64  `json:"submissions"`
	Seed        int64    `json:"seed"`
	Set         int      `json:"set"` // the voted set (organiser only)
	// Matches are the played matches by their index in the schedule.
	Matches   map[int]Match         `json:"matches"`
	Standings []tournament.Standing `json:"standings,omitempty"`
	Done      bool                  `json:"done"`
	// Asked: the organiser asked the server to play it (POST
	// organiser/events/{id}/codinsa/final); the server's clock plays only
	// these, so that it never plays a final a command is playing.
	Asked bool `json:"asked,omitempty"`
}

// Match is one played match of the final.
type Match struct {
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

// Standing reads an event's final record (nil when it has not
// started).
func Standing(ctx context.Context, h format.Host, eventID int64) (*Final, error) {
	if _, err := event(ctx, h, eventID); err != nil {
		return nil, err
	}
	f := &Final{}
	found, err := store.ReadState(ctx, h.Store(), eventID, FinalState, f)
	if !found {
		return nil, err
	}
	return f, err
}

// PlayFinal plays the final's round robin (the vote must be
// closed) and returns its record. A final already begun resumes: its
// recorded games are not played again. Its games are played as runFormat
// plays them: by this process when no server runs the data directory's
// jobs, else by the server's workers.
func PlayFinal(ctx context.Context, h format.Host, eventID int64, o FinalOptions) (*Final, error) {
	ev, spawns, pack, f, err := beginFinal(ctx, h, eventID, o.Seed)
	if err != nil || f.Done {
		return f, err
	}
	h.PlayWith(o.Bots, o.TimeScale)
	run := run(ctx, h, ev, spawns, pack, f)
	look := func() (format.Plan, error) {
		pl, err := run.Plan()
		if err != nil {
			return pl, err
		}
		if pl.Out != nil {
			f.Standings, f.Done = pl.Out.Standings, true
		}
		return pl, saveFinal(context.WithoutCancel(ctx), h, ev.ID, f)
	}
	_, err = h.RunToEnd(ctx, o.Cores, look)
	return f, err
}

// run is the final's round robin as a format of match jobs: each
// match of the schedule is three games (catmouse's series), each game a
// match job that carries the event's map and the matches' spawn pack
// (sets 0, the chosen one, 9) in its arguments, so that a worker on
// another machine plays it, and that no file of the data directory holds
// the secret set. A match is known once its three games are recorded: its
// result is their combination, as tournament.PlaySeries combines them.
func run(ctx context.Context, h format.Host, ev store.Event, spawns *spawnvote.State, pack string, f *Final) format.Run {
	files := map[string][]byte{SpawnFile: []byte(pack)}
	mapOpt := "default"
	if strings.TrimSpace(spawns.Map) != "" {
		files[MapFile], mapOpt = []byte(spawns.Map), MapFile
	}
	if f.Matches == nil {
		f.Matches = map[int]Match{}
	}
	var recs map[string]store.Match
	return format.Run{
		Play: func(known tournament.Known, build func(tournament.Job) (match.Match, error)) (*tournament.Outcome, error) {
			var err error
			if recs, err = h.Recorded(ctx, ev.ID, store.KindFinal); err != nil {
				return nil, err
			}
			rr := tournament.RoundRobin{Setup: tournament.Setup{Game: ev.Game, Seed: f.Seed, Names: f.Names, Known: known, Match: build}}
			for i := range f.Teams {
				rr.Bots = append(rr.Bots, "team"+strconv.FormatInt(f.Teams[i], 10)+"=stdio:team")
			}
			return rr.Play(ctx)
		},
		Known: func(j tournament.Job) (*replay.Result, []queue.Match, error) {
			if m, ok := f.Matches[j.Index]; ok && m.Result != nil {
				return m.Result, nil, nil // recorded (or kept by an earlier version)
			}
			a := queue.Match{Event: ev.ID, Seed: j.Seed, MatchKind: store.KindFinal, Round: int64(j.Index + 1), Unrated: true, Format: true,
				Options: []string{"map=" + mapOpt, "spawns=" + SpawnFile}, Files: files}
			for _, s := range j.Seats {
				a.Teams, a.Submissions = append(a.Teams, f.Teams[s]), append(a.Submissions, f.Submissions[s])
			}
			var pending []queue.Match
			var reps []*replay.Result
			var keys []string
			for g := 1; g <= catmouseGames; g++ {
				ga := a
				ga.Key, ga.SeriesGame = fmt.Sprintf("final-%d-%d-g%d", ev.ID, j.Index+1, g), g
				res, err := h.Result(recs, ga.Key)
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
			res, err := combineSeries(h, ev, a, seatNames(f, a.Teams), reps)
			if err != nil {
				return nil, nil, err
			}
			fm := Match{Index: j.Index, Result: res, Games: keys}
			copy(fm.Teams[:], a.Teams)
			f.Matches[j.Index] = fm
			return res, nil, nil
		},
	}
}

// catmouseGames is the number of games of a catmouse match.
const catmouseGames = 3

// seatNames are the names of the teams of a match's seats, as the
// final's table writes them: its summary and table name the teams, not
// the bots' seat names (queue.SeatNames).
func seatNames(f *Final, teams []int64) []string {
	var out []string
	for _, t := range teams {
		name := queue.SeatNames([]int64{t})[0]
		if i := slices.Index(f.Teams, t); i >= 0 && i < len(f.Names) {
			name = f.Names[i]
		}
		out = append(out, name)
	}
	return out
}

// combineSeries is the result of a series match from its games' results,
// as tournament's pool makes it: the game's combination, with the turns
// and each player's timeouts summed; names are its seats' teams'.
func combineSeries(h format.Host, ev store.Event, a queue.Match, names []string, games []*replay.Result) (*replay.Result, error) {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	s, ok := g.(game.Series)
	if !ok {
		return nil, fmt.Errorf("%s has no match of several games", ev.Game)
	}
	cfg, err := h.MatchConfig(g.Info(), ev, a)
	if err != nil {
		return nil, err
	}
	cfg.Players, cfg.Names = len(a.Teams), names
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
func beginFinal(ctx context.Context, h format.Host, eventID, seed int64) (store.Event, *spawnvote.State, string, *Final, error) {
	ev, err := event(ctx, h, eventID)
	if err != nil {
		return ev, nil, "", nil, err
	}
	spawns, err := Spawns(ctx, h, eventID)
	if err != nil {
		return ev, nil, "", nil, err
	}
	if !spawns.Closed {
		return ev, nil, "", nil, fault.UserError{Err: errors.New("close the spawn vote first (arena event spawns close): the final plays the voted set")}
	}
	pack, choice, err := spawns.MatchPack()
	if err != nil {
		return ev, nil, "", nil, err
	}
	f, err := startFinal(ctx, h, ev, choice.ID, seed)
	return ev, spawns, pack, f, err
}

// AskFinal asks the server to play the final at its clock's next
// look (within clockEvery): the final starts now (its teams, submissions
// and seed fixed, as arena event roundrobin fixes them) and is marked
// asked; a final begun by a command and stopped is resumed by the server.
// seed 0 draws one.
func AskFinal(ctx context.Context, h format.Host, eventID, seed int64) (*Final, error) {
	_, _, _, f, err := beginFinal(ctx, h, eventID, seed)
	if err != nil {
		return nil, err
	}
	if f.Done {
		return f, fault.UserError{Err: errors.New("the final is over: GET organiser/events/{id}/codinsa gives its table")}
	}
	doc, err := h.Store().UpdateEventState(ctx, eventID, FinalState, func(old []byte) ([]byte, error) {
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
	f = &Final{}
	return f, json.Unmarshal(doc, f)
}

// tick plays the event's final if the organiser asked for it and
// it is not over (a final interrupted with the server resumes), and
// reports whether it played. The server's clock calls it: it queues the
// games not recorded (once: jobs unique by their arguments) and saves
// the table once they all are.
func tick(ctx context.Context, h format.Host, eventID int64) (bool, error) {
	f, err := Standing(ctx, h, eventID)
	if err != nil || f == nil || !f.Asked || f.Done {
		return false, err
	}
	ev, spawns, pack, f, err := beginFinal(ctx, h, eventID, 0)
	if err != nil || f.Done {
		return false, err
	}
	pl, err := run(ctx, h, ev, spawns, pack, f).Plan()
	if err != nil {
		return false, err
	}
	if pl.Out != nil {
		f.Standings, f.Done = pl.Out.Standings, true
	}
	if err := saveFinal(context.WithoutCancel(ctx), h, ev.ID, f); err != nil {
		return false, err
	}
	return true, h.QueueGames(ctx, pl.Pending)
}

// startFinal reads the final's record, or starts one: the teams with a
// bot the platform can play, in registration order, and their active
// submissions now.
func startFinal(ctx context.Context, h format.Host, ev store.Event, set int, seed int64) (*Final, error) {
	// The candidate is made outside the update: update may not use the
	// store (SQLite's one connection is its transaction's).
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	teams, err := h.Store().Teams(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	if seed == 0 {
		seed = match.RandomSeed()
	}
	cand := Final{Seed: seed, Set: set, Matches: map[int]Match{}}
	for _, t := range teams { // by id: registration order
		if t.Active != 0 && h.Playable(ctx, g.Info(), t.Active) {
			cand.Teams, cand.Names, cand.Submissions = append(cand.Teams, t.ID), append(cand.Names, t.Name), append(cand.Submissions, t.Active)
		}
	}
	doc, err := h.Store().UpdateEventState(ctx, ev.ID, FinalState, func(old []byte) ([]byte, error) {
		if old != nil {
			return old, nil // begun: it goes on with what it started with
		}
		if len(cand.Teams) < 2 {
			return nil, fault.UserError{Err: fmt.Errorf("the final needs at least 2 teams with a ready bot; %d have one", len(cand.Teams))}
		}
		return json.Marshal(cand)
	})
	if err != nil {
		return nil, err
	}
	f := &Final{}
	if err := json.Unmarshal(doc, f); err != nil {
		return nil, err
	}
	if f.Matches == nil {
		f.Matches = map[int]Match{}
	}
	return f, nil
}

// saveFinal writes the final's record; the organiser's ask, made
// meanwhile, stays.
func saveFinal(ctx context.Context, h format.Host, eventID int64, f *Final) error {
	_, err := h.Store().UpdateEventState(ctx, eventID, FinalState, func(old []byte) ([]byte, error) {
		var cur Final
		if old != nil && json.Unmarshal(old, &cur) == nil && cur.Asked {
			f.Asked = true
		}
		return json.Marshal(f)
	})
	return err
}
