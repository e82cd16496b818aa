package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/format/sidequest"
	"github.com/seed27749672/arena/platform/store"
)

// waitFor polls cond until it holds, for at most d.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, d)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

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
	needSandbox(t)
	ctx := context.Background()
	p, err := Open(ctx, dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ev, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
	if err != nil {
		t.Fatal(err)
	}
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
	if err := p.StartJobs(ctx, JobOptions{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	kit, err := p.Submit(ctx, owls, "kit.zip", testKitZip(t, "tracks", "python", nil))
	if err != nil {
		t.Fatal(err)
	}
	waiter, err := p.Submit(ctx, bats, "bot.py", waitBot)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []int64{kit.ID, waiter.ID, climber.ID} {
		if b := waitBuilt(t, p, s); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	decided := func(sub int64, lg int) bool {
		ms, err := p.Store.SubmissionMatches(ctx, sub, store.KindPromotion)
		if err != nil {
			t.Fatal(err)
		}
		test, _, errs := promotionState(ms, sub, lg)
		if errs > 0 {
			t.Fatalf("submission %d: a promotion game failed: %+v", sub, ms)
		}
		return test.Decided
	}
	waitFor(t, 8*time.Minute, "the tests decided", func() bool {
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
	if test, _, _ := promotionState(climbs, climber.ID, 3); test.Played != 3 || test.Promoted {
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
	ts := server(t, p, &fakeClock{t: time.Now()})
	var team struct {
		League struct {
			Number, Next int
			Boss, Goal   string
		}
	}
	if code, b := call(t, ts, "GET", APIPrefix+"team", owlsToken, "", nil); code != 200 || json.Unmarshal(b, &team) != nil ||
		team.League.Number != 2 || team.League.Boss != "boss2" || team.League.Next != 3 || !strings.Contains(team.League.Goal, "DISRUPT") {
		t.Errorf("team: %d %s", code, b)
	}
	if code, b := call(t, ts, "GET", APIPrefix+"leaderboard?league=2", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"Owls"`) || strings.Contains(string(b), `"Bats"`) {
		t.Errorf("league 2's leaderboard: %d %s", code, b)
	}
	for _, bad := range []string{"9", "x"} {
		if code, b := call(t, ts, "GET", APIPrefix+"leaderboard?league="+bad, owlsToken, "", nil); code != 400 {
			t.Errorf("league %s: %d %s", bad, code, b)
		}
	}
	// rated games: in league 3 only (Owls and Bats never left leagues 1
	// and 2), against its boss as Cats is alone there
	waitFor(t, 3*time.Minute, "a rated game", func() bool {
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
	p := openTest(t)
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
			return rateMatch(store.Match{Teams: []int64{t0, t1}, Ranks: ranks}, cur)
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
	needSandbox(t)
	ctx := context.Background()
	p, ev, invite := antsLeagueEvent(t)
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	owls, _, _ := p.Join(ctx, invite, "Owls")
	if err := p.StartJobs(ctx, JobOptions{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	s, err := p.Submit(ctx, owls, "bot.py", []byte("import sys\nfor line in sys.stdin:\n    print('WAIT', flush=True)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if b := waitBuilt(t, p, s.ID); b.Status != store.StatusReady {
		t.Fatalf("%+v", b)
	}
	var ms []store.Match
	waitFor(t, 5*time.Minute, "the test decided", func() bool {
		ms, _ = p.Store.SubmissionMatches(ctx, s.ID, store.KindPromotion)
		test, _, errs := promotionState(ms, s.ID, 1)
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
	p := openTest(t)
	ctx := context.Background()
	ev, invite, err := p.CreateEvent(ctx, "ants", "Spring", nil)
	if err != nil {
		t.Fatal(err)
	}
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	var teams []store.Team
	for _, n := range []string{"Owls", "Bats"} {
		tm, _, _ := p.Join(ctx, invite, n)
		s, _ := p.Submit(ctx, tm, "bot.py", []byte("print(1)\n"))
		p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil) // built, as a job would
		teams = append(teams, tm)
	}
	if _, err := p.Store.SetLeague(ctx, teams[0].ID, 0, 9); err != nil {
		t.Fatal(err)
	}
	// the job queue without workers: the games stay queued
	if err := p.StartJobs(ctx, JobOptions{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	n, err := p.sweepPromotions(ctx, ev, nil, nil)
	if err != nil || n != 1 {
		t.Fatalf("%d games queued, %v; want Bats' first", n, err)
	}
}

// antsLeagueEvent opens a platform on a new data directory (closed at the
// test's end) with an ants event that plays leagues (30 turns a game).
func antsLeagueEvent(t *testing.T) (*Platform, store.Event, string) {
	t.Helper()
	ctx := context.Background()
	p, err := Open(ctx, dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	ev, invite, err := p.CreateEvent(ctx, "ants", "Spring", []string{"max_turns=30"})
	if err != nil {
		t.Fatal(err)
	}
	ev.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	return p, ev, invite
}
