// Package storetest is the conformance suite of the platform's store: the
// behaviour every driver (sqlite, postgres) must have, written once. A
// driver's tests call Run with a function that makes an empty database.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// Opener opens a test's database. A test may close it and call the
// opener again: the data are kept.
type Opener func(t *testing.T) store.Store

// Run runs every conformance test; fresh makes a new, empty database for
// one test and returns its opener.
func Run(t *testing.T, fresh func(t *testing.T) Opener) {
	for _, tc := range []struct {
		name string
		f    func(*testing.T, Opener)
	}{
		{"EventsTeamsSubmissionsSurviveAReopen", eventsTeamsSubmissionsSurviveAReopen},
		{"TheLastReadyBuildIsActive", theLastReadyBuildIsActive},
		{"ADraftIsNeverMadeActiveByItsBuild", aDraftIsNeverMadeActiveByItsBuild},
		{"AMatchIsRecordedOnceWithItsRatings", aMatchIsRecordedOnceWithItsRatings},
		{"ConcurrentMatchesRateInIDOrder", concurrentMatchesRateInIDOrder},
		{"EventFormatFields", eventFormatFields},
		{"EventState", eventState},
		{"EventSettings", eventSettings},
		{"Organiser", organiser},
		{"TeamMembers", teamMembers},
		{"ATeamIsSuspendedAndLetBack", aTeamIsSuspendedAndLetBack},
		{"NewInvite", newInvite},
		{"RecordMatchTxRunsThenInItsTransaction", recordMatchTxRunsThenInItsTransaction},
		{"Files", files},
		{"Heartbeats", heartbeats},
		{"MatchesCountedByKind", matchesCountedByKind},
		{"MatchJobsAreCounted", matchJobsAreCounted},
		{"AJobCompletesInTheStoresTransaction", aJobCompletesInTheStoresTransaction},
		{"RunningJobsAreQueuedAgain", runningJobsAreQueuedAgain},
		{"OneLeadAtATime", oneLeadAtATime},
		{"TestGamesAreKeptApart", testGamesAreKeptApart},
		{"BuildsAreFoundByTree", buildsAreFoundByTree},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.f(t, fresh(t)) })
	}
	t.Run("AnEventMovesWhole", func(t *testing.T) { anEventMovesWhole(t, fresh(t), fresh(t)) })
}

// openOnce opens the database and closes it when the test ends.
func openOnce(t *testing.T, open Opener) store.Store {
	db := open(t)
	t.Cleanup(func() { db.Close() })
	return db
}

// must returns v, or ends the test on err: must(f())(t).
func must[T any](v T, err error) func(t *testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func newEvent(t *testing.T, db store.Store, name string) store.Event {
	t.Helper()
	_, k, h := store.NewSecret("invite")
	return must(db.CreateEvent(context.Background(), store.Event{Game: "tracks", Name: name}, k, h))(t)
}

func newTeam(t *testing.T, db store.Store, ev int64, name string) store.Team {
	t.Helper()
	_, k, h := store.NewSecret("team")
	return must(db.CreateTeam(context.Background(), store.Team{EventID: ev, Name: name}, k, h))(t)
}

func eventsTeamsSubmissionsSurviveAReopen(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t)
	_, ikey, ihash := store.NewSecret("invite")
	ev, err := db.CreateEvent(ctx, store.Event{Game: "tracks", Name: "Spring", Options: map[string]string{"league": "2"}}, ikey, ihash)
	if err != nil {
		t.Fatal(err)
	}
	_, tkey, thash := store.NewSecret("team")
	team, err := db.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: "Owls"}, tkey, thash)
	if err != nil {
		t.Fatal(err)
	}
	_, k2, h2 := store.NewSecret("team")
	if _, err := db.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: "Owls"}, k2, h2); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a second team named Owls: %v, want ErrConflict", err)
	}
	sub, err := db.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: "bot.zip"})
	if err != nil || sub.Status != store.StatusQueued {
		t.Fatalf("%+v %v", sub, err)
	}
	if err := db.SetBuildStatus(ctx, sub.ID, store.StatusBuilding); err != nil {
		t.Fatal(err)
	}
	if ids, err := db.Unbuilt(ctx); err != nil || !slices.Equal(ids, []int64{sub.ID}) {
		t.Fatalf("unbuilt %v %v", ids, err)
	}
	if err := db.FinishBuild(ctx, sub.ID, store.StatusFailed, "cpp", "exited with status 1", []byte("bot.cpp:1: error")); err != nil {
		t.Fatal(err)
	}
	if err := db.SetBuildStatus(ctx, 999, store.StatusBuilding); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown submission: %v", err)
	}
	if err := db.FinishBuild(ctx, 999, store.StatusFailed, "", "", nil); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("finishing an unknown submission: %v", err)
	}
	db.Close()

	db = openOnce(t, open) // the migrations do not run twice
	evs, err := db.Events(ctx)
	if err != nil || len(evs) != 1 || evs[0].Name != "Spring" || evs[0].Options["league"] != "2" || evs[0].Created.IsZero() {
		t.Fatalf("events %+v %v", evs, err)
	}
	if e, err := db.Event(ctx, ev.ID); err != nil || e.Name != "Spring" {
		t.Fatalf("Event: %+v %v", e, err)
	}
	if _, err := db.Event(ctx, 999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown event: %v", err)
	}
	e, h, err := db.EventByInvite(ctx, ikey)
	if err != nil || e.ID != ev.ID || !store.SameHash(h, ihash) {
		t.Fatalf("EventByInvite: %+v %v", e, err)
	}
	if _, _, err := db.EventByInvite(ctx, "0000000000000000"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown invite: %v", err)
	}
	tm, h, err := db.TeamByToken(ctx, tkey)
	if err != nil || tm.ID != team.ID || tm.Name != "Owls" || tm.EventID != ev.ID || !store.SameHash(h, thash) {
		t.Fatalf("TeamByToken: %+v %v", tm, err)
	}
	if _, _, err := db.TeamByToken(ctx, "0000000000000000"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown token: %v", err)
	}
	if _, err := db.Team(ctx, 999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown team: %v", err)
	}
	subs, err := db.Submissions(ctx, team.ID)
	if err != nil || len(subs) != 1 || subs[0].Status != store.StatusFailed || subs[0].Language != "cpp" ||
		subs[0].Error != "exited with status 1" || subs[0].Built.IsZero() || subs[0].Filename != "bot.zip" {
		t.Fatalf("submissions %+v %v", subs, err)
	}
	if _, err := db.Submission(ctx, 999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown submission: %v", err)
	}
	log, err := db.BuildLog(ctx, sub.ID)
	if err != nil || string(log) != "bot.cpp:1: error" {
		t.Fatalf("log %q %v", log, err)
	}
	if ids, err := db.Unbuilt(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("unbuilt after the build %v %v", ids, err)
	}
}

