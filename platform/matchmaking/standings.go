package matchmaking

import (
	"context"
	"slices"
	"sort"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/openskill"
)

// The standings: one overall order of an event's teams, the same on every
// page, in arena leaderboard and in the results. Without leagues: by
// rating (mu - 3 sigma). With leagues: by league, the top league first (a
// team without a league yet last), then within its league by rating, or,
// in a boss-only league (game.League.BossOnly: no rated game), by its
// promotion test: most wins first, then fewest games (teams with the
// same record share a rank). A team with nothing to rank it by (no rated
// game; in a boss-only league, no test game) is unranked: it comes after
// the ranked teams of its league, with rank 0. Rank counts the ranked
// teams of the whole event; LeagueRank those of the team's league.

// Standing is one line of an event's leaderboard (apitypes.Standing).
type Standing = apitypes.Standing

// EventStandings are every team of an event with its standing, in the
// event's overall order; below the top league each team has its
// promotion test.
func (mk *Matchmaker) EventStandings(ctx context.Context, eventID int64) ([]Standing, error) {
	return mk.standings(ctx, eventID, func(store.Team) bool { return true })
}

// LeagueLeaderboard are the standings of one league's teams, with their
// ranks in the whole event and in the league.
func (mk *Matchmaker) LeagueLeaderboard(ctx context.Context, eventID int64, lg int) ([]Standing, error) {
	return mk.standings(ctx, eventID, func(t store.Team) bool { return t.League == lg })
}

// Leaderboard is the event's leaderboard: in an event with leagues, the
// top league's (the event's own ranking), else every team's.
func (mk *Matchmaker) Leaderboard(ctx context.Context, eventID int64) ([]Standing, error) {
	ev, err := mk.Events.Store.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if g, err := game.Lookup(ev.Game); err == nil && event.LeaguesOn(ev, g.Info()) {
		top, _ := league.Top(g.Info())
		return mk.LeagueLeaderboard(ctx, eventID, top.Number)
	}
	return mk.EventStandings(ctx, eventID)
}

// standings are the event's standings, of which keep keeps the lines.
// The event's promotion games are read only when a line needs its test:
// a kept line below the top league, or a line of a boss-only league at
// or above the lowest kept one (its test ranks it). The top league's
// leaderboard, which every team page reads, reads none.
func (mk *Matchmaker) standings(ctx context.Context, eventID int64, keep func(store.Team) bool) ([]Standing, error) {
	ev, err := mk.Events.Store.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	all, err := mk.byRating(ctx, eventID)
	if err != nil {
		return nil, err
	}
	var info game.Info
	g, err := game.Lookup(ev.Game)
	leagues := err == nil && event.LeaguesOn(ev, g.Info())
	if leagues {
		info = g.Info()
		if err := mk.addTests(ctx, eventID, info, all, keep); err != nil {
			return nil, err
		}
		sort.SliceStable(all, func(i, j int) bool { return leagueBefore(info, all[i], all[j]) })
	}
	rankAll(all, leagues)
	var out []Standing
	for _, s := range all {
		if keep(s.Team) {
			out = append(out, s)
		}
	}
	return out, nil
}

// byRating are every team of the event by mu - 3 sigma (the fit's:
// fit.go), whatever its league, unranked.
func (mk *Matchmaker) byRating(ctx context.Context, eventID int64) ([]Standing, error) {
	teams, err := mk.Events.Store.Teams(ctx, eventID)
	if err != nil {
		return nil, err
	}
	ratings, err := mk.Events.Store.Ratings(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if ratings, _, err = mk.eventFit(ctx, eventID, teams, ratings); err != nil {
		return nil, err
	}
	var out []Standing
	for _, t := range teams {
		r, ok := ratings[t.ID]
		if !ok {
			d := openskill.Default().New()
			r = store.Rating{TeamID: t.ID, Mu: d.Mu, Sigma: d.Sigma}
		}
		out = append(out, Standing{Team: t, Rating: r})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score() > out[j].Score() })
	return out, nil
}

// addTests marks the lines of boss-only leagues and gives the lines that
// need it their team's promotion test (see standings).
func (mk *Matchmaker) addTests(ctx context.Context, eventID int64, info game.Info, all []Standing, keep func(store.Team) bool) error {
	lowest := -1
	for i := range all {
		all[i].BossOnly = bossOnly(info, all[i].Team.League)
		if keep(all[i].Team) && (lowest < 0 || all[i].Team.League < lowest) {
			lowest = all[i].Team.League
		}
	}
	need := func(s Standing) bool {
		_, next := league.Next(info, s.Team.League)
		return next && s.Team.Active != 0 && (keep(s.Team) || s.BossOnly && s.Team.League >= lowest)
	}
	if !slices.ContainsFunc(all, need) {
		return nil
	}
	ms, err := mk.Events.Store.MatchesOfKind(ctx, eventID, store.KindPromotion)
	if err != nil {
		return err
	}
	slices.Reverse(ms) // oldest first, as a test is decided
	bySub := map[int64][]store.Match{}
	for _, m := range ms {
		for _, sub := range m.Submissions {
			if sub != 0 {
				bySub[sub] = append(bySub[sub], m)
			}
		}
	}
	rt, err := mk.retests(ctx, eventID)
	if err != nil {
		return err
	}
	for i, s := range all {
		if need(s) {
			r := promotionRecord(bySub[s.Team.Active], s.Team.Active, s.Team.League, rt)
			all[i].Test = &r
		}
	}
	return nil
}

// leagueBefore orders two lines of an event with leagues: the higher
// league first, then in a boss-only league the better test (in a rated
// league, the rating's order stands).
func leagueBefore(info game.Info, a, b Standing) bool {
	if a.Team.League != b.Team.League {
		return a.Team.League > b.Team.League
	}
	if bossOnly(info, a.Team.League) {
		return testBefore(a.Test, b.Test)
	}
	return false
}

// testBefore orders two tests of a boss-only league: more wins, then
// fewer games; a team without a test comes last.
func testBefore(a, b *PromotionRecord) bool {
	switch {
	case a == nil || b == nil:
		return a != nil && b == nil
	case a.Wins != b.Wins:
		return a.Wins > b.Wins
	}
	return a.Played < b.Played
}

// ranked says whether a line has something to rank it by: rated games,
// or in a boss-only league a test game.
func ranked(s Standing) bool {
	if s.BossOnly {
		return s.Test != nil && s.Test.Played > 0
	}
	return s.Rating.Games > 0
}

// rankAll moves each league's unranked lines after its ranked ones
// (keeping their order) and numbers the ranked ones, in the event and in
// their league; lines of a boss-only league with the same record share
// their ranks.
func rankAll(all []Standing, leagues bool) {
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if leagues && a.Team.League != b.Team.League {
			return a.Team.League > b.Team.League
		}
		return ranked(a) && !ranked(b)
	})
	overall, inLeague := 0, 0
	for i := range all {
		s := &all[i]
		if i == 0 || leagues && s.Team.League != all[i-1].Team.League {
			inLeague = 0
		}
		if !ranked(*s) {
			continue
		}
		overall, inLeague = overall+1, inLeague+1
		s.Rank, s.LeagueRank = overall, inLeague
		if i > 0 && sameRecord(all[i-1], *s) {
			s.Rank, s.LeagueRank = all[i-1].Rank, all[i-1].LeagueRank
		}
	}
}

// sameRecord: two ranked lines of one boss-only league whose tests are
// equal share a rank.
func sameRecord(a, b Standing) bool {
	return a.BossOnly && b.BossOnly && ranked(a) && a.Team.League == b.Team.League && !testBefore(a.Test, b.Test)
}
