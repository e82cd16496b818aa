package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
	"github.com/seed27749672/arena/tournament/openskill"
	"github.com/seed27749672/arena/web"
	"golang.org/x/sync/semaphore"
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
	p := openTest(t)
	ev, invite := newEvent(t, p, "tracks", "Summer")
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

// The event's start and end bound its uploads and casual games only: the
// tests below set an end already past (no wall-clock wait).

// queuedKinds counts an event's match jobs not finished, by kind.
func queuedKinds(t *testing.T, p *Platform, eventID int64) map[string]int {
	t.Helper()
	res, err := p.river.JobList(context.Background(), river.NewJobListParams().Kinds("match").First(10000).
		States(rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled, rivertype.JobStatePending))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, j := range res.Jobs {
		var a matchArgs
		if err := unmarshalArgs(j, &a); err != nil {
			t.Fatal(err)
		}
		if a.Event == eventID {
			out[a.MatchKind]++
		}
	}
	return out
}

// endEvent moves an event's end (or start) as the organiser's update does.
func endEvent(t *testing.T, p *Platform, eventID int64, change func(*store.Settings)) store.Event {
	t.Helper()
	ctx := context.Background()
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	change(&ev.Settings)
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

// TestAfterTheEndTheOrganisersGamesPlay: after an event's end, the
// scheduler queues no casual game, but the promotion test of a submission
// made before the end, a territory round set for a time after the end
// and the final ranking the organiser starts then are all queued (they
// were not: the whole event was skipped). Uploads and changes of the
// active submission are refused, saying the event ended. Before the
// start, no casual game either. No game is played here (no workers):
// TestAfterTheEndTheFinalIsPlayed plays them.
func TestAfterTheEndTheOrganisersGamesPlay(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	bot := []byte("import sys\nfor line in sys.stdin:\n    print('WAIT', flush=True)\n")
	join := func(invite, name string) (store.Team, string, store.Submission) {
		t.Helper()
		tm, token, err := p.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		// stored built, with no build job (which the queue started below would run)
		s, err := p.Store.CreateSubmission(ctx, store.Submission{TeamID: tm.ID, Filename: "bot.py"})
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
			t.Fatal(err)
		}
		return tm, token, s
	}
	// tracks with leagues: Owls in league 1 (its test to take), Bats and
	// Cats in the top league (the final's)
	tracks, invite := newEvent(t, p, "tracks", "Summer")
	tracks.Settings.Leagues = true
	if err := p.Store.UpdateEvent(ctx, tracks); err != nil {
		t.Fatal(err)
	}
	g, _ := game.Lookup("tracks")
	top, _ := league.Top(g.Info())
	_, owlsToken, owlsSub := join(invite, "Owls")
	for _, n := range []string{"Bats", "Cats"} {
		tm, _, _ := join(invite, n)
		if _, err := p.Store.SetLeague(ctx, tm.ID, 0, top.Number); err != nil {
			t.Fatal(err)
		}
	}
	// territory: a round set for later, its time after the end
	terr, tinvite := newEvent(t, p, "territory", "Ready")
	for _, n := range []string{"Ants", "Bees", "Cats", "Dogs"} {
		join(tinvite, n)
	}
	if _, err := rounds.Start(ctx, p.FormatHost(), terr.ID, rounds.Round{Players: 4, At: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	// a third event, not started yet, with a team's bot
	later, linvite := newEvent(t, p, "tracks", "Autumn")
	join(linvite, "Eels")

	// the ends come: ten minutes ago; the round's time, five
	end := time.Now().Add(-10 * time.Minute)
	tracks = endEvent(t, p, tracks.ID, func(s *store.Settings) { s.End = end })
	terr = endEvent(t, p, terr.ID, func(s *store.Settings) { s.End = end })
	later = endEvent(t, p, later.ID, func(s *store.Settings) { s.Start = time.Now().Add(time.Hour) })
	if _, err := rounds.Update(ctx, p.FormatHost(), terr.ID, func(rs []rounds.Round) ([]rounds.Round, error) {
		rs[0].At = end.Add(5 * time.Minute)
		return rs, nil
	}); err != nil {
		t.Fatal(err)
	}

	// the job queue without workers: the games stay queued
	if err := p.StartJobs(ctx, JobOptions{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if _, err := p.schedule(ctx, 4); err != nil {
		t.Fatal(err)
	}
	if k := queuedKinds(t, p, tracks.ID); k[store.KindPromotion] != 1 || k[store.KindCasual] != 0 || len(k) != 1 {
		t.Errorf("tracks after its end: queued %v, want Owls' promotion game and no casual game", k)
	}
	rs, err := rounds.List(ctx, p.FormatHost(), terr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r := rs[0]; !r.Queued || r.Error != "" || len(r.Teams) != 4 {
		t.Errorf("the round set after the end: %+v", r)
	}
	if k := queuedKinds(t, p, terr.ID); k[store.KindRanked] == 0 || k[store.KindCasual] != 0 {
		t.Errorf("territory after its end: queued %v, want the round's games and no casual game", k)
	}
	if k := queuedKinds(t, p, later.ID); len(k) != 0 {
		t.Errorf("an event not started: queued %v", k)
	}

	// nor a change of the active one (through the team's API)
	ts := server(t, p, &fakeClock{t: time.Now()})
	code, body := call(t, ts, "POST", fmt.Sprintf("%ssubmissions/%d/activate", APIPrefix, owlsSub.ID), owlsToken, "", nil)
	var e struct{ Error string }
	json.Unmarshal(body, &e)
	if code != 409 || !strings.Contains(e.Error, "ended at") {
		t.Errorf("activating after the end: %d %s", code, body)
	}

	// the final, started after the end: its games are queued
	c, err := p.StartFinal(ctx, tracks.ID, 2)
	if err != nil || c.Final == nil || c.Final.Games != 2 {
		t.Fatalf("the final after the end: %+v, %v", c.Final, err)
	}
	if _, err := p.schedule(ctx, 4); err != nil {
		t.Fatal(err)
	}
	if k := queuedKinds(t, p, tracks.ID); k[store.KindFinal] != 2 || k[store.KindCasual] != 0 {
		t.Errorf("the final after the end: queued %v, want its 2 games", k)
	}

	// submissions: refused after the end, and before the start
	for _, c := range []struct {
		ev   store.Event
		want string
	}{{tracks, "ended at " + end.UTC().Format(time.RFC3339)}, {later, "starts at"}} {
		teams, _ := p.Store.Teams(ctx, c.ev.ID)
		_, err := p.Submit(ctx, teams[0], "bot.py", bot)
		if !isUserError(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: an upload: %v, want %q", c.ev.Name, err, c.want)
		}
	}
}

// TestAfterTheEndTheFinalIsPlayed: in an ants event with leagues whose
// end has passed (the submissions were made before it), the scheduler
// plays Owls' promotion test to its decision (three losses to the boss)
// and the final ranking the organiser starts after the end to its last
// game (FinalDone), between Bats and Cats in the top league; no casual
// game is played.
func TestAfterTheEndTheFinalIsPlayed(t *testing.T) {
	needSandbox(t)
	ctx := context.Background()
	p, ev, invite := antsLeagueEvent(t)
	g, _ := game.Lookup("ants")
	top, _ := league.Top(g.Info())
	var subs []int64
	for i, n := range []string{"Owls", "Bats", "Cats"} {
		tm, _, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "bot.py", []byte("import sys\nfor line in sys.stdin:\n    print('WAIT', flush=True)\n"))
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			if _, err := p.Store.SetLeague(ctx, tm.ID, 0, top.Number); err != nil {
				t.Fatal(err)
			}
		}
		subs = append(subs, s.ID)
	}
	endEvent(t, p, ev.ID, func(s *store.Settings) { s.End = time.Now().Add(-time.Minute) }) // the submissions were made before
	if err := p.StartJobs(ctx, JobOptions{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for _, s := range subs {
		if b := waitBuilt(t, p, s); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	if _, err := p.StartFinal(ctx, ev.ID, 2); err != nil {
		t.Fatal(err)
	}
	var promos []store.Match
	waitFor(t, 5*time.Minute, "Owls' test decided and the final done", func() bool {
		promos, _ = p.Store.SubmissionMatches(ctx, subs[0], store.KindPromotion)
		test, _, errs := promotionState(promos, subs[0], 1)
		if errs > 0 {
			t.Fatalf("a promotion game failed: %+v", promos)
		}
		done, err := p.FinalDone(ctx, ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		return test.Decided && done
	})
	p.StopJobs(ctx)
	if len(promos) != 3 {
		t.Errorf("Owls' test: %d games, want 3 losses", len(promos))
	}
	ms, err := p.Store.Matches(ctx, ev.ID, 100)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, m := range ms {
		kinds[m.Kind]++
		if m.Kind == store.KindFinal && m.League != top.Number {
			t.Errorf("final game %s in league %d", m.Key, m.League)
		}
	}
	if kinds[store.KindFinal] != 2 || kinds[store.KindPromotion] != 3 || kinds[store.KindCasual] != 0 {
		t.Errorf("games recorded after the end: %v, want the final's 2 and the test's 3, no casual one", kinds)
	}
}

// TestBlitzRoundsStopAtTheEnd: a Blitz schedule (hourly from Friday 18:00)
// in an event that ends at 20:30, on the test's clock: rounds 1 and 2
// play; round 3, due at 20:00 but not begun by 20:30 (the server down),
// never starts, nor any later one, and the Blitz document's next_round
// says none from the end on; a round the organiser asks after the end
// plays (their choice), and so does the final, which no due round holds
// back.
func TestBlitzRoundsStopAtTheEnd(t *testing.T) {
	p, ev, _, _, _ := blitzSetup4(t)
	ctx := context.Background()
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	end := friday.Add(2*time.Hour + 30*time.Minute)
	endEvent(t, p, ev.ID, func(s *store.Settings) { s.End = end })
	clock := &fakeClock{t: friday.Add(-time.Hour)}
	ts := server(t, p, clock)
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orgPath := fmt.Sprintf("%sorganiser/events/%d/blitz", APIPrefix, ev.ID)
	post := func(rest, body string, want int) {
		t.Helper()
		if code, got := call(t, ts, "POST", orgPath+rest, org, "application/json", []byte(body)); code != want {
			t.Fatalf("POST %s: %d %s, want %d", rest, code, got, want)
		}
	}
	tick := func(at time.Time, want bool) {
		t.Helper()
		if played, err := blitz.PlayDue(ctx, p.FormatHost(), ev.ID, at); err != nil || played != want {
			t.Fatalf("tick at %s: played %v, %v; want %v", at.Format("Mon 15:04"), played, err, want)
		}
	}
	// the next round the pages show, at the clock's time
	next := func(at time.Time) *time.Time {
		t.Helper()
		clock.mu.Lock()
		clock.t = at
		clock.mu.Unlock()
		code, body := call(t, ts, "GET", orgPath, org, "", nil)
		var doc struct {
			Blitz struct {
				EventEnd time.Time `json:"event_end"`
			}
			Public struct {
				Next     *time.Time `json:"next_round"`
				EventEnd time.Time  `json:"event_end"`
			}
		}
		if err := json.Unmarshal(body, &doc); code != 200 || err != nil || !doc.Blitz.EventEnd.Equal(end) || !doc.Public.EventEnd.Equal(end) {
			t.Fatalf("GET blitz: %d %s", code, body)
		}
		return doc.Public.Next
	}
	played := func() int {
		t.Helper()
		b, err := blitz.Status(ctx, p.FormatHost(), ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		return len(b.Rounds)
	}
	post("/schedule", `{"start": "2022-01-21T18:00:00Z", "every": "1h", "size": 2}`, 200)
	if at := next(friday.Add(-time.Hour)); at == nil || !at.Equal(friday) {
		t.Fatalf("next round before the first: %v", at)
	}
	tick(friday, true)
	tick(friday.Add(time.Hour), true)
	if at := next(friday.Add(2 * time.Hour)); at == nil || !at.Equal(friday.Add(2*time.Hour)) {
		t.Errorf("next round at 20:00, before the end: %v", at)
	}
	// the server was down from 19:59 to 20:40: round 3 does not start after the end
	for _, at := range []time.Time{end, end.Add(10 * time.Minute), friday.Add(3 * time.Hour), friday.Add(50 * time.Hour)} {
		if got := next(at); got != nil {
			t.Errorf("next round seen at %s, the event over: %s", at.Format("Mon 15:04"), got)
		}
		tick(at, false)
	}
	if n := played(); n != 2 {
		t.Fatalf("%d rounds played, want 2 (none from the end on)", n)
	}
	// the organiser asks one after the end: it plays
	post("/round", `{}`, 202)
	tick(end.Add(time.Hour), true)
	tick(end.Add(time.Hour), false)
	if n := played(); n != 3 {
		t.Fatalf("the round asked after the end: %d rounds played", n)
	}
	// the final, with the schedule still running but past the end
	post("/final", `{"size": 2}`, 202)
	tick(end.Add(2*time.Hour), true)
	if f, err := blitz.ReadFinal(ctx, p.FormatHost(), ev.ID); err != nil || f == nil || !f.Done {
		t.Fatalf("the final after the end: %+v, %v", f, err)
	}
	if n := played(); n != 3 {
		t.Errorf("%d rounds played with the final", n)
	}
}

// TestWebSocketAndHTTPKitsPlay: jungle's WebSocket kit (Java) and
// territory's HTTP kit (Python), uploaded as zips, build and play casual
// matches sandboxed against house bots, with their event's seat counts;
// the HTTP kit is refused by an event that takes no HTTP bots.
func TestWebSocketAndHTTPKitsPlay(t *testing.T) {
	needSandbox(t)
	ctx := context.Background()
	p := openTest(t)
	jungle, jinvite, err := p.CreateEventWith(ctx, "jungle", "Blitz", []string{"nb_ticks=15"},
		store.Settings{Seats: []int{2, 3}, Maps: []string{"canopy"}, HouseBots: true})
	if err != nil {
		t.Fatal(err)
	}
	terr, tinvite, err := p.CreateEventWith(ctx, "territory", "RAIC", []string{"turns=15"}, store.Settings{HTTPBots: true, HouseBots: true})
	if err != nil {
		t.Fatal(err)
	}
	_, ninvite, err := p.CreateEventWith(ctx, "territory", "No HTTP", []string{"turns=15"}, store.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	// patient clocks: the subject is that the bots are reached, not speed
	if err := p.StartJobs(ctx, JobOptions{Matches: 2, TimeScale: 20, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	submit := func(invite, game, kit string) store.Submission {
		team, _, err := p.Join(ctx, invite, "Owls")
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, team, kit+".zip", testKitZip(t, game, kit, nil))
		if err != nil {
			t.Fatal(err)
		}
		return waitBuilt(t, p, s.ID)
	}
	if s := submit(ninvite, "territory", "python-http"); s.Status != store.StatusFailed || !strings.Contains(s.Error, "no HTTP-server bots") {
		t.Errorf("an HTTP kit in an event without HTTP bots: %+v", s)
	}
	for _, c := range []struct {
		ev           store.Event
		invite, game string
		kit          string
	}{{jungle, jinvite, "jungle", "java"}, {terr, tinvite, "territory", "python-http"}} {
		s := submit(c.invite, c.game, c.kit)
		if s.Status != store.StatusReady || s.Language != c.kit {
			log, _ := p.Store.BuildLog(ctx, s.ID)
			t.Fatalf("%s %s: %+v\n%s", c.game, c.kit, s, log)
		}
		waitGames(t, p, c.ev.ID, 2)
		ms, _ := p.Store.Matches(ctx, c.ev.ID, 20)
		sizes := map[int]bool{}
		for _, m := range ms {
			if m.Error != "" {
				t.Errorf("%s match %d: %s", c.game, m.ID, m.Error)
				continue
			}
			sizes[len(m.Teams)] = true
			rep, err := p.Replays.Get(m.Key)
			if err != nil {
				t.Fatal(err)
			}
			for seat, id := range m.Teams {
				if id != 0 {
					checkReached(t, rep, seat, fmt.Sprintf("%s match %d: the team's %s bot", c.game, m.ID, c.kit))
				}
			}
		}
		if c.game == "territory" && !sizes[4] {
			t.Errorf("territory matches of sizes %v, want 4 (its default)", sizes)
		}
	}
}

// checkReached fails unless the bot of the seat was reached: it answered
// prompts and ended as a player of the game (ok, or eliminated by the
// game's rules: a territory kit may be cut by a house bot, or, on a machine
// busy enough to make it miss turns, eliminated as inactive), not as a
// bot the platform could not run or talk to.
func checkReached(t *testing.T, rep *replay.Replay, seat int, who string) {
	t.Helper()
	answered := 0
	for _, tr := range rep.Turns {
		if seat < len(tr.Replies) && tr.Replies[seat].Status == game.Answered {
			answered++
		}
	}
	if st := rep.Result.Players[seat].Status; answered == 0 || (st != game.OK && st != game.Eliminated) {
		t.Errorf("%s ended %q after %d answers", who, st, answered)
	}
}

// The platform's throughput benchmark: casual matches
// between process bots that answer at once (a C++ bot that waits every
// turn of tracks: builtin speed), with every core busy. "direct" plays the
// same matches with arena tournament's pool, nothing else: the baseline.
// "platform" is arena serve --data on SQLite: the scheduler's matchmaking,
// River's match jobs, the results and ratings written, replays kept, and
// two teams' pages polling the API (leaderboard and matches, twice a
// second each). Both run bots uncontained (the sandbox's cost is the
// bots', not the platform's), as many matches at once as the cores allow
// by the same rule (tournament.MatchCores).
//
// matches/min is the throughput; arena-cpu-ms/match the Arena process's
// CPU per match (referee and runner, plus in "platform" the web, the
// database and the queue), bots-cpu-ms/match the bots' (children), and
// arena-cpu-% the Arena process's share of all the CPU used. The
// platform's own cost is platform's arena-cpu-ms/match less direct's.

const benchBot = "#include <cstdio>\nint main(){ char b[65536]; while (fgets(b, sizeof b, stdin)) { puts(\"WAIT\"); fflush(stdout); } }\n"

// cpuTimes are this process's and its waited-for children's CPU time.
func cpuTimes() (self, children time.Duration) {
	var s, c syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &s)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &c)
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(s.Utime) + tv(s.Stime), tv(c.Utime) + tv(c.Stime)
}

func reportCPU(b *testing.B, n int, self0, child0 time.Duration) {
	self1, child1 := cpuTimes()
	self, child := self1-self0, child1-child0
	b.ReportMetric(float64(n)/b.Elapsed().Minutes(), "matches/min")
	b.ReportMetric(float64(self.Milliseconds())/float64(n), "arena-cpu-ms/match")
	b.ReportMetric(float64(child.Milliseconds())/float64(n), "bots-cpu-ms/match")
	if self+child > 0 {
		b.ReportMetric(100*float64(self)/float64(self+child), "arena-cpu-%")
	}
}

func BenchmarkCasualMatches(b *testing.B) {
	if _, err := exec.LookPath("g++"); err != nil {
		b.Skip("no g++ for the bots")
	}
	dir := b.TempDir()
	src := filepath.Join(dir, "bot.cpp")
	os.WriteFile(src, []byte(benchBot), 0o644)
	bin := filepath.Join(dir, "bot")
	if out, err := exec.Command("g++", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		b.Fatalf("g++: %v\n%s", err, out)
	}

	b.Run("direct", func(b *testing.B) {
		pool := tournament.Pool{Game: "tracks", Bots: []string{"a=stdio:" + bin, "b=stdio:" + bin}}
		jobs := make([]tournament.Job, b.N)
		for i := range jobs {
			jobs[i] = tournament.Job{Index: i, Seats: []int{i % 2, 1 - i%2}, Seed: int64(i + 1)}
		}
		self0, child0 := cpuTimes()
		b.ResetTimer()
		err := pool.Play(context.Background(), jobs, func(p tournament.Played) error { return p.Err })
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		reportCPU(b, b.N, self0, child0)
	})

	b.Run("platform", func(b *testing.B) {
		ctx := context.Background()
		p, err := Open(ctx, benchDir(b))
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close()
		ev, invite, err := p.CreateEvent(ctx, "tracks", "Bench", nil)
		if err != nil {
			b.Fatal(err)
		}
		// as arena serve --data runs it: its intervals are the defaults
		if err := p.StartJobs(ctx, JobOptions{Matches: runtime.NumCPU(), Build: build.Options{Unsafe: true}}); err != nil {
			b.Fatal(err)
		}
		defer p.StopJobs(ctx)
		var tokens []string
		for _, name := range []string{"Owls", "Bats", "Cats", "Dogs"} {
			tm, token, err := p.Join(ctx, invite, name)
			if err != nil {
				b.Fatal(err)
			}
			tokens = append(tokens, token)
			s, err := p.Submit(ctx, tm, "bot.cpp", []byte(benchBot))
			if err != nil {
				b.Fatal(err)
			}
			for s.Status != store.StatusReady {
				if s.Status == store.StatusFailed {
					log, _ := p.Store.BuildLog(ctx, s.ID)
					b.Fatalf("the bot's build: %s", log)
				}
				time.Sleep(50 * time.Millisecond)
				s, _ = p.Store.Submission(ctx, s.ID)
			}
		}
		ws := &web.Server{Replays: b.TempDir(), Platform: p.Handler(APIOptions{})}
		ts := httptest.NewServer(ws.Handler())
		defer func() { ts.Close(); ws.Close() }()
		stopPages := make(chan struct{})
		defer close(stopPages)
		for _, token := range tokens[:2] { // two teams' pages open
			go func() {
				for {
					for _, path := range []string{"leaderboard", "matches"} {
						req, _ := http.NewRequest("GET", ts.URL+APIPrefix+path, nil)
						req.Header.Set("Authorization", "Bearer "+token)
						if resp, err := ts.Client().Do(req); err == nil {
							resp.Body.Close()
						}
					}
					select {
					case <-stopPages:
						return
					case <-time.After(500 * time.Millisecond):
					}
				}
			}()
		}
		// the first matches are under way: measure from now
		start := countMatches(b, p, ev.ID)
		for countMatches(b, p, ev.ID) == start {
			time.Sleep(20 * time.Millisecond)
		}
		start = countMatches(b, p, ev.ID)
		self0, child0 := cpuTimes()
		b.ResetTimer()
		for countMatches(b, p, ev.ID) < start+b.N {
			time.Sleep(20 * time.Millisecond)
		}
		b.StopTimer()
		reportCPU(b, b.N, self0, child0)
		ms, _ := p.Store.Matches(ctx, ev.ID, 10)
		for _, m := range ms {
			if m.Error != "" {
				b.Fatalf("match %d: %s", m.ID, m.Error)
			}
		}
	})
}

func countMatches(b *testing.B, p *Platform, eventID int64) int {
	var n int
	if err := sqlOf(p).QueryRow(`SELECT COUNT(*) FROM matches WHERE event_id = ?`, eventID).Scan(&n); err != nil {
		b.Fatal(fmt.Errorf("counting matches: %w", err))
	}
	return n
}

// TestMatchOptionsFollowTheSettings: a match gets the event's time limits
// as the game's options, a map of the pool (a file of maps/ by its path)
// and its bots the event's memory limit.
func TestMatchOptionsFollowTheSettings(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	os.MkdirAll(p.MapsDir(), 0o755)
	jmap, err := os.ReadFile("../games/jungle/maps/canopy.jmap")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(p.MapsDir(), "copy.jmap"), jmap, 0o644)
	ev, _, err := p.CreateEventWith(ctx, "jungle", "Blitz", nil,
		store.Settings{Maps: []string{"swamp", "copy.jmap"}, TurnMS: 200, FirstTurnMS: 1500, MemoryMiB: 300, HouseBots: true})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := game.Lookup("jungle")
	seen := map[string]bool{}
	for seed := int64(1); seed <= 40; seed++ {
		pairs, err := p.MatchOptions(g.Info(), ev.Options, ev.Settings, event.DrawMap(ev.Settings, seed))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(pairs, "tick_timeout_ms=200") || !slices.Contains(pairs, "first_ticks_extra_ms=1300") {
			t.Fatalf("time limits not in %v", pairs)
		}
		for _, kv := range pairs {
			if v, ok := strings.CutPrefix(kv, "map="); ok {
				seen[v] = true
			}
		}
	}
	if !seen["swamp"] || !seen[filepath.Join(p.MapsDir(), "copy.jmap")] || len(seen) != 2 {
		t.Errorf("maps drawn: %v", seen)
	}
	spec, err := p.botSpec(ctx, g.Info(), ev.Settings, "", 0, 0)
	if err != nil || spec.Kind != "builtin" {
		t.Fatalf("house bot: %+v %v", spec, err)
	}
	p.jobs.Build.Limits.Procs = 7
	if s := p.teamSpecLimits(ev.Settings); s.Memory != 300<<20 || s.Procs != 7 {
		t.Errorf("a team bot's sandbox limits: %+v", s)
	}
}

func TestSeatCountDrawsEveryAllowedSize(t *testing.T) {
	g, _ := game.Lookup("jungle")
	info := g.Info()
	drawn := func(s store.Settings, teams int) map[int]bool {
		got := map[int]bool{}
		for seed := int64(0); seed < 200; seed++ {
			if n, ok := seatCount(info, s, teams, seed); ok {
				got[n] = true
			}
		}
		return got
	}
	if got := drawn(store.Settings{Seats: []int{2, 3, 4}, HouseBots: true}, 2); len(got) != 3 {
		t.Errorf("house bots on, 2 teams: sizes %v, want 2, 3 and 4", got)
	}
	if got := drawn(store.Settings{Seats: []int{2, 3, 4}}, 3); len(got) != 2 || got[4] {
		t.Errorf("house bots off, 3 teams: sizes %v, want 2 and 3", got)
	}
	if got := drawn(store.Settings{Seats: []int{2, 4}}, 1); len(got) != 0 {
		t.Errorf("house bots off, 1 team: sizes %v, want none", got)
	}
}