func theLastReadyBuildIsActive(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev := newEvent(t, db, "x")
	team := newTeam(t, db, ev.ID, "Owls")
	var ids []int64
	for _, status := range []string{store.StatusReady, store.StatusReady, store.StatusFailed} {
		s := must(db.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: "bot.py"}))(t)
		if err := db.FinishBuild(ctx, s.ID, status, "python", "", nil); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID)
	}
	if got, _ := db.Team(ctx, team.ID); got.Active != ids[1] {
		t.Fatalf("active %d, want the last ready build %d", got.Active, ids[1])
	}
	if err := db.Activate(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Team(ctx, team.ID); got.Active != ids[0] {
		t.Fatalf("active %d after re-activating %d", got.Active, ids[0])
	}
	if err := db.Activate(ctx, ids[2]); !errors.Is(err, store.ErrNotReady) {
		t.Fatalf("activating a failed build: %v", err)
	}
	if err := db.Activate(ctx, 999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("activating nothing: %v", err)
	}
	if subs, _ := db.Submissions(ctx, team.ID); len(subs) != 3 || subs[0].ID != ids[2] {
		t.Fatalf("submissions, newest first: %+v", subs)
	}
	aNewSubmissionIsANewPlayer(t, db, ev, team, ids[0])
}

// aDraftIsNeverMadeActiveByItsBuild: a draft's ready build leaves the
// active submission as it was; the draft is read back as one, and
// Activate still makes it active.
func aDraftIsNeverMadeActiveByItsBuild(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev := newEvent(t, db, "x")
	team := newTeam(t, db, ev.ID, "Owls")
	first := must(db.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: "bot.py"}))(t)
	if err := db.FinishBuild(ctx, first.ID, store.StatusReady, "python", "", nil); err != nil {
		t.Fatal(err)
	}
	draft := must(db.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: "bot.py", Draft: true}))(t)
	if err := db.FinishBuild(ctx, draft.ID, store.StatusReady, "python", "", nil); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Team(ctx, team.ID); got.Active != first.ID {
		t.Fatalf("active %d after a draft's build, want %d still", got.Active, first.ID)
	}
	if s, err := db.Submission(ctx, draft.ID); err != nil || !s.Draft || s.Status != store.StatusReady {
		t.Fatalf("the draft read back: %+v %v", s, err)
	}
	if s, err := db.Submission(ctx, first.ID); err != nil || s.Draft {
		t.Fatalf("an upload read back as a draft: %+v %v", s, err)
	}
	if err := db.Activate(ctx, draft.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Team(ctx, team.ID); got.Active != draft.ID {
		t.Fatalf("active %d after activating the draft %d", got.Active, draft.ID)
	}
}

// aNewSubmissionIsANewPlayer: a team's rating starts again when another
// of its submissions becomes active (by its build or by Activate), and
// stays when the active one is activated again.
func aNewSubmissionIsANewPlayer(t *testing.T, db store.Store, ev store.Event, team store.Team, active int64) {
	t.Helper()
	ctx := context.Background()
	rated := func(key string) {
		t.Helper()
		m := store.Match{EventID: ev.ID, Key: key, Kind: store.KindCasual, Teams: []int64{team.ID, 0}, Submissions: []int64{active, 0}, Ranks: []int{1, 2}}
		rate := func(cur map[int64]store.Rating) []store.Rating {
			r := cur[team.ID]
			r.TeamID, r.Mu, r.Sigma, r.Games, r.Wins = team.ID, 30, 5, r.Games+1, r.Wins+1
			return []store.Rating{r}
		}
		if _, err := db.RecordMatch(ctx, m, rate); err != nil {
			t.Fatal(err)
		}
	}
	games := func() int {
		rs, err := db.Ratings(ctx, ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		return rs[team.ID].Games
	}
	rated("new-player-1")
	if err := db.Activate(ctx, active); err != nil || games() != 1 {
		t.Fatalf("the active submission activated again: %d games, %v; want its rating kept", games(), err)
	}
	next := must(db.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: "bot.py"}))(t)
	if err := db.FinishBuild(ctx, next.ID, store.StatusReady, "python", "", nil); err != nil || games() != 0 {
		t.Fatalf("a new ready build: %d games, %v; want the rating started again", games(), err)
	}
	active = next.ID
	rated("new-player-2")
	rated("new-player-3")
	subs, _ := db.Submissions(ctx, team.ID)
	if err := db.Activate(ctx, subs[len(subs)-1].ID); err != nil || games() != 0 {
		t.Fatalf("an older submission activated: %d games, %v; want the rating started again", games(), err)
	}
}

