package matchmaking

import (
	"context"
	"fmt"
	"slices"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// CodinGame leagues (ants, tracks; event setting Leagues): a team's
// active submission plays the promotion test of the team's league
// (package league decides, match jobs of kind promotion play it against
// the league's boss), and the team moves up while it is promoted; rated
// games are played within a league, and each league has its leaderboard,
// the top league's being the event's. The scheduler drives the tests: at
// each tick it looks at every team's test as the stored matches say, and
// queues its next game, so that a restarted server picks the tests up
// where they were.

// maxPromotionErrors stops a test whose games the arena failed to play
// that many times in one league (a bot that cannot start): it would
// otherwise be queued again forever.
const maxPromotionErrors = 3

// SweepPromotions queues the next game of every team's promotion test
// that has none pending (pending: teams with a promotion job queued or
// running), and moves promoted teams up a league. It returns how many
// games it queued. playable memoizes mk.Player.Playable for the tick (nil: none).
func (mk *Matchmaker) SweepPromotions(ctx context.Context, ev store.Event, pending, playable map[int64]bool) (int, error) {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return 0, err
	}
	info := g.Info()
	if !event.LeaguesOn(ev, info) {
		return 0, nil
	}
	teams, err := mk.Events.Store.Teams(ctx, ev.ID)
	if err != nil {
		return 0, err
	}
	if playable == nil {
		playable = map[int64]bool{}
	}
	rt, err := mk.retests(ctx, ev.ID)
	if err != nil {
		return 0, err
	}
	ratings, err := mk.Events.Store.Ratings(ctx, ev.ID)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, t := range teams {
		if t.Active == 0 || pending[t.ID] || !mk.playableOnce(ctx, info, t, playable) {
			continue
		}
		a, ok, err := mk.nextPromotionGame(ctx, ev, info, t, rt, ratings)
		if err != nil {
			return queued, err
		}
		if !ok {
			continue
		}
		if err := mk.Jobs.Insert(ctx, a, nil); err != nil {
			return queued, err
		}
		queued++
	}
	return queued, nil
}

// nextPromotionGame is the next game of the team's test in its league,
// after moving the team up as far as its stored games promote it; ok is
// false when there is none to play (the test is decided, or the team is
// in the top league).
func (mk *Matchmaker) nextPromotionGame(ctx context.Context, ev store.Event, info game.Info, t store.Team, rt retests, ratings map[int64]store.Rating) (queue.Match, bool, error) {
	if t.League == 0 { // its first submission: the first league
		first, _ := league.First(info)
		if _, err := mk.Events.Store.SetLeague(ctx, t.ID, 0, first.Number); err != nil {
			return queue.Match{}, false, err
		}
		t.League = first.Number
	}
	var ms []store.Match
	for {
		l, err := league.Find(info, t.League)
		if err != nil {
			return queue.Match{}, false, nil // a league the game no longer has: no test, and the other teams' go on
		}
		next, ok := league.Next(info, l.Number)
		if !ok {
			return queue.Match{}, false, nil // the top league: its boss is a benchmark
		}
		skip := rt.skip(t.Active, l.Number)
		tk := testKey{t.Active, l.Number, skip}
		if _, done := mk.decided.Load(tk); done {
			// not promoted: its rated games may earn it a retake (the
			// next sweep, which reads the retaken test, plays it)
			_, err := mk.retakeByRating(ctx, ev, t, l.Number, ratings)
			return queue.Match{}, false, err
		}
		if ms == nil {
			if ms, err = mk.Events.Store.SubmissionMatches(ctx, t.Active, store.KindPromotion); err != nil {
				return queue.Match{}, false, err
			}
		}
		_, attempts, _ := PromotionState(ms, t.Active, l.Number) // every game: the next key
		test, _, errors := PromotionState(sinceRetest(ms, l.Number, skip), t.Active, l.Number)
		switch {
		case test.Promoted:
			if _, err := mk.Events.Store.SetLeague(ctx, t.ID, l.Number, next.Number); err != nil {
				return queue.Match{}, false, err
			}
			t.League = next.Number
			continue // and at once the next league's test
		case test.Decided || errors >= maxPromotionErrors:
			mk.decided.Store(tk, true)
			return queue.Match{}, false, nil
		}
		key := fmt.Sprintf("promotion-%d-%d-%d", t.Active, l.Number, attempts)
		a := queue.Match{Event: ev.ID, Key: key, Seed: queue.SeedOf(key), MatchKind: store.KindPromotion, League: l.Number, House: l.Boss,
			Teams: []int64{t.ID, 0}, Submissions: []int64{t.Active, 0}}
		if league.Seat(l, test.Played) == 1 {
			a.Teams[0], a.Teams[1] = a.Teams[1], a.Teams[0]
			a.Submissions[0], a.Submissions[1] = a.Submissions[1], a.Submissions[0]
		}
		mk.Events.OfferMap(ev, &a)
		return a, true, nil
	}
}

