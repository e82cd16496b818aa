package blitz

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// Coveo Blitz 2022 (jungle): ranked rounds at a regular interval from a
// start time, each a tournament.Groups round (teams in groups by their
// current ranking; the winner of a group moves up one group, the loser
// down, a team without an opponent keeps its place), the ranking kept
// between rounds; then the final, a
// tournament.Elimination seeded by that ranking. Their games are match
// jobs (platform/stages) of kinds ranked and final, with their map, played by
// whichever process plays match jobs; the event's state keeps what each
// round or final was begun with, so that every look replays the same
// format on the recorded games and an interrupted round or final resumes
// without playing a game twice.

// Event state documents of a Blitz event (exported for the tests that
// set a stage up).
const (
	StateDoc = "blitz"       // the schedule, the ranking, the rounds played
	RoundDoc = "blitz-round" // the round being played
	FinalDoc = "blitz-final"
)

// State is an event's ranked rounds: their schedule, the ranking (team
// ids, best first) and the rounds played.
type State struct {
	Schedule Schedule `json:"schedule"`
	Ranking  []int64  `json:"ranking"`
	Rounds   []Round  `json:"rounds"`
	// Asked by the organiser through the API, for the server's clock to
	// play: a round now (beside the schedule), the final (its size).
	RoundNow  bool `json:"round_now,omitempty"`
	FinalSize int  `json:"final_size,omitempty"`
	// EventEnd is the event's end (its settings'; zero: none), which
	// BlitzStatus reads with the state (it is not kept in it): no round of
	// the schedule starts at or after it.
	EventEnd time.Time `json:"event_end,omitzero"`
	// Playing is the round begun and not over (nil: none), which Status
	// reads beside the state (it is recorded in Rounds only at its end):
	// the schedule's next round is the one after it.
	Playing *Playing `json:"playing,omitempty"`
}

// Playing is a ranked round being played.
type Playing struct {
	Number  int       `json:"number"`
	Started time.Time `json:"started"`
}

// begun is the number of rounds begun, and when the last of them began
// (zero: none): the round being played counts, so that the next round is
// the one after it, an interval after it began.
func (b *State) begun() (int, time.Time) {
	if p := b.Playing; p != nil && p.Number > len(b.Rounds) {
		return p.Number, p.Started
	}
	if n := len(b.Rounds); n > 0 {
		return n, b.Rounds[n-1].Started
	}
	return 0, time.Time{}
}

// NextRound is when the schedule's next round falls due, seen at now; ok
// is false when none will (no schedule, stopped, its rounds all played,
// or the event's end comes first: Schedule.NextBefore).
func (b *State) NextRound(now time.Time) (at time.Time, ok bool) {
	n, last := b.begun()
	return b.Schedule.NextBefore(b.EventEnd, now, n, last)
}

// roundDue says whether the schedule's next round starts at now.
func (b *State) roundDue(now time.Time) bool {
	n, last := b.begun()
	return b.Schedule.DueBefore(b.EventEnd, now, n, last)
}

// Round is one ranked round: who played it, in ranking order, its
// games, and the ranking after it.
type Round struct {
	Number      int                    `json:"number"`
	Started     time.Time              `json:"started"`
	Seed        int64                  `json:"seed"`
	Teams       []int64                `json:"teams"` // the ranking it was played from
	Names       []string               `json:"names"`
	Submissions []int64                `json:"submissions"`
	Played      map[int]*replay.Result `json:"played"` // by game index
	Groups      *tournament.Round      `json:"groups,omitempty"`
	After       []int64                `json:"after,omitempty"` // the ranking after it
	// Rested are the teams that sat the round before out (fixed when the
	// round begins, so that every look deals it alike): none of them sits
	// this one out while another can (tournament.Sitter).
	Rested []int64 `json:"rested,omitempty"`
	// SatOut is the team that sat this round out, alone in the last group
	// (0: none); it kept its place in the ranking.
	SatOut int64 `json:"sat_out,omitempty"`
}

