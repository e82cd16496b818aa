package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/seed27749672/arena/platform/store"
)

// oldMigrations are this driver's migrations as they stood when the two
// drivers' were first numbered alike (SQLite's numbering was kept; the
// PostgreSQL driver's changed), frozen: what data directories made until
// then hold. Never edit them.
var oldMigrations = []string{
	// 1: events, teams, submissions and their builds.
	`CREATE TABLE events (
		id INTEGER PRIMARY KEY,
		game TEXT NOT NULL,
		name TEXT NOT NULL,
		options TEXT NOT NULL,           -- JSON object of game options
		invite_key TEXT NOT NULL UNIQUE, -- the public half of the invitation
		invite_hash BLOB NOT NULL,       -- SHA-256 of its secret half
		created TEXT NOT NULL
	);
	CREATE TABLE teams (
		id INTEGER PRIMARY KEY,
		event_id INTEGER NOT NULL REFERENCES events(id),
		name TEXT NOT NULL,
		token_key TEXT NOT NULL UNIQUE,
		token_hash BLOB NOT NULL,
		created TEXT NOT NULL,
		UNIQUE (event_id, name)
	);
	CREATE TABLE submissions (
		id INTEGER PRIMARY KEY,
		team_id INTEGER NOT NULL REFERENCES teams(id),
		filename TEXT NOT NULL,
		language TEXT NOT NULL,
		status TEXT NOT NULL,
		error TEXT NOT NULL,
		log BLOB,
		created TEXT NOT NULL,
		built TEXT NOT NULL
	);
	CREATE INDEX submissions_team ON submissions (team_id, id);`,
	// 2: a team's active submission.
	`ALTER TABLE teams ADD COLUMN active INTEGER REFERENCES submissions(id);`,
	// 3: matches and ratings.
	`CREATE TABLE matches (
		id INTEGER PRIMARY KEY,
		event_id INTEGER NOT NULL REFERENCES events(id),
		key TEXT NOT NULL UNIQUE,
		seed INTEGER NOT NULL,
		teams TEXT NOT NULL,       -- JSON array by seat
		submissions TEXT NOT NULL, -- JSON array by seat
		ranks TEXT NOT NULL,       -- JSON array by seat
		error TEXT NOT NULL,
		played TEXT NOT NULL
	);
	CREATE INDEX matches_event ON matches (event_id, id);
	CREATE TABLE ratings (
		team_id INTEGER PRIMARY KEY REFERENCES teams(id),
		mu REAL NOT NULL,
		sigma REAL NOT NULL,
		games INTEGER NOT NULL,
		wins INTEGER NOT NULL,
		draws INTEGER NOT NULL,
		losses INTEGER NOT NULL
	);`,
	// 4: event formats: what a match was for, its league and round, its
	// scores and statistics; a team's league.
	`ALTER TABLE matches ADD COLUMN kind TEXT NOT NULL DEFAULT 'casual';
	ALTER TABLE matches ADD COLUMN league INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE matches ADD COLUMN round INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE matches ADD COLUMN scores TEXT NOT NULL DEFAULT '[]'; -- JSON array by seat
	ALTER TABLE matches ADD COLUMN stats TEXT NOT NULL DEFAULT '[]';  -- JSON array of objects by seat
	CREATE INDEX matches_kind ON matches (event_id, kind, id);
	ALTER TABLE teams ADD COLUMN league INTEGER NOT NULL DEFAULT 0;`,
	// 5: the state of an event's format (spawn votes, ranked rounds...).
	`CREATE TABLE event_state (
		event_id INTEGER NOT NULL REFERENCES events(id),
		name TEXT NOT NULL,
		doc BLOB NOT NULL,
		updated TEXT NOT NULL,
		PRIMARY KEY (event_id, name)
	);`,
	// 6: event settings (store.Settings as JSON); events made before
	// them keep the defaults, house bots on.
	`ALTER TABLE events ADD COLUMN settings TEXT NOT NULL DEFAULT '{"house_bots":true}';`,
	// 7: files (for workers on other machines) and workers' heartbeats.
	`CREATE TABLE files (
		name TEXT PRIMARY KEY,
		data BLOB NOT NULL
	);
	CREATE TABLE workers (
		id TEXT PRIMARY KEY,
		host TEXT NOT NULL,
		cores INTEGER NOT NULL,
		slots INTEGER NOT NULL,
		running INTEGER NOT NULL,
		done INTEGER NOT NULL,
		started TEXT NOT NULL,
		seen TEXT NOT NULL
	);`,
	// 8: the organiser's token (one row), team members' display names.
	`CREATE TABLE organiser (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		token_key TEXT NOT NULL,
		token_hash BLOB NOT NULL,
		created TEXT NOT NULL
	);
	ALTER TABLE teams ADD COLUMN members TEXT NOT NULL DEFAULT '[]'; -- JSON array of names`,
	// 9: how often a worker beats (a silent one is lost after six).
	`ALTER TABLE workers ADD COLUMN every_ms INTEGER NOT NULL DEFAULT 5000;`,
	// 10: the map a match was played on (the game page's "Map: ...").
	`ALTER TABLE matches ADD COLUMN map TEXT NOT NULL DEFAULT '';`,
}

