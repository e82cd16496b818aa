package sqlite

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/seed27749672/arena/platform/store"
)

func open(t *testing.T, path string) *DB {
	t.Helper()
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestEventsTeamsSubmissionsSurviveAReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "arena.db")
	db := open(t, path)
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
	if err := db.FinishBuild(ctx, sub.ID, store.StatusFailed, "cpp", "exited with status 1", []byte("bot.cpp:1: error")); err != nil {
		t.Fatal(err)
	}
	if err := db.SetBuildStatus(ctx, 999, store.StatusBuilding); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown submission: %v", err)
	}
	db.Close()

	db = open(t, path) // the migrations do not run twice
	defer db.Close()
	evs, err := db.Events(ctx)
	if err != nil || len(evs) != 1 || evs[0].Name != "Spring" || evs[0].Options["league"] != "2" {
		t.Fatalf("events %+v %v", evs, err)
	}
	e, h, err := db.EventByInvite(ctx, ikey)
	if err != nil || e.ID != ev.ID || !store.SameHash(h, ihash) {
		t.Fatalf("EventByInvite: %+v %v", e, err)
	}
	if _, _, err := db.EventByInvite(ctx, "0000000000000000"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown invite: %v", err)
	}
	tm, h, err := db.TeamByToken(ctx, tkey)
	if err != nil || tm.ID != team.ID || tm.Name != "Owls" || !store.SameHash(h, thash) {
		t.Fatalf("TeamByToken: %+v %v", tm, err)
	}
	subs, err := db.Submissions(ctx, team.ID)
	if err != nil || len(subs) != 1 || subs[0].Status != store.StatusFailed || subs[0].Language != "cpp" || subs[0].Built.IsZero() {
		t.Fatalf("submissions %+v %v", subs, err)
	}
	log, err := db.BuildLog(ctx, sub.ID)
	if err != nil || string(log) != "bot.cpp:1: error" {
		t.Fatalf("log %q %v", log, err)
	}
}

func TestANewerSchemaIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arena.db")
	db := open(t, path)
	if _, err := db.SQL().Exec(`INSERT INTO schema_version (version) VALUES (?)`, len(migrations)+1); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if db, err := Open(context.Background(), path); err == nil {
		db.Close()
		t.Fatal("a database from a newer arena was opened")
	}
}

func TestWAL(t *testing.T) {
	db := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer db.Close()
	var mode string
	if err := db.SQL().QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode %q %v", mode, err)
	}
}

func TestTheLastReadyBuildIsActive(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer db.Close()
	_, ik, ih := store.NewSecret("invite")
	ev, _ := db.CreateEvent(ctx, store.Event{Game: "tracks", Name: "x"}, ik, ih)
	_, tk, th := store.NewSecret("team")
	team, _ := db.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: "Owls"}, tk, th)
	var ids []int64
	for _, status := range []string{store.StatusReady, store.StatusReady, store.StatusFailed} {
		s, _ := db.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: "bot.py"})
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
}

func TestMigratingAVersion1Database(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "arena.db")
	db := open(t, path)
	// back to version 1 as an older arena left it: no active column
	for _, q := range []string{`DROP TABLE event_state`, `DROP TABLE matches`, `DROP TABLE ratings`, `ALTER TABLE teams DROP COLUMN active`, `ALTER TABLE teams DROP COLUMN league`, `DELETE FROM schema_version WHERE version > 1`,
		`INSERT INTO events (game, name, options, invite_key, invite_hash, created) VALUES ('tracks', 'x', '{}', 'k', x'00', '')`,
		`INSERT INTO teams (event_id, name, token_key, token_hash, created) VALUES (1, 'Owls', 'k', x'00', '')`} {
		if _, err := db.SQL().Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	db.Close()
	db = open(t, path)
	defer db.Close()
	team, err := db.Team(ctx, 1)
	if err != nil || team.Name != "Owls" || team.Active != 0 {
		t.Fatalf("%+v %v", team, err)
	}
	var v int
	db.SQL().QueryRow(`SELECT MAX(version) FROM schema_version`).Scan(&v)
	if v != len(migrations) {
		t.Fatalf("schema version %d, want %d", v, len(migrations))
	}
}

func TestAMatchIsRecordedOnceWithItsRatings(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer db.Close()
	_, ik, ih := store.NewSecret("invite")
	ev, _ := db.CreateEvent(ctx, store.Event{Game: "tracks", Name: "x"}, ik, ih)
	var ids []int64
	for _, n := range []string{"Owls", "Bats"} {
		_, k, h := store.NewSecret("team")
		tm, _ := db.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: n}, k, h)
		ids = append(ids, tm.ID)
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
	for range 2 { // the second is a retried job: nothing changes
		if _, err := db.RecordMatch(ctx, m, rate); err != nil {
			t.Fatal(err)
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
	if err != nil || rs[ids[0]].Games != 2 || rs[ids[0]].Mu != 2 || len(rs) != 2 {
		t.Fatalf("%+v %v", rs, err)
	}
	ms, err := db.Matches(ctx, ev.ID, 10)
	if err != nil || len(ms) != 3 || ms[0].Error == "" || ms[2].Ranks[1] != 2 || ms[2].Teams[1] != ids[1] {
		t.Fatalf("%+v %v", ms, err)
	}
	if ts, _ := db.Teams(ctx, ev.ID); len(ts) != 2 || ts[0].Name != "Owls" {
		t.Fatalf("teams %+v", ts)
	}
}

// TestEventFormatFields: a match keeps its kind, league, round, scores
// and statistics; a submission's matches of one kind are found; a team
// moves league only from the league it is in.
func TestEventFormatFields(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer db.Close()
	_, ik, ih := store.NewSecret("invite")
	ev, _ := db.CreateEvent(ctx, store.Event{Game: "tracks", Name: "x"}, ik, ih)
	_, k, h := store.NewSecret("team")
	tm, _ := db.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: "Owls"}, k, h)
	promo := store.Match{EventID: ev.ID, Key: "p-1", Kind: store.KindPromotion, League: 2, Round: 9, Teams: []int64{tm.ID, 0},
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
	if got.Key != "p-1" || got.Kind != store.KindPromotion || got.League != 2 || got.Round != 9 || got.Scores[1] != -1 || got.Stats[0]["sideQuestPoints"] != 1 {
		t.Errorf("%+v", got)
	}
	all, _ := db.Matches(ctx, ev.ID, 10)
	if all[1].Kind != store.KindCasual || all[1].Scores == nil {
		t.Errorf("a match without a kind is casual: %+v", all[1])
	}
	if moved, err := db.SetLeague(ctx, tm.ID, 1, 2); moved || err != nil {
		t.Fatalf("moved from league 1 while in 0: %v %v", moved, err)
	}
	if moved, err := db.SetLeague(ctx, tm.ID, 0, 1); !moved || err != nil {
		t.Fatal(moved, err)
	}
	if got, _ := db.Team(ctx, tm.ID); got.League != 1 {
		t.Errorf("league %d", got.League)
	}
}

// An event's format state is read and changed whole; concurrent updates
// all count; a failed update changes nothing; events do not share it.
func TestEventState(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer db.Close()
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
