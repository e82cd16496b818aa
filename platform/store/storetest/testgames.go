package storetest

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"

	"github.com/seed27749672/arena/platform/store"
)

// testGamesAreKeptApart: a test game goes queued, playing, done (or
// failed with its error); a team plays one at a time, even when two
// workers start two of its games at once; test games are never matches.
func testGamesAreKeptApart(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev := newEvent(t, db, "Tests")
	owls, bats := newTeam(t, db, ev.ID, "Owls"), newTeam(t, db, ev.ID, "Bats")
	sub := must(db.CreateSubmission(ctx, store.Submission{TeamID: owls.ID, Filename: "bot.cpp"}))(t)
	var games []store.TestGame
	for i := range 3 {
		g := must(db.CreateTestGame(ctx, store.TestGame{EventID: ev.ID, TeamID: owls.ID, Opponent: "boss",
			Teams: []int64{owls.ID, 0}, Submissions: []int64{sub.ID, 0}, House: "boss3", League: 2, Seed: -1 << 62 / int64(i+1)}))(t)
		games = append(games, g)
	}
	other := must(db.CreateTestGame(ctx, store.TestGame{EventID: ev.ID, TeamID: bats.ID, Opponent: "house", Teams: []int64{bats.ID, 0}, Submissions: []int64{0, 0}}))(t)
	got := must(db.TestGame(ctx, games[0].ID))(t)
	if got.State != store.TestQueued || got.House != "boss3" || got.League != 2 || got.Seed != games[0].Seed ||
		!reflect.DeepEqual(got.Teams, []int64{owls.ID, 0}) || !reflect.DeepEqual(got.Submissions, []int64{sub.ID, 0}) || got.Created.IsZero() || !got.Ended.IsZero() {
		t.Fatalf("a test game read back: %+v", got)
	}
	if n := must(db.UnfinishedTestGames(ctx, owls.ID))(t); n != 3 {
		t.Fatalf("%d unfinished, want 3", n)
	}
	// two workers start two of the team's games at once: one plays
	var wg sync.WaitGroup
	started := make([]bool, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := db.StartTestGame(ctx, games[i].ID)
			if err != nil {
				t.Error(err)
			}
			started[i] = ok
		}()
	}
	wg.Wait()
	if started[0] == started[1] {
		t.Fatalf("two games of a team started at once: %v", started)
	}
	playing := games[0].ID
	if started[1] {
		playing = games[1].ID
	}
	// another team's game plays beside it; the same game starts again
	// (its job run again after a stopped server)
	if ok := must(db.StartTestGame(ctx, other.ID))(t); !ok {
		t.Fatal("another team's game waits for this team's")
	}
	if ok := must(db.StartTestGame(ctx, playing))(t); !ok {
		t.Fatal("a playing game did not start again")
	}
	if err := db.FinishTestGame(ctx, playing, []int{2, 1}, ""); err != nil {
		t.Fatal(err)
	}
	if ok := must(db.StartTestGame(ctx, playing))(t); ok {
		t.Fatal("a finished game started again")
	}
	if ok := must(db.StartTestGame(ctx, games[2].ID))(t); !ok {
		t.Fatal("the team's next game does not start once the first ended")
	}
	if err := db.FinishTestGame(ctx, games[2].ID, nil, "the bot could not start"); err != nil {
		t.Fatal(err)
	}
	done := must(db.TestGame(ctx, playing))(t)
	failed := must(db.TestGame(ctx, games[2].ID))(t)
	if done.State != store.TestDone || !reflect.DeepEqual(done.Ranks, []int{2, 1}) || done.Ended.IsZero() ||
		failed.State != store.TestFailed || failed.Error != "the bot could not start" {
		t.Fatalf("ended: %+v\n%+v", done, failed)
	}
	list := must(db.TestGames(ctx, owls.ID, 2))(t)
	if len(list) != 2 || list[0].ID != games[2].ID || list[1].ID != games[1].ID {
		t.Fatalf("the team's newest two: %+v", list)
	}
	if n := must(db.UnfinishedTestGames(ctx, owls.ID))(t); n != 1 {
		t.Fatalf("%d unfinished, want 1", n)
	}
	if ms := must(db.Matches(ctx, ev.ID, 100))(t); len(ms) != 0 {
		t.Fatalf("test games are listed as matches: %+v", ms)
	}
	if _, err := db.TestGame(ctx, 999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no such test game: %v", err)
	}
	if err := db.FinishTestGame(ctx, 999, nil, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("finishing no such test game: %v", err)
	}
}

// buildsAreFoundByTree: a ready build is found by its tree, the oldest
// that has its own; one that shares another's, or did not build, is not.
func buildsAreFoundByTree(t *testing.T, open Opener) {
	ctx := context.Background()
	db := openOnce(t, open)
	ev := newEvent(t, db, "Cache")
	team := newTeam(t, db, ev.ID, "Owls")
	sub := func() store.Submission {
		return must(db.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: "bot.rs"}))(t)
	}
	if _, err := db.BuiltTree(ctx, "abc"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an empty store: %v", err)
	}
	failed, first, shared := sub(), sub(), sub()
	for _, s := range []struct {
		s        store.Submission
		status   string
		artifact int64
	}{{failed, store.StatusFailed, 0}, {first, store.StatusReady, 0}, {shared, store.StatusReady, first.ID}} {
		if err := db.SetTree(ctx, s.s.ID, "abc", s.artifact); err != nil {
			t.Fatal(err)
		}
		if err := db.FinishBuild(ctx, s.s.ID, s.status, "rust", "", nil); err != nil {
			t.Fatal(err)
		}
	}
	got := must(db.BuiltTree(ctx, "abc"))(t)
	if got.ID != first.ID || got.Tree != "abc" || got.Artifact != 0 || got.Played() != first.ID {
		t.Fatalf("found %+v, want submission %d", got, first.ID)
	}
	s := must(db.Submission(ctx, shared.ID))(t)
	if s.Artifact != first.ID || s.Played() != first.ID {
		t.Fatalf("the shared build: %+v", s)
	}
	if _, err := db.BuiltTree(ctx, ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an empty tree found a build: %v", err)
	}
	for _, c := range []struct {
		id   int64
		want bool
	}{{first.ID, true}, {shared.ID, false}, {failed.ID, false}} {
		if got := must(db.SharedBy(ctx, c.id))(t); got != c.want {
			t.Errorf("SharedBy(%d) = %v, want %v", c.id, got, c.want)
		}
	}
	if err := db.SetTree(ctx, 999, "abc", 0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("no such submission: %v", err)
	}
}