// Final is the final tournament: its seeds (the ranking), its games
// as they are played, and its bracket and standings once it is over.
type Final struct {
	Teams       []int64               `json:"teams"` // seeds, best first
	Names       []string              `json:"names"`
	Submissions []int64               `json:"submissions"`
	Seed        int64                 `json:"seed"`
	Size        int                   `json:"size"`
	Played      map[int]FinalGame     `json:"played"`
	Rounds      []tournament.Round    `json:"rounds,omitempty"` // the bracket as played
	Standings   []tournament.Standing `json:"standings,omitempty"`
	Done        bool                  `json:"done"`
}

// FinalGame is one played game of the final.
type FinalGame struct {
	Teams  []int64        `json:"teams"` // by seat
	Result *replay.Result `json:"result"`
	Match  string         `json:"match"` // its record's key
}

func event(ctx context.Context, h format.Host, eventID int64) (store.Event, error) {
	ev, err := h.Store().Event(ctx, eventID)
	if err != nil {
		return ev, err
	}
	if ev.Game != "jungle" {
		return ev, fault.UserError{Err: fmt.Errorf("event %d is a %s event: ranked rounds and the State final are jungle's", ev.ID, ev.Game)}
	}
	return ev, nil
}

// Status is an event's ranked rounds.
func Status(ctx context.Context, h format.Host, eventID int64) (*State, error) {
	ev, err := event(ctx, h, eventID)
	if err != nil {
		return nil, err
	}
	b := &State{}
	if _, err = store.ReadState(ctx, h.Store(), eventID, StateDoc, b); err != nil {
		return b, err
	}
	b.EventEnd = ev.Settings.End // the event's, as it is now
	var cur Round
	begun, err := store.ReadState(ctx, h.Store(), eventID, RoundDoc, &cur)
	if begun && cur.After == nil {
		b.Playing = &Playing{Number: cur.Number, Started: cur.Started}
	}
	return b, err
}

// SetSchedule sets when the ranked rounds are played, over the
// schedule saved before if any, and starts it (a stopped schedule runs
// again): its first round is the next one, due at s.Start (at once if
// that is past, an interval after the last round began), and s.Rounds
// counts its own rounds (Schedule.Before).
func SetSchedule(ctx context.Context, h format.Host, eventID int64, s Schedule) error {
	if _, err := event(ctx, h, eventID); err != nil {
		return err
	}
	s.Stopped = false
	if err := s.Check(); err != nil {
		return fault.UserError{Err: err}
	}
	// a round begun and not over counts as before the schedule: it is
	// recorded in the rounds played only at its end
	var cur Round
	if _, err := store.ReadState(ctx, h.Store(), eventID, RoundDoc, &cur); err != nil {
		return err
	}
	return ask(ctx, h, eventID, func(b *State) error {
		s.Before = max(len(b.Rounds), cur.Number)
		b.Schedule = s
		return nil
	})
}

// StopSchedule stops the ranked rounds' schedule: no round of it
// starts any more, at any look, the server's clock restarted or not (the
// state says so). A round being played finishes; a round asked now and
// the final still play; SetBlitzSchedule starts it again. Stopping a
// stopped schedule leaves it so. It returns the schedule.
func StopSchedule(ctx context.Context, h format.Host, eventID int64) (Schedule, error) {
	var s Schedule
	err := ask(ctx, h, eventID, func(b *State) error {
		if b.Schedule.Start.IsZero() {
			return fmt.Errorf("event %d has no schedule of ranked rounds to stop (rounds are played only when run now)", eventID)
		}
		b.Schedule.Stopped = true
		s = b.Schedule
		return nil
	})
	return s, err
}

// PlayDue plays the ranked round due at now, if any (none of the
// schedule at or after the event's end), and reports
// whether it played one (or the final the organiser asked for); a round
// begun and interrupted is finished first. Its games are played as
// runFormat plays them: by this process when no server runs the data
// directory's jobs, else by the server's workers.
func PlayDue(ctx context.Context, h format.Host, eventID int64, now time.Time) (bool, error) {
	return tick(ctx, h, eventID, now, true)
}