// oldDatabase makes a database file as the code of that time left it at
// version v: its schema_version, its steps, and River's tables.
func oldDatabase(t *testing.T, path string, v int) {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE TABLE schema_version (version INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for i, q := range oldMigrations[:v] {
		if err := step(ctx, db, i+1, q); err != nil {
			t.Fatalf("old migration %d: %v", i+1, err)
		}
	}
	if err := migrateRiver(ctx, db); err != nil {
		t.Fatal(err)
	}
	for _, q := range oldRows(v) {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
}

// oldRows are an event, a team and a match in the old schema at version
// v (at least 3), and at the last version a row in every table.
func oldRows(v int) []string {
	qs := []string{
		`INSERT INTO events (game, name, options, invite_key, invite_hash, created) VALUES ('tracks', 'Summer', '{"a":"1"}', 'ik', x'00', '2026-01-02T03:04:05Z')`,
		`INSERT INTO teams (event_id, name, token_key, token_hash, created) VALUES (1, 'Owls', 'tk', x'01', '2026-01-02T03:04:05Z')`,
		`INSERT INTO submissions (team_id, filename, language, status, error, log, created, built) VALUES (1, 'bot.py', 'python', 'ready', '', 'ok', '2026-01-02T03:04:05Z', '')`,
		`UPDATE teams SET active = 1`,
		`INSERT INTO matches (event_id, key, seed, teams, submissions, ranks, error, played) VALUES (1, 'casual-1', 7, '[1,0]', '[1,0]', '[1,2]', '', '2026-01-02T03:04:05Z')`,
		`INSERT INTO ratings (team_id, mu, sigma, games, wins, draws, losses) VALUES (1, 26, 8, 1, 1, 0, 0)`,
	}
	if v < len(oldMigrations) {
		return qs
	}
	return append(qs,
		`UPDATE matches SET kind = 'final', round = 3, scores = '[10,2]', map = 'canopy'`,
		`UPDATE teams SET league = 2, members = '["Ann"]'`,
		`UPDATE events SET settings = '{"house_bots":false,"seats":[2]}'`,
		`INSERT INTO event_state (event_id, name, doc, updated) VALUES (1, 'look', '{}', '2026-01-02T03:04:05Z')`,
		`INSERT INTO files (name, data) VALUES ('upload-1', x'0102')`,
		`INSERT INTO workers (id, host, cores, slots, running, done, started, seen, every_ms) VALUES ('w1', 'm1', 4, 2, 0, 9, '2026-01-02T03:04:05Z', '2026-01-02T03:04:05Z', 1000)`,
		`INSERT INTO organiser (id, token_key, token_hash, created) VALUES (1, 'ok', x'02', '2026-01-02T03:04:05Z')`)
}

// schema is the database's schema as SQLite keeps it, River's included.
func schema(t *testing.T, db *DB) []string {
	t.Helper()
	rows, err := db.db.Query(`SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	return out
}

func versions(t *testing.T, db *DB) []int {
	t.Helper()
	rows, err := db.db.Query(`SELECT version FROM schema_version ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var vs []int
	for rows.Next() {
		var v int
		rows.Scan(&v)
		vs = append(vs, v)
	}
	return vs
}

// TestTheMigrationsAreTheStoresSteps: step N is store.Migrations' step N.
func TestTheMigrationsAreTheStoresSteps(t *testing.T) {
	if len(migrations) != len(store.Migrations) {
		t.Fatalf("%d migrations, store.Migrations has %d steps", len(migrations), len(store.Migrations))
	}
}

// TestAnOldDatabaseUpgrades: a data directory's database left at any
// version by the code of the old numbering opens with today's, which runs
// each step it lacks once: its versions are 1 to the last, its schema is
// a new database's, and its rows read back.
func TestAnOldDatabaseUpgrades(t *testing.T) {
	ctx := context.Background()
	fresh := open(t, filepath.Join(t.TempDir(), "arena.db"))
	want := schema(t, fresh)
	fresh.Close()
	all := make([]int, len(migrations))
	for i := range all {
		all[i] = i + 1
	}
	for _, v := range []int{3, 5, len(oldMigrations)} {
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "arena.db")
			oldDatabase(t, path, v)
			db := open(t, path)
			defer db.Close()
			if got := schema(t, db); !slices.Equal(got, want) {
				t.Errorf("schema after the upgrade:\n%v\nwant a new database's:\n%v", got, want)
			}
			if got := versions(t, db); !slices.Equal(got, all) {
				t.Errorf("versions %v, want %v", got, all)
			}
			checkOldRows(t, ctx, db, v == len(oldMigrations))
		})
	}
}

