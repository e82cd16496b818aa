package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/blitz"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// Coveo Blitz 2022 (jungle): ranked rounds at a regular interval from a
// start time, each a tournament.Groups round (teams in groups by their
// current ranking; the winner of a group moves up one group, the loser
// down), the ranking kept between rounds; then the final, a
// tournament.Elimination seeded by that ranking. Their games are match
// jobs (stages.go) of kinds ranked and final, with their map, played by
// whichever process plays match jobs; the event's state keeps what each
// round or final was begun with, so that every look replays the same
// format on the recorded games and an interrupted round or final resumes
// without playing a game twice.

// Event state documents of a Blitz event.
const (
	stateBlitz      = "blitz"       // the schedule, the ranking, the rounds played
	stateBlitzRound = "blitz-round" // the round being played
	stateBlitzFinal = "blitz-final"
)

// The Blitz JSON types (apitypes).
type (
	Blitz      = apitypes.Blitz
	BlitzRound = apitypes.BlitzRound
	BlitzFinal = apitypes.BlitzFinal
	BlitzGame  = apitypes.BlitzGame
)

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
	ev, err := p.blitzEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	b := &Blitz{}
	_, err = p.readState(ctx, eventID, stateBlitz, b)
	b.EventEnd = ev.Settings.End // the event's, as it is now
	return b, err
}

// SetBlitzSchedule sets when the ranked rounds are played, over the
// schedule saved before if any, and starts it (a stopped schedule runs
// again): its first round is the next one, due at s.Start (at once if
// that is past, an interval after the last round began), and s.Rounds
// counts its own rounds (blitz.Schedule.Before).
func (p *Platform) SetBlitzSchedule(ctx context.Context, eventID int64, s blitz.Schedule) error {
	if _, err := p.blitzEvent(ctx, eventID); err != nil {
		return err
	}
	s.Stopped = false
	if err := s.Check(); err != nil {
		return userError{err}
	}
	// a round begun and not over counts as before the schedule: it is
	// recorded in the rounds played only at its end
	var cur BlitzRound
	if _, err := p.readState(ctx, eventID, stateBlitzRound, &cur); err != nil {
		return err
	}
	return p.askBlitz(ctx, eventID, func(b *Blitz) error {
		s.Before = max(len(b.Rounds), cur.Number)
		b.Schedule = s
		return nil
	})
}

