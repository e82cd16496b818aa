package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/replay"
)

// TestAnEventMovesFromADataDirectoryToPostgreSQL: arena export of an
// event of a data directory, arena import into PostgreSQL: the teams'
// tokens and the organiser's open the platform there, the ready build reaches a worker of the new
// database, the match keeps its replay and the ratings are the same.
func TestAnEventMovesFromADataDirectoryToPostgreSQL(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	data := filepath.Join(t.TempDir(), "data")
	src, err := platform.Open(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	ev, invite, err := src.CreateEvent(ctx, "tracks", "Spring", nil)
	if err != nil {
		t.Fatal(err)
	}
	organiser, err := src.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	owls, token, err := src.Join(ctx, invite, "Owls")
	if err != nil {
		t.Fatal(err)
	}
	if err := src.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond, Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	sub, err := src.Submit(ctx, owls, "bot.py", []byte("input()\nprint('WAIT')\n"))
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if s, _ := src.Store.Submission(ctx, sub.ID); s.Status == store.StatusReady {
			break
		} else if s.Status == store.StatusFailed || time.Now().After(deadline) {
			log, _ := src.Store.BuildLog(ctx, sub.ID)
			t.Fatalf("the build: %+v\n%s", s, log)
		}
	}
	src.StopJobs(ctx)
	rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "tracks", Seed: 9}
	if err := src.Replays.Put("casual-1-2-3", rep); err != nil {
		t.Fatal(err)
	}
	m := store.Match{EventID: ev.ID, Key: "casual-1-2-3", Seed: 9, Teams: []int64{owls.ID, 0}, Submissions: []int64{sub.ID, 0}, Ranks: []int{1, 2}}
	if _, err := src.Store.RecordMatch(ctx, m, func(map[int64]store.Rating) []store.Rating {
		return []store.Rating{{TeamID: owls.ID, Mu: 27, Sigma: 8, Games: 1, Wins: 1}}
	}); err != nil {
		t.Fatal(err)
	}
	src.Close()

	file := filepath.Join(t.TempDir(), "spring.arena")
	if _, stderr, code := run(t, "export", "--data", data, "--event", "1", "--out", file); code != 0 {
		t.Fatalf("arena export: %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "import", "--db", url, "--in", file); code != 0 {
		t.Fatalf("arena import: %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "import", "--db", url, "--in", file); code == 0 || !strings.Contains(stderr, "already exists") {
		t.Fatalf("importing it twice: %d %s", code, stderr)
	}
	if _, stderr, code := run(t, "import", "--db", url, "--in", os.Args[0]); code == 0 || !strings.Contains(stderr, "not an exported event") {
		t.Fatalf("importing a program: %d %s", code, stderr)
	}

	dst, err := platform.OpenDB(ctx, url, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	if tm, err := dst.Authenticate(ctx, token); err != nil || tm.ID != owls.ID || tm.Active != sub.ID {
		t.Fatalf("Owls' token on PostgreSQL: %+v %v", tm, err)
	}
	if err := dst.AuthenticateOrganiser(ctx, organiser); err != nil {
		t.Fatalf("the organiser's token on PostgreSQL: %v", err)
	}
	if got, err := dst.Replays.Get("casual-1-2-3"); err != nil || got.Seed != 9 {
		t.Fatalf("the replay: %+v %v", got, err)
	}
	if rs, _ := dst.Store.Ratings(ctx, ev.ID); rs[owls.ID].Mu != 27 || rs[owls.ID].Wins != 1 {
		t.Fatalf("ratings %+v", rs)
	}
	if ok, err := dst.HasBuild(ctx, sub.ID); err != nil || !ok {
		t.Fatalf("the build of submission %d is not in the database: %v", sub.ID, err)
	}
}

// TestTheOrganiserLinkSurvivesAMove: arena export then arena import from a
// data directory to another: the organiser's token opens the new one
// (arena serve there makes no other); into a data directory with an
// organiser of its own, the import keeps that one and says so.
func TestTheOrganiserLinkSurvivesAMove(t *testing.T) {
	ctx := context.Background()
	data, dest, other := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b"), filepath.Join(t.TempDir(), "c")
	src, err := platform.Open(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := src.CreateEvent(ctx, "ants", "Spring", nil); err != nil {
		t.Fatal(err)
	}
	organiser, err := src.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	src.Close()
	theirs, err := platform.Open(ctx, other)
	if err != nil {
		t.Fatal(err)
	}
	own, err := theirs.FirstOrganiserToken(ctx)
	theirs.Close()
	if err != nil {
		t.Fatal(err)
	}

	file := filepath.Join(t.TempDir(), "spring.arena")
	if _, stderr, code := run(t, "export", "--data", data, "--event", "1", "--out", file); code != 0 {
		t.Fatalf("arena export: %d %s", code, stderr)
	}
	if out, stderr, code := run(t, "import", "--data", dest, "--in", file, "--json"); code != 0 || !strings.Contains(out, `"organiser": "carried"`) {
		t.Fatalf("arena import: %d %s %s", code, out, stderr)
	}
	if out, stderr, code := run(t, "import", "--data", other, "--in", file); code != 0 || !strings.Contains(out, "organiser token of its own") {
		t.Fatalf("arena import into a platform with its organiser: %d %s %s", code, out, stderr)
	}
	for dir, token := range map[string]string{dest: organiser, other: own} {
		p, err := platform.Open(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.AuthenticateOrganiser(ctx, token); err != nil {
			t.Errorf("%s: the organiser's token: %v", dir, err)
		}
		if made, err := p.FirstOrganiserToken(ctx); made != "" || err != nil {
			t.Errorf("%s: a first start would make another organiser token: %q %v", dir, made, err)
		}
		p.Close()
	}
}
