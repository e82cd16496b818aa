package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/blitz"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
)

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
	tracks, invite, err := p.CreateEvent(ctx, "tracks", "Summer", nil)
	if err != nil {
		t.Fatal(err)
	}
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
	terr, tinvite, err := p.CreateEvent(ctx, "territory", "Ready", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Ants", "Bees", "Cats", "Dogs"} {
		join(tinvite, n)
	}
	if _, err := rounds.Start(ctx, p.FormatHost(), terr.ID, rounds.Round{Players: 4, At: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	// a third event, not started yet, with a team's bot
	later, linvite, err := p.CreateEvent(ctx, "tracks", "Autumn", nil)
	if err != nil {
		t.Fatal(err)
	}
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
