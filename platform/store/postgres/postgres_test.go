package postgres

import (
	"context"
	"testing"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/store/storetest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func open(t *testing.T, url string) *DB {
	t.Helper()
	db, err := Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// TestConformance runs the store's conformance suite on PostgreSQL.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		url := pgtest.URL(t)
		return func(t *testing.T) store.Store { return open(t, url) }
	})
}

func TestANewerSchemaIsRefused(t *testing.T) {
	url := pgtest.URL(t)
	db := open(t, url)
	if _, err := db.Pool().Exec(context.Background(), `INSERT INTO schema_version (version) VALUES ($1)`, len(migrations)+1); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if db, err := Open(context.Background(), url); err == nil {
		db.Close()
		t.Fatal("a database from a newer arena was opened")
	}
}

// TestMigrationsRunOnceWhenManyStartAtOnce opens the same new database from
// several goroutines at once, as servers and workers starting together do.
func TestMigrationsRunOnceWhenManyStartAtOnce(t *testing.T) {
	url := pgtest.URL(t)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			db, err := Open(context.Background(), url)
			if err == nil {
				db.Close()
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	db := open(t, url)
	defer db.Close()
	var n, v int
	if err := db.Pool().QueryRow(context.Background(), `SELECT COUNT(*), MAX(version) FROM schema_version`).Scan(&n, &v); err != nil || n != len(migrations) || v != len(migrations) {
		t.Fatalf("%d versions recorded, the last %d (%v), want %d", n, v, err, len(migrations))
	}
}

func TestABadURLSaysSo(t *testing.T) {
	if _, err := Open(context.Background(), "postgres://arena@127.0.0.1:1/x?connect_timeout=5"); err == nil {
		t.Fatal("opened a database on port 1")
	}
	if _, err := Open(context.Background(), "::not a url"); err == nil {
		t.Fatal("opened a malformed URL")
	}
}
