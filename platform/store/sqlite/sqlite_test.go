package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/storetest"
)

func open(t *testing.T, path string) *DB {
	t.Helper()
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// TestConformance runs the store's conformance suite on SQLite.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		path := filepath.Join(t.TempDir(), "arena.db")
		return func(t *testing.T) store.Store { return open(t, path) }
	})
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

func TestMigratingAVersion1Database(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "arena.db")
	db := open(t, path)
	// back to version 1 as an older arena left it: no active column
	for _, q := range []string{`DROP TABLE test_games`, `DROP INDEX submissions_tree`, `ALTER TABLE submissions DROP COLUMN tree`, `ALTER TABLE submissions DROP COLUMN artifact`, `ALTER TABLE submissions DROP COLUMN draft`, `ALTER TABLE teams DROP COLUMN suspended`, `ALTER TABLE teams DROP COLUMN suspend_reason`, `DROP TABLE organiser`, `ALTER TABLE teams DROP COLUMN members`, `DROP TABLE files`, `DROP TABLE workers`, `DROP TABLE event_state`, `DROP TABLE matches`, `DROP TABLE ratings`, `ALTER TABLE teams DROP COLUMN active`, `ALTER TABLE teams DROP COLUMN league`, `ALTER TABLE events DROP COLUMN settings`, `DELETE FROM schema_version WHERE version > 1`,
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
	if err != nil || team.Name != "Owls" || team.Active != 0 || team.Members == nil || len(team.Members) != 0 || team.Suspended {
		t.Fatalf("%+v %v", team, err)
	}
	if ev, err := db.Event(ctx, 1); err != nil || !ev.Settings.HouseBots {
		t.Fatalf("an event older than the settings: %+v %v, want house bots on", ev, err)
	}
	var v int
	db.SQL().QueryRow(`SELECT MAX(version) FROM schema_version`).Scan(&v)
	if v != len(migrations) {
		t.Fatalf("schema version %d, want %d", v, len(migrations))
	}
}

// TestAnEventWithoutSettingsHasHouseBots: a row that never had its
// settings written (an event older than them) reads house bots on.
func TestAnEventWithoutSettingsHasHouseBots(t *testing.T) {
	ctx := context.Background()
	db := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer db.Close()
	if _, err := db.SQL().ExecContext(ctx, `INSERT INTO events (game, name, options, invite_key, invite_hash, created) VALUES ('ants', 'old', '{}', 'k', x'00', '')`); err != nil {
		t.Fatal(err)
	}
	evs, _ := db.Events(ctx)
	if len(evs) != 1 || !evs[0].Settings.HouseBots || len(evs[0].Settings.Seats) != 0 {
		t.Fatalf("an event without settings: %+v", evs)
	}
}

// TestAPathWithURICharacters: a data directory whose name holds '#' or
// '?' opens its own database file, not one named by the path's start.
func TestAPathWithURICharacters(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a#1", "a?b", "a%20c"} {
		path := filepath.Join(dir, name, "arena.db")
		os.MkdirAll(filepath.Dir(path), 0o755)
		db := open(t, path)
		db.Close()
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		t.Errorf("files made: %v", ents)
	}
}