// testKey names one submission's test in one league, since its last
// retake (the games skipped).
type testKey struct {
	sub          int64
	league, skip int
}

// PromotionState reads a submission's test in one league from its stored
// promotion games: the decision so far, the games recorded (the next
// one's number) and those the arena failed to play.
func PromotionState(ms []store.Match, sub int64, lg int) (test league.Test, attempts, errors int) {
	var outcomes []league.Outcome
	for _, m := range ms {
		if m.League != lg {
			continue
		}
		attempts++
		if m.Error != "" {
			errors++
			continue
		}
		outcomes = append(outcomes, league.OutcomeOf(m.Ranks, slices.Index(m.Submissions, sub)))
	}
	return league.Decide(outcomes), attempts, errors
}

// leagueTeams narrows an event's teams to those of the league its next
// rated game is played in: the final's league, or else the league of the
// team whose rating is least certain (fewest games), as the ladder leads
// with that team. A league where bots play only the boss (BossOnly:
// tracks' objective leagues) plays no rated game: its teams are left out,
// and none is returned when every team is in one. It returns the event's
// teams and no league when leagues are off.
func (mk *Matchmaker) leagueTeams(ev store.Event, info game.Info, teams []store.Team, ratings map[int64]store.Rating, final *apitypes.Final) ([]store.Team, game.League) {
	if !event.LeaguesOn(ev, info) {
		return teams, game.League{}
	}
	number := 0
	if final != nil {
		number = final.League
	}
	lead := -1
	for i, t := range teams {
		if final != nil || t.Active == 0 || t.League == 0 || bossOnly(info, t.League) {
			continue
		}
		if lead < 0 || ratings[t.ID].Games < ratings[teams[lead].ID].Games {
			lead = i
		}
	}
	if lead >= 0 {
		number = teams[lead].League
	}
	if number == 0 {
		return nil, game.League{}
	}
	l, err := league.Find(info, number)
	if err != nil || l.BossOnly {
		return nil, game.League{}
	}
	var out []store.Team
	for _, t := range teams {
		if t.League == l.Number {
			out = append(out, t)
		}
	}
	return out, l
}

// bossOnly tells whether league n of a game is one where bots play only
// its boss (false for a league the game does not have).
func bossOnly(info game.Info, n int) bool {
	l, err := league.Find(info, n)
	return err == nil && l.BossOnly
}

// PromotionRecord is a team's promotion test in its league
// (apitypes.PromotionRecord).
type PromotionRecord = apitypes.PromotionRecord

// Promotion test states (PromotionRecord.State).
const (
	TestWaiting     = "waiting"
	TestPlaying     = "playing"
	TestPromoted    = "promoted"
	TestNotPromoted = "not promoted"
	TestStopped     = "stopped"
)

// promotionRecord is one submission's test in league lg from its stored
// promotion games (oldest first).
func promotionRecord(ms []store.Match, sub int64, lg int, rt retests) PromotionRecord {
	test, _, errors := PromotionState(sinceRetest(ms, lg, rt.skip(sub, lg)), sub, lg)
	r := PromotionRecord{League: lg, Played: test.Played, Wins: test.Wins, State: TestPlaying}
	switch {
	case test.Promoted:
		r.State = TestPromoted
	case test.Decided:
		r.State = TestNotPromoted
	case errors >= maxPromotionErrors:
		r.State = TestStopped
	case test.Played == 0:
		r.State = TestWaiting
	}
	return r
}

// TeamTest is the promotion test of a team's active submission in the
// team's league.
func (mk *Matchmaker) TeamTest(ctx context.Context, t store.Team) (PromotionRecord, error) {
	ms, err := mk.Events.Store.SubmissionMatches(ctx, t.Active, store.KindPromotion)
	if err != nil {
		return PromotionRecord{}, err
	}
	rt, err := mk.retests(ctx, t.EventID)
	if err != nil {
		return PromotionRecord{}, err
	}
	return promotionRecord(ms, t.Active, t.League, rt), nil
}
