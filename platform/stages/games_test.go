package stages_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/format/blitz/blitztest"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/codinsa/codinsatest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// startWorker runs an arena worker on a data directory (another
// Platform, the jobs lock free) until the test ends, and returns it. The
// time scale is patient: a busy machine must not turn a slow answer into
// a timeout.
func startWorker(t *testing.T, dir string) *platform.Platform {
	t.Helper()
	ctx := context.Background()
	w, err := platform.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.StartJobs(ctx, worker.Options{Role: worker.RoleWorker, Matches: 3, PollInterval: 50 * time.Millisecond, TimeScale: 10}); err != nil {
		w.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { w.StopJobs(ctx); w.Close() })
	return w
}

// The Blitz ranked rounds and finals are match jobs that an arena worker
// plays, not the scheduling process: the server's clock (here a Platform
// that runs no match jobs) queues a ranked round's games, and once the
// worker has recorded them moves the ranking; then two events' finals
// are asked for, and the clock's first look queues the first stage of
// both (neither waits for the other); the scheduler is restarted in the
// middle (a new Platform on the same data directory): no game is queued
// twice or lost, and both finals end, their brackets and standings
// computed from the recorded games. Every match job was played by the
// worker alone.
func TestBlitzRoundsAndFinalsArePlayedByWorkers(t *testing.T) {
	p, ev1, _, _, _ := blitztest.Setup4(t)
	ctx := context.Background()
	// a second Blitz event, two still bots
	settings := store.DefaultSettings()
	settings.Maps = []string{"clearing"}
	ev2, invite2, err := p.CreateEventWith(ctx, "jungle", "Blitz bis", []string{"nb_ticks=60"}, settings)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Still-X", "Still-Y"} {
		tm, _, err := p.Join(ctx, invite2, n)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "still.py", []byte(blitztest.StillBot))
		if err != nil {
			t.Fatal(err)
		}
		if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
			t.Fatalf("%+v", b)
		}
	}
	p.StopJobs(ctx) // the builds are done: the worker takes the jobs
	look := func(s *platform.Platform) { s.Tick(ctx, time.Now()) }
	until := func(s *platform.Platform, what string, done func() bool) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Minute)
		for !done() {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not after 5 minutes", what)
			}
			look(s)
			time.Sleep(100 * time.Millisecond)
		}
	}

	// a ranked round, asked for: queued by the clock, played by nobody yet
	if err := blitz.AskRound(ctx, p.FormatHost(), ev1.ID); err != nil {
		t.Fatal(err)
	}
	look(p)
	look(p)
	if ms, _ := p.Store.Matches(ctx, ev1.ID, 100); len(ms) != 0 {
		t.Fatalf("the scheduling process played %d games", len(ms))
	}
	if jobs := platformtest.MatchJobs(t, p); len(jobs) != 1 { // groups of 4 (the default size): one game
		t.Fatalf("%d match jobs for the round, want 1", len(jobs))
	}
	w := startWorker(t, p.Dir)
	until(p, "the ranked round", func() bool {
		b, err := blitz.Status(ctx, p.FormatHost(), ev1.ID)
		return err == nil && len(b.Rounds) == 1
	})
	b, _ := blitz.Status(ctx, p.FormatHost(), ev1.ID)
	if len(b.Ranking) != 4 || b.Rounds[0].Groups == nil {
		t.Fatalf("after the round: %+v", b)
	}

	// both finals at once
	if err := blitz.AskFinal(ctx, p.FormatHost(), ev1.ID, 2); err != nil {
		t.Fatal(err)
	}
	if err := blitz.AskFinal(ctx, p.FormatHost(), ev2.ID, 2); err != nil {
		t.Fatal(err)
	}
	look(p)
	queued := map[int64]int{}
	for _, j := range platformtest.MatchJobs(t, p) {
		var a queue.Match
		if err := queue.Decode(j, &a); err != nil {
			t.Fatal(err)
		}
		if a.MatchKind == store.KindFinal {
			queued[a.Event]++
		}
	}
	if queued[ev1.ID] == 0 || queued[ev2.ID] == 0 {
		t.Fatalf("final games queued by event after the first look: %v (both finals must start)", queued)
	}
	// the scheduler restarts once some final game is recorded
	until(p, "a final game", func() bool {
		recs, _ := p.Store.MatchesOfKind(ctx, ev1.ID, store.KindFinal)
		return len(recs) > 0
	})
	p.Close()
	s, err := platform.Open(ctx, p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	finals := func() (*blitz.Final, *blitz.Final) {
		f1, _ := blitz.ReadFinal(ctx, s.FormatHost(), ev1.ID)
		f2, _ := blitz.ReadFinal(ctx, s.FormatHost(), ev2.ID)
		return f1, f2
	}
	until(s, "both finals", func() bool {
		f1, f2 := finals()
		return f1 != nil && f2 != nil && f1.Done && f2.Done
	})
	f1, f2 := finals()
	for i, f := range []*blitz.Final{f1, f2} {
		if len(f.Standings) != len(f.Teams) || len(f.Rounds) == 0 || f.Rounds[len(f.Rounds)-1].Name != "grand final" {
			t.Errorf("final %d: %+v", i+1, f)
		}
	}
	if len(f1.Teams) != 4 || len(f2.Teams) != 2 || !slices.Equal(f1.Teams, b.Ranking) {
		t.Errorf("seeds %v and %v (ranking %v)", f1.Teams, f2.Teams, b.Ranking)
	}
	// every game once: a job per recorded game, a record per job, all the
	// worker's
	jobs := platformtest.MatchJobs(t, s)
	keys := map[string]bool{}
	for _, j := range jobs {
		var a queue.Match
		queue.Decode(j, &a)
		if keys[a.Key] {
			t.Errorf("game %s queued twice", a.Key)
		}
		keys[a.Key] = true
		if !slices.Equal(j.AttemptedBy, []string{w.WorkerID()}) {
			t.Errorf("game %s played by %v, not by the worker alone", a.Key, j.AttemptedBy)
		}
	}
	recorded := 0
	for _, ev := range []store.Event{ev1, ev2} {
		ms, _ := s.Store.Matches(ctx, ev.ID, 100)
		for _, m := range ms {
			if !keys[m.Key] {
				t.Errorf("game %s recorded without a job", m.Key)
			}
		}
		recorded += len(ms)
	}
	if recorded != len(jobs) || len(f1.Played)+len(f2.Played)+1 != recorded {
		t.Errorf("%d jobs, %d games recorded, %d + %d final games and 1 ranked", len(jobs), recorded, len(f1.Played), len(f2.Played))
	}

	// the first final played again without a restart (an event of its
	// own, begun with the same seeds, submissions and seed) gives the same
	// games, as far as their results do not rest on the bots' response
	// times (jungle's last tie-break, which a busy machine moves)
	again, _, err := s.CreateEventWith(ctx, "jungle", "Blitz again", []string{"nb_ticks=60"}, ev1.Settings)
	if err != nil {
		t.Fatal(err)
	}
	begun := blitz.Final{Teams: f1.Teams, Names: f1.Names, Submissions: f1.Submissions, Seed: f1.Seed, Size: f1.Size, Played: map[int]blitz.FinalGame{}}
	if err := store.WriteState(ctx, s.Store, again.ID, blitz.FinalDoc, begun); err != nil {
		t.Fatal(err)
	}
	f3, err := blitz.PlayFinal(ctx, s.FormatHost(), again.ID, f1.Size) // queued for the worker, which plays it through
	if err != nil || !f3.Done {
		t.Fatalf("the final again: %+v %v", f3, err)
	}
	compared := sameFinalGames(t, f1, f3)
	t.Logf("%d of the final's %d games compared", compared, len(f1.Played))
	if compared == len(f1.Played) && fmt.Sprint(f1.Standings) != fmt.Sprint(f3.Standings) {
		t.Errorf("the standings: %v, without the restart %v", f1.Standings, f3.Standings)
	}
	if compared == 0 {
		t.Log("every game of the final rested on response times: none compared")
	}
}

