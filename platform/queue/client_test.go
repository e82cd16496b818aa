package queue

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/store/postgres"
	"github.com/seed27749672/arena/platform/store/sqlite"
)

// The queue's tests may ask for a PostgreSQL database (pgtest.URL).
func TestMain(m *testing.M) { pgtest.Main(m) }

// TestOneServerSchedules: of two servers on one database, one holds the
// claim to schedule; when it gives it up (or is lost), the other takes it.
func TestOneServerSchedules(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	open := func() *Jobs {
		db, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		j := &Jobs{DB: db}
		t.Cleanup(func() { j.StopLeading(); db.Close() })
		return j
	}
	a, b := open(), open()
	if !a.Leading(ctx) || b.Leading(ctx) {
		t.Fatal("not exactly one server schedules")
	}
	if !a.Leading(ctx) {
		t.Fatal("the scheduler lost its claim")
	}
	a.StopLeading()
	if !b.Leading(ctx) || a.Leading(ctx) {
		t.Fatal("the other server did not take the claim")
	}
	// a lost server: its connection ends (the server is killed)
	b.lead.(*postgres.Lead).Kill()
	// its backend ends, and frees the lock, a moment after the connection
	// closes: the next ticks take it
	for deadline := time.Now().Add(time.Minute); !a.Leading(ctx); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the claim of a lost server was not taken")
		}
	}
}

// TestADataDirectorysServerSchedules: on SQLite, one process only, the
// claim is always held.
func TestADataDirectorysServerSchedules(t *testing.T) {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "arena.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if j := (&Jobs{DB: db}); !j.Leading(context.Background()) {
		t.Fatal("a data directory's server does not schedule")
	}
}