// checkOldRows reads back what oldRows wrote.
func checkOldRows(t *testing.T, ctx context.Context, db *DB, last bool) {
	t.Helper()
	ev, err := db.Event(ctx, 1)
	if err != nil || ev.Name != "Summer" || ev.Options["a"] != "1" || ev.Settings.HouseBots == last {
		t.Errorf("event %+v %v", ev, err)
	}
	team, err := db.Team(ctx, 1)
	if err != nil || team.Name != "Owls" || team.Active != 1 || (last && (team.League != 2 || !slices.Equal(team.Members, []string{"Ann"}))) {
		t.Errorf("team %+v %v", team, err)
	}
	ms, err := db.Matches(ctx, 1, 10)
	if err != nil || len(ms) != 1 || ms[0].Key != "casual-1" || !slices.Equal(ms[0].Ranks, []int{1, 2}) ||
		(last && (ms[0].Kind != store.KindFinal || ms[0].Map != "canopy" || !slices.Equal(ms[0].Scores, []float64{10, 2}))) {
		t.Errorf("matches %+v %v", ms, err)
	}
	if r, err := db.Ratings(ctx, 1); err != nil || r[1].Mu != 26 || r[1].Wins != 1 {
		t.Errorf("ratings %+v %v", r, err)
	}
	if !last {
		return
	}
	if doc, err := db.EventState(ctx, 1, "look"); err != nil || string(doc) != "{}" {
		t.Errorf("event state %q %v", doc, err)
	}
	if f, err := db.File(ctx, "upload-1"); err != nil || len(f) != 2 {
		t.Errorf("file %v %v", f, err)
	}
	if ws, err := db.Workers(ctx); err != nil || len(ws) != 1 || ws[0].Every.Milliseconds() != 1000 {
		t.Errorf("workers %+v %v", ws, err)
	}
	if key, _, err := db.Organiser(ctx); err != nil || key != "ok" {
		t.Errorf("organiser %q %v", key, err)
	}
}
