package matchmaking_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/format/sidequest"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/replay"
)

// TestLeaguePromotions: in a tracks event with leagues, three teams upload
// bots; each starts in league 1 and takes its promotion test against the
// boss, in seat 0 (tracks' objective leagues). The starter kit's bot
// scores against the idle boss, wins 3 games of 3 and is promoted, then
// takes league 2's test (an objective it does not reach) and stays there;
// a bot that only waits loses 3 games and stays in league 1. A third
// team's bot has won leagues 1 and 2's tests (its games recorded, as a
// restarted server finds them): it goes up to league 3 and takes its
// test there. Leagues 1 and 2 play only the tests (no casual game while
// teams are there); league 3 plays rated games, with the league's input;
// no promotion game changes a rating. Each league has its leaderboard,
// the event's is the top league's.
func TestLeaguePromotions(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	owls, owlsToken, _ := p.Join(ctx, invite, "Owls")
	bats, _, _ := p.Join(ctx, invite, "Bats")
	cats, _, _ := p.Join(ctx, invite, "Cats")
	waitBot := []byte("import sys\nfor line in sys.stdin:\n    print('WAIT', flush=True)\n")
	// Cats' bot, submitted before the jobs start, has won leagues 1 and 2's
	// tests: their games are recorded as the scheduler keys them
	climber, err := p.Submit(ctx, cats, "bot.py", waitBot)
	if err != nil {
		t.Fatal(err)
	}
	for lg := 1; lg <= 2; lg++ {
		for k := range 3 {
			key := fmt.Sprintf("promotion-%d-%d-%d", climber.ID, lg, k)
			if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: key, Kind: store.KindPromotion, League: lg,
				Teams: []int64{cats.ID, 0}, Submissions: []int64{climber.ID, 0}, Ranks: []int{1, 2}}, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := p.StartJobs(ctx, worker.Options{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	kit, err := p.Submit(ctx, owls, "kit.zip", platformtest.KitZip(t, "tracks", "python", nil))
	if err != nil {
		t.Fatal(err)
	}
	waiter, err := p.Submit(ctx, bats, "bot.py", waitBot)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []int64{kit.ID, waiter.ID, climber.ID} {
		if b := platformtest.WaitBuilt(t, p, s); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	decided := func(sub int64, lg int) bool {
		ms, err := p.Store.SubmissionMatches(ctx, sub, store.KindPromotion)
		if err != nil {
			t.Fatal(err)
		}
		test, _, errs := matchmaking.PromotionState(ms, sub, lg)
		if errs > 0 {
			t.Fatalf("submission %d: a promotion game failed: %+v", sub, ms)
		}
		return test.Decided
	}
	platformtest.WaitFor(t, 8*time.Minute, "the tests decided", func() bool {
		return decided(kit.ID, 2) && decided(waiter.ID, 1) && decided(climber.ID, 3)
	})

	if tm, _ := p.Store.Team(ctx, owls.ID); tm.League != 2 {
		t.Errorf("Owls in league %d, want 2 (promoted from 1, not from 2)", tm.League)
	}
	if tm, _ := p.Store.Team(ctx, bats.ID); tm.League != 1 {
		t.Errorf("Bats in league %d, want 1", tm.League)
	}
	if tm, _ := p.Store.Team(ctx, cats.ID); tm.League != 3 {
		t.Errorf("Cats in league %d, want 3", tm.League)
	}
	promos, _ := p.Store.SubmissionMatches(ctx, kit.ID, store.KindPromotion)
	var inOne, inTwo int
	for _, m := range promos {
		seat := slices.Index(m.Submissions, kit.ID)
		if seat != 0 || m.Teams[1] != 0 {
			t.Errorf("promotion game %s: the candidate in seat %d against %v (objective leagues keep it in seat 0, against the boss)", m.Key, seat, m.Teams)
		}
		switch m.League {
		case 1:
			inOne++
			if m.Ranks[0] != 1 || m.Ranks[1] != 2 {
				t.Errorf("league 1 game %s: ranks %v, the kit should score against the idle boss", m.Key, m.Ranks)
			}
		case 2:
			inTwo++
		}
		rep, err := p.Replays.Get(m.Key)
		if err != nil {
			t.Fatal(err)
		}
		if rep.League != m.League || rep.Players[1].Spec != "builtin:boss"+string(rune('0'+m.League)) {
			t.Errorf("game %s played in league %d against %q, recorded league %d", m.Key, rep.League, rep.Players[1].Spec, m.League)
		}
	}
	if inOne != 3 || inTwo < 3 || inTwo > 5 {
		t.Errorf("%d games in league 1 (want 3 straight wins) and %d in league 2 (3 to 5)", inOne, inTwo)
	}
	waits, _ := p.Store.SubmissionMatches(ctx, waiter.ID, store.KindPromotion)
	if len(waits) != 3 {
		t.Errorf("the waiting bot played %d promotion games, want 3 losses", len(waits))
	}

	climbs, _ := p.Store.SubmissionMatches(ctx, climber.ID, store.KindPromotion)
	if test, _, _ := matchmaking.PromotionState(climbs, climber.ID, 3); test.Played != 3 || test.Promoted {
		t.Errorf("Cats' test in league 3: %+v, want 3 losses to boss3", test)
	}

	// leaderboards: by league; the event's is the top league's (empty)
	one, _ := p.LeagueLeaderboard(ctx, ev.ID, 1)
	two, _ := p.LeagueLeaderboard(ctx, ev.ID, 2)
	three, _ := p.LeagueLeaderboard(ctx, ev.ID, 3)
	if len(one) != 1 || one[0].Team.ID != bats.ID || len(two) != 1 || two[0].Team.ID != owls.ID || len(three) != 1 || three[0].Team.ID != cats.ID {
		t.Errorf("league 1 %+v, league 2 %+v, league 3 %+v", one, two, three)
	}
	if top, _ := p.Leaderboard(ctx, ev.ID); len(top) != 0 {
		t.Errorf("the event's leaderboard (league 5) has %+v", top)
	}
	// the same through the API: the team's league, with its rules' goal
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	var team struct {
		League struct {
			Number, Next int
			Boss, Goal   string
		}
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"team", owlsToken, "", nil); code != 200 || json.Unmarshal(b, &team) != nil ||
		team.League.Number != 2 || team.League.Boss != "boss2" || team.League.Next != 3 || !strings.Contains(team.League.Goal, "DISRUPT") {
		t.Errorf("team: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"leaderboard?league=2", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"Owls"`) || strings.Contains(string(b), `"Bats"`) {
		t.Errorf("league 2's leaderboard: %d %s", code, b)
	}
	for _, bad := range []string{"9", "x"} {
		if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"leaderboard?league="+bad, owlsToken, "", nil); code != 400 {
			t.Errorf("league %s: %d %s", bad, code, b)
		}
	}
	// rated games: in league 3 only (Owls and Bats never left leagues 1
	// and 2), against its boss as Cats is alone there
	platformtest.WaitFor(t, 3*time.Minute, "a rated game", func() bool {
		ms, _ := p.Store.Matches(ctx, ev.ID, 200)
		return slices.ContainsFunc(ms, func(m store.Match) bool { return m.Kind == store.KindCasual })
	})
	p.StopJobs(ctx)
	ms, _ := p.Store.Matches(ctx, ev.ID, 500)
	rated := 0
	for _, m := range ms {
		if m.Kind != store.KindCasual {
			continue
		}
		if m.League != 3 || !slices.Equal(slices.Sorted(slices.Values(m.Teams)), []int64{0, cats.ID}) {
			t.Errorf("casual match %s in league %d between %v: only Cats, against boss3, plays rated games", m.Key, m.League, m.Teams)
		}
		if rep, err := p.Replays.Get(m.Key); err == nil && (rep.League != m.League || !slices.Contains([]string{rep.Players[0].Spec, rep.Players[1].Spec}, "builtin:boss3")) {
			t.Errorf("casual match %s: league %d, played %d", m.Key, m.League, rep.League)
		}
		if m.Error == "" && slices.Contains(m.Teams, cats.ID) {
			rated++
		}
	}
	// the ratings count the casual games, no promotion game
	ratings, _ := p.Store.Ratings(ctx, ev.ID)
	for _, id := range []int64{owls.ID, bats.ID} {
		if r, ok := ratings[id]; ok {
			t.Errorf("team %d, which played only promotion games, has a rating: %+v", id, r)
		}
	}
	if r := ratings[cats.ID]; r.Games != rated {
		t.Errorf("Cats' rating counts %d games, want its %d casual ones (not its promotion games)", r.Games, rated)
	}
}

// TestSideQuestBoard: the average side-quest points per game of each
// team's active submission, over its rated games (not its promotion
// games, nor an older submission's), ties broken by the main ranking.
func TestSideQuestBoard(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
	if err != nil {
		t.Fatal(err)
	}
	var teams []store.Team
	for _, n := range []string{"Owls", "Bats", "Cats"} {
		tm, _, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := p.Submit(ctx, tm, "bot.py", []byte("print(1)\n"))
		p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil)
		teams = append(teams, tm)
	}
	owls, bats, cats := teams[0].ID, teams[1].ID, teams[2].ID
	sq := func(a, b float64) []map[string]float64 {
		return []map[string]float64{{"sideQuestPoints": a}, {"sideQuestPoints": b}}
	}
	n := 0
	record := func(kind string, t0, t1, s0, s1 int64, stats []map[string]float64, ranks []int) {
		n++
		if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: fmt.Sprintf("m-%d", n), Kind: kind,
			Teams: []int64{t0, t1}, Submissions: []int64{s0, s1}, Ranks: ranks, Stats: stats}, func(cur map[int64]store.Rating) []store.Rating {
			return matchmaking.RateMatch(store.Match{Teams: []int64{t0, t1}, Ranks: ranks}, cur)
		}); err != nil {
			t.Fatal(err)
		}
	}
	// submissions 1, 2, 3 are the teams' active ones
	record(store.KindCasual, owls, bats, 1, 2, sq(1, 0), []int{1, 2})
	record(store.KindCasual, owls, cats, 1, 3, sq(0, 1), []int{2, 1})
	record(store.KindFinal, bats, cats, 2, 3, sq(1, 1), []int{2, 1})
	record(store.KindPromotion, bats, 0, 2, 0, sq(1, 0), []int{1, 2}) // a boss game: not counted
	g, _ := game.Lookup("tracks")
	board, err := sidequest.ReadBoard(ctx, p.FormatHost(), ev.ID, g.Info().SideQuestStat)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]sidequest.Line{}
	for _, l := range board {
		got[l.Team.ID] = l
	}
	if l := got[cats]; l.Games != 2 || l.Points != 2 || l.Average != 1 || l.Rank != 1 {
		t.Errorf("Cats: %+v", l)
	}
	// Owls and Bats: 1 of 2 each; the main ranking puts Owls (a win, a loss) before Bats (two losses)
	if l := got[owls]; l.Games != 2 || l.Points != 1 || l.Rank != 2 {
		t.Errorf("Owls: %+v", l)
	}
	if l := got[bats]; l.Games != 2 || l.Points != 1 || l.Rank != 3 {
		t.Errorf("Bats: %+v", l)
	}
}

