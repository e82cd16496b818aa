package matchmaking

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/play"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/ladder"
	"github.com/seed27749672/arena/tournament/openskill"
)

// Casual matches: a scheduler queues match jobs between the teams' active
// submissions, chosen as arena ladder chooses (the least certain rating
// first, against the closest means), with the game's first builtin bot as
// a house bot when too few teams have a bot; a match job plays its match
// with every team's bot sandboxed in its own build tree, and records the
// result and the new ratings in one transaction keyed by the job, so a
// retried job never counts a match twice.

// schedule queues casual matches for every event until each has
// inFlight match jobs not yet finished. It returns how many it queued.
func (mk *Matchmaker) Schedule(ctx context.Context, inFlight int) (int, error) {
	events, err := mk.Events.Store.Events(ctx)
	if err != nil {
		return 0, err
	}
	busy, promoting, err := mk.CountMatchJobs(ctx) // promoting: teams with a promotion game queued
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, ev := range events {
		// an event not open (before its start, after its end) still plays
		// what the organiser asked: ScheduleEvent holds back its casual games only
		n, err := mk.ScheduleEvent(ctx, ev, inFlight, busy[ev.ID], promoting)
		queued += n
		if err != nil {
			return queued, err
		}
	}
	return queued, nil
}

// nextMatch chooses the next casual match of an event, or the next game
// of its final ranking when final is not nil; ok is false when no team
// has a bot to play. pass is what the scheduling pass read of the event
// (see schedulePass); the teams chosen count in its planned games.
func (mk *Matchmaker) nextMatch(ctx context.Context, ev store.Event, final *apitypes.Final, pass *schedulePass) (queue.Match, bool, error) {
	info, ratings := pass.info, pass.ratings
	teams, lg := mk.leagueTeams(ev, info, pass.teams, ratings, final)
	var cands []store.Team
	var bots []ladder.Bot
	var planned []int
	for _, t := range teams {
		if t.Active == 0 || !mk.playableOnce(ctx, info, t, pass.playable) {
			continue
		}
		r, ok := ratings[t.ID]
		rt := openskill.Default().New()
		if ok {
			rt = openskill.Rating{Mu: r.Mu, Sigma: r.Sigma}
		}
		cands = append(cands, t)
		bots = append(bots, ladder.Bot{Name: strconv.FormatInt(t.ID, 10), Rating: rt, Games: r.Games})
		planned = append(planned, pass.planned[t.ID])
	}
	if len(cands) == 0 {
		return queue.Match{}, false, nil
	}
	seed := match.RandomSeed()
	size, ok := seatCount(info, ev.Settings, len(cands), seed)
	if !ok {
		return queue.Match{}, false, nil
	}
	var seats []int
	if len(cands) >= size {
		seats = choose(bots, size, planned, seed, pass.diffVar(cands, bots))
	} else {
		for i := range cands {
			seats = append(seats, i)
		}
	}
	a := queue.Match{Event: ev.ID, Seed: seed, Key: fmt.Sprintf("casual-%d-%d-%d", ev.ID, time.Now().UnixNano(), seed), League: lg.Number, House: lg.Boss}
	if final != nil {
		a.MatchKind, a.Key = store.KindFinal, fmt.Sprintf("final-%d-%d-%d", ev.ID, final.Queued, seed)
	}
	for _, i := range seats {
		pass.planned[cands[i].ID]++
		a.Teams = append(a.Teams, cands[i].ID)
		a.Submissions = append(a.Submissions, cands[i].Active)
	}
	for len(a.Teams) < size {
		a.Teams = append(a.Teams, 0)
		a.Submissions = append(a.Submissions, 0)
	}
	// seats in a random order: no team always plays first
	rand.New(rand.NewPCG(uint64(seed), 1)).Shuffle(len(a.Teams), func(i, j int) {
		a.Teams[i], a.Teams[j] = a.Teams[j], a.Teams[i]
		a.Submissions[i], a.Submissions[j] = a.Submissions[j], a.Submissions[i]
	})
	mk.Events.OfferMap(ev, &a)
	return a, true, nil
}