func aMatchIsRecordedOnceWithItsRatings(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev := newEvent(t, db, "x")
	var ids []int64
	for _, n := range []string{"Owls", "Bats"} {
		ids = append(ids, newTeam(t, db, ev.ID, n).ID)
	}
	calls := 0
	rate := func(cur map[int64]store.Rating) []store.Rating {
		calls++
		var out []store.Rating
		for _, id := range ids {
			r := cur[id]
			r.TeamID, r.Mu, r.Sigma = id, r.Mu+1, 8
			r.Games++
			out = append(out, r)
		}
		return out
	}
	m := store.Match{EventID: ev.ID, Key: "job-1", Seed: 7, Teams: ids, Submissions: []int64{0, 0}, Ranks: []int{1, 2}}
	for i := range 2 { // the second is a retried job: nothing changes
		if ok, err := db.RecordMatch(ctx, m, rate); err != nil || ok != (i == 0) {
			t.Fatal(i, ok, err)
		}
	}
	m.Key = "job-2"
	if ok, err := db.RecordMatch(ctx, m, rate); !ok || err != nil {
		t.Fatal(ok, err)
	}
	failed := store.Match{EventID: ev.ID, Key: "job-3", Teams: ids, Submissions: []int64{0, 0}, Error: "a bot could not start"}
	if ok, err := db.RecordMatch(ctx, failed, rate); !ok || err != nil {
		t.Fatal(ok, err)
	}
	if calls != 2 {
		t.Fatalf("ratings computed %d times for 2 rated matches", calls)
	}
	rs, err := db.Ratings(ctx, ev.ID)
	if err != nil || rs[ids[0]].Games != 2 || rs[ids[0]].Mu != 2 || rs[ids[0]].Sigma != 8 || len(rs) != 2 {
		t.Fatalf("%+v %v", rs, err)
	}
	ms, err := db.Matches(ctx, ev.ID, 10)
	if err != nil || len(ms) != 3 || ms[0].Error == "" || ms[2].Ranks[1] != 2 || ms[2].Teams[1] != ids[1] ||
		ms[2].Seed != 7 || ms[2].Key != "job-1" || ms[2].Played.IsZero() || len(ms[2].Submissions) != 2 {
		t.Fatalf("%+v %v", ms, err)
	}
	if ms, _ := db.Matches(ctx, ev.ID, 1); len(ms) != 1 || ms[0].Key != "job-3" {
		t.Fatalf("the newest match: %+v", ms)
	}
	if ts, _ := db.Teams(ctx, ev.ID); len(ts) != 2 || ts[0].Name != "Owls" {
		t.Fatalf("teams %+v", ts)
	}
	other := newEvent(t, db, "y")
	if rs, _ := db.Ratings(ctx, other.ID); len(rs) != 0 {
		t.Fatalf("another event's ratings %+v", rs)
	}
}

// concurrentMatchesRateInIDOrder records matches from many goroutines at
// once (as workers on several machines do): every match is counted once,
// and the ratings are those of the matches applied one after the other in
// the order of their ids. That order is what makes the ratings of a run
// on many workers reproducible from its record.
func concurrentMatchesRateInIDOrder(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev := newEvent(t, db, "x")
	var teams []int64
	for i := range 5 {
		teams = append(teams, newTeam(t, db, ev.ID, fmt.Sprint("team", i)).ID)
	}
	// a toy rating, sensitive to order: the winner takes a share of the
	// loser's mu
	rate := func(m store.Match) func(map[int64]store.Rating) []store.Rating {
		return func(cur map[int64]store.Rating) []store.Rating {
			var out []store.Rating
			for i, id := range m.Teams {
				r := cur[id]
				if r.Games == 0 {
					r.Mu = 25
				}
				r.TeamID = id
				r.Games++
				other := cur[m.Teams[1-i]].Mu
				if cur[m.Teams[1-i]].Games == 0 {
					other = 25
				}
				if m.Ranks[i] == 1 {
					r.Mu += other / 10
					r.Wins++
				} else {
					r.Mu -= r.Mu / 10
					r.Losses++
				}
				out = append(out, r)
			}
			return out
		}
	}
	const n = 60
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 0))
			a := r.IntN(len(teams))
			b := (a + 1 + r.IntN(len(teams)-1)) % len(teams)
			m := store.Match{EventID: ev.ID, Key: fmt.Sprint("m-", i), Teams: []int64{teams[a], teams[b]}, Submissions: []int64{0, 0}, Ranks: []int{1, 2}}
			for range 2 { // each twice: the retry counts nothing
				if _, err := db.RecordMatch(ctx, m, rate(m)); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	ms := must(db.Matches(ctx, ev.ID, 10*n))(t)
	if len(ms) != n {
		t.Fatalf("%d matches recorded, want %d", len(ms), n)
	}
	slices.Reverse(ms) // oldest first
	want := map[int64]store.Rating{}
	for _, m := range ms {
		for _, r := range rate(m)(want) {
			want[r.TeamID] = r
		}
	}
	got := must(db.Ratings(ctx, ev.ID))(t)
	for id, w := range want {
		if got[id] != w {
			t.Errorf("team %d: rating %+v, want %+v (the matches in id order)", id, got[id], w)
		}
	}
}