// tick looks at an event's ranked rounds and final: with wait (a
// command) it plays what is due to its end; without (the server's clock)
// it queues the games of the current stage and returns, the stage's end
// being seen at a later look.
func tick(ctx context.Context, h format.Host, eventID int64, now time.Time, wait bool) (bool, error) {
	b, err := Status(ctx, h, eventID)
	if err != nil {
		return false, err
	}
	var cur Round
	begun, err := store.ReadState(ctx, h.Store(), eventID, RoundDoc, &cur)
	if err != nil {
		return false, err
	}
	if begun && cur.After == nil {
		return true, advanceRound(ctx, h, eventID, &cur, wait)
	}
	switch {
	case b.RoundNow || b.roundDue(now): // asked now: the organiser's, after the end too
		r, err := BeginRound(ctx, h, eventID, now)
		if b.RoundNow {
			ask(ctx, h, eventID, func(b *State) error { b.RoundNow = false; return nil })
		}
		if err == nil {
			err = advanceRound(ctx, h, eventID, r, wait)
		}
		return err == nil, err
	case b.FinalSize != 0:
		f, err := ReadFinal(ctx, h, eventID)
		if err != nil || (f != nil && f.Done) {
			return false, err
		}
		if f, err = beginFinal(ctx, h, eventID, b.FinalSize); err == nil {
			err = advanceFinal(ctx, h, eventID, f, wait)
		}
		return err == nil, err
	}
	return false, nil
}

// ask changes an event's Blitz state (the organiser's requests).
func ask(ctx context.Context, h format.Host, eventID int64, f func(*State) error) error {
	if _, err := event(ctx, h, eventID); err != nil {
		return err
	}
	_, err := h.Store().UpdateEventState(context.WithoutCancel(ctx), eventID, StateDoc, func(old []byte) ([]byte, error) {
		b := State{}
		if old != nil {
			if err := json.Unmarshal(old, &b); err != nil {
				return nil, err
			}
		}
		if err := f(&b); err != nil {
			return nil, fault.UserError{Err: err}
		}
		return json.Marshal(b)
	})
	return err
}

// AskRound asks the server to play a ranked round at its next look
// (within clockEvery), beside the schedule; after the event's end too,
// where the schedule starts none: the organiser's choice.
func AskRound(ctx context.Context, h format.Host, eventID int64) error {
	return ask(ctx, h, eventID, func(b *State) error { b.RoundNow = true; return nil })
}

// AskFinal asks the server to play the final (games of size teams)
// once no round is being played.
func AskFinal(ctx context.Context, h format.Host, eventID int64, size int) error {
	return ask(ctx, h, eventID, func(b *State) error {
		if size != 2 && size != 4 {
			return fmt.Errorf("the final's games have 2 or 4 teams, not %d", size)
		}
		b.FinalSize = size
		return nil
	})
}

// PlayRound plays a ranked round now (the organiser's "run a round
// now", or the schedule's) and returns it: a round begun and not over is
// finished instead. Its games are played as runFormat plays them.
func PlayRound(ctx context.Context, h format.Host, eventID int64, now time.Time) (*Round, error) {
	r, err := BeginRound(ctx, h, eventID, now)
	if err != nil {
		return nil, err
	}
	return r, advanceRound(ctx, h, eventID, r, true)
}

