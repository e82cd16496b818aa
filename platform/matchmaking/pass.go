package matchmaking

import (
	"context"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/ladder"
)

// A scheduling pass (one tick of the scheduler for one event, or
// QueueMatches) queues several matches of an event at once. schedulePass
// is what they share: the event's teams and ratings, read once for the
// pass and not once per match (16 free places of an event of 100 teams
// were 16 reads of its teams and 16 of its ratings); whether each team's
// bot can be played, checked once; and the games the pass planned for
// each team, so that its matches spread over the teams (the ratings do not
// move before a match ends, so every place of a pass chose the same
// teams).
type schedulePass struct {
	info     game.Info
	teams    []store.Team
	ratings  map[int64]store.Rating
	playable map[int64]bool // by submission: mk.Player.Playable's answer
	planned  map[int64]int  // by team: the games this pass chose for it
	fit      teamFit        // the fit of ratings (fit.go): its uncertainties
}

// newSchedulePass reads an event's teams and ratings for a pass; playable
// is the tick's memo of mk.Player.Playable, shared with the promotions' sweep.
func (mk *Matchmaker) newSchedulePass(ctx context.Context, ev store.Event, playable map[int64]bool) (*schedulePass, error) {
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return nil, err
	}
	teams, err := mk.Events.Store.Teams(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	ratings, err := mk.Events.Store.Ratings(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	ratings, fit, err := mk.eventFit(ctx, ev.ID, teams, ratings)
	if err != nil {
		return nil, err
	}
	if playable == nil {
		playable = map[int64]bool{}
	}
	return &schedulePass{info: g.Info(), teams: teams, ratings: ratings, playable: playable, planned: map[int64]int{}, fit: fit}, nil
}

// playableOnce is mk.Player.Playable of team t's active submission,
// asked once per submission of a pass, of the team as the pass read it.
func (mk *Matchmaker) playableOnce(ctx context.Context, info game.Info, t store.Team, memo map[int64]bool) bool {
	ok, seen := memo[t.Active]
	if !seen {
		// a team URL that did not answer sits out casual pairing for a
		// while (play.Player.Paused)
		ok = mk.Player.TeamPlayable(ctx, info, t) && !mk.Player.Paused(ctx, t.Active)
		memo[t.Active] = ok
	}
	return ok
}

// diffVar is the uncertainty of the differences of the pass's
// candidates (bots[i] is cands[i]): the fit's.
func (p *schedulePass) diffVar(cands []store.Team, bots []ladder.Bot) diffVar {
	plain := sigmas(bots)
	return func(a, b int) float64 {
		if v, ok := p.fit.diffVar(cands[a].ID, cands[b].ID); ok {
			return v
		}
		return plain(a, b)
	}
}
