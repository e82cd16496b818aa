package matchmaking_test

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/play"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/postgres"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/tournament"
	"github.com/seed27749672/arena/web"
)

// TestOrganiserControls: on a temporary data dir with two teams' bots,
// the organiser stops and starts casual games, freezes submissions,
// starts the final ranking (its games are played and counted, no casual
// game meanwhile), publishes and exports the results and every replay.
func TestOrganiserControls(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	owls, owlsToken, _ := p.Join(ctx, invite, "Owls")
	bats, _, _ := p.Join(ctx, invite, "Bats")
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	// the scheduler's own ticks are an hour apart: the test calls it
	if err := p.StartJobs(ctx, worker.Options{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: time.Hour, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	kit, _ := p.Submit(ctx, owls, "kit.zip", platformtest.KitZip(t, "tracks", "python", nil))
	waiter, _ := p.Submit(ctx, bats, "bot.py", []byte("import sys\nfor line in sys.stdin:\n    print('WAIT', flush=True)\n"))
	for _, s := range []int64{kit.ID, waiter.ID} {
		if b := platformtest.WaitBuilt(t, p, s); b.Status != store.StatusReady {
			t.Fatalf("%+v", b)
		}
	}
	if n, err := p.Schedule(ctx, 1); n != 0 || err != nil {
		t.Fatalf("casual games stopped, yet %d queued (%v)", n, err)
	}
	if _, err := p.SetCasual(ctx, ev.ID, true); err != nil {
		t.Fatal(err)
	}
	if n, err := p.Schedule(ctx, 1); n != 1 || err != nil {
		t.Fatalf("casual games on: %d queued (%v)", n, err)
	}
	// one casual game: off again (the queued one still plays), or the
	// scheduler, woken when it ends, would queue the next
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	matches := func(kind string) int {
		n, _, err := p.Store.CountMatches(ctx, ev.ID, kind)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	platformtest.WaitFor(t, 3*time.Minute, "the casual game", func() bool { return matches(store.KindCasual) == 1 })

	// frozen (through the organiser's API): no submission, no change of the active one
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orgPath := fmt.Sprintf("%sorganiser/events/%d/", api.Prefix, ev.ID)
	if code, b := platformtest.Call(t, ts, "POST", orgPath+"freeze", org, "application/json", []byte(`{"frozen":true}`)); code != 200 || !strings.Contains(string(b), `"frozen":true`) {
		t.Fatalf("freeze: %d %s", code, b)
	}
	if _, err := p.Submit(ctx, owls, "bot.py", []byte("print(1)\n")); !fault.IsUser(err) || err.Error() != event.ErrFrozen.Error() {
		t.Errorf("a submission while frozen: %v", err)
	}
	if code, b := platformtest.Call(t, ts, "POST", fmt.Sprintf("%ssubmissions/%d/activate", api.Prefix, kit.ID), owlsToken, "application/json", nil); code != 409 || !strings.Contains(string(b), "frozen") {
		t.Errorf("activating while frozen: %d %s", code, b)
	}

	// the final: 3 games per team, 2 teams in games of 2: 3 games
	code, b := platformtest.Call(t, ts, "POST", orgPath+"final", org, "application/json", []byte(`{"games":3}`))
	var c apitypes.Controls
	if code != 200 || json.Unmarshal(b, &c) != nil || c.Final == nil || c.Final.Games != 3 || !c.Frozen || !c.CasualStopped {
		t.Fatalf("final: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "POST", orgPath+"final", org, "application/json", []byte(`{"games":3}`)); code != 400 {
		t.Errorf("a second final: %d %s", code, b)
	}
	if _, err := p.SetFrozen(ctx, ev.ID, false); !fault.IsUser(err) {
		t.Errorf("unfreezing during the final: %v", err)
	}
	platformtest.WaitFor(t, 5*time.Minute, "the final's games", func() bool {
		if _, err := p.Schedule(ctx, 1); err != nil {
			t.Fatal(err)
		}
		done, err := p.FinalDone(ctx, ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		return done
	})
	if n, _ := p.Schedule(ctx, 1); n != 0 || matches(store.KindFinal) != 3 || matches(store.KindCasual) != 1 {
		t.Errorf("after the final: %d queued, %d final games, %d casual", n, matches(store.KindFinal), matches(store.KindCasual))
	}

	// results: hidden until published, then exported
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"results", owlsToken, "", nil); code != 200 || strings.Contains(string(b), "standings") || !strings.Contains(string(b), "not published") {
		t.Errorf("results before publication: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", orgPath+"results?format=csv", org, "", nil); code != 200 || !strings.HasPrefix(string(b), "rank,team,") {
		t.Errorf("the organiser's results before publication: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "POST", orgPath+"publish", org, "application/json", nil); code != 200 || !strings.Contains(string(b), `"published"`) {
		t.Fatalf("publish: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", orgPath+"replays", org, "", nil); code != 200 || len(b) < 100 || b[0] != 0x1f {
		t.Errorf("the replays' archive: %d, %d bytes", code, len(b))
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"results", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"final":true`) {
		t.Errorf("published results: %d %s", code, b)
	}
	out := filepath.Join(t.TempDir(), "export")
	res, n, err := p.Export(ctx, ev.ID, out)
	if err != nil || n != 4 || !res.Final || res.Matches != 4 || len(res.Standings) != 2 || res.Published.IsZero() {
		t.Fatalf("%+v %d %v", res, n, err)
	}
	var back apitypes.Results
	if b, err := os.ReadFile(filepath.Join(out, "results.json")); err != nil || json.Unmarshal(b, &back) != nil || back.Standings[0].Team != res.Standings[0].Team {
		t.Errorf("results.json: %v", err)
	}
	csvText, _ := os.ReadFile(filepath.Join(out, "results.csv"))
	if lines := strings.Split(strings.TrimSpace(string(csvText)), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "rank,team,") {
		t.Errorf("results.csv:\n%s", csvText)
	}
	f, err := os.Open(filepath.Join(out, "replays.tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	entries := 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var rep struct{ Game string }
		if b, _ := io.ReadAll(tr); json.Unmarshal(b, &rep) != nil || rep.Game != "tracks" || !strings.HasPrefix(h.Name, "replays/") {
			t.Errorf("entry %s is no replay", h.Name)
		}
		entries++
	}
	if entries != 4 {
		t.Errorf("%d replays in the archive, want 4", entries)
	}
}

// TestCasualMatchesRateTheTeams: built kits play continuously, sandboxed,
// against the house bot while one team has a bot, then against each
// other; the leaderboard follows.
func TestCasualMatchesRateTheTeams(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	owls, _, err := p.Join(ctx, invite, "Owls")
	if err != nil {
		t.Fatal(err)
	}
	bats, _, err := p.Join(ctx, invite, "Bats")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, worker.Options{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	s, err := p.Submit(ctx, owls, "kit.zip", platformtest.KitZip(t, "tracks", "cpp", nil))
	if err != nil {
		t.Fatal(err)
	}
	if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
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
	if b := platformtest.WaitBuilt(t, p, s2.ID); b.Status != store.StatusReady {
		log, _ := p.Store.BuildLog(ctx, s2.ID)
		t.Fatalf("%+v\n%s", b, log)
	}
	board := platformtest.WaitGames(t, p, ev.ID, 2)
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
	m, _, err := p.Player.MatchOf(ctx, g, ev, queue.Match{Event: ev.ID, Seed: 3, Teams: []int64{owls.ID, bats.ID}, Submissions: []int64{s.ID, s2.ID}})
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

// The event's start and end bound its uploads and casual games only: the
// tests below set an end already past (no wall-clock wait).

// TestAfterTheEndTheOrganisersGamesPlay: after an event's end, the
// scheduler queues no casual game, but the promotion test of a submission
// made before the end, a territory round set for a time after the end
// and the final ranking the organiser starts then are all queued (they
// were not: the whole event was skipped). Uploads and changes of the
// active submission are refused, saying the event ended. Before the
// start, no casual game either. No game is played here (no workers):
// TestAfterTheEndTheFinalIsPlayed plays them.
func TestAfterTheEndTheOrganisersGamesPlay(t *testing.T) {
	p := platformtest.Open(t)
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
	tracks, invite := platformtest.Event(t, p, "tracks", "Summer")
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
	terr, tinvite := platformtest.Event(t, p, "territory", "Ready")
	for _, n := range []string{"Ants", "Bees", "Cats", "Dogs"} {
		join(tinvite, n)
	}
	if _, err := rounds.Start(ctx, p.FormatHost(), terr.ID, rounds.Round{Players: 4, At: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	// a third event, not started yet, with a team's bot
	later, linvite := platformtest.Event(t, p, "tracks", "Autumn")
	join(linvite, "Eels")

	// the ends come: ten minutes ago; the round's time, five
	end := time.Now().Add(-10 * time.Minute)
	tracks = platformtest.ChangeSettings(t, p, tracks.ID, func(s *store.Settings) { s.End = end })
	terr = platformtest.ChangeSettings(t, p, terr.ID, func(s *store.Settings) { s.End = end })
	later = platformtest.ChangeSettings(t, p, later.ID, func(s *store.Settings) { s.Start = time.Now().Add(time.Hour) })
	if _, err := rounds.Update(ctx, p.FormatHost(), terr.ID, func(rs []rounds.Round) ([]rounds.Round, error) {
		rs[0].At = end.Add(5 * time.Minute)
		return rs, nil
	}); err != nil {
		t.Fatal(err)
	}

	// the job queue without workers: the games stay queued
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if _, err := p.Schedule(ctx, 4); err != nil {
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
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	code, body := platformtest.Call(t, ts, "POST", fmt.Sprintf("%ssubmissions/%d/activate", api.Prefix, owlsSub.ID), owlsToken, "", nil)
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
	if _, err := p.Schedule(ctx, 4); err != nil {
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
		if !fault.IsUser(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: an upload: %v, want %q", c.ev.Name, err, c.want)
		}
	}
}

// TestAfterTheEndTheFinalIsPlayed: in an ants event with leagues whose
// end has passed (the submissions were made before it), the scheduler
// plays Owls' promotion test to its decision (three losses to the boss)
// and the final ranking the organiser starts after the end to its last
// game (FinalDone): between Bats and Cats in the top league, and Owls,
// alone in league 1, against its boss (the final settles every league);
// no casual game is played.
func TestAfterTheEndTheFinalIsPlayed(t *testing.T) {
	platformtest.NeedSandbox(t)
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
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.End = time.Now().Add(-time.Minute) }) // the submissions were made before
	if err := p.StartJobs(ctx, worker.Options{Matches: 1, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for _, s := range subs {
		if b := platformtest.WaitBuilt(t, p, s); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	if _, err := p.StartFinal(ctx, ev.ID, 2); err != nil {
		t.Fatal(err)
	}
	var promos []store.Match
	platformtest.WaitFor(t, 5*time.Minute, "Owls' test decided and the final done", func() bool {
		promos, _ = p.Store.SubmissionMatches(ctx, subs[0], store.KindPromotion)
		test, _, errs := matchmaking.PromotionState(promos, subs[0], 1)
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
	kinds, finals := map[string]int{}, map[int]int{}
	for _, m := range ms {
		kinds[m.Kind]++
		if m.Kind == store.KindFinal {
			finals[m.League]++
		}
	}
	// the final settles both leagues with teams: 2 games a team, in games
	// of 2 (the top league's two teams: 2 games; Owls, alone in league 1,
	// against the league's boss: 1 game)
	if kinds[store.KindFinal] != 3 || finals[top.Number] != 2 || finals[1] != 1 || kinds[store.KindPromotion] != 3 || kinds[store.KindCasual] != 0 {
		t.Errorf("games recorded after the end: %v, final games by league %v; want the final's 2 in league %d and 1 in league 1, the test's 3, no casual one", kinds, finals, top.Number)
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
// Each sub-benchmark measures its own process's CPU: run them in turn
// (bench/all alternates them), not with -count, which runs all of one
// before the other on a machine whose load drifts.
//
// matches/min is the throughput; arena-cpu-ms/match the Arena process's
// CPU per match (referee and runner, plus in "platform" the web, the
// database and the queue), bots-cpu-ms/match the bots' (children), and
// arena-cpu-% the Arena process's share of all the CPU used. The
// platform's own cost is platform's arena-cpu-ms/match less direct's.

const benchBot = "#include <cstdio>\nint main(){ char b[65536]; while (fgets(b, sizeof b, stdin)) { puts(\"WAIT\"); fflush(stdout); } }\n"

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
		p, err := platform.Open(ctx, platformtest.DataDir(b))
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close()
		ev, invite, err := p.CreateEvent(ctx, "tracks", "Bench", nil)
		if err != nil {
			b.Fatal(err)
		}
		// Matches played are counted as their jobs end, not by asking the
		// database: the measure's own queries would count as the
		// platform's CPU.
		var played atomic.Int64
		p.Observe = func(job *rivertype.JobRow, _, _ time.Time) {
			if job.Kind == (queue.Match{}).Kind() {
				played.Add(1)
			}
		}
		// as arena serve --data runs it: its intervals are the defaults
		if err := p.StartJobs(ctx, worker.Options{Matches: runtime.NumCPU(), Build: build.Options{Unsafe: true}}); err != nil {
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
		ws := &web.Server{Replays: b.TempDir(), Platform: p.Handler(api.Options{})}
		ts := httptest.NewServer(ws.Handler())
		defer func() { ts.Close(); ws.Close() }()
		stopPages := make(chan struct{})
		defer close(stopPages)
		for _, token := range tokens[:2] { // two teams' pages open
			go func() {
				for {
					for _, path := range []string{"leaderboard", "matches"} {
						req, _ := http.NewRequest("GET", ts.URL+api.Prefix+path, nil)
						req.Header.Set("Authorization", "Bearer "+token)
						if resp, err := ts.Client().Do(req); err == nil {
							// read to its end, as a browser does, so that
							// the connection is kept: closing it unread
							// made the benchmark dial (and the server
							// accept) a connection every request
							io.Copy(io.Discard, resp.Body)
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
		for played.Load() == 0 {
			time.Sleep(20 * time.Millisecond)
		}
		start := played.Load()
		self0, child0 := cpuTimes()
		b.ResetTimer()
		for played.Load() < start+int64(b.N) {
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

// queuedKinds counts an event's match jobs not finished, by kind.
func queuedKinds(t *testing.T, p *platform.Platform, eventID int64) map[string]int {
	t.Helper()
	res, err := p.Jobs.Running().JobList(context.Background(), river.NewJobListParams().Kinds("match").First(10000).
		States(rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled, rivertype.JobStatePending))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, j := range res.Jobs {
		var a queue.Match
		if err := queue.Decode(j, &a); err != nil {
			t.Fatal(err)
		}
		if a.Event == eventID {
			out[a.MatchKind]++
		}
	}
	return out
}

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

// matchJobsListed is what schedule read before countMatchJobs: every
// unfinished match job listed through River and decoded. The test's
// reference and the benchmark's baseline.
func matchJobsListed(ctx context.Context, p *platform.Platform) (map[int64]int, map[int64]bool, error) {
	res, err := p.Jobs.Running().JobList(ctx, river.NewJobListParams().Kinds("match").First(10000).
		States(rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled, rivertype.JobStatePending))
	if err != nil {
		return nil, nil, err
	}
	busy, promoting := map[int64]int{}, map[int64]bool{}
	for _, j := range res.Jobs {
		var a queue.Match
		if err := queue.Decode(j, &a); err != nil {
			continue
		}
		if a.MatchKind == store.KindPromotion {
			for _, t := range a.Teams {
				promoting[t] = true
			}
			continue
		}
		busy[a.Event]++
	}
	return busy, promoting, nil
}

// TestMatchJobsAreCountedInTheDatabase: on both drivers, the scheduler's
// count of unfinished match jobs (by event, and the teams with a
// promotion game pending) is what listing them says: available and
// scheduled jobs count, a cancelled one and a build do not.
func TestMatchJobsAreCountedInTheDatabase(t *testing.T) {
	for _, driver := range []string{"sqlite", "postgres"} {
		t.Run(driver, func(t *testing.T) {
			ctx := context.Background()
			p := platformtest.OpenOn(t, driver)
			if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
				t.Fatal(err)
			}
			defer p.StopJobs(ctx)
			n := 0
			insert := func(a queue.Match, opts *river.InsertOpts) int64 {
				n++
				a.Key = fmt.Sprintf("k-%d", n)
				res, err := p.Jobs.Running().Insert(ctx, a, opts)
				if err != nil {
					t.Fatal(err)
				}
				return res.Job.ID
			}
			insert(queue.Match{Event: 1, Teams: []int64{1, 2}}, nil)
			insert(queue.Match{Event: 1, Teams: []int64{1, 3}}, nil)
			insert(queue.Match{Event: 1, MatchKind: store.KindFinal, Teams: []int64{2, 3}}, nil)
			insert(queue.Match{Event: 2, MatchKind: store.KindRanked, Teams: []int64{7, 8, 9, 10}}, nil)
			insert(queue.Match{Event: 2, MatchKind: store.KindCasual, Teams: []int64{7, 8}}, &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)})
			insert(queue.Match{Event: 3, MatchKind: store.KindPromotion, Teams: []int64{11, 0}}, nil)
			insert(queue.Match{Event: 3, MatchKind: store.KindPromotion, Teams: []int64{0, 12}}, nil)
			gone := insert(queue.Match{Event: 4, Teams: []int64{13, 14}}, nil)
			insert(queue.Match{Event: 4, MatchKind: store.KindPromotion, Teams: []int64{15, 0}}, nil)
			cancel := `UPDATE river_job SET state = 'cancelled', finalized_at = CURRENT_TIMESTAMP WHERE id = `
			var err error
			if driver == "sqlite" {
				_, err = platformtest.SQL(p).ExecContext(ctx, cancel+"?", gone)
			} else {
				_, err = p.Jobs.DB.(*postgres.DB).Pool().Exec(ctx, cancel+"$1", gone)
			}
			if err != nil {
				t.Fatal(err)
			}
			busy, promoting, err := p.CountMatchJobs(ctx)
			if err != nil {
				t.Fatal(err)
			}
			wantBusy := map[int64]int{1: 3, 2: 2}
			wantPromoting := map[int64]bool{0: true, 11: true, 12: true, 15: true}
			if !maps.Equal(busy, wantBusy) || !maps.Equal(promoting, wantPromoting) {
				t.Errorf("counted: busy %v, promoting %v; want %v, %v", busy, promoting, wantBusy, wantPromoting)
			}
			lb, lp, err := matchJobsListed(ctx, p)
			if err != nil || !maps.Equal(lb, busy) || !maps.Equal(lp, promoting) {
				t.Errorf("listed: busy %v, promoting %v (%v)", lb, lp, err)
			}
		})
	}
}

// BenchmarkMatchJobs: the start of a scheduler tick with 160 match jobs
// unfinished (10 events of 16 places), then 1,600, and 10 promotion games,
// on SQLite: listed through River and decoded (before) or counted by the
// database (now), timed side by side in the same loop.
func BenchmarkMatchJobs(b *testing.B) {
	for _, jobs := range []int{160, 1600} {
		b.Run(fmt.Sprint(jobs), func(b *testing.B) { benchmarkMatchJobs(b, jobs) })
	}
}

func benchmarkMatchJobs(b *testing.B, jobs int) {
	ctx := context.Background()
	p, err := platform.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		b.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for i := range jobs + 10 {
		a := queue.Match{Event: int64(1 + i%10), Key: fmt.Sprintf("k-%d", i), Seed: int64(i), Teams: []int64{int64(i), int64(i + 1), int64(i + 2), int64(i + 3)},
			Submissions: []int64{int64(i), int64(i + 1), int64(i + 2), int64(i + 3)}, Options: []string{"size=large", "players=4"}}
		if i >= jobs {
			a.MatchKind, a.Teams, a.Submissions = store.KindPromotion, []int64{int64(i), 0}, []int64{int64(i), 0}
		}
		if _, err := p.Jobs.Running().Insert(ctx, a, nil); err != nil {
			b.Fatal(err)
		}
	}
	var before, now time.Duration
	n := 0
	for b.Loop() {
		start := time.Now()
		lb, lp, err := matchJobsListed(ctx, p)
		before += time.Since(start)
		start = time.Now()
		cb, cp, err2 := p.CountMatchJobs(ctx)
		now += time.Since(start)
		if err != nil || err2 != nil || !maps.Equal(lb, cb) || !maps.Equal(lp, cp) || cb[1] != jobs/10 || len(cp) != 11 {
			b.Fatalf("%v %v / %v %v: %v %v", lb, lp, cb, cp, err, err2)
		}
		n++
	}
	b.ReportMetric(float64(before.Microseconds())/1000/float64(n), "listed-ms")
	b.ReportMetric(float64(now.Microseconds())/1000/float64(n), "counted-ms")
	b.ReportMetric(float64(before)/float64(now), "listed/counted")
}

// A bot that never answers a prompt never played: a rated match between
// two such bots is no result (no win for the seat the game ranked first),
// and one against a bot that played is lost, whatever the game said.
func TestABotThatNeverPlayedWinsNothing(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	if err := p.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	var teams []store.Team
	for _, name := range []string{"Owls", "Bats"} {
		tm, _, err := p.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "bot.py", []byte("import sys\nsys.stdin.readline()\nsys.exit(0)\n"))
		if err != nil {
			t.Fatal(err)
		}
		if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
			t.Fatalf("%+v", b)
		}
		tm.Active = s.ID
		teams = append(teams, tm)
	}
	owls, bats := teams[0], teams[1]
	both := queue.Match{Event: ev.ID, Key: "casual-none", Seed: 5, Teams: []int64{owls.ID, bats.ID}, Submissions: []int64{owls.Active, bats.Active}}
	house := queue.Match{Event: ev.ID, Key: "casual-house", Seed: 6, Teams: []int64{0, owls.ID}, Submissions: []int64{0, owls.Active}}
	for _, a := range []queue.Match{both, house} {
		if err := p.PlayMatch(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	ms, err := p.Store.Matches(ctx, ev.ID, 10)
	if err != nil {
		t.Fatal(err)
	}
	byKey := map[string]store.Match{}
	for _, m := range ms {
		byKey[m.Key] = m
	}
	if m := byKey["casual-none"]; m.Error != play.NoResult {
		t.Errorf("two bots that never played: recorded %+v, want the error %q", m, play.NoResult)
	}
	if m := byKey["casual-house"]; m.Error != "" || len(m.Ranks) != 2 || m.Ranks[0] != 1 || m.Ranks[1] != 2 {
		t.Errorf("a bot that never played against the house bot: recorded %+v, want the house first", m)
	}
	rs, err := p.Store.Ratings(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r := rs[owls.ID]; r.Wins != 0 || r.Games != 1 || r.Losses != 1 {
		t.Errorf("Owls: %+v, want one game lost (the house's)", r)
	}
	if r, ok := rs[bats.ID]; ok && (r.Wins != 0 || r.Games != 0) {
		t.Errorf("Bats: %+v, want no game", r)
	}
}
