package matchmaking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/bradleyterry"
)

// record stores a rated match between teams (in seat order) with ranks,
// rated as a match job rates it.
func record(t *testing.T, p *platform.Platform, ev store.Event, key string, league int, teams []store.Team, ranks ...int) {
	t.Helper()
	m := store.Match{EventID: ev.ID, Key: key, Kind: store.KindCasual, League: league, Ranks: ranks}
	for _, tm := range teams {
		m.Teams, m.Submissions = append(m.Teams, tm.ID), append(m.Submissions, tm.Active)
	}
	if _, err := p.Store.RecordMatch(context.Background(), m, func(cur map[int64]store.Rating) []store.Rating { return matchmaking.RateMatch(m, cur) }); err != nil {
		t.Fatal(err)
	}
}

// lines are a board's lines as "team rank/leagueRank" for the errors.
func lines(board []apitypes.Standing) []string {
	var out []string
	for _, s := range board {
		out = append(out, fmt.Sprintf("%s %d/%d", s.Team.Name, s.Rank, s.LeagueRank))
	}
	return out
}

// A team with no rated game is unranked and listed below the teams that
// played, though its default rating (0.00) is above a losing team's; a
// draw is no win.
func TestUnrankedTeamsComeLast(t *testing.T) {
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	teams, _ := platformtest.JoinReady(t, p, invite, "Owls", "Bats", "Newts")
	owls, bats := teams[0], teams[1]
	// (30 losses: the fit leaves a team that met one opponent uncertain,
	// and fewer keep Bats' rating above 0.00)
	for i := range 30 {
		record(t, p, ev, fmt.Sprintf("win-%d", i), 0, []store.Team{owls, bats}, 1, 2)
	}
	record(t, p, ev, "draw", 0, []store.Team{owls, bats}, 1, 1)
	board, err := p.Leaderboard(context.Background(), ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(board) != 3 || board[0].Team.Name != "Owls" || board[1].Team.Name != "Bats" || board[2].Team.Name != "Newts" {
		t.Fatalf("order %v, want Owls, Bats, then the unranked Newts", lines(board))
	}
	if board[1].Score() >= 0 {
		t.Fatalf("Bats' rating is %.2f: the test needs it below an unplayed team's 0.00", board[1].Score())
	}
	if board[0].Rank != 1 || board[1].Rank != 2 || board[2].Rank != 0 {
		t.Errorf("ranks %v, want 1, 2 and unranked", lines(board))
	}
	if w := board[1].WinRate(); w != 0 {
		t.Errorf("Bats (0 wins, 1 draw, 30 losses) win rate %.2f, want 0", w)
	}
	if r := board[0].Rating; r.Wins != 30 || r.Draws != 1 || board[0].WinRate() != 30.0/31 {
		t.Errorf("Owls: %+v win rate %.2f, want 30 of 31", r, board[0].WinRate())
	}
	// the ratings shown are the fit's over the games (win k faded by the
	// 2(30-k) games the two teams played since), in OpenSkill's units
	games := []bradleyterry.Game{{A: 0, B: 1, Score: 0.5, Weight: 1}}
	for k := range 30 {
		games = append(games, bradleyterry.Game{A: 0, B: 1, Score: 1, Weight: math.Exp2(-float64(2*(30-k)) / 70)})
	}
	f := bradleyterry.Estimate(3, games, 2)
	for i, s := range board[:2] {
		mu, sigma := 25+25.0/6*f.Strength[i], 25.0/6*math.Sqrt(f.Var(i))
		if math.Abs(s.Rating.Mu-mu) > 1e-6 || math.Abs(s.Rating.Sigma-sigma) > 1e-6 {
			t.Errorf("%s: mu %.4f sigma %.4f, want the fit's %.4f %.4f", s.Team.Name, s.Rating.Mu, s.Rating.Sigma, mu, sigma)
		}
	}
}

// With leagues, the event has one ranking: the higher league first, then
// the rating, numbered across the leagues; a league's leaderboard keeps
// those ranks beside the team's rank in its league; a team of a league
// without a rated game is unranked at the bottom of its league.
func TestOneRankingAcrossLeagues(t *testing.T) {
	p, ev, invite := antsLeagueEvent(t)
	ctx := context.Background()
	names := []string{"A3", "B3", "C3", "D2", "E2", "F2"}
	teams, tokens := platformtest.JoinReady(t, p, invite, names...)
	for i, tm := range teams {
		lg := 3
		if i >= 3 {
			lg = 2
		}
		if _, err := p.Store.SetLeague(ctx, tm.ID, 0, lg); err != nil {
			t.Fatal(err)
		}
		teams[i].League = lg
	}
	record(t, p, ev, "l3", 3, []store.Team{teams[1], teams[0]}, 1, 2) // B3 beats A3; C3 never plays
	record(t, p, ev, "l2", 2, []store.Team{teams[3], teams[4]}, 1, 2) // D2 beats E2
	record(t, p, ev, "l2b", 2, []store.Team{teams[5], teams[4]}, 1, 2)
	all, err := p.EventStandings(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"B3 1/1", "A3 2/2", "C3 0/0", "F2 3/1", "D2 4/2", "E2 5/3"}
	got := lines(all)
	if fmt.Sprint(got[:3]) != fmt.Sprint(want[:3]) || got[5] != want[5] || !strings.HasSuffix(got[3], " 3/1") || !strings.HasSuffix(got[4], " 4/2") {
		t.Errorf("the event's ranking %v, want %v (F2 and D2 in either order)", got, want)
	}
	two, err := p.LeagueLeaderboard(ctx, ev.ID, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(two) != 3 || two[0].Rank != 3 || two[0].LeagueRank != 1 || two[2].Rank != 5 || two[2].LeagueRank != 3 {
		t.Errorf("league 2's leaderboard %v: want the event's ranks 3 to 5 beside league ranks 1 to 3", lines(two))
	}
	// a team's leaderboard opens on its own league; ?league=all is the
	// whole ranking; the lines say both ranks, and wins over games
	ts := platformtest.Server(t, p, nil)
	board := func(token, q string) []client.Standing {
		t.Helper()
		code, b := platformtest.Call(t, ts, "GET", api.Prefix+"leaderboard"+q, token, "", nil)
		var out []client.Standing
		if code != 200 || json.Unmarshal(b, &out) != nil {
			t.Fatalf("leaderboard%s: %d %s", q, code, b)
		}
		return out
	}
	if own := board(tokens[4], ""); len(own) != 3 || own[0].League != 2 || own[2].Team != "E2" || own[2].Rank != 5 || own[2].LeagueRank != 3 || own[2].WinRate != 0 {
		t.Errorf("E2's own leaderboard: %+v, want league 2's", own)
	}
	if all := board(tokens[4], "?league=all"); len(all) != 6 || all[0].Team != "B3" || all[2].Rank != 0 || all[0].WinRate != 1 {
		t.Errorf("the whole ranking: %+v", all)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"leaderboard?league=top", tokens[0], "", nil); code != 400 {
		t.Errorf("?league=top: %d %s", code, b)
	}
}

// matchReads counts the reads of an event's matches (Matches), the fit's.
type matchReads struct {
	store.Store
	n *int
}

func (s matchReads) Matches(ctx context.Context, eventID int64, limit int) ([]store.Match, error) {
	*s.n++
	return s.Store.Matches(ctx, eventID, limit)
}

// The leaderboard's fit reads the event's matches again only when a
// rated match was recorded or a team's player changed: the pages read
// the leaderboard at each change of the event.
func TestTheFitIsMadeAgainOnlyWhenItsGamesChange(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	teams, _ := platformtest.JoinReady(t, p, invite, "Owls", "Bats")
	record(t, p, ev, "g1", 0, teams, 1, 2)
	reads := 0
	mk := &matchmaking.Matchmaker{Events: &event.Events{Store: matchReads{p.Store, &reads}}}
	board := func() []matchmaking.Standing {
		t.Helper()
		b, err := mk.Leaderboard(ctx, ev.ID)
		if err != nil || len(b) != 2 {
			t.Fatalf("%v %v", lines(b), err)
		}
		return b
	}
	first := board()
	if again := board(); reads != 1 || again[0].Rating.Mu != first[0].Rating.Mu {
		t.Fatalf("read %d times for two boards (want 1), mu %.3f then %.3f", reads, first[0].Rating.Mu, again[0].Rating.Mu)
	}
	// a promotion test's game rates nobody: the fit stands
	promo := store.Match{EventID: ev.ID, Key: "p1", Kind: store.KindPromotion, League: 1, Teams: []int64{teams[0].ID, 0}, Submissions: []int64{teams[0].Active, 0}, Ranks: []int{1, 2}}
	if _, err := p.Store.RecordMatch(ctx, promo, func(map[int64]store.Rating) []store.Rating { return nil }); err != nil {
		t.Fatal(err)
	}
	board()
	if reads != 1 {
		t.Errorf("a promotion game made the fit read the matches again (%d reads)", reads)
	}
	record(t, p, ev, "g2", 0, teams, 2, 1)
	if after := board(); reads != 2 || after[0].Rating.Mu == first[0].Rating.Mu {
		t.Errorf("after a rated game: %d reads (want 2), the leader's mu %.3f then %.3f", reads, first[0].Rating.Mu, after[0].Rating.Mu)
	}
}