// eventFormatFields: a match keeps its kind, league, round, scores
// and statistics; a submission's matches of one kind are found; a team
// moves league only from the league it is in, and then loses its rating.
func eventFormatFields(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	_, ik, ih := store.NewSecret("invite")
	ev, _ := db.CreateEvent(ctx, store.Event{Game: "tracks", Name: "x"}, ik, ih)
	_, k, h := store.NewSecret("team")
	tm, _ := db.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: "Owls"}, k, h)
	promo := store.Match{EventID: ev.ID, Key: "p-1", Kind: store.KindPromotion, League: 2, Round: 9, Map: "inter-4_14x20_3D.bmp", Teams: []int64{tm.ID, 0},
		Submissions: []int64{12, 0}, Ranks: []int{1, 2}, Scores: []float64{3, -1}, Stats: []map[string]float64{{"sideQuestPoints": 1}, {}}}
	casual := store.Match{EventID: ev.ID, Key: "c-1", Teams: []int64{0, tm.ID}, Submissions: []int64{0, 12}, Ranks: []int{1, 2}}
	other := store.Match{EventID: ev.ID, Key: "p-2", Kind: store.KindPromotion, Teams: []int64{tm.ID, 0}, Submissions: []int64{112, 0}, Ranks: []int{1, 2}}
	for _, m := range []store.Match{promo, casual, other} {
		if _, err := db.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	ms, err := db.SubmissionMatches(ctx, 12, store.KindPromotion)
	if err != nil || len(ms) != 1 {
		t.Fatalf("%+v %v", ms, err)
	}
	got := ms[0]
	if got.Key != "p-1" || got.Kind != store.KindPromotion || got.League != 2 || got.Round != 9 || got.Map != "inter-4_14x20_3D.bmp" || got.Scores[1] != -1 || got.Stats[0]["sideQuestPoints"] != 1 {
		t.Errorf("%+v", got)
	}
	all, _ := db.Matches(ctx, ev.ID, 10)
	if all[1].Kind != store.KindCasual || all[1].Scores == nil || all[1].Map != "" {
		t.Errorf("a match without a kind is casual: %+v", all[1])
	}
	rated := store.Match{EventID: ev.ID, Key: "c-2", Teams: []int64{0, tm.ID}, Submissions: []int64{0, 12}, Ranks: []int{2, 1}}
	if _, err := db.RecordMatch(ctx, rated, func(map[int64]store.Rating) []store.Rating {
		return []store.Rating{{TeamID: tm.ID, Mu: 30, Sigma: 7, Games: 1, Wins: 1}}
	}); err != nil {
		t.Fatal(err)
	}
	if moved, err := db.SetLeague(ctx, tm.ID, 1, 2); moved || err != nil {
		t.Fatalf("moved from league 1 while in 0: %v %v", moved, err)
	}
	if rs, _ := db.Ratings(ctx, ev.ID); rs[tm.ID].Games != 1 {
		t.Errorf("a team that did not move lost its rating: %+v", rs)
	}
	if moved, err := db.SetLeague(ctx, tm.ID, 0, 1); !moved || err != nil {
		t.Fatal(moved, err)
	}
	if got, _ := db.Team(ctx, tm.ID); got.League != 1 {
		t.Errorf("league %d", got.League)
	}
	if rs, _ := db.Ratings(ctx, ev.ID); len(rs) != 0 {
		t.Errorf("a team that moved keeps its rating: %+v", rs)
	}
}