// BeginRound is the round begun and not over, or a new one: the
// teams with a bot, in the order of the ranking, with their active
// submissions and a seed, fixed now so that every look plays the same.
func BeginRound(ctx context.Context, h format.Host, eventID int64, now time.Time) (*Round, error) {
	ev, err := event(ctx, h, eventID)
	if err != nil {
		return nil, err
	}
	b, err := Status(ctx, h, eventID)
	if err != nil {
		return nil, err
	}
	var cur Round
	if begun, err := store.ReadState(ctx, h.Store(), eventID, RoundDoc, &cur); err != nil {
		return nil, err
	} else if begun && cur.After == nil {
		return &cur, nil // finish the one begun
	}
	teams, err := h.TeamsWithBots(ctx, ev)
	if err != nil {
		return nil, err
	}
	if len(teams) < 2 {
		return nil, fault.UserError{Err: fmt.Errorf("a ranked round needs at least 2 teams with a ready bot; %d have one", len(teams))}
	}
	byID := map[int64]store.Team{}
	var ids []int64
	for _, t := range teams {
		byID[t.ID] = t
		ids = append(ids, t.ID)
	}
	r := Round{Number: len(b.Rounds) + 1, Started: now.UTC(), Seed: match.RandomSeed(), Played: map[int]*replay.Result{}}
	if n := len(b.Rounds); n > 0 && b.Rounds[n-1].SatOut != 0 {
		r.Rested = []int64{b.Rounds[n-1].SatOut}
	}
	for _, id := range Merge(b.Ranking, ids) {
		r.Teams, r.Names, r.Submissions = append(r.Teams, id), append(r.Names, byID[id].Name), append(r.Submissions, byID[id].Active)
	}
	// written only if no other look began one meanwhile
	doc, err := h.Store().UpdateEventState(context.WithoutCancel(ctx), eventID, RoundDoc, func(old []byte) ([]byte, error) {
		var o Round
		if old != nil && json.Unmarshal(old, &o) == nil && o.After == nil {
			return old, nil
		}
		return json.Marshal(r)
	})
	if err != nil {
		return nil, err
	}
	r = Round{}
	return &r, json.Unmarshal(doc, &r)
}

