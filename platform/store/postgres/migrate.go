package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// migrations bring the schema up to date, in order; each runs once, in
// its own transaction with the schema_version row that records it. Step N
// does what SQLite's step N does (store.Migrations). Add new ones at the
// end; never edit one that has shipped.
var migrations = []string{
	// 1: events, teams, submissions and their builds.
	`CREATE TABLE events (
		id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		game text NOT NULL,
		name text NOT NULL,
		options jsonb NOT NULL,           -- game options (k=v)
		invite_key text NOT NULL UNIQUE,  -- the public half of the invitation
		invite_hash bytea NOT NULL,       -- SHA-256 of its secret half
		created timestamptz NOT NULL
	);
	CREATE TABLE teams (
		id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		event_id bigint NOT NULL REFERENCES events(id),
		name text NOT NULL,
		token_key text NOT NULL UNIQUE,
		token_hash bytea NOT NULL,
		created timestamptz NOT NULL,
		UNIQUE (event_id, name)
	);
	CREATE TABLE submissions (
		id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		team_id bigint NOT NULL REFERENCES teams(id),
		filename text NOT NULL,
		language text NOT NULL,
		status text NOT NULL,
		error text NOT NULL,
		log bytea,
		created timestamptz NOT NULL,
		built timestamptz
	);
	CREATE INDEX submissions_team ON submissions (team_id, id);`,
	// 2: a team's active submission.
	`ALTER TABLE teams ADD COLUMN active bigint REFERENCES submissions(id);`,
	// 3: matches and ratings.
	`CREATE TABLE matches (
		id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		event_id bigint NOT NULL REFERENCES events(id),
		key text NOT NULL UNIQUE,
		seed bigint NOT NULL,
		teams bigint[] NOT NULL,       -- by seat; 0 for a house bot
		submissions bigint[] NOT NULL, -- by seat
		ranks int[] NOT NULL,          -- by seat
		error text NOT NULL,
		played timestamptz NOT NULL
	);
	CREATE INDEX matches_event ON matches (event_id, id);
	CREATE TABLE ratings (
		team_id bigint PRIMARY KEY REFERENCES teams(id),
		mu double precision NOT NULL,
		sigma double precision NOT NULL,
		games int NOT NULL,
		wins int NOT NULL,
		draws int NOT NULL,
		losses int NOT NULL
	);`,
	// 4: event formats: what a match was for, its league and round, its
	// scores and statistics; a team's league.
	`ALTER TABLE matches ADD COLUMN kind text NOT NULL DEFAULT 'casual';
	ALTER TABLE matches ADD COLUMN league int NOT NULL DEFAULT 0;
	ALTER TABLE matches ADD COLUMN round bigint NOT NULL DEFAULT 0;
	ALTER TABLE matches ADD COLUMN scores double precision[] NOT NULL DEFAULT '{}'; -- by seat
	ALTER TABLE matches ADD COLUMN stats jsonb NOT NULL DEFAULT '[]';               -- objects by seat
	CREATE INDEX matches_kind ON matches (event_id, kind, id);
	CREATE INDEX matches_submissions ON matches USING gin (submissions);
	ALTER TABLE teams ADD COLUMN league int NOT NULL DEFAULT 0;`,
	// 5: the state of an event's format (spawn votes, ranked rounds...);
	// doc is NULL only inside the transaction that makes the row.
	`CREATE TABLE event_state (
		event_id bigint NOT NULL REFERENCES events(id),
		name text NOT NULL,
		doc bytea,
		updated timestamptz NOT NULL,
		PRIMARY KEY (event_id, name)
	);`,
	// 6: event settings (store.Settings); events made before them keep
	// the defaults, house bots on.
	`ALTER TABLE events ADD COLUMN settings jsonb NOT NULL DEFAULT '{"house_bots": true}';`,
	// 7: files (uploads, build artifacts, replays: workers on other
	// machines read them here) and workers' heartbeats.
	`CREATE TABLE files (
		name text PRIMARY KEY,
		data bytea NOT NULL
	);
	CREATE TABLE workers (
		id text PRIMARY KEY,
		host text NOT NULL,
		cores int NOT NULL,
		slots int NOT NULL,
		running int NOT NULL,
		done bigint NOT NULL,
		started timestamptz NOT NULL,
		seen timestamptz NOT NULL
	);`,
	// 8: the organiser's token (one row), team members' display names.
	`CREATE TABLE organiser (
		id int PRIMARY KEY CHECK (id = 1),
		token_key text NOT NULL,
		token_hash bytea NOT NULL,
		created timestamptz NOT NULL
	);
	ALTER TABLE teams ADD COLUMN members jsonb NOT NULL DEFAULT '[]';`,
	// 9: how often a worker beats (a silent one is lost after six).
	`ALTER TABLE workers ADD COLUMN every_ms bigint NOT NULL DEFAULT 5000;`,
	// 10: the map a match was played on (the game page's "Map: ...").
	`ALTER TABLE matches ADD COLUMN map text NOT NULL DEFAULT '';`,
	// 11: test games: a team's unrated games, apart from the matches.
	`CREATE TABLE test_games (
		id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		event_id bigint NOT NULL REFERENCES events(id),
		team_id bigint NOT NULL REFERENCES teams(id),
		opponent text NOT NULL,
		teams bigint[] NOT NULL,       -- by seat; 0 for a builtin bot
		submissions bigint[] NOT NULL, -- by seat
		house text NOT NULL,
		league int NOT NULL,
		seed bigint NOT NULL,
		state text NOT NULL,
		ranks int[] NOT NULL,          -- by seat
		error text NOT NULL,
		created timestamptz NOT NULL,
		ended timestamptz
	);
	CREATE INDEX test_games_team ON test_games (team_id, id);`,
	// 12: builds cached by their tree: what a build is of, and the
	// submission whose build tree it plays (0: its own).
	`ALTER TABLE submissions ADD COLUMN tree text NOT NULL DEFAULT '';
	ALTER TABLE submissions ADD COLUMN artifact bigint NOT NULL DEFAULT 0;
	CREATE INDEX submissions_tree ON submissions (tree, id) WHERE tree <> '';`,
	// 13: draft submissions (store.Submission.Draft).
	`ALTER TABLE submissions ADD COLUMN draft boolean NOT NULL DEFAULT false;`,
	// 14: suspended teams (store.Team.Suspended) and the organiser's reason.
	`ALTER TABLE teams ADD COLUMN suspended boolean NOT NULL DEFAULT false;
	ALTER TABLE teams ADD COLUMN suspend_reason text NOT NULL DEFAULT '';`,
	// 15: the failed matches by event and kind: MatchCounts counts from
	// indexes (matches_kind and this), not from every match's row.
	`CREATE INDEX matches_failed ON matches (event_id, kind) WHERE error <> '';`,
}

