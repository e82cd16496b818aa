package platform

import (
	"context"
	"testing"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament/openskill"
)

func TestRateMatch(t *testing.T) {
	d := openskill.Default().New()
	m := store.Match{Teams: []int64{1, 0, 2}, Ranks: []int{1, 2, 1}}
	out := rateMatch(m, map[int64]store.Rating{2: {TeamID: 2, Mu: 30, Sigma: 5, Games: 4, Wins: 4}})
	if len(out) != 2 {
		t.Fatalf("the house bot was rated: %+v", out)
	}
	one, two := out[0], out[1]
	if one.TeamID != 1 || one.Games != 1 || one.Draws != 1 || one.Mu <= d.Mu || one.Sigma >= d.Sigma {
		t.Errorf("team 1 (first, tied): %+v", one)
	}
	if two.TeamID != 2 || two.Games != 5 || two.Wins != 4 || two.Draws != 1 {
		t.Errorf("team 2 (first, tied, had 4 wins): %+v", two)
	}
	lost := rateMatch(store.Match{Teams: []int64{1, 2}, Ranks: []int{2, 1}}, nil)
	if lost[0].Losses != 1 || lost[0].Mu >= d.Mu || lost[1].Wins != 1 || lost[1].Mu <= d.Mu {
		t.Errorf("a plain win: %+v", lost)
	}
}

// waitGames waits until every team of the event has played n rated games.
func waitGames(t *testing.T, p *Platform, eventID int64, n int) []Standing {
	t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) {
		board, err := p.Leaderboard(context.Background(), eventID)
		if err != nil {
			t.Fatal(err)
		}
		done := len(board) > 0
		for _, s := range board {
			done = done && s.Rating.Games >= n
		}
		if done {
			return board
		}
		time.Sleep(100 * time.Millisecond)
	}
	ms, _ := p.Store.Matches(context.Background(), eventID, 5)
	t.Fatalf("no %d games each in 5 minutes; last matches: %+v", n, ms)
	return nil
}

// TestCasualMatchesRateTheTeams: built kits play continuously, sandboxed,
// against the house bot while one team has a bot, then against each
// other; the leaderboard follows.
func TestCasualMatchesRateTheTeams(t *testing.T) {
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
	owls, _, err := p.Join(ctx, invite, "Owls")
	if err != nil {
		t.Fatal(err)
	}
	bats, _, err := p.Join(ctx, invite, "Bats")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, JobOptions{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	s, err := p.Submit(ctx, owls, "kit.zip", testKitZip(t, "tracks", "cpp", nil))
	if err != nil {
		t.Fatal(err)
	}
	if b := waitBuilt(t, p, s.ID); b.Status != store.StatusReady {
		t.Fatalf("%+v", b)
	}
	// Owls alone: matches against the house bot
	deadline := time.Now().Add(5 * time.Minute)
	for {
		if rs, _ := p.Store.Ratings(ctx, ev.ID); rs[owls.ID].Games >= 1 {
			break
		}
		if time.Now().After(deadline) {
			ms, _ := p.Store.Matches(ctx, ev.ID, 5)
			t.Fatalf("no house match rated in 5 minutes: %+v", ms)
		}
		time.Sleep(100 * time.Millisecond)
	}
	s2, err := p.Submit(ctx, bats, "bot.cpp", []byte("#include <cstdio>\nint main(){ char b[4096]; while (fgets(b, sizeof b, stdin)) { puts(\"WAIT\"); fflush(stdout); } }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if b := waitBuilt(t, p, s2.ID); b.Status != store.StatusReady {
		log, _ := p.Store.BuildLog(ctx, s2.ID)
		t.Fatalf("%+v\n%s", b, log)
	}
	board := waitGames(t, p, ev.ID, 2)
	ms, _ := p.Store.Matches(ctx, ev.ID, 100)
	teamsMet := false
	for _, m := range ms {
		if m.Error != "" {
			t.Errorf("match %d failed: %s", m.ID, m.Error)
		}
		if len(m.Teams) == 2 && m.Teams[0] != 0 && m.Teams[1] != 0 {
			teamsMet = true
		}
	}
	for _, m := range ms {
		if rep, err := p.Replays.Get(m.Key); err != nil || rep.Result == nil || len(rep.Result.Players) != 2 {
			t.Errorf("match %d has no replay: %v", m.ID, err)
		}
	}
	if !teamsMet {
		t.Errorf("the two teams never played each other: %+v", ms)
	}
	if board[0].Rank != 1 || board[0].Score() < board[1].Score() {
		t.Errorf("leaderboard out of order: %+v", board)
	}
	// the bots really play, sandboxed in their trees: the same match again,
	// with its replay
	g, _ := game.Lookup("tracks")
	m, _, err := p.matchOf(ctx, g, ev, matchArgs{Event: ev.ID, Seed: 3, Teams: []int64{owls.ID, bats.ID}, Submissions: []int64{s.ID, s2.ID}})
	if err != nil {
		t.Fatal(err)
	}
	m.Config.TimeScale = 50 // patient limits: the subject is that the bots start and answer, not their speed
	rep, err := match.Run(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	for i, pr := range rep.Result.Players {
		if pr.Status != game.OK {
			t.Errorf("seat %d: %s %s", i, pr.Status, pr.Message)
		}
	}
	if rep.Result.Turns < 2 {
		t.Errorf("the match lasted %d turns", rep.Result.Turns)
	}
}

// TestMatchJobsHoldTheirCores: a match job holds a core per team bot (its
// house bots none, one at least) of the platform's cores while it plays,
// as arena tournament's pool does; another waits for them.
func TestMatchJobsHoldTheirCores(t *testing.T) {
	p := openTest(t)
	p.coreCount = 3
	p.cores = semaphore.NewWeighted(3)
	team := bot.Spec{Kind: "stdio", Target: "./bot"}
	house := bot.Spec{Kind: "builtin", Target: "wait"}
	ctx := context.Background()
	two, err := p.holdCores(ctx, []bot.Spec{team, team, house})
	if err != nil {
		t.Fatal(err)
	}
	one, err := p.holdCores(ctx, []bot.Spec{house, house}) // builtins only: one core
	if err != nil {
		t.Fatal(err)
	}
	if p.cores.TryAcquire(1) {
		t.Fatal("a core was left free: the two matches should hold all three")
	}
	stopped, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := p.holdCores(stopped, []bot.Spec{team}); err == nil {
		t.Fatal("a match got a core none had free")
	}
	two()
	if !p.cores.TryAcquire(2) {
		t.Fatal("the released cores are not free")
	}
	p.cores.Release(2)
	one()
	// a match of more team bots than cores takes them all, and plays
	all, err := p.holdCores(ctx, []bot.Spec{team, team, team, team})
	if err != nil || p.cores.TryAcquire(1) {
		t.Fatalf("a 4-bot match on 3 cores: %v", err)
	}
	all()
}