// TestLeaguePromotionSeatsAlternate: in ants' leagues the candidate sits
// in seat 0 in games 1 and 3 and in seat 1 in game 2; a bot that only
// waits loses three games to the boss and stays in league 1.
func TestLeaguePromotionSeatsAlternate(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p, ev, invite := antsLeagueEvent(t)
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	owls, _, _ := p.Join(ctx, invite, "Owls")
	if err := p.StartJobs(ctx, worker.Options{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	s, err := p.Submit(ctx, owls, "bot.py", []byte("import sys\nfor line in sys.stdin:\n    print('WAIT', flush=True)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
		t.Fatalf("%+v", b)
	}
	var ms []store.Match
	platformtest.WaitFor(t, 5*time.Minute, "the test decided", func() bool {
		ms, _ = p.Store.SubmissionMatches(ctx, s.ID, store.KindPromotion)
		test, _, errs := matchmaking.PromotionState(ms, s.ID, 1)
		if errs > 0 {
			t.Fatalf("a promotion game failed: %+v", ms)
		}
		return test.Decided
	})
	if len(ms) != 3 {
		t.Fatalf("%d games, want 3 losses: %+v", len(ms), ms)
	}
	for k, m := range ms {
		seat := slices.Index(m.Submissions, s.ID)
		if want := k % 2; seat != want || m.League != 1 || m.Ranks[seat] != 2 {
			t.Errorf("game %d: seat %d (want %d), league %d, ranks %v", k+1, seat, want, m.League, m.Ranks)
		}
	}
	if tm, _ := p.Store.Team(ctx, owls.ID); tm.League != 1 {
		t.Errorf("Owls in league %d", tm.League)
	}
}

// TestPromotionSweepSkipsAnUnknownLeague: a team in a league the game
// does not have takes no test, and the other teams' tests go on.
func TestPromotionSweepSkipsAnUnknownLeague(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "ants", "Spring")
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	teams, _ := platformtest.JoinReady(t, p, invite, "Owls", "Bats")
	if _, err := p.Store.SetLeague(ctx, teams[0].ID, 0, 9); err != nil {
		t.Fatal(err)
	}
	// the job queue without workers: the games stay queued
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	n, err := p.SweepPromotions(ctx, ev, nil, nil)
	if err != nil || n != 1 {
		t.Fatalf("%d games queued, %v; want Bats' first", n, err)
	}
}

// antsLeagueEvent opens a platform on a new data directory (closed at the
// test's end) with an ants event that plays leagues (30 turns a game).
func antsLeagueEvent(t *testing.T) (*platform.Platform, store.Event, string) {
	t.Helper()
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "ants", "Spring", "max_turns=30")
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	return p, ev, invite
}

// queuedMatchArgs are the match jobs queued, not yet played (no worker
// runs in the tests that read them).
func queuedMatchArgs(t *testing.T, p *platform.Platform) []queue.Match {
	t.Helper()
	res, err := p.Jobs.Running().JobList(context.Background(), river.NewJobListParams().Kinds("match").First(1000))
	if err != nil {
		t.Fatal(err)
	}
	var out []queue.Match
	for _, j := range res.Jobs {
		var a queue.Match
		if err := queue.Decode(j, &a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// leaguesEvent is an event of game with its leagues on and n teams whose
// bots are built.
func leaguesEvent(t *testing.T, p *platform.Platform, game string, n int) (store.Event, []store.Team) {
	t.Helper()
	ctx := context.Background()
	ev, invite, err := p.CreateEvent(ctx, game, "Leagues", nil)
	if err != nil {
		t.Fatal(err)
	}
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	return ev, readyTeams(t, p, invite, n)
}

// TestBossOnlyLeaguesQueueOnlyPromotionGames: in tracks' leagues 1 and 2
// (objective leagues, whose goal is seat 0's) a team plays only its
// promotion test against the boss: the scheduler queues the tests' games
// and no casual game there, with the house bot or between teams; once two
// teams are in league 3, casual games are queued there, between them (or
// with league 3's boss), never with a team of league 1. Ants' lower leagues
// are won on points: their teams play each other.
func TestBossOnlyLeaguesQueueOnlyPromotionGames(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	_, teams := leaguesEvent(t, p, "tracks", 4)
	// the job queue without workers: the games stay queued
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for tick := range 2 {
		if _, err := p.Schedule(ctx, 4); err != nil {
			t.Fatal(err)
		}
		jobs := queuedMatchArgs(t, p)
		if len(jobs) != len(teams) {
			t.Errorf("tick %d: %d games queued, want each team's first promotion game", tick, len(jobs))
		}
		for _, a := range jobs {
			if a.MatchKind != store.KindPromotion || a.League != 1 {
				t.Errorf("tick %d: a %q game in league %d between %v, while every team is in league 1", tick, a.MatchKind, a.League, a.Teams)
			}
		}
	}
	// two teams reach league 3 (as a promotion moves them)
	upper := []int64{teams[2].ID, teams[3].ID}
	for _, id := range upper {
		if _, err := p.Store.SetLeague(ctx, id, 1, 3); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.Schedule(ctx, 4); err != nil {
		t.Fatal(err)
	}
	casual := 0
	for _, a := range queuedMatchArgs(t, p) {
		if a.MatchKind == store.KindPromotion {
			continue
		}
		casual++
		if a.League != 3 || a.MatchKind != "" && a.MatchKind != store.KindCasual {
			t.Errorf("a %q game in league %d", a.MatchKind, a.League)
		}
		for _, id := range a.Teams {
			if id != 0 && !slices.Contains(upper, id) {
				t.Errorf("casual game %v: team %d is in league 1", a.Teams, id)
			}
		}
	}
	if casual != 4 {
		t.Errorf("%d casual games queued in league 3, want 4", casual)
	}
}

// TestPointsLeaguesPlayCasualGames: ants' leagues are won on points (none
// is boss-only): two teams of league 1 play casual games there besides
// their tests.
func TestPointsLeaguesPlayCasualGames(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	_, teams := leaguesEvent(t, p, "ants", 2)
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if _, err := p.Schedule(ctx, 2); err != nil {
		t.Fatal(err)
	}
	var promotion, casual int
	for _, a := range queuedMatchArgs(t, p) {
		switch {
		case a.MatchKind == store.KindPromotion:
			promotion++
		case a.League == 1 && (slices.Contains(a.Teams, teams[0].ID) || slices.Contains(a.Teams, teams[1].ID)):
			casual++
		default:
			t.Errorf("a %q game in league %d between %v", a.MatchKind, a.League, a.Teams)
		}
	}
	if promotion != 2 || casual != 2 {
		t.Errorf("%d promotion and %d casual games queued, want 2 and 2", promotion, casual)
	}
}

// TestBossOnlyLeaderboard: a boss-only league ranks its teams by their
// promotion tests (most wins, then fewest games; the same record shares
// a rank), each line with its test and boss_only; a team's own league
// says boss_only and its test; the organiser's teams are every league's,
// the top first; a team whose bot failed its test submits again, and the
// new submission takes the test from its first game.
func TestBossOnlyLeaderboard(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	names := []string{"Ants", "Bees", "Cats", "Dogs", "Eels", "Fish"}
	var teams []store.Team
	var tokens []string
	for _, n := range names {
		tm, token, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		s, _ := p.Store.CreateSubmission(ctx, store.Submission{TeamID: tm.ID, Filename: "bot.py", Status: store.StatusQueued})
		if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
			t.Fatal(err)
		}
		tm.Active = s.ID
		teams = append(teams, tm)
		tokens = append(tokens, token)
	}
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if _, err := p.Schedule(ctx, 4); err != nil { // every team in league 1, its first game queued
		t.Fatal(err)
	}
	// Fish is in league 3 (rated games, its test against boss3)
	if _, err := p.Store.SetLeague(ctx, teams[5].ID, 1, 3); err != nil {
		t.Fatal(err)
	}
	// the tests so far, as the games recorded them ('w' won, 'l' lost)
	played := map[int]string{0: "ww", 1: "wl", 2: "lll", 4: "lw"}
	for i, games := range played {
		for k, g := range games {
			ranks := []int{2, 1}
			if g == 'w' {
				ranks = []int{1, 2}
			}
			key := fmt.Sprintf("promotion-%d-1-%d", teams[i].Active, k)
			if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: key, Kind: store.KindPromotion, League: 1,
				Teams: []int64{teams[i].ID, 0}, Submissions: []int64{teams[i].Active, 0}, Ranks: ranks}, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	type line struct {
		Rank      int
		Team      string
		League    int
		BossOnly  bool                      `json:"boss_only"`
		Promotion *apitypes.PromotionRecord `json:"promotion"`
	}
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	board := func(q string) []line {
		t.Helper()
		code, b := platformtest.Call(t, ts, "GET", api.Prefix+"leaderboard"+q, tokens[0], "", nil)
		var out []line
		if code != 200 || json.Unmarshal(b, &out) != nil {
			t.Fatalf("leaderboard%s: %d %s", q, code, b)
		}
		return out
	}
	want := []line{
		{1, "Ants", 1, true, &apitypes.PromotionRecord{League: 1, Played: 2, Wins: 2, State: matchmaking.TestPlaying}},
		{2, "Bees", 1, true, &apitypes.PromotionRecord{League: 1, Played: 2, Wins: 1, State: matchmaking.TestPlaying}},
		{2, "Eels", 1, true, &apitypes.PromotionRecord{League: 1, Played: 2, Wins: 1, State: matchmaking.TestPlaying}},
		{4, "Cats", 1, true, &apitypes.PromotionRecord{League: 1, Played: 3, Wins: 0, State: matchmaking.TestNotPromoted}},
		// no test game yet: unranked, below the teams that played
		{0, "Dogs", 1, true, &apitypes.PromotionRecord{League: 1, Played: 0, Wins: 0, State: matchmaking.TestWaiting}},
	}
	if got := board("?league=1"); !reflect.DeepEqual(got, want) {
		t.Errorf("league 1:\n got %s\nwant %s", show(got), show(want))
	}
	if got := board("?league=3"); len(got) != 1 || got[0].Team != "Fish" || got[0].BossOnly || got[0].Promotion == nil ||
		*got[0].Promotion != (apitypes.PromotionRecord{League: 3, Played: 0, Wins: 0, State: matchmaking.TestWaiting}) {
		t.Errorf("league 3: %s", show(got))
	}
	// the team's own league
	code, b := platformtest.Call(t, ts, "GET", api.Prefix+"team", tokens[2], "", nil)
	var team struct {
		League struct {
			BossOnly bool `json:"boss_only"`
			Test     apitypes.PromotionRecord
		}
	}
	if code != 200 || json.Unmarshal(b, &team) != nil || !team.League.BossOnly || team.League.Test != (apitypes.PromotionRecord{League: 1, Played: 3, Wins: 0, State: matchmaking.TestNotPromoted}) {
		t.Errorf("Cats' team: %d %s", code, b)
	}
	// the organiser's teams: league 3 first (Fish, no rated game yet:
	// unranked), then league 1 by the tests
	org, err := p.NewOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	code, b = platformtest.Call(t, ts, "GET", fmt.Sprintf("%sorganiser/events/%d/teams", api.Prefix, ev.ID), org, "", nil)
	var orgTeams []struct {
		Rank   int
		Name   string
		League int
	}
	if code != 200 || json.Unmarshal(b, &orgTeams) != nil {
		t.Fatalf("organiser teams: %d %s", code, b)
	}
	var order []string
	for _, l := range orgTeams {
		order = append(order, fmt.Sprintf("%d:%d:%s", l.League, l.Rank, l.Name))
	}
	if got := strings.Join(order, " "); got != "3:0:Fish 1:1:Ants 1:2:Bees 1:2:Eels 1:4:Cats 1:0:Dogs" {
		t.Errorf("organiser teams: %s", got)
	}
	// the exported results: the same order and ranks, with the tests
	res, err := p.EventResults(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	order = nil
	for _, l := range res.Standings {
		order = append(order, fmt.Sprintf("%d:%d:%s:%v:%v", l.League, l.Rank, l.Team, l.BossOnly, l.Promotion != nil))
	}
	if got := strings.Join(order, " "); got != "3:0:Fish:false:true 1:1:Ants:true:true 1:2:Bees:true:true 1:2:Eels:true:true 1:4:Cats:true:true 1:0:Dogs:true:true" {
		t.Errorf("results: %s", got)
	}
	// Cats submits again: its new bot takes league 1's test from game 1
	s, _ := p.Store.CreateSubmission(ctx, store.Submission{TeamID: teams[2].ID, Filename: "bot.py", Status: store.StatusQueued})
	if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
		t.Fatal(err)
	}
	if got := board("?league=1"); got[3].Team != "Cats" || *got[3].Promotion != (apitypes.PromotionRecord{League: 1, Played: 0, Wins: 0, State: matchmaking.TestWaiting}) {
		t.Errorf("after Cats' new submission: %s", show(got))
	}
	// (the old bot's first game is still queued here, no worker plays it:
	// the sweep is told no game is pending)
	if _, err := p.SweepPromotions(ctx, ev, nil, nil); err != nil {
		t.Fatal(err)
	}
	key := fmt.Sprintf("promotion-%d-1-0", s.ID)
	if !slices.ContainsFunc(queuedMatchArgs(t, p), func(a queue.Match) bool { return a.Key == key && a.Teams[0] == teams[2].ID }) {
		t.Errorf("Cats' new submission: no game %s queued", key)
	}
}

// show is a leaderboard's lines for a test's message.
func show(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestPromotionStartsTheRatingAgain: a rating is a team's standing among
// its league's teams. A team of ants' league 1 with rated games there,
// promoted by its test, enters league 2 without a rating (its games and
// record start again); a game of league 1 that ends after the team moved
// up does not rate it, and rates its opponent as it played.
func TestPromotionStartsTheRatingAgain(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, teams := leaguesEvent(t, p, "ants", 2)
	owls, bats := teams[0], teams[1]
	for _, tm := range teams {
		if _, err := p.Store.SetLeague(ctx, tm.ID, 0, 1); err != nil {
			t.Fatal(err)
		}
	}
	casual := func(key string) store.Match {
		return store.Match{EventID: ev.ID, Key: key, Kind: store.KindCasual, League: 1, Teams: []int64{owls.ID, bats.ID},
			Submissions: []int64{owls.Active, bats.Active}, Ranks: []int{1, 2}}
	}
	if _, err := p.Store.RecordMatch(ctx, casual("c-1"), func(cur map[int64]store.Rating) []store.Rating {
		return matchmaking.RateMatch(casual("c-1"), cur)
	}); err != nil {
		t.Fatal(err)
	}
	for k := range 3 { // Owls' bot wins league 1's test
		m := store.Match{EventID: ev.ID, Key: fmt.Sprintf("promotion-%d-1-%d", owls.Active, k), Kind: store.KindPromotion, League: 1,
			Teams: []int64{owls.ID, 0}, Submissions: []int64{owls.Active, 0}, Ranks: []int{1, 2}}
		if k == 1 {
			m.Teams, m.Submissions, m.Ranks = []int64{0, owls.ID}, []int64{0, owls.Active}, []int{2, 1}
		}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if _, err := p.SweepPromotions(ctx, ev, nil, nil); err != nil {
		t.Fatal(err)
	}
	if tm, _ := p.Store.Team(ctx, owls.ID); tm.League != 2 {
		t.Fatalf("Owls in league %d, want 2", tm.League)
	}
	ratings, _ := p.Store.Ratings(ctx, ev.ID)
	if r, ok := ratings[owls.ID]; ok {
		t.Errorf("Owls entered league 2 with league 1's rating: %+v", r)
	}
	if ratings[bats.ID].Games != 1 {
		t.Errorf("Bats, still in league 1: %+v", ratings[bats.ID])
	}
	two, _ := p.LeagueLeaderboard(ctx, ev.ID, 2)
	if len(two) != 1 || two[0].Rating.Games != 0 || two[0].Score() != 0 {
		t.Errorf("league 2: %+v", two)
	}
	// a league 1 game played while Owls moved up: Bats only is rated
	a := queue.Match{Event: ev.ID, League: 1, Teams: []int64{owls.ID, bats.ID}}
	left, err := p.LeftLeague(ctx, a)
	if err != nil || !left[owls.ID] || left[bats.ID] {
		t.Fatalf("left league 1: %v %v", left, err)
	}
	late := casual("c-2")
	if _, err := p.Store.RecordMatch(ctx, late, func(cur map[int64]store.Rating) []store.Rating {
		return matchmaking.RateInLeague(late, cur, left)
	}); err != nil {
		t.Fatal(err)
	}
	ratings, _ = p.Store.Ratings(ctx, ev.ID)
	if _, ok := ratings[owls.ID]; ok || ratings[bats.ID].Games != 2 || ratings[bats.ID].Losses != 2 {
		t.Errorf("after a late league 1 game: %+v", ratings)
	}
}

// antsFingerprint names an ants map as a bot can from its first input:
// the number of cells, the sum of their initial resources, and that sum
// weighted by the cells' indexes.
func antsFingerprint(t *testing.T, prompt []byte) string {
	t.Helper()
	lines := strings.Split(string(prompt), "\n")
	n, err := strconv.Atoi(strings.TrimSpace(lines[0]))
	if err != nil || len(lines) <= n {
		t.Fatalf("not an ants first input: %.200q", prompt)
	}
	sum, weighted := 0, 0
	for i := range n {
		f := strings.Fields(lines[1+i])
		res, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatalf("cell %d: %q", i, lines[1+i])
		}
		sum, weighted = sum+res, weighted+i*res
	}
	return fmt.Sprintf("%d:%d:%d", n, sum, weighted)
}

// controlledAntsKit is the ants Python kit whose bot plays the kit's
// strategy on the maps whose fingerprints are in win, and only waits on
// any other: a real program whose promotion games go as a test wants
// (the kit beats league 1's boss, a bot that waits loses to it).
func controlledAntsKit(t *testing.T, win []string) []byte {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write("ants", "python", dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "bot.py"))
	if err != nil {
		t.Fatal(err)
	}
	main := "if __name__ == \"__main__\":\n    run(play)\n"
	if !strings.Contains(string(b), main) {
		t.Fatalf("the ants Python kit's bot.py no longer ends with %q", main)
	}
	bot := strings.Replace(string(b), main, "if __name__ == \"__main__\":\n    from control import controlled\n    run(controlled(play))\n", 1)
	quoted := make([]string, len(win))
	for i, w := range win {
		quoted[i] = strconv.Quote(w)
	}
	control := `from ants import wait

WIN = {` + strings.Join(quoted, ", ") + `}


def controlled(play):
    def turn(g):
        n = len(g.cells)
        total = sum(c.initial_resources for c in g.cells)
        weighted = sum(c.index * c.initial_resources for c in g.cells)
        if "%d:%d:%d" % (n, total, weighted) in WIN:
            return play(g)
        return [wait()]
    return turn
`
	return platformtest.KitZip(t, "ants", "python", map[string]string{"bot.py": bot, "control.py": control})
}

// TestAntsPromotionAfterLosses: in an ants event with leagues, the
// scheduler plays each team's league 1 promotion test against the boss
// with real bots (the Python kit, sandboxed) that win or lose as told:
// each plays the kit's strategy on the maps of the games it is to win
// and waits on the others, the maps known in advance (a promotion game's
// seed comes from its key: submission, league, game number). Comeback
// goes loss, win, win, loss, win and is promoted after its fifth game,
// not before; Fader goes win, loss, loss, win, loss and stays in league
// 1. Comeback then takes league 2's test, where it only waits, and stays
// in league 2 after three losses.
func TestAntsPromotionAfterLosses(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p, ev, invite := antsLeagueEvent(t)
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	g, err := game.Lookup("ants")
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	// key and map of game k of submission sub's league 1 test, as the
	// scheduler makes them (leagues.go)
	key := func(sub int64, k int) string { return fmt.Sprintf("promotion-%d-1-%d", sub, k) }
	fingerprint := func(sub int64, k int) string {
		cfg, err := p.Player.MatchConfig(info, ev, queue.Match{Event: ev.ID, Seed: queue.SeedOf(key(sub, k)), League: 1})
		if err != nil {
			t.Fatal(err)
		}
		ref, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		msg, _ := ref.Prompt(0)
		return antsFingerprint(t, msg)
	}

	plans := []struct {
		name string
		want string // W: win, L: loss, game by game
	}{{"Comeback", "LWWLW"}, {"Fader", "WLLWL"}}
	var teams []store.Team
	var subs []int64
	var tokens []string
	for i, plan := range plans {
		tm, tok, err := p.Join(ctx, invite, plan.name)
		if err != nil {
			t.Fatal(err)
		}
		// A fresh data directory numbers submissions 1, 2...: the bot is
		// written for the maps of its own submission's games.
		sub := int64(i + 1)
		var win []string
		lost := map[string]bool{}
		for k, o := range plan.want {
			if o == 'W' {
				win = append(win, fingerprint(sub, k))
			} else {
				lost[fingerprint(sub, k)] = true
			}
		}
		for _, w := range win {
			if lost[w] {
				t.Fatalf("%s: two of its games, one to win and one to lose, are played on the same map %s", plan.name, w)
			}
		}
		s, err := p.Submit(ctx, tm, "kit.zip", controlledAntsKit(t, win))
		if err != nil {
			t.Fatal(err)
		}
		if s.ID != sub {
			t.Fatalf("%s's submission is %d, its bot was written for submission %d", plan.name, s.ID, sub)
		}
		teams, subs, tokens = append(teams, tm), append(subs, s.ID), append(tokens, tok)
	}
	if err := p.StartJobs(ctx, worker.Options{Matches: 2, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for _, s := range subs {
		if b := platformtest.WaitBuilt(t, p, s); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	decided := func(sub int64, lg int) bool {
		ms, err := p.Store.SubmissionMatches(ctx, sub, store.KindPromotion)
		if err != nil {
			t.Fatal(err)
		}
		test, _, errs := matchmaking.PromotionState(ms, sub, lg)
		if errs > 0 {
			t.Fatalf("submission %d: a promotion game failed: %+v", sub, ms)
		}
		return test.Decided
	}
	platformtest.WaitFor(t, 4*time.Minute, "the tests decided", func() bool { return decided(subs[0], 2) && decided(subs[1], 1) })
	p.StopJobs(ctx)

	for i, plan := range plans {
		ms, _ := p.Store.SubmissionMatches(ctx, subs[i], store.KindPromotion)
		sort.Slice(ms, func(a, b int) bool { return ms[a].ID < ms[b].ID })
		var got []byte
		var lastOfOne int64
		for _, m := range ms {
			if m.League != 1 {
				continue
			}
			k := len(got)
			seat := slices.Index(m.Submissions, subs[i])
			if m.Key != key(subs[i], k) || m.Seed != queue.SeedOf(m.Key) || seat != k%2 {
				t.Errorf("%s's game %d: key %s seed %d seat %d; want %s, its seed, seat %d", plan.name, k+1, m.Key, m.Seed, seat, key(subs[i], k), k%2)
			}
			got = append(got, "LDW"[league.OutcomeOf(m.Ranks, seat)])
			lastOfOne = m.ID
		}
		if string(got) != plan.want {
			t.Errorf("%s's league 1 test went %s, want %s", plan.name, got, plan.want)
		}
		for _, m := range ms {
			if m.League == 2 && m.ID < lastOfOne {
				t.Errorf("%s played league 2's game %s before its fifth league 1 game: promoted too early", plan.name, m.Key)
			}
		}
	}
	if tm, _ := p.Store.Team(ctx, teams[0].ID); tm.League != 2 {
		t.Errorf("Comeback in league %d, want 2 (promoted from 1 after five games, not from 2)", tm.League)
	}
	if tm, _ := p.Store.Team(ctx, teams[1].ID); tm.League != 1 {
		t.Errorf("Fader in league %d, want 1", tm.League)
	}
	ms, _ := p.Store.SubmissionMatches(ctx, subs[0], store.KindPromotion)
	var inTwo []string
	for _, m := range ms {
		if m.League == 2 {
			inTwo = append(inTwo, m.Key)
			if seat := slices.Index(m.Submissions, subs[0]); league.OutcomeOf(m.Ranks, seat) == league.Win {
				t.Errorf("Comeback won league 2's game %s waiting", m.Key)
			}
			if rep, err := p.Replays.Get(m.Key); err != nil || rep.League != 2 || !slices.ContainsFunc(rep.Players, func(pl replay.Player) bool { return pl.Spec == "builtin:boss2" }) {
				t.Errorf("league 2's game %s: %v, not played against boss2 in league 2", m.Key, err)
			}
		}
	}
	if len(inTwo) != 3 {
		t.Errorf("Comeback's league 2 test: %v, want three losses", inTwo)
	}
	// each team sees its league through the API
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	for i, want := range []int{2, 1} {
		var view struct{ League struct{ Number int } }
		if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"team", tokens[i], "", nil); code != 200 || json.Unmarshal(b, &view) != nil || view.League.Number != want {
			t.Errorf("%s's team: %d %s, want league %d", plans[i].name, code, b, want)
		}
	}
}

// BenchmarkPromotionSweep: one scheduler tick over 100 teams whose tests
// are decided (3 losses each in league 1), reading every test back from
// the stored games each tick ("reread") or remembering the decided ones
// ("cached", what the scheduler does).
func BenchmarkPromotionSweep(b *testing.B) {
	ctx := context.Background()
	p, err := platform.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	ev, invite, _ := p.CreateEvent(ctx, "ants", "Spring", nil)
	ev.Settings.Leagues = true
	p.Store.UpdateEvent(ctx, ev)
	for i := range 100 {
		tm, _, _ := p.Join(ctx, invite, fmt.Sprintf("team %d", i))
		s, _ := p.Submit(ctx, tm, "bot.py", []byte("print(1)\n"))
		p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil)
		p.Store.SetLeague(ctx, tm.ID, 0, 1)
		for k := range 3 {
			p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: fmt.Sprintf("promotion-%d-1-%d", s.ID, k), Kind: store.KindPromotion,
				League: 1, Teams: []int64{tm.ID, 0}, Submissions: []int64{s.ID, 0}, Ranks: []int{2, 1}}, nil)
		}
	}
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		b.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for _, c := range []struct {
		name  string
		clear bool
	}{{"reread", true}, {"cached", false}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if c.clear {
					p.ForgetTests()
				}
				if n, err := p.SweepPromotions(ctx, ev, nil, nil); n != 0 || err != nil {
					b.Fatal(n, err)
				}
			}
		})
	}
}
