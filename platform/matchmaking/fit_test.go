package matchmaking

import (
	"math"
	"testing"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/bradleyterry"
)

// A match gives the fit one comparison per pair of its teams' current
// players, each of weight 1/(seats-1), faded by the games its teams
// played since; house bots, old submissions and teams now in another
// league give none.
func TestFitGames(t *testing.T) {
	teams := []store.Team{{ID: 1, Active: 11}, {ID: 2, Active: 12}, {ID: 3, Active: 99}, {ID: 4, Active: 14, League: 2}}
	index := map[int64]int{1: 0, 2: 1, 3: 2, 4: 3}
	m := store.Match{Kind: store.KindCasual, League: 1, Teams: []int64{1, 0, 2, 3}, Submissions: []int64{11, 0, 12, 13}, Ranks: []int{2, 1, 2, 3}}
	teams[0].League, teams[1].League, teams[2].League = 1, 1, 1
	got := fitGames(m, index, currentPlayers(teams), map[int64]int{1: 35, 2: 35})
	want := []bradleyterry.Game{{A: 0, B: 1, Score: 0.5, Weight: 1.0 / 3 / 2}}
	if len(got) != 1 || got[0].A != 0 || got[0].B != 1 || got[0].Score != 0.5 || math.Abs(got[0].Weight-want[0].Weight) > 1e-12 {
		t.Errorf("comparisons %+v, want %+v (team 3 resubmitted, team 4 moved league, seat 2 a house bot, 70 games since: half weight)", got, want)
	}
	m.Teams[2], m.Submissions[2], m.Ranks[2] = 4, 14, 3
	m.League = 0
	got = fitGames(m, index, currentPlayers(teams), nil)
	if len(got) != 1 || got[0].A != 0 || got[0].B != 3 || got[0].Score != 1 || got[0].Weight != 1.0/3 {
		t.Errorf("a match of no league: %+v, want team 1 beating team 4 at weight 1/3", got)
	}
}

// Only the games that rate teams count: casual games and the final
// ranking's, not failed ones, ranked rounds, promotion tests or a
// format's final (a round of its own).
func TestRatedForFit(t *testing.T) {
	for _, c := range []struct {
		m    store.Match
		want bool
	}{
		{store.Match{Kind: store.KindCasual}, true},
		{store.Match{}, true},
		{store.Match{Kind: store.KindFinal}, true},
		{store.Match{Kind: store.KindFinal, Round: 2}, false},
		{store.Match{Kind: store.KindRanked}, false},
		{store.Match{Kind: store.KindPromotion}, false},
		{store.Match{Kind: store.KindCasual, Error: "no result"}, false},
	} {
		if got := ratedForFit(c.m); got != c.want {
			t.Errorf("%+v: counted %v, want %v", c.m, got, c.want)
		}
	}
}

// fitRatings: a team that lost its first games and has won since ranks
// above the team it lost to once the old games faded; the records stay
// the store's; with no games a team has the newcomer's rating.
func TestFitRatingsFadeOldGames(t *testing.T) {
	teams := []store.Team{{ID: 1, Active: 1}, {ID: 2, Active: 2}, {ID: 3, Active: 3}}
	var ms []store.Match // newest first
	for range 30 {
		ms = append(ms, store.Match{Teams: []int64{1, 2}, Submissions: []int64{1, 2}, Ranks: []int{1, 2}})
	}
	for range 40 {
		ms = append(ms, store.Match{Teams: []int64{1, 2}, Submissions: []int64{1, 2}, Ranks: []int{2, 1}})
	}
	stored := map[int64]store.Rating{1: {TeamID: 1, Games: 70, Wins: 30}, 2: {TeamID: 2, Games: 70, Wins: 40}, 3: {TeamID: 3, Mu: 25, Sigma: 25.0 / 3}}
	r, _ := fitRatings(teams, ms, stored)
	if r[1].Mu <= r[2].Mu {
		t.Errorf("team 1 (30 recent wins, 40 old losses) mu %.2f, team 2 %.2f: want team 1 above", r[1].Mu, r[2].Mu)
	}
	if r[1].Wins != 30 || r[1].Games != 70 {
		t.Errorf("record %+v, want the store's", r[1])
	}
	if math.Abs(r[3].Mu-25) > 1e-9 || math.Abs(r[3].Sigma-25.0/3) > 1e-9 {
		t.Errorf("a team without games: %+v, want mu 25, sigma 8.33", r[3])
	}
}
