package matchmaking

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/bradleyterry"
	"github.com/seed27749672/arena/tournament/openskill"
)

// The leaderboard's ratings: a fit over every rated game of the teams'
// current players (tournament/bradleyterry), not OpenSkill's online
// update, whose sigma falls with each game whoever the opponent and whose
// early games stay weighed by the ratings of their moment. The store
// keeps OpenSkill's ratings and the teams' records (games, wins...); the
// standings and the pairing replace each rating's mu and sigma by the
// fit's, in the same units: mu 25 + 25/6 s, sigma 25/6 times the fit's
// uncertainty, where s is the team's fitted strength (a team beats
// another with probability 1 / (1 + e^(s' - s))). With no games a team
// has OpenSkill's newcomer rating, mu 25 and sigma 25/3: the fit's prior
// (a standard deviation of 2 on s). BenchmarkConvergence measures it.

// fitScale is the fit's mu points per unit of strength.
const fitScale = 25.0 / 6

// teamFit is the fit of an event's teams: the index of each team in it.
type teamFit struct {
	index map[int64]int
	fit   bradleyterry.Fit
}

// diffVar is the variance, in mu points squared, of the difference of
// two teams' ratings (ok false for a team not in the fit).
func (f teamFit) diffVar(a, b int64) (float64, bool) {
	i, ok1 := f.index[a]
	j, ok2 := f.index[b]
	if !ok1 || !ok2 {
		return 0, false
	}
	return fitScale * fitScale * f.fit.DiffVar(i, j), true
}

// ratedForFit says whether a match counts in the fit: one that rated its
// teams (casual games and the final ranking's; not the games of ranked
// rounds, promotion tests or a format's own final, nor failed ones).
func ratedForFit(m store.Match) bool {
	switch {
	case m.Error != "":
		return false
	case m.Kind == store.KindCasual || m.Kind == "":
		return true
	}
	return m.Kind == store.KindFinal && m.Round == 0
}

// halfLife: a game's weight in the fit halves with every halfLife games
// its two teams played after it (together), so that a team's old results
// fade as its new ones come: a strong team whose first games were lost
// (a loaded machine's timeouts) climbs back. BenchmarkConvergence chose
// it: with 100, such a team needed 410 games to reach the top 3 of 16
// (OpenSkill's online update 300); with 70, 320 and the pairing's share
// of the round robin's games was no worse; with 50, 260, but the round
// robin's tau stalls below 0.9 longer (a team's sigma stays that of
// about halfLife games' evidence).
const halfLife = 70.0

// fitGames are the comparisons a match gives the fit, between the teams
// that played it as the players they are now (index: team id to fit
// index; current: whether seat i's team still is the player of that seat,
// as LeftLeague reads it; later: the games each team played after it). A
// game of k seats gives its k(k-1)/2 pairs, each weighing 1/(k-1), less
// by the games its teams played since (halfLife); house bots' seats give
// none.
func fitGames(m store.Match, index map[int64]int, current func(m store.Match, seat int) bool, later map[int64]int) []bradleyterry.Game {
	var out []bradleyterry.Game
	w := 1 / float64(max(1, len(m.Teams)-1))
	for i, a := range m.Teams {
		ia, ok := index[a]
		if a == 0 || !ok || !current(m, i) || i >= len(m.Ranks) {
			continue
		}
		for j := i + 1; j < len(m.Teams) && j < len(m.Ranks); j++ {
			ib, ok := index[m.Teams[j]]
			if m.Teams[j] == 0 || !ok || !current(m, j) {
				continue
			}
			score := 0.5
			switch {
			case m.Ranks[i] < m.Ranks[j]:
				score = 1
			case m.Ranks[i] > m.Ranks[j]:
				score = 0
			}
			fade := math.Exp2(-float64(later[a]+later[m.Teams[j]]) / halfLife)
			out = append(out, bradleyterry.Game{A: ia, B: ib, Score: score, Weight: w * fade})
		}
	}
	return out
}

// currentPlayers says, of a match's seat, whether its team is still the
// player that played it: the same active submission, in the same league.
func currentPlayers(teams []store.Team) func(m store.Match, seat int) bool {
	byID := map[int64]store.Team{}
	for _, t := range teams {
		byID[t.ID] = t
	}
	return func(m store.Match, seat int) bool {
		t := byID[m.Teams[seat]]
		if m.League != 0 && t.League != m.League {
			return false
		}
		return seat < len(m.Submissions) && t.Active == m.Submissions[seat]
	}
}

// fitRatings are the stored ratings with each team's mu and sigma
// replaced by the fit of the matches among teams (newest first, as the
// store lists them; their records kept), and the fit.
func fitRatings(teams []store.Team, ms []store.Match, stored map[int64]store.Rating) (map[int64]store.Rating, teamFit) {
	f := fitMatches(teams, ms)
	return f.ratings(stored), f
}

// fitMatches fits the teams to the matches among them (newest first).
func fitMatches(teams []store.Team, ms []store.Match) teamFit {
	index := map[int64]int{}
	for i, t := range teams {
		index[t.ID] = i
	}
	current := currentPlayers(teams)
	later := map[int64]int{}
	var games []bradleyterry.Game
	for _, m := range ms {
		if !ratedForFit(m) {
			continue
		}
		games = append(games, fitGames(m, index, current, later)...)
		for i, id := range m.Teams {
			if id != 0 && current(m, i) {
				later[id]++
			}
		}
	}
	return fitGamesOf(len(teams), games, index)
}