// An event's format state is read and changed whole; concurrent updates
// all count; a failed update changes nothing; events do not share it.
func eventState(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	_, ikey, ihash := store.NewSecret("invite")
	ev, err := db.CreateEvent(ctx, store.Event{Game: "catmouse", Name: "Final"}, ikey, ihash)
	if err != nil {
		t.Fatal(err)
	}
	if doc, err := db.EventState(ctx, ev.ID, "votes"); err != nil || doc != nil {
		t.Fatalf("no state yet: %q, %v", doc, err)
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := db.UpdateEventState(ctx, ev.ID, "votes", func(old []byte) ([]byte, error) {
				n, _ := strconv.Atoi(string(old))
				return []byte(strconv.Itoa(n + 1)), nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	boom := errors.New("refused")
	if _, err := db.UpdateEventState(ctx, ev.ID, "votes", func([]byte) ([]byte, error) { return []byte("0"), boom }); err != boom {
		t.Errorf("a refused update: %v", err)
	}
	if doc, err := db.EventState(ctx, ev.ID, "votes"); err != nil || string(doc) != "20" {
		t.Errorf("after 20 increments and a refused update: %q, %v", doc, err)
	}
	if doc, _ := db.EventState(ctx, ev.ID+1, "votes"); doc != nil {
		t.Errorf("another event sees %q", doc)
	}
	if doc, _ := db.EventState(ctx, ev.ID, "rounds"); doc != nil {
		t.Errorf("another name sees %q", doc)
	}
}

// eventSettings: an event's settings come back as stored, and an update
// changes its name, options and settings, not its game.
func eventSettings(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	s := store.Settings{Seats: []int{2, 4}, Maps: []string{"canopy"}, TurnMS: 200, FirstTurnMS: 1500, MemoryMiB: 256,
		Start: time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC), Leagues: true, HTTPBots: true, HouseBots: true}
	_, key, hash := store.NewSecret("invite")
	ev := must(db.CreateEvent(ctx, store.Event{Game: "jungle", Name: "Blitz", Settings: s}, key, hash))(t)
	got := must(db.Event(ctx, ev.ID))(t)
	if !reflect.DeepEqual(got.Settings, s) {
		t.Fatalf("settings %+v, want %+v", got.Settings, s)
	}
	if plain := newEvent(t, db, "plain"); !reflect.DeepEqual(must(db.Event(ctx, plain.ID))(t).Settings, store.Settings{}) {
		t.Fatalf("zero settings came back as %+v", must(db.Event(ctx, plain.ID))(t).Settings)
	}
	got.Game = "ants" // not changed by an update
	got.Name, got.Options = "Blitz 2", map[string]string{"nb_ticks": "9"}
	got.Settings.HouseBots, got.Settings.End, got.Settings.Maps = false, s.Start.Add(time.Hour), nil
	if err := db.UpdateEvent(ctx, got); err != nil {
		t.Fatal(err)
	}
	again := must(db.Event(ctx, ev.ID))(t)
	want := got.Settings
	if again.Name != "Blitz 2" || again.Options["nb_ticks"] != "9" || again.Game != "jungle" || !reflect.DeepEqual(again.Settings, want) {
		t.Fatalf("after the update: %+v, want settings %+v", again, want)
	}
	if err := db.UpdateEvent(ctx, store.Event{ID: 999, Name: "x"}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("updating no event: %v", err)
	}
}

// recordMatchTxRunsThenInItsTransaction: then runs once per call, with the
// driver's transaction, whether the match is new or a retry's; its error
// undoes the match and its ratings.
func recordMatchTxRunsThenInItsTransaction(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev := newEvent(t, db, "x")
	a, b := newTeam(t, db, ev.ID, "Owls").ID, newTeam(t, db, ev.ID, "Bats").ID
	rate := func(cur map[int64]store.Rating) []store.Rating {
		return []store.Rating{{TeamID: a, Mu: 30, Sigma: 7, Games: cur[a].Games + 1}, {TeamID: b, Mu: 20, Sigma: 7, Games: cur[b].Games + 1}}
	}
	m := store.Match{EventID: ev.ID, Key: "job-1", Teams: []int64{a, b}, Submissions: []int64{0, 0}, Ranks: []int{1, 2}}
	boom := errors.New("the job could not be completed")
	if ok, err := db.RecordMatchTx(ctx, m, rate, func(tx store.Tx) error { return boom }); ok || !errors.Is(err, boom) {
		t.Fatalf("then failed: %v %v, want false and its error", ok, err)
	}
	if ms, _ := db.Matches(ctx, ev.ID, 10); len(ms) != 0 {
		t.Fatalf("a match whose then failed is stored: %+v", ms)
	}
	if rs, _ := db.Ratings(ctx, ev.ID); len(rs) != 0 {
		t.Fatalf("ratings of a match whose then failed: %+v", rs)
	}
	calls := 0
	then := func(tx store.Tx) error {
		if tx == nil {
			t.Error("then got no transaction")
		}
		calls++
		return nil
	}
	for i := range 2 {
		if ok, err := db.RecordMatchTx(ctx, m, rate, then); err != nil || ok != (i == 0) {
			t.Fatal(i, ok, err)
		}
	}
	if calls != 2 {
		t.Fatalf("then ran %d times for a match and its retry", calls)
	}
	if rs, _ := db.Ratings(ctx, ev.ID); rs[a].Games != 1 || rs[a].Mu != 30 {
		t.Fatalf("ratings %+v", rs)
	}
}

func files(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t)
	if _, err := db.File(ctx, "upload/1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no file yet: %v", err)
	}
	big := bytes.Repeat([]byte{0, 1, 2, 255}, 1<<18) // 1 MiB, every byte value kind
	for _, f := range []struct {
		name string
		data []byte
	}{{"upload/1", []byte("first")}, {"upload/1", big}, {"empty", nil}, {"replay/casual-1-2-3", []byte("x")}} {
		if err := db.PutFile(ctx, f.name, f.data); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	db = openOnce(t, open)
	if got, err := db.File(ctx, "upload/1"); err != nil || !bytes.Equal(got, big) {
		t.Fatalf("the replaced file: %d bytes, %v", len(got), err)
	}
	if got, err := db.File(ctx, "empty"); err != nil || len(got) != 0 {
		t.Fatalf("an empty file: %q %v", got, err)
	}
	for range 2 { // deleting twice is no error
		if err := db.DeleteFile(ctx, "upload/1"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.File(ctx, "upload/1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a deleted file: %v", err)
	}
	if got, err := db.File(ctx, "empty"); err != nil || len(got) != 0 {
		t.Fatalf("another file after a delete: %q %v", got, err)
	}
}

func heartbeats(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	start := time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)
	w1 := store.Worker{ID: "a-1", Host: "a", Cores: 8, Slots: 4, Started: start, Seen: start, Every: 5 * time.Second}
	w2 := store.Worker{ID: "b-1", Host: "b", Cores: 2, Slots: 1, Started: start, Seen: start.Add(time.Second), Every: 250 * time.Millisecond}
	for _, w := range []store.Worker{w1, w2} {
		if err := db.Heartbeat(ctx, w); err != nil {
			t.Fatal(err)
		}
	}
	w1.Running, w1.Done, w1.Seen = 3, 41, start.Add(2*time.Second)
	if err := db.Heartbeat(ctx, w1); err != nil {
		t.Fatal(err)
	}
	ws, err := db.Workers(ctx)
	if err != nil || len(ws) != 2 {
		t.Fatalf("%+v %v", ws, err)
	}
	if ws[0] != w1 || ws[1] != w2 {
		t.Fatalf("workers, the last seen first:\n%+v\n%+v\nwant\n%+v\n%+v", ws[0], ws[1], w1, w2)
	}
}

// organiser: the first token is kept when another server starts (replace
// false), a new one takes its place (replace true), and it survives a
// reopen.
func organiser(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t)
	if _, _, err := db.Organiser(ctx); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no organiser yet: %v", err)
	}
	_, k1, h1 := store.NewSecret("org")
	if made := must(db.SetOrganiser(ctx, k1, h1, false))(t); !made {
		t.Fatal("the first organiser token was not stored")
	}
	_, k2, h2 := store.NewSecret("org")
	if made := must(db.SetOrganiser(ctx, k2, h2, false))(t); made {
		t.Fatal("a second first start replaced the organiser token")
	}
	if k, h, err := db.Organiser(ctx); err != nil || k != k1 || !store.SameHash(h, h1) {
		t.Fatalf("organiser %q %v, want the first", k, err)
	}
	if made := must(db.SetOrganiser(ctx, k2, h2, true))(t); !made {
		t.Fatal("replace reported nothing stored")
	}
	db.Close()
	db = openOnce(t, open)
	if k, h, err := db.Organiser(ctx); err != nil || k != k2 || !store.SameHash(h, h2) {
		t.Fatalf("organiser %q %v, want the replacement", k, err)
	}
}

