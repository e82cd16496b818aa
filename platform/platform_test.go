package platform_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/worker"
)

func TestCreateEventChecksGameNameAndOptions(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	for _, bad := range []struct {
		game, name string
		opts       []string
		want       string
	}{
		{"chess", "x", nil, "unknown game"},
		{"tracks", "", nil, "empty"},
		{"tracks", " x", nil, "space"},
		{"tracks", "a\x1bb", nil, "control"},
		{"tracks", strings.Repeat("n", 65), nil, "64"},
		{"tracks", "x", []string{"nosuch=1"}, "unknown option"},
	} {
		if _, _, err := p.CreateEvent(ctx, bad.game, bad.name, bad.opts); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("CreateEvent(%q, %q, %v) = %v, want an error with %q", bad.game, bad.name, bad.opts, err, bad.want)
		}
	}
	ev, invite, err := p.CreateEvent(ctx, "ants", "Spring", []string{"max_turns=100"})
	if err != nil || ev.ID == 0 || ev.Options["max_turns"] != "100" || !strings.HasPrefix(invite, "invite-") {
		t.Fatalf("%+v %q %v", ev, invite, err)
	}
}

func TestJoinAndAuthenticate(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	team, token, err := p.Join(ctx, invite, "Owls")
	if err != nil || team.EventID != ev.ID {
		t.Fatalf("%+v %v", team, err)
	}
	if _, _, err := p.Join(ctx, invite, "Owls"); err == nil || !strings.Contains(err.Error(), "already has a team") {
		t.Fatalf("same name twice: %v", err)
	}
	// the invitation's key with another secret, and a team token as an invitation
	forged := invite[:len(invite)-1] + string("0123456789abcdef"[(strings.IndexByte("0123456789abcdef", invite[len(invite)-1])+1)%16])
	for _, bad := range []string{forged, token, "", "invite-x-y"} {
		if _, _, err := p.Join(ctx, bad, "Bats"); !errors.Is(err, event.ErrBadInvite) {
			t.Errorf("Join(%q) = %v, want event.ErrBadInvite", bad, err)
		}
	}
	got, err := p.Authenticate(ctx, token)
	if err != nil || got.ID != team.ID {
		t.Fatalf("Authenticate: %+v %v", got, err)
	}
	forgedToken := token[:len(token)-2] + "00"
	if forgedToken == token {
		forgedToken = token[:len(token)-2] + "11"
	}
	for _, bad := range []string{forgedToken, invite, "", token + "0"} {
		if _, err := p.Authenticate(ctx, bad); !errors.Is(err, store.ErrBadSecret) {
			t.Errorf("Authenticate(%q) = %v, want ErrBadSecret", bad, err)
		}
	}
}

// The platform's tests may ask for a PostgreSQL database (pgtest.URL).
// A relative data directory (arena serve --data ./arena-data) is made
// absolute once, when it is opened: builds and npm run elsewhere.
func TestARelativeDataDirectoryIsMadeAbsolute(t *testing.T) {
	d := platformtest.DataDir(t)
	t.Chdir(filepath.Dir(d))
	p, err := platform.Open(context.Background(), "./"+filepath.Base(d))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.Dir != d || p.Builds.Dir != d || !filepath.IsAbs(p.Builds.BuildDir(1)) {
		t.Errorf("the data directory %q (builds %q, %q), want %q", p.Dir, p.Builds.Dir, p.Builds.BuildDir(1), d)
	}
}

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestFlowsOnPostgres runs again, on PostgreSQL, the entry's tests that
// open their platform with platformtest.Open: the same flows on both
// drivers.
func TestFlowsOnPostgres(t *testing.T) {
	platformtest.OnPostgres(t, map[string]func(*testing.T){
		"CreateEventChecksGameNameAndOptions": TestCreateEventChecksGameNameAndOptions,
		"JoinAndAuthenticate":                 TestJoinAndAuthenticate,
	})
}

// TestAloneWhileItHoldsTheJobsLock: a SQLite data directory's server
// plays its matches alone while it holds the jobs lock (its player then
// keeps what it knows of the pauses), each holding named apart; a
// platform on PostgreSQL, whose workers may be on other machines, never
// is.
func TestAloneWhileItHoldsTheJobsLock(t *testing.T) {
	ctx := context.Background()
	p, err := platform.Open(ctx, platformtest.DataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, alone := p.Player.Alone(); alone {
		t.Error("alone before its jobs started")
	}
	var holdings []uint64
	for range 2 {
		if err := p.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
			t.Fatal(err)
		}
		h, alone := p.Player.Alone()
		if !alone {
			t.Error("not alone with the jobs lock held")
		}
		holdings = append(holdings, h)
		if err := p.StopJobs(ctx); err != nil {
			t.Fatal(err)
		}
		if _, alone := p.Player.Alone(); alone {
			t.Error("alone with its jobs stopped")
		}
	}
	if holdings[0] == holdings[1] {
		t.Errorf("two holdings of the lock named alike: %v", holdings)
	}

	pg, err := platform.OpenDB(ctx, pgtest.URL(t), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if err := pg.StartJobs(ctx, worker.Options{Build: build.Options{Unsafe: true}}); err != nil {
		t.Fatal(err)
	}
	defer pg.StopJobs(ctx)
	if _, alone := pg.Player.Alone(); alone {
		t.Error("alone on PostgreSQL")
	}
}