// fitGamesOf is the fit of n teams to their comparisons.
func fitGamesOf(n int, games []bradleyterry.Game, index map[int64]int) teamFit {
	return teamFit{index: index, fit: bradleyterry.Estimate(n, games, openskill.Default().Sigma/fitScale)}
}

// ratings are the stored ratings with each fitted team's mu and sigma
// replaced by the fit's (their records kept).
func (f teamFit) ratings(stored map[int64]store.Rating) map[int64]store.Rating {
	out := make(map[int64]store.Rating, len(stored))
	for id, r := range stored {
		if i, ok := f.index[id]; ok {
			r.Mu = openskill.Default().Mu + fitScale*f.fit.Strength[i]
			r.Sigma = fitScale * math.Sqrt(f.fit.Var(i))
		}
		out[id] = r
	}
	return out
}

// fitWindow bounds what a fit reads: the event's newest so many matches.
// An older game weighs next to nothing by then wherever its teams still
// play (halfLife: 2^-10 after 700 games of theirs), and an event of
// continuous games holds tens of thousands.
const fitWindow = 20_000

// fitMemo is an event's last fit, and what it was made of (fitKey): the
// matches read (newest first), of which all were the event's all.
type fitMemo struct {
	key string
	fit teamFit
	ms  []store.Match
	all int
}

// fitKey says what a fit depends on: the number of the event's rated
// matches (recorded ones only come, none goes; counts are the event's
// matches by kind) and each team's current player (its active submission
// and league).
func fitKey(counts store.MatchCounts, teams []store.Team) string {
	var b strings.Builder
	for _, kind := range []string{store.KindCasual, store.KindFinal} {
		n := counts.Of(kind)
		fmt.Fprintf(&b, "%d-%d/", n.All, n.Failed)
	}
	for _, t := range teams {
		fmt.Fprintf(&b, "%d:%d:%d,", t.ID, t.Active, t.League)
	}
	return b.String()
}

// eventFit fits an event's teams' ratings to its rated matches
// (fitRatings). The leaderboard's every read and each scheduling pass
// ask for it; the fit is made again only when a rated match was recorded
// or a team's player changed since the last (fitKey): the pages read the
// leaderboard at each change of the event, a match of any kind included.
func (mk *Matchmaker) eventFit(ctx context.Context, eventID int64, teams []store.Team, stored map[int64]store.Rating) (map[int64]store.Rating, teamFit, error) {
	// the event's matches counted once, for the key and for the read
	// (three counts were a fifth of a scheduling pass's reads)
	counts, err := mk.Events.Store.MatchCounts(ctx, eventID)
	if err != nil {
		return nil, teamFit{}, err
	}
	key := fitKey(counts, teams)
	v, ok := mk.fits.Load(eventID)
	last, _ := v.(fitMemo)
	if ok && last.key == key {
		return last.fit.ratings(stored), last.fit, nil
	}
	all := counts.Of("").All
	ms, err := mk.fitMatchesRead(ctx, eventID, last, all)
	if err != nil {
		return nil, teamFit{}, err
	}
	f := fitMatches(teams, ms)
	mk.fits.Store(eventID, fitMemo{key: key, fit: f, ms: ms, all: all})
	return f.ratings(stored), f, nil
}

// fitMatchesRead are the matches a fit reads (the event's newest
// fitWindow), all being how many matches the event has now. A fit is made again at each
// rated match recorded, and reading the whole window each time (up to
// 20,000 matches decoded) was the scheduler's largest cost a match: the
// matches of the last fit are kept and only those recorded since are
// read. Matches are never changed once recorded and are listed newest
// first, so those since are the newest ones down to the last fit's
// newest; the count of the event's matches checks that none was missed
// (on PostgreSQL a match may be committed after one with a higher id): if
// the matches found since are fewer than the count grew, the window is
// read whole, as it is for an event's first fit.
func (mk *Matchmaker) fitMatchesRead(ctx context.Context, eventID int64, last fitMemo, all int) ([]store.Match, error) {
	if len(last.ms) > 0 && all >= last.all {
		if news, ok, err := mk.matchesSince(ctx, eventID, last.ms[0].ID, all-last.all); err != nil {
			return nil, err
		} else if ok {
			ms := append(news, last.ms...) // a new array: last.ms may be read elsewhere
			return ms[:min(len(ms), fitWindow)], nil
		}
	}
	return mk.Events.Store.Matches(ctx, eventID, fitWindow)
}

// matchesSince are the event's matches after the one numbered newest, if
// they are the want matches the event gained since (ok), read a few at a
// time.
func (mk *Matchmaker) matchesSince(ctx context.Context, eventID, newest int64, want int) ([]store.Match, bool, error) {
	if want >= fitWindow {
		return nil, false, nil
	}
	ms, err := mk.Events.Store.Matches(ctx, eventID, want+1) // one more: the last fit's newest
	if err != nil {
		return nil, false, err
	}
	n := 0
	for n < len(ms) && ms[n].ID > newest {
		n++
	}
	return ms[:n], n == want && n < len(ms) && ms[n].ID == newest, nil
}