// seatCount draws the size of an event's next match among its seat
// counts: those its teams fill, and with house bots on every one (the
// house bot takes the seats no team has). ok is false when no count can
// be played.
func seatCount(info game.Info, s store.Settings, teams int, seed int64) (int, bool) {
	allowed := s.Seats
	if len(allowed) == 0 { // an event made before its settings were checked
		allowed = []int{max(2, info.MinPlayers)}
	}
	_, err := play.HouseBot(info)
	house := s.HouseBots && err == nil
	var sizes []int
	for _, n := range allowed {
		if n <= teams || house {
			sizes = append(sizes, n)
		}
	}
	if len(sizes) == 0 {
		return 0, false
	}
	return sizes[rand.New(rand.NewPCG(uint64(seed), 3)).IntN(len(sizes))], true
}

// ScheduleEvent queues an event's matches for one scheduler tick: the
// ranked rounds whose time has come, the promotion tests' games, then the final's games while it runs, or else
// the casual games unless the organiser stopped them. busy is the event's
// casual and final jobs not finished.
//
// The event's start and end bound its uploads and its casual games only:
// outside them the rounds the organiser set, the promotion tests of the
// submissions made before the end and the final ranking still play (the
// organiser starts the final once the end has frozen the submissions).
func (mk *Matchmaker) ScheduleEvent(ctx context.Context, ev store.Event, inFlight, busy int, promoting map[int64]bool) (int, error) {
	if mk.Formats != nil {
		if err := mk.Formats(ctx, ev); err != nil {
			return 0, err
		}
	}
	playable := map[int64]bool{}
	queued, err := mk.SweepPromotions(ctx, ev, promoting, playable)
	if err != nil {
		return queued, err
	}
	c, err := mk.Events.EventControls(ctx, ev.ID)
	if err != nil {
		return queued, err
	}
	if c.Final == nil && (c.CasualStopped || !ev.Settings.Open(time.Now())) {
		return queued, nil
	}
	var pass *schedulePass // read at the first free place (after the sweep, which may move teams up a league)
	for ; busy < inFlight; busy++ {
		if pass == nil || mk.RereadEachMatch {
			if pass, err = mk.newSchedulePass(ctx, ev, playable); err != nil {
				return queued, err
			}
		}
		var a queue.Match
		var ok bool
		switch {
		case c.Final != nil:
			f, took, err := mk.Events.TakeFinalGame(ctx, ev.ID)
			if err != nil || !took {
				return queued, err
			}
			if a, ok, err = mk.nextMatch(ctx, ev, f, pass); err != nil || !ok {
				mk.Events.GiveBackFinalGame(ctx, ev.ID, f.League)
				return queued, err
			}
		default:
			if a, ok, err = mk.nextMatch(ctx, ev, nil, pass); err != nil || !ok {
				return queued, err
			}
		}
		if err := mk.Jobs.Insert(ctx, a, nil); err != nil {
			if c.Final != nil {
				mk.Events.GiveBackFinalGame(ctx, ev.ID, a.League)
			}
			return queued, err
		}
		queued++
	}
	return queued, nil
}

// The scheduler's tick begins with the match jobs not finished: how many
// each event has (the casual, final and ranked ones: the places taken) and
// which teams have a promotion game pending. Listing the jobs through
// River decoded every one of them at every tick (up to 10,000), and a
// tick comes every 2 s and at each match's end; the database counts them
// instead (store.Queue's MatchJobs), from the jobs' arguments (queue.Match'
// "event", "kind" and "teams" keys), about 6 times faster
// (BenchmarkMatchJobs). TestMatchJobsAreCountedInTheDatabase checks the
// count against River's list on both drivers, so a River whose table or
// arguments change fails it.

// CountMatchJobs counts the unfinished match jobs: by event, those that
// are not promotion games; and the teams (0 for a house bot) of the
// promotion games.
func (mk *Matchmaker) CountMatchJobs(ctx context.Context) (busy map[int64]int, promoting map[int64]bool, err error) {
	return mk.Jobs.DB.MatchJobs(ctx, queue.Match{}.Kind())
}