// sameFinalGames compares two runs of a Blitz final game by game, in the
// order they were played, up to the first one whose ranking rests on the
// bots' response times in either run (its result may differ, and the
// bracket after it), and returns how many it compared.
func sameFinalGames(t *testing.T, a, b *blitz.Final) int {
	t.Helper()
	n := 0
	for _, i := range slices.Sorted(maps.Keys(a.Played)) {
		ga, gb := a.Played[i], b.Played[i]
		if onResponseTimes(ga.Result) || onResponseTimes(gb.Result) {
			t.Logf("game %d of the final rests on response times: compared up to it", i+1)
			break
		}
		if !slices.Equal(ga.Teams, gb.Teams) || fmt.Sprint(ranksAndScores(ga.Result)) != fmt.Sprint(ranksAndScores(gb.Result)) {
			t.Errorf("game %d: %v %v, without the restart %v %v", i+1, ga.Teams, ranksAndScores(ga.Result), gb.Teams, ranksAndScores(gb.Result))
		}
		n++
	}
	return n
}

// onResponseTimes: two players of a jungle game tie on score, pending
// points and deaths, and only their response times (or their seats) rank
// them.
func onResponseTimes(r *replay.Result) bool {
	if r == nil {
		return true
	}
	type key struct{ score, pending, deaths string }
	seen := map[key]bool{}
	for _, p := range r.Players {
		k := key{fmt.Sprint(p.Score), fmt.Sprint(p.Stats["pendingPoints"]), fmt.Sprint(p.Stats["deaths"])}
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

func ranksAndScores(r *replay.Result) [][2]float64 {
	var out [][2]float64
	for _, p := range r.Players {
		out = append(out, [2]float64{float64(p.Rank), p.Score})
	}
	return out
}

// arena event roundrobin on a data directory whose server runs (it holds
// the jobs lock): the command plays no game itself but queues them, and
// the server's match workers play them while the command waits; the
// command then prints the same final as when it plays alone.
func TestACommandFinalIsPlayedByTheRunningServer(t *testing.T) {
	p, _, ev := codinsatest.Ready(t, true)
	ctx := context.Background()
	p.StopJobs(ctx) // the builds are done; the server below runs the jobs
	srv, err := platform.Open(ctx, p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if err := srv.StartJobs(ctx, worker.Options{Matches: 3, PollInterval: 50 * time.Millisecond, TimeScale: 10, ScheduleEvery: time.Hour}); err != nil {
		t.Fatal(err)
	}
	defer srv.StopJobs(ctx)
	f, err := codinsa.PlayFinal(ctx, p.FormatHost(), ev.ID, codinsa.FinalOptions{Seed: 7, TimeScale: 10})
	if err != nil || !f.Done || len(f.Standings) != 3 || len(f.Matches) != 3 {
		t.Fatalf("the final: %+v %v", f, err)
	}
	// the command plays no job (it runs no queue): each final game was a
	// job, played once, by the server's one client
	finals, by := 0, map[string]bool{}
	for _, j := range platformtest.MatchJobs(t, p) {
		var a queue.Match
		if err := queue.Decode(j, &a); err != nil {
			t.Fatal(err)
		}
		if a.MatchKind != store.KindFinal {
			continue
		}
		finals++
		if len(j.AttemptedBy) != 1 || j.State != rivertype.JobStateCompleted {
			t.Errorf("game %s: %s, attempted by %v", a.Key, j.State, j.AttemptedBy)
		}
		for _, w := range j.AttemptedBy {
			by[w] = true
		}
	}
	if len(by) != 1 {
		t.Errorf("final games played by %v: the server's client alone expected", by)
	}
	if finals != 9 {
		t.Errorf("%d final games queued, want 9", finals)
	}
}

// On PostgreSQL, with arena serve (worker.RoleServer: it only queues) and an
// arena worker on another machine (its own data directory: no maps/, no
// builds, no uploads): the worker builds the bots, plays a Blitz ranked
// round drawn on a map file of the server's DIR/maps/ (carried in the
// job) and the Cod'INSA final's games (the map and spawn pack, with the
// secret set, carried in the jobs); the server's clock moves the ranking
// and computes the table from the recorded games. A casual game the
// server schedules carries its map file too.
func TestFormatsOnPostgresArePlayedByAWorker(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	url := pgtest.URL(t)
	srv := platformtest.OpenDB(t, url)
	jmap, err := os.ReadFile("../../games/jungle/maps/clearing.jmap")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(srv.MapsDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(srv.MapsDir(), "organiser.jmap"), jmap, 0o644); err != nil {
		t.Fatal(err)
	}
	settings := store.DefaultSettings()
	settings.Maps = []string{"organiser.jmap"}
	blitzEv, blitzInvite, err := srv.CreateEventWith(ctx, "jungle", "Blitz", []string{"nb_ticks=40"}, settings)
	if err != nil {
		t.Fatal(err)
	}
	codinsaEv, codinsaInvite := platformtest.Event(t, srv, "catmouse", "Cod'INSA", "maxturns=12")
	if err := srv.StartJobs(ctx, worker.Options{Role: worker.RoleServer}); err != nil { // the clock is called below
		t.Fatal(err)
	}
	defer srv.StopJobs(ctx)
	var subs []int64
	for i, n := range []string{"Owls", "Bats"} {
		for _, e := range []struct {
			invite, file, code string
		}{{blitzInvite, "still.py", blitztest.StillBot}, {codinsaInvite, "still.py", codinsatest.StillBot}} {
			tm, _, err := srv.Join(ctx, e.invite, n)
			if err != nil {
				t.Fatal(err)
			}
			s, err := srv.Submit(ctx, tm, e.file, []byte(e.code))
			if err != nil {
				t.Fatal(i, err)
			}
			subs = append(subs, s.ID)
		}
	}
	w := platformtest.OpenDB(t, url)
	if err := w.StartJobs(ctx, worker.Options{Role: worker.RoleWorker, Matches: 3, Cores: 2, Heartbeat: time.Second,
		PollInterval: 50 * time.Millisecond, TimeScale: 10}); err != nil {
		t.Fatal(err)
	}
	defer w.StopJobs(ctx)
	for _, id := range subs {
		if b := platformtest.WaitBuilt(t, srv, id); b.Status != store.StatusReady {
			log, _ := srv.Store.BuildLog(ctx, id)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	if err := blitz.AskRound(ctx, srv.FormatHost(), blitzEv.ID); err != nil {
		t.Fatal(err)
	}
	if err := codinsa.PublishSpawns(ctx, srv.FormatHost(), codinsaEv.ID, "", codinsatest.Set0, codinsatest.Secret); err != nil {
		t.Fatal(err)
	}
	if err := codinsa.CloseSpawnVote(ctx, srv.FormatHost(), codinsaEv.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := codinsa.AskFinal(ctx, srv.FormatHost(), codinsaEv.ID, 7); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Minute)
	for {
		srv.Tick(ctx, time.Now())
		b, err := blitz.Status(ctx, srv.FormatHost(), blitzEv.ID)
		if err != nil {
			t.Fatal(err)
		}
		f, err := codinsa.Standing(ctx, srv.FormatHost(), codinsaEv.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Rounds) == 1 && f.Done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 5 minutes: blitz %+v, final %+v", b, f)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// a casual game of the Blitz event, scheduled by the server: its map
	// file travels in its job too
	if n, err := srv.Schedule(ctx, 1); err != nil || n == 0 {
		t.Fatalf("casual games queued: %d, %v", n, err)
	}
	for {
		ms, _ := srv.Store.MatchesOfKind(ctx, blitzEv.ID, store.KindCasual)
		if len(ms) > 0 {
			if ms[0].Error != "" || ms[0].Map != "organiser.jmap" {
				t.Errorf("casual game %s on %q: %s", ms[0].Key, ms[0].Map, ms[0].Error)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no casual game after 5 minutes")
		}
		time.Sleep(50 * time.Millisecond)
	}
	f, _ := codinsa.Standing(ctx, srv.FormatHost(), codinsaEv.ID)
	if len(f.Standings) != 2 || len(f.Matches) != 1 || len(f.Matches[0].Games) != 3 {
		t.Errorf("the final: %+v", f)
	}
	for _, ev := range []store.Event{blitzEv, codinsaEv} {
		ms, _ := srv.Store.Matches(ctx, ev.ID, 100)
		kind := map[int64]string{blitzEv.ID: store.KindRanked, codinsaEv.ID: store.KindFinal}[ev.ID]
		n := 0
		for _, m := range ms {
			if m.Kind != kind {
				continue
			}
			n++
			if m.Error != "" {
				t.Errorf("%s game %s: %s", ev.Game, m.Key, m.Error)
			}
			if ev.ID == blitzEv.ID && m.Map != "organiser.jmap" {
				t.Errorf("ranked game %s on map %q", m.Key, m.Map)
			}
		}
		if want := map[int64]int{blitzEv.ID: 1, codinsaEv.ID: 3}[ev.ID]; n != want {
			t.Errorf("%s: %d games recorded, want %d", ev.Game, n, want)
		}
	}
	if _, err := os.Stat(w.MapsDir()); err == nil {
		t.Error("the worker has a maps/ folder: the test proves nothing")
	}
	for _, j := range platformtest.MatchJobs(t, srv) {
		if j.State == rivertype.JobStateCompleted && !slices.Equal(j.AttemptedBy, []string{w.WorkerID()}) {
			t.Errorf("job %d played by %v, not by the worker", j.ID, j.AttemptedBy)
		}
	}
}

// A format's game the arena cannot play (here: a submission that does not
// exist) is the job's error, to be tried again, and is not recorded: a
// recorded game would be final and stop the round or final for good. A
// casual game that fails is recorded with its error, as before.
func TestAFormatGameTheArenaCannotPlayIsNotRecorded(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "jungle", "Blitz")
	a, _, _ := p.Join(ctx, invite, "Owls")
	b, _, _ := p.Join(ctx, invite, "Bats")
	game := queue.Match{Event: ev.ID, Key: "final-1-1", Seed: 1, Teams: []int64{a.ID, b.ID}, Submissions: []int64{998, 999},
		MatchKind: store.KindFinal, Unrated: true, Format: true}
	if err := p.PlayMatch(ctx, game); err == nil {
		t.Error("no error for a format's game that could not be played")
	}
	casual := game
	casual.Key, casual.MatchKind, casual.Unrated, casual.Format = "casual-1-1", "", false, false
	if err := p.PlayMatch(ctx, casual); err != nil {
		t.Errorf("a casual game that could not be played: %v (recorded with its error)", err)
	}
	ms, _ := p.Store.Matches(ctx, ev.ID, 10)
	if len(ms) != 1 || ms[0].Key != "casual-1-1" || ms[0].Error == "" {
		t.Errorf("recorded %+v: the casual game alone, with its error", ms)
	}
}

// BenchmarkBlitzFinalLook: one look of the server's clock at a Blitz
// final of 16 teams whose first round (4 games) is recorded, in an event
// with 20,000 casual games: the format replayed on the recorded games,
// the second round's games found. "every-match" reads the records as the
// first version did (every match of the event, then the final's kept);
// "of-kind" reads the final's games only (Store.MatchesOfKind). Same run,
// same data: compare the two.
func BenchmarkBlitzFinalLook(b *testing.B) {
	ctx := context.Background()
	p, err := platform.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	ev, invite, err := p.CreateEvent(ctx, "jungle", "Blitz", nil)
	if err != nil {
		b.Fatal(err)
	}
	f := &blitz.Final{Seed: 1, Size: 4, Played: map[int]blitz.FinalGame{}}
	for i := range 16 {
		tm, _, err := p.Join(ctx, invite, fmt.Sprintf("team%d", i))
		if err != nil {
			b.Fatal(err)
		}
		f.Teams, f.Names, f.Submissions = append(f.Teams, tm.ID), append(f.Names, tm.Name), append(f.Submissions, 0)
	}
	for i := range 20000 {
		m := store.Match{EventID: ev.ID, Key: fmt.Sprintf("casual-%d", i), Kind: store.KindCasual, Seed: int64(i),
			Teams: f.Teams[:2], Submissions: []int64{0, 0}, Ranks: []int{1, 2}}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			b.Fatal(err)
		}
	}
	// the first round of the elimination: 4 games of 4, recorded
	run := func() format.Run {
		return blitz.Run(ctx, p.FormatHost(), ev, f.Teams, f.Names, f.Submissions, f.Seed, store.KindFinal, 1,
			func(j tournament.Job) string { return fmt.Sprintf("final-%d-%d", ev.ID, j.Index+1) },
			func(tournament.Job) *replay.Result { return nil }, func(tournament.Job, *replay.Result) {},
			func(s tournament.Setup) (*tournament.Outcome, error) {
				return tournament.Elimination{Setup: s, Size: 4, Advance: 2, Final: 2, BestOf: 1, FinalBestOf: 3}.Play(ctx)
			})
	}
	pl, err := run().Plan()
	if err != nil || len(pl.Pending) != 4 {
		b.Fatalf("first round: %+v %v", pl, err)
	}
	for _, g := range pl.Pending {
		rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "jungle", Result: &replay.Result{}}
		for s := range g.Args.Teams {
			rep.Result.Players = append(rep.Result.Players, replay.PlayerResult{PlayerResult: game.PlayerResult{Rank: s + 1}})
		}
		if err := p.Replays.Put(g.Args.Key, rep); err != nil {
			b.Fatal(err)
		}
		m := store.Match{EventID: ev.ID, Key: g.Args.Key, Kind: store.KindFinal, Round: 1, Seed: g.Args.Seed,
			Teams: g.Args.Teams, Submissions: g.Args.Submissions, Ranks: []int{1, 2, 3, 4}}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			b.Fatal(err)
		}
	}
	look := func(b *testing.B) {
		for b.Loop() {
			pl, err := run().Plan()
			if err != nil || len(pl.Pending) != 2 {
				b.Fatalf("second round: %d games, %v", len(pl.Pending), err)
			}
		}
	}
	plain := p.Store
	b.Run("every-match", func(b *testing.B) {
		p.Store = platformtest.LoadEveryMatch{Store: plain}
		defer func() { p.Store = plain }()
		look(b)
	})
	b.Run("of-kind", look)
}

// TestBlitzRoundsStopAtTheEnd: a Blitz schedule (hourly from Friday 18:00)
// in an event that ends at 20:30, on the test's clock: rounds 1 and 2
// play; round 3, due at 20:00 but not begun by 20:30 (the server down),
// never starts, nor any later one, and the Blitz document's next_round
// says none from the end on; a round the organiser asks after the end
// plays (their choice), and so does the final, which no due round holds
// back.
func TestBlitzRoundsStopAtTheEnd(t *testing.T) {
	p, ev, _, _, _ := blitztest.Setup4(t)
	ctx := context.Background()
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	end := friday.Add(2*time.Hour + 30*time.Minute)
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.End = end })
	clock := &platformtest.Clock{T: friday.Add(-time.Hour)}
	ts := platformtest.Server(t, p, clock)
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orgPath := fmt.Sprintf("%sorganiser/events/%d/blitz", api.Prefix, ev.ID)
	post := func(rest, body string, want int) {
		t.Helper()
		if code, got := platformtest.Call(t, ts, "POST", orgPath+rest, org, "application/json", []byte(body)); code != want {
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
		clock.Set(at)
		code, body := platformtest.Call(t, ts, "GET", orgPath, org, "", nil)
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