// teamMembers: a team's members' names come back in order; none is an
// empty list.
func teamMembers(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev := newEvent(t, db, "e")
	_, k, h := store.NewSecret("team")
	tm := must(db.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: "Owls", Members: []string{"Ada", "Émile"}}, k, h))(t)
	got := must(db.Team(ctx, tm.ID))(t)
	if !slices.Equal(got.Members, []string{"Ada", "Émile"}) {
		t.Fatalf("members %q", got.Members)
	}
	plain := newTeam(t, db, ev.ID, "Bats")
	if ms := must(db.Team(ctx, plain.ID))(t).Members; ms == nil || len(ms) != 0 {
		t.Fatalf("a team without members: %#v", ms)
	}
	ts := must(db.Teams(ctx, ev.ID))(t)
	if len(ts) != 2 || len(ts[0].Members) != 2 {
		t.Fatalf("teams %+v", ts)
	}
}

// aTeamIsSuspendedAndLetBack: a suspended team reads so everywhere a
// team is read (by id, by token, in its event's list), with the
// organiser's reason, until it is let back (the reason goes); a team of
// another event, or none, is not found.
func aTeamIsSuspendedAndLetBack(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev := newEvent(t, db, "e")
	_, k, h := store.NewSecret("team")
	owls := must(db.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: "Owls"}, k, h))(t)
	bats := newTeam(t, db, ev.ID, "Bats")
	if owls.Suspended || must(db.Team(ctx, owls.ID))(t).Suspended {
		t.Fatal("a new team is suspended")
	}
	got := must(db.SuspendTeam(ctx, ev.ID, owls.ID, true, "forks busy loops"))(t)
	if !got.Suspended || got.Reason != "forks busy loops" || got.Name != "Owls" || got.ID != owls.ID {
		t.Fatalf("suspended: %+v", got)
	}
	if tm := must(db.Team(ctx, owls.ID))(t); !tm.Suspended || tm.Reason != "forks busy loops" {
		t.Fatalf("read back: %+v", tm)
	}
	if tm, _, err := db.TeamByToken(ctx, k); err != nil || !tm.Suspended {
		t.Fatalf("by its token: %+v %v", tm, err)
	}
	ts := must(db.Teams(ctx, ev.ID))(t)
	if len(ts) != 2 || !ts[0].Suspended || ts[1].Suspended || ts[1].ID != bats.ID {
		t.Fatalf("the event's teams: %+v", ts)
	}
	other := newEvent(t, db, "other")
	if _, err := db.SuspendTeam(ctx, other.ID, bats.ID, true, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("through another event: %v", err)
	}
	if _, err := db.SuspendTeam(ctx, ev.ID, 999, true, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no such team: %v", err)
	}
	if tm := must(db.Team(ctx, bats.ID))(t); tm.Suspended {
		t.Fatal("a refused suspension suspended the team")
	}
	back := must(db.SuspendTeam(ctx, ev.ID, owls.ID, false, "ignored"))(t)
	if back.Suspended || back.Reason != "" || must(db.Team(ctx, owls.ID))(t).Suspended {
		t.Fatalf("let back: %+v", back)
	}
}