// advanceRound plays a round's games (all of them: the round is one
// stage) and, once they are recorded, moves the ranking.
func advanceRound(ctx context.Context, h format.Host, eventID int64, r *Round, wait bool) error {
	ev, err := event(ctx, h, eventID)
	if err != nil {
		return err
	}
	b, err := Status(ctx, h, eventID)
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
	rested := restedSeats(r.Teams, r.Rested)
	run := Run(ctx, h, ev, r.Teams, r.Names, r.Submissions, r.Seed, store.KindRanked, int64(r.Number),
		func(j tournament.Job) string { return fmt.Sprintf("ranked-%d-%d-%d", ev.ID, r.Number, j.Index+1) },
		func(j tournament.Job) *replay.Result { return r.Played[j.Index] }, // kept by an earlier version
		func(j tournament.Job, res *replay.Result) { r.Played[j.Index] = res },
		func(s tournament.Setup) (*tournament.Outcome, error) {
			return tournament.Groups{Setup: s, Size: size, Rounds: 1, Rested: rested}.Play(ctx)
		})
	out, err := stage(ctx, h, run, wait)
	if err != nil || out == nil {
		return err
	}
	r.After = []int64{}
	for _, s := range out.Standings {
		r.After = append(r.After, r.Teams[s.Bot])
	}
	if sit := tournament.Sitter(seatsOf(r.Teams), size, rested); sit >= 0 {
		r.SatOut = r.Teams[sit] // Groups played the teams in this order
	}
	if len(out.Rounds) > 0 {
		r.Groups = &out.Rounds[0]
		r.Groups.Name = fmt.Sprintf("ranked round %d", r.Number) // Groups played it as its round 1
	}
	// the ranking first, the round marked over second: stopped between the
	// two, the next look finds the round not over and ends it again (the
	// ranking's update sees it has it), rather than beginning a round of
	// the same number, whose games' keys are this one's
	_, err = h.Store().UpdateEventState(context.WithoutCancel(ctx), eventID, StateDoc, func(old []byte) ([]byte, error) {
		nb := State{}
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
	return store.WriteState(ctx, h.Store(), eventID, RoundDoc, r)
}

// stage plays a format's current stage: with wait, to the format's end
// (runFormat); without, its games queued and its outcome nil until they
// are all recorded.
func stage(ctx context.Context, h format.Host, run format.Run, wait bool) (*tournament.Outcome, error) {
	if wait {
		return h.RunToEnd(ctx, h.Cores(), run.Plan)
	}
	pl, err := run.Plan()
	if err != nil || pl.Out != nil {
		return pl.Out, err
	}
	return nil, h.QueueGames(ctx, pl.Pending)
}

// restedSeats are the places in teams of the rested teams still playing.
func restedSeats(teams, rested []int64) []int {
	var out []int
	for i, t := range teams {
		if slices.Contains(rested, t) {
			out = append(out, i)
		}
	}
	return out
}

// seatsOf is 0..len(teams)-1: the ranking a round is played from, as
// the bots' indices of its tournament.
func seatsOf(teams []int64) []int {
	out := make([]int, len(teams))
	for i := range out {
		out[i] = i
	}
	return out
}

// seatTeams are the teams of a game's seats.
func seatTeams(teams []int64, seats []int) []int64 {
	out := make([]int64, len(seats))
	for i, s := range seats {
		out[i] = teams[s]
	}
	return out
}

// Run is a ranked round or the final as a format of match jobs: the
// teams' bots (named by team) built by the platform, each game a match
// job of kind on the event's maps (carried in the job), recorded under
// key; legacy gives a game's result kept in the state by an earlier
// version, seen is told of every game known.
func Run(ctx context.Context, h format.Host, ev store.Event, teams []int64, names []string, subs []int64, seed int64, kind string, round int64,
	key func(tournament.Job) string, legacy func(tournament.Job) *replay.Result, seen func(tournament.Job, *replay.Result),
	play func(tournament.Setup) (*tournament.Outcome, error)) format.Run {
	var recs map[string]store.Match
	return format.Run{
		Play: func(known tournament.Known, build func(tournament.Job) (match.Match, error)) (*tournament.Outcome, error) {
			var err error
			if recs, err = h.Recorded(ctx, ev.ID, kind); err != nil {
				return nil, err
			}
			s := tournament.Setup{Game: ev.Game, Seed: seed, Names: names, Known: known, Match: build}
			for _, id := range teams {
				s.Bots = append(s.Bots, "team"+strconv.FormatInt(id, 10)+"=stdio:team")
			}
			return play(s)
		},
		Known: func(j tournament.Job) (*replay.Result, []queue.Match, error) {
			if m, ok := recs[key(j)]; ok && !slices.Equal(m.Teams, seatTeams(teams, j.Seats)) {
				// a round or final begun by a version that dealt it otherwise
				return nil, nil, fmt.Errorf("game %s is on record between teams %v, but is dealt now to teams %v: begun by an earlier version of the arena, which dealt it otherwise", key(j), m.Teams, seatTeams(teams, j.Seats))
			}
			res, err := h.Result(recs, key(j))
			if err == nil && res == nil {
				res = legacy(j)
			}
			if err != nil || res != nil {
				if res != nil {
					seen(j, res)
				}
				return res, nil, err
			}
			a := queue.Match{Event: ev.ID, Key: key(j), Seed: j.Seed, MatchKind: kind, Round: round, Unrated: true, Format: true}
			for _, seat := range j.Seats {
				a.Teams, a.Submissions = append(a.Teams, teams[seat]), append(a.Submissions, subs[seat])
			}
			if err := h.CarryMap(ev, &a); err != nil {
				return nil, nil, fmt.Errorf("game %s: %w", a.Key, err)
			}
			return nil, []queue.Match{a}, nil
		},
	}
}

// PlayFinal plays the final tournament seeded by the ranking of the
// ranked rounds (the casual leaderboard's order when there was none):
// groups of size teams, sudden death, the top half going on, a grand
// final of two teams, best of three; every team with a bot plays at least
// one game. A final begun resumes. Its games are played as runFormat
// plays them.
func PlayFinal(ctx context.Context, h format.Host, eventID int64, size int) (*Final, error) {
	f, err := beginFinal(ctx, h, eventID, size)
	if err != nil {
		return nil, err
	}
	return f, advanceFinal(ctx, h, eventID, f, true)
}

// beginFinal is the final begun, or a new one: its seeds, their
// submissions and its seed fixed now.
func beginFinal(ctx context.Context, h format.Host, eventID int64, size int) (*Final, error) {
	ev, err := event(ctx, h, eventID)
	if err != nil {
		return nil, err
	}
	f := &Final{}
	begun, err := store.ReadState(ctx, h.Store(), eventID, FinalDoc, f)
	if err != nil || begun {
		return f, err
	}
	if size != 2 && size != 4 {
		return nil, fault.UserError{Err: fmt.Errorf("the final's games have 2 or 4 teams, not %d", size)}
	}
	b, err := Status(ctx, h, eventID)
	if err != nil {
		return nil, err
	}
	teams, err := h.TeamsWithBots(ctx, ev)
	if err != nil {
		return nil, err
	}
	if len(teams) < 2 {
		return nil, fault.UserError{Err: fmt.Errorf("the final needs at least 2 teams with a ready bot; %d have one", len(teams))}
	}
	byID := map[int64]store.Team{}
	var ids []int64
	for _, t := range teams {
		byID[t.ID] = t
		ids = append(ids, t.ID)
	}
	*f = Final{Seed: match.RandomSeed(), Size: size, Played: map[int]FinalGame{}}
	for _, id := range Merge(b.Ranking, ids) {
		f.Teams, f.Names, f.Submissions = append(f.Teams, id), append(f.Names, byID[id].Name), append(f.Submissions, byID[id].Active)
	}
	// written only if no other look began it meanwhile
	doc, err := h.Store().UpdateEventState(context.WithoutCancel(ctx), eventID, FinalDoc, func(old []byte) ([]byte, error) {
		if old != nil {
			return old, nil
		}
		return json.Marshal(f)
	})
	if err != nil {
		return nil, err
	}
	*f = Final{}
	return f, json.Unmarshal(doc, f)
}

// advanceFinal plays the final's current stage (a round of the
// elimination, a game of the grand final): the games known are saved at
// each look, the bracket and the standings once it is over.
func advanceFinal(ctx context.Context, h format.Host, eventID int64, f *Final, wait bool) error {
	ev, err := event(ctx, h, eventID)
	if err != nil || f.Done {
		return err
	}
	if f.Played == nil {
		f.Played = map[int]FinalGame{}
	}
	key := func(j tournament.Job) string { return fmt.Sprintf("final-%d-%d", ev.ID, j.Index+1) }
	run := Run(ctx, h, ev, f.Teams, f.Names, f.Submissions, f.Seed, store.KindFinal, 1, key,
		func(j tournament.Job) *replay.Result { return f.Played[j.Index].Result }, // kept by an earlier version
		func(j tournament.Job, res *replay.Result) {
			g := FinalGame{Result: res, Match: key(j)}
			for _, s := range j.Seats {
				g.Teams = append(g.Teams, f.Teams[s])
			}
			f.Played[j.Index] = g
		},
		func(s tournament.Setup) (*tournament.Outcome, error) {
			return tournament.Elimination{Setup: s, Size: f.Size, Advance: f.Size / 2, Final: 2, BestOf: 1, FinalBestOf: 3}.Play(ctx)
		})
	look := func() (format.Plan, error) {
		pl, err := run.Plan()
		if err != nil {
			return pl, err
		}
		if pl.Out != nil { // the bracket once over, as before (the pages read a bracket as the final's end)
			f.Rounds, f.Standings, f.Done = pl.Out.Rounds, pl.Out.Standings, true
		}
		return pl, store.WriteState(ctx, h.Store(), eventID, FinalDoc, f)
	}
	if wait {
		_, err := h.RunToEnd(ctx, h.Cores(), look)
		return err
	}
	pl, err := look()
	if err != nil || pl.Out != nil {
		return err
	}
	return h.QueueGames(ctx, pl.Pending)
}

// ReadFinal is the final as played so far (nil: not begun).
func ReadFinal(ctx context.Context, h format.Host, eventID int64) (*Final, error) {
	if _, err := event(ctx, h, eventID); err != nil {
		return nil, err
	}
	f := &Final{}
	begun, err := store.ReadState(ctx, h.Store(), eventID, FinalDoc, f)
	if err != nil || !begun {
		return nil, err
	}
	return f, nil
}

// LookFinal is the clock's look at a final begun: its current stage's
// games queued, or its end recorded once they all are.
func LookFinal(ctx context.Context, h format.Host, eventID int64, f *Final) error {
	return advanceFinal(ctx, h, eventID, f, false)
}