// StopBlitzSchedule stops the ranked rounds' schedule: no round of it
// starts any more, at any look, the server's clock restarted or not (the
// state says so). A round being played finishes; a round asked now and
// the final still play; SetBlitzSchedule starts it again. Stopping a
// stopped schedule leaves it so. It returns the schedule.
func (p *Platform) StopBlitzSchedule(ctx context.Context, eventID int64) (blitz.Schedule, error) {
	var s blitz.Schedule
	err := p.askBlitz(ctx, eventID, func(b *Blitz) error {
		if b.Schedule.Start.IsZero() {
			return fmt.Errorf("event %d has no schedule of ranked rounds to stop (rounds are played only when run now)", eventID)
		}
		b.Schedule.Stopped = true
		s = b.Schedule
		return nil
	})
	return s, err
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

// BlitzTick plays the ranked round due at now, if any (none of the
// schedule at or after the event's end), and reports
// whether it played one (or the final the organiser asked for); a round
// begun and interrupted is finished first. Its games are played as
// runFormat plays them: by this process when no server runs the data
// directory's jobs, else by the server's workers.
func (p *Platform) BlitzTick(ctx context.Context, eventID int64, now time.Time) (bool, error) {
	return p.blitzTick(ctx, eventID, now, true)
}

// blitzTick looks at an event's ranked rounds and final: with wait (a
// command) it plays what is due to its end; without (the server's clock)
// it queues the games of the current stage and returns, the stage's end
// being seen at a later look.
func (p *Platform) blitzTick(ctx context.Context, eventID int64, now time.Time, wait bool) (bool, error) {
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
		return true, p.advanceBlitzRound(ctx, eventID, &cur, wait)
	}
	switch {
	case b.RoundNow || b.RoundDue(now): // asked now: the organiser's, after the end too
		r, err := p.beginBlitzRound(ctx, eventID, now)
		if b.RoundNow {
			p.askBlitz(ctx, eventID, func(b *Blitz) error { b.RoundNow = false; return nil })
		}
		if err == nil {
			err = p.advanceBlitzRound(ctx, eventID, r, wait)
		}
		return err == nil, err
	case b.FinalSize != 0:
		f, err := p.BlitzFinalState(ctx, eventID)
		if err != nil || (f != nil && f.Done) {
			return false, err
		}
		if f, err = p.beginBlitzFinal(ctx, eventID, b.FinalSize); err == nil {
			err = p.advanceBlitzFinal(ctx, eventID, f, wait)
		}
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
// (within blitzEvery), beside the schedule; after the event's end too,
// where the schedule starts none: the organiser's choice.
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
// now", or the schedule's) and returns it: a round begun and not over is
// finished instead. Its games are played as runFormat plays them.
func (p *Platform) StartBlitzRound(ctx context.Context, eventID int64, now time.Time) (*BlitzRound, error) {
	r, err := p.beginBlitzRound(ctx, eventID, now)
	if err != nil {
		return nil, err
	}
	return r, p.advanceBlitzRound(ctx, eventID, r, true)
}

// beginBlitzRound is the round begun and not over, or a new one: the
// teams with a bot, in the order of the ranking, with their active
// submissions and a seed, fixed now so that every look plays the same.
func (p *Platform) beginBlitzRound(ctx context.Context, eventID int64, now time.Time) (*BlitzRound, error) {
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
		return &cur, nil // finish the one begun
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
	// written only if no other look began one meanwhile
	doc, err := p.Store.UpdateEventState(context.WithoutCancel(ctx), eventID, stateBlitzRound, func(old []byte) ([]byte, error) {
		var o BlitzRound
		if old != nil && json.Unmarshal(old, &o) == nil && o.After == nil {
			return old, nil
		}
		return json.Marshal(r)
	})
	if err != nil {
		return nil, err
	}
	r = BlitzRound{}
	return &r, json.Unmarshal(doc, &r)
}

// advanceBlitzRound plays a round's games (all of them: the round is one
// stage) and, once they are recorded, moves the ranking.
func (p *Platform) advanceBlitzRound(ctx context.Context, eventID int64, r *BlitzRound, wait bool) error {
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
	run := p.blitzRun(ctx, ev, r.Teams, r.Names, r.Submissions, r.Seed, store.KindRanked, int64(r.Number),
		func(j tournament.Job) string { return fmt.Sprintf("ranked-%d-%d-%d", ev.ID, r.Number, j.Index+1) },
		func(j tournament.Job) *replay.Result { return r.Played[j.Index] }, // kept by an earlier version
		func(j tournament.Job, res *replay.Result) { r.Played[j.Index] = res },
		func(s tournament.Setup) (*tournament.Outcome, error) {
			return tournament.Groups{Setup: s, Size: size, Rounds: 1}.Play(ctx)
		})
	out, err := p.stage(ctx, run, wait)
	if err != nil || out == nil {
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
	// the ranking first, the round marked over second: stopped between the
	// two, the next look finds the round not over and ends it again (the
	// ranking's update sees it has it), rather than beginning a round of
	// the same number, whose games' keys are this one's
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
	if err != nil {
		return err
	}
	return p.writeState(ctx, eventID, stateBlitzRound, r)
}

// stage plays a format's current stage: with wait, to the format's end
// (runFormat); without, its games queued and its outcome nil until they
// are all recorded.
func (p *Platform) stage(ctx context.Context, run formatRun, wait bool) (*tournament.Outcome, error) {
	if wait {
		return p.runFormat(ctx, p.jobs.Cores, run.plan)
	}
	pl, err := run.plan()
	if err != nil || pl.Out != nil {
		return pl.Out, err
	}
	return nil, p.queueGames(ctx, pl.Pending)
}

// seatTeams are the teams of a game's seats.
func seatTeams(teams []int64, seats []int) []int64 {
	out := make([]int64, len(seats))
	for i, s := range seats {
		out[i] = teams[s]
	}
	return out
}

// blitzRun is a ranked round or the final as a format of match jobs: the
// teams' bots (named by team) built by the platform, each game a match
// job of kind on the event's maps (carried in the job), recorded under
// key; legacy gives a game's result kept in the state by an earlier
// version, seen is told of every game known.
func (p *Platform) blitzRun(ctx context.Context, ev store.Event, teams []int64, names []string, subs []int64, seed int64, kind string, round int64,
	key func(tournament.Job) string, legacy func(tournament.Job) *replay.Result, seen func(tournament.Job, *replay.Result),
	play func(tournament.Setup) (*tournament.Outcome, error)) formatRun {
	var recs map[string]store.Match
	return formatRun{
		play: func(known tournament.Known, build func(tournament.Job) (match.Match, error)) (*tournament.Outcome, error) {
			var err error
			if recs, err = p.recordedGames(ctx, ev.ID, kind); err != nil {
				return nil, err
			}
			s := tournament.Setup{Game: ev.Game, Seed: seed, Names: names, Known: known, Match: build}
			for _, id := range teams {
				s.Bots = append(s.Bots, "team"+strconv.FormatInt(id, 10)+"=stdio:team")
			}
			return play(s)
		},
		known: func(j tournament.Job) (*replay.Result, []matchArgs, error) {
			if m, ok := recs[key(j)]; ok && !slices.Equal(m.Teams, seatTeams(teams, j.Seats)) {
				// a round or final begun by a version that dealt it otherwise
				return nil, nil, fmt.Errorf("game %s is on record between teams %v, but is dealt now to teams %v: begun by an earlier version of the arena, which dealt it otherwise", key(j), m.Teams, seatTeams(teams, j.Seats))
			}
			res, err := p.recordedResult(recs, key(j))
			if err == nil && res == nil {
				res = legacy(j)
			}
			if err != nil || res != nil {
				if res != nil {
					seen(j, res)
				}
				return res, nil, err
			}
			a := matchArgs{Event: ev.ID, Key: key(j), Seed: j.Seed, MatchKind: kind, Round: round, Unrated: true, Format: true}
			for _, seat := range j.Seats {
				a.Teams, a.Submissions = append(a.Teams, teams[seat]), append(a.Submissions, subs[seat])
			}
			if err := p.carryMap(ev, &a); err != nil {
				return nil, nil, fmt.Errorf("game %s: %w", a.Key, err)
			}
			return nil, []matchArgs{a}, nil
		},
	}
}

// offerMap carries a scheduled match's map in its job (carryMap) when it
// can; a map it cannot read is left to the match, which records why it
// could not be played, as it did before maps travelled: one event's
// missing map file must not stop the scheduling of the others.
func (p *Platform) offerMap(ev store.Event, a *matchArgs) {
	if err := p.carryMap(ev, a); err != nil {
		a.Files = nil
	}
}

// carryMap puts in a job the map its event draws for it: named in its
// options, and when it is a file of the data directory's maps/, carried
// in the job (a worker on another machine has no such folder).
func (p *Platform) carryMap(ev store.Event, a *matchArgs) error {
	name := drawMap(ev.Settings, a.Seed)
	if name == "" {
		return nil
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return err
	}
	v, err := p.resolveMap(ev.Game, name)
	if err != nil {
		return err
	}
	if v != name { // a file of maps/: its path, read here
		b, err := os.ReadFile(v)
		if err != nil {
			return err
		}
		a.Files = map[string][]byte{v: b}
	}
	a.Options = append(a.Options, mapOption(g.Info())+"="+v)
	return nil
}

// PlayBlitzFinal plays the final tournament seeded by the ranking of the
// ranked rounds (the casual leaderboard's order when there was none):
// groups of size teams, sudden death, the top half going on, a grand
// final of two teams, best of three; every team with a bot plays at least
// one game. A final begun resumes. Its games are played as runFormat
// plays them.
func (p *Platform) PlayBlitzFinal(ctx context.Context, eventID int64, size int) (*BlitzFinal, error) {
	f, err := p.beginBlitzFinal(ctx, eventID, size)
	if err != nil {
		return nil, err
	}
	return f, p.advanceBlitzFinal(ctx, eventID, f, true)
}

// beginBlitzFinal is the final begun, or a new one: its seeds, their
// submissions and its seed fixed now.
func (p *Platform) beginBlitzFinal(ctx context.Context, eventID int64, size int) (*BlitzFinal, error) {
	ev, err := p.blitzEvent(ctx, eventID)
	if err != nil {
		return nil, err
	}
	f := &BlitzFinal{}
	begun, err := p.readState(ctx, eventID, stateBlitzFinal, f)
	if err != nil || begun {
		return f, err
	}
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
	// written only if no other look began it meanwhile
	doc, err := p.Store.UpdateEventState(context.WithoutCancel(ctx), eventID, stateBlitzFinal, func(old []byte) ([]byte, error) {
		if old != nil {
			return old, nil
		}
		return json.Marshal(f)
	})
	if err != nil {
		return nil, err
	}
	*f = BlitzFinal{}
	return f, json.Unmarshal(doc, f)
}

// advanceBlitzFinal plays the final's current stage (a round of the
// elimination, a game of the grand final): the games known are saved at
// each look, the bracket and the standings once it is over.
func (p *Platform) advanceBlitzFinal(ctx context.Context, eventID int64, f *BlitzFinal, wait bool) error {
	ev, err := p.blitzEvent(ctx, eventID)
	if err != nil || f.Done {
		return err
	}
	if f.Played == nil {
		f.Played = map[int]BlitzGame{}
	}
	key := func(j tournament.Job) string { return fmt.Sprintf("final-%d-%d", ev.ID, j.Index+1) }
	run := p.blitzRun(ctx, ev, f.Teams, f.Names, f.Submissions, f.Seed, store.KindFinal, 1, key,
		func(j tournament.Job) *replay.Result { return f.Played[j.Index].Result }, // kept by an earlier version
		func(j tournament.Job, res *replay.Result) {
			g := BlitzGame{Result: res, Match: key(j)}
			for _, s := range j.Seats {
				g.Teams = append(g.Teams, f.Teams[s])
			}
			f.Played[j.Index] = g
		},
		func(s tournament.Setup) (*tournament.Outcome, error) {
			return tournament.Elimination{Setup: s, Size: f.Size, Advance: f.Size / 2, Final: 2, BestOf: 1, FinalBestOf: 3}.Play(ctx)
		})
	look := func() (formatPlan, error) {
		pl, err := run.plan()
		if err != nil {
			return pl, err
		}
		if pl.Out != nil { // the bracket once over, as before (the pages read a bracket as the final's end)
			f.Rounds, f.Standings, f.Done = pl.Out.Rounds, pl.Out.Standings, true
		}
		return pl, p.writeState(ctx, eventID, stateBlitzFinal, f)
	}
	if wait {
		_, err := p.runFormat(ctx, p.jobs.Cores, look)
		return err
	}
	pl, err := look()
	if err != nil || pl.Out != nil {
		return err
	}
	return p.queueGames(ctx, pl.Pending)
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

// blitzEvery is how often the server looks for a ranked round due, and
// for the end of a round's or final's stage played on other machines (a
// game played here wakes it at once).
const blitzEvery = 5 * time.Second

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
			case <-p.formatEnded: // a game of a round or final ended here
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
			_, err = p.blitzTick(ctx, ev.ID, now, false)
		case "catmouse": // the Cod'INSA final, when the organiser asked for it (codinsa.go)
			_, err = p.CodinsaTick(ctx, ev.ID, o)
		default:
			continue
		}
		if ctx.Err() == nil { // kept for the organiser (failing.go)
			if nerr := p.noteLook(ctx, ev.ID, err, now); nerr != nil && o.Log != nil {
				o.Log.Error("keeping the look's outcome", "event", ev.ID, "err", nerr)
			}
		}
		if err != nil && ctx.Err() == nil && o.Log != nil {
			o.Log.Error("event final or ranked round", "event", ev.ID, "game", ev.Game, "err", err)
		}
	}
}