// newInvite: an event's new invitation finds it, the old one no more.
func newInvite(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	_, k1, h1 := store.NewSecret("invite")
	ev := must(db.CreateEvent(ctx, store.Event{Game: "tracks", Name: "e"}, k1, h1))(t)
	_, k2, h2 := store.NewSecret("invite")
	if err := db.SetInvite(ctx, ev.ID, k2, h2); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.EventByInvite(ctx, k1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the old invitation: %v", err)
	}
	if e, h, err := db.EventByInvite(ctx, k2); err != nil || e.ID != ev.ID || !store.SameHash(h, h2) {
		t.Fatalf("the new invitation: %+v %v", e, err)
	}
	if err := db.SetInvite(ctx, 999, k1, h1); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no such event: %v", err)
	}
}

// anEventMovesWhole: an event exported from one database and imported in
// another reads the same there, with its ids; its teams' tokens still
// open them; new rows take ids after the imported ones; importing it
// again is a conflict.
func anEventMovesWhole(t *testing.T, from, to Opener) {
	ctx := context.Background()
	src := openOnce(t, from)
	_, ikey, ihash := store.NewSecret("invite")
	ev := must(src.CreateEvent(ctx, store.Event{Game: "tracks", Name: "Spring", Options: map[string]string{"league": "2"},
		Settings: store.Settings{Seats: []int{2}, HouseBots: true}}, ikey, ihash))(t)
	newEvent(t, src, "other") // not moved
	_, tkey, thash := store.NewSecret("team")
	owls := must(src.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: "Owls", Members: []string{"Ada", "Linus"}}, tkey, thash))(t)
	bats := newTeam(t, src, ev.ID, "Bats")
	ready := must(src.CreateSubmission(ctx, store.Submission{TeamID: owls.ID, Filename: "bot.py"}))(t)
	src.FinishBuild(ctx, ready.ID, store.StatusReady, "python", "", []byte("built\n"))
	failed := must(src.CreateSubmission(ctx, store.Submission{TeamID: bats.ID, Filename: "bot.cpp"}))(t)
	src.FinishBuild(ctx, failed.ID, store.StatusFailed, "cpp", "exit 1", []byte("error\n"))
	must(src.CreateSubmission(ctx, store.Submission{TeamID: bats.ID, Filename: "queued.zip", Draft: true}))(t) // a draft moves as one
	src.SetLeague(ctx, owls.ID, 0, 2)
	must(src.SuspendTeam(ctx, ev.ID, bats.ID, true, "a disk bomb"))(t) // moves suspended
	rate := func(cur map[int64]store.Rating) []store.Rating {
		return []store.Rating{{TeamID: owls.ID, Mu: 27.5, Sigma: 7.9, Games: cur[owls.ID].Games + 1, Wins: cur[owls.ID].Wins + 1}}
	}
	for i, m := range []store.Match{
		{Key: "casual-1", Seed: -5, Teams: []int64{owls.ID, 0}, Submissions: []int64{ready.ID, 0}, Ranks: []int{1, 2}, Scores: []float64{3, 1.5},
			Stats: []map[string]float64{{"sideQuestPoints": 2}, {}}},
		{Key: "promo-1", Kind: store.KindPromotion, League: 2, Round: 4, Teams: []int64{0, owls.ID}, Submissions: []int64{0, ready.ID}, Ranks: []int{2, 1}},
		{Key: "casual-2", Teams: []int64{owls.ID, bats.ID}, Submissions: []int64{ready.ID, 0}, Error: "a bot could not start"},
	} {
		m.EventID = ev.ID
		if _, err := src.RecordMatch(ctx, m, rate); err != nil {
			t.Fatal(i, err)
		}
	}
	src.UpdateEventState(ctx, ev.ID, "rounds", func([]byte) ([]byte, error) { return []byte(`{"round":4}`), nil })
	dump := must(src.ExportEvent(ctx, ev.ID))(t)
	if len(dump.Teams) != 2 || len(dump.Submissions) != 3 || len(dump.Matches) != 3 || len(dump.Ratings) != 1 || len(dump.State) != 1 {
		t.Fatalf("the export: %d teams, %d submissions, %d matches, %d ratings, %d documents",
			len(dump.Teams), len(dump.Submissions), len(dump.Matches), len(dump.Ratings), len(dump.State))
	}
	if _, err := src.ExportEvent(ctx, 999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("exporting no event: %v", err)
	}

	dst := openOnce(t, to)
	if err := dst.ImportEvent(ctx, dump); err != nil {
		t.Fatal(err)
	}
	again := must(dst.ExportEvent(ctx, ev.ID))(t)
	if a, b := fmt.Sprintf("%#v", again), fmt.Sprintf("%#v", dump); a != b {
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		t.Fatalf("the event read back differs at %q\nwant %q", a[max(0, i-80):min(len(a), i+80)], b[max(0, i-80):min(len(b), i+80)])
	}
	if tm, h, err := dst.TeamByToken(ctx, tkey); err != nil || tm.ID != owls.ID || !store.SameHash(h, thash) || tm.Active != ready.ID || tm.League != 2 {
		t.Fatalf("Owls' token in the new database: %+v %v", tm, err)
	}
	if tm, _ := dst.Team(ctx, bats.ID); !tm.Suspended || tm.Reason != "a disk bomb" {
		t.Fatalf("Bats in the new database: %+v", tm)
	}
	if e, h, err := dst.EventByInvite(ctx, ikey); err != nil || e.ID != ev.ID || !store.SameHash(h, ihash) {
		t.Fatalf("the invitation in the new database: %+v %v", e, err)
	}
	if log, _ := dst.BuildLog(ctx, failed.ID); string(log) != "error\n" {
		t.Fatalf("a build log: %q", log)
	}
	if ms, _ := dst.SubmissionMatches(ctx, ready.ID, store.KindPromotion); len(ms) != 1 || ms[0].Round != 4 {
		t.Fatalf("promotion matches: %+v", ms)
	}
	next := newEvent(t, dst, "next")
	if next.ID <= ev.ID {
		t.Fatalf("a new event has id %d, not after the imported %d", next.ID, ev.ID)
	}
	team := newTeam(t, dst, next.ID, "New")
	if team.ID <= bats.ID {
		t.Fatalf("a new team has id %d, not after the imported %d", team.ID, bats.ID)
	}
	if err := dst.ImportEvent(ctx, dump); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("importing the event twice: %v", err)
	}
}