// migrateLock is the advisory lock that lets one process at a time
// migrate: several servers and workers may start at once.
const migrateLock = 0x4172656e61 // "Arena"

// locked runs f holding the migrations' advisory lock on a connection of
// its own (a session lock: f may use other connections).
func locked(ctx context.Context, pool *pgxpool.Pool, f func(*pgxpool.Conn) error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrateLock); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrateLock)
	return f(conn)
}

// migrate brings the store's tables up to date, then River's, under the
// migrations' lock.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return locked(ctx, pool, func(conn *pgxpool.Conn) error {
		if err := migrateOn(ctx, conn); err != nil {
			return err
		}
		if err := migrateRiver(ctx, pool); err != nil {
			return fmt.Errorf("job queue tables: %w", err)
		}
		return nil
	})
}

func migrateOn(ctx context.Context, conn *pgxpool.Conn) error {
	if err := versionTable(ctx, conn); err != nil {
		return fmt.Errorf("schema version: %w", err)
	}
	var have int
	if err := conn.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&have); err != nil {
		return err
	}
	if have > len(migrations) {
		return fmt.Errorf("its schema (version %d) is newer than this arena knows (%d): use a newer arena", have, len(migrations))
	}
	for v := have + 1; v <= len(migrations); v++ {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, migrations[v-1]); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, v)
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %d: %w", v, err)
		}
	}
	return nil
}

// A PostgreSQL database made before the drivers' migrations were numbered
// alike counted SQLite's first three steps as its one first step: its
// version V (1 to 8) is V+2 today, which its rows become once. The table
// schema_numbering marks a database numbered as today: made with
// schema_version in a new database, or by the renumbering, in the same
// transaction, so that a database is renumbered exactly once.

// renumberedSteps is how many steps the old first step is today.
const renumberedSteps = 3

// versionTable makes schema_version in a new database, or renumbers an
// old database's.
func versionTable(ctx context.Context, conn *pgxpool.Conn) error {
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		var old bool
		err := tx.QueryRow(ctx, `SELECT to_regclass('schema_version') IS NOT NULL AND to_regclass('schema_numbering') IS NULL`).Scan(&old)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version int NOT NULL);
			CREATE TABLE IF NOT EXISTS schema_numbering ()`); err != nil {
			return err
		}
		if old {
			_, err = tx.Exec(ctx, `WITH old AS (DELETE FROM schema_version RETURNING version)
				INSERT INTO schema_version (version) SELECT generate_series(1, max(version) + $1) FROM old HAVING max(version) > 0`, renumberedSteps-1)
		}
		return err
	})
}
