package sqlite

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations bring the schema up to date, in order; each runs once, in
// its own transaction with the schema_version row that records it. Step N
// does what PostgreSQL's step N does (store.Migrations). Add new ones at
// the end; never edit one that has shipped.
var migrations = []string{
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
	// 11: test games: a team's unrated games, apart from the matches.
	`CREATE TABLE test_games (
		id INTEGER PRIMARY KEY,
		event_id INTEGER NOT NULL REFERENCES events(id),
		team_id INTEGER NOT NULL REFERENCES teams(id),
		opponent TEXT NOT NULL,
		teams TEXT NOT NULL,       -- JSON array by seat
		submissions TEXT NOT NULL, -- JSON array by seat
		house TEXT NOT NULL,
		league INTEGER NOT NULL,
		seed INTEGER NOT NULL,
		state TEXT NOT NULL,
		ranks TEXT NOT NULL,       -- JSON array by seat
		error TEXT NOT NULL,
		created TEXT NOT NULL,
		ended TEXT NOT NULL
	);
	CREATE INDEX test_games_team ON test_games (team_id, id);`,
	// 12: builds cached by their tree: what a build is of, and the
	// submission whose build tree it plays (0: its own).
	`ALTER TABLE submissions ADD COLUMN tree TEXT NOT NULL DEFAULT '';
	ALTER TABLE submissions ADD COLUMN artifact INTEGER NOT NULL DEFAULT 0;
	CREATE INDEX submissions_tree ON submissions (tree, id) WHERE tree <> '';`,
	// 13: draft submissions (store.Submission.Draft).
	`ALTER TABLE submissions ADD COLUMN draft INTEGER NOT NULL DEFAULT 0;`,
	// 14: suspended teams (store.Team.Suspended) and the organiser's reason.
	`ALTER TABLE teams ADD COLUMN suspended INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE teams ADD COLUMN suspend_reason TEXT NOT NULL DEFAULT '';`,
	// 15: the failed matches by event and kind: MatchCounts counts from
	// indexes (matches_kind and this), not from every match's row.
	`CREATE INDEX matches_failed ON matches (event_id, kind) WHERE error <> '';`,
}

func migrate(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var have int
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return err
	}
	if have > len(migrations) {
		return fmt.Errorf("its schema (version %d) is newer than this arena knows (%d): use a newer arena", have, len(migrations))
	}
	for v := have + 1; v <= len(migrations); v++ {
		if err := step(ctx, db, v, migrations[v-1]); err != nil {
			return fmt.Errorf("migration %d: %w", v, err)
		}
	}
	return nil
}

func step(ctx context.Context, db *sql.DB, v int, q string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, q); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (?)`, v); err != nil {
		return err
	}
	return tx.Commit()
}