// An event's matches are counted, and listed, by kind in the database:
// all and failed ones, of one kind or of every kind, never another
// event's.
func matchesCountedByKind(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev, other := newEvent(t, db, "a"), newEvent(t, db, "b")
	tm := newTeam(t, db, ev.ID, "Owls")
	n := 0
	record := func(eventID int64, kind, failure string, round int64) {
		n++
		m := store.Match{EventID: eventID, Key: fmt.Sprintf("m-%d", n), Kind: kind, Round: round, Seed: int64(n),
			Teams: []int64{tm.ID, 0}, Submissions: []int64{1, 0}, Ranks: []int{1, 2}, Scores: []float64{float64(n), 0}, Error: failure}
		if _, err := db.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{"", store.KindCasual, store.KindCasual} {
		record(ev.ID, k, "", 0)
	}
	record(ev.ID, store.KindCasual, "a bot could not start", 0)
	record(ev.ID, store.KindRanked, "", 1)
	record(ev.ID, store.KindRanked, "timeout", 2)
	record(ev.ID, store.KindFinal, "", 0)
	record(other.ID, store.KindRanked, "", 1)
	record(other.ID, store.KindCasual, "", 0)
	for _, c := range []struct {
		event       int64
		kind        string
		all, failed int
	}{
		{ev.ID, "", 7, 2}, {ev.ID, store.KindCasual, 4, 1}, {ev.ID, store.KindRanked, 2, 1}, {ev.ID, store.KindFinal, 1, 0},
		{ev.ID, store.KindPromotion, 0, 0}, {other.ID, "", 2, 0}, {other.ID, store.KindRanked, 1, 0}, {999, "", 0, 0},
	} {
		if all, failed, err := db.CountMatches(ctx, c.event, c.kind); all != c.all || failed != c.failed || err != nil {
			t.Errorf("event %d, kind %q: %d matches, %d failed (%v); want %d, %d", c.event, c.kind, all, failed, err, c.all, c.failed)
		}
		if n, err := db.MatchCounts(ctx, c.event); n.Of(c.kind) != (store.MatchCount{All: c.all, Failed: c.failed}) || err != nil {
			t.Errorf("event %d, kind %q: counted at once %+v (%v); want %d, %d", c.event, c.kind, n.Of(c.kind), err, c.all, c.failed)
		}
	}
	ranked := must(db.MatchesOfKind(ctx, ev.ID, store.KindRanked))(t)
	if len(ranked) != 2 || ranked[0].Round != 2 || ranked[0].Error != "timeout" || ranked[1].Round != 1 || ranked[1].Scores[0] != 5 ||
		ranked[1].Teams[0] != tm.ID || ranked[1].Kind != store.KindRanked || ranked[1].EventID != ev.ID {
		t.Errorf("ranked matches, newest first: %+v", ranked)
	}
	if ms := must(db.MatchesOfKind(ctx, ev.ID, store.KindPromotion))(t); len(ms) != 0 {
		t.Errorf("no promotion match: %+v", ms)
	}
	if ms := must(db.MatchesOfKind(ctx, ev.ID, store.KindCasual))(t); len(ms) != 4 {
		t.Errorf("casual matches (a match without a kind is casual): %d", len(ms))
	}
	// past the newest casual ones: the event's own, of that kind, oldest
	// first, above a watermark, at most a limit
	keys := func(keep int, after int64, limit int) []string {
		var out []string
		for _, k := range must(db.MatchKeysPast(ctx, ev.ID, store.KindCasual, keep, after, limit))(t) {
			out = append(out, k.Key)
		}
		return out
	}
	for _, c := range []struct {
		keep  int
		after int64
		limit int
		want  []string
	}{
		{1, 0, 10, []string{"m-1", "m-2", "m-3"}}, {2, 0, 10, []string{"m-1", "m-2"}}, {4, 0, 10, nil}, {40, 0, 10, nil},
		{0, 0, 10, []string{"m-1", "m-2", "m-3", "m-4"}}, {1, 1, 10, []string{"m-2", "m-3"}}, {1, 0, 2, []string{"m-1", "m-2"}},
	} {
		if got := keys(c.keep, c.after, c.limit); !slices.Equal(got, c.want) {
			t.Errorf("casual matches past the newest %d, after id %d, at most %d: %v, want %v", c.keep, c.after, c.limit, got, c.want)
		}
	}
}
