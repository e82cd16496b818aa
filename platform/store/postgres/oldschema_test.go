package postgres

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
)

// oldMigrations are this driver's migrations as they were numbered before
// they were numbered as SQLite's (their step 1 is today's steps 1 to 3),
// frozen: what databases made then hold. Never edit them.
var oldMigrations = []string{
	// 1: events, teams, submissions and their builds, matches and ratings.
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
		active bigint,
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
	CREATE INDEX submissions_team ON submissions (team_id, id);
	ALTER TABLE teams ADD FOREIGN KEY (active) REFERENCES submissions(id);
	CREATE TABLE matches (
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
	// 2: event formats: what a match was for, its league and round, its
	// scores and statistics; a team's league.
	`ALTER TABLE matches ADD COLUMN kind text NOT NULL DEFAULT 'casual';
	ALTER TABLE matches ADD COLUMN league int NOT NULL DEFAULT 0;
	ALTER TABLE matches ADD COLUMN round bigint NOT NULL DEFAULT 0;
	ALTER TABLE matches ADD COLUMN scores double precision[] NOT NULL DEFAULT '{}'; -- by seat
	ALTER TABLE matches ADD COLUMN stats jsonb NOT NULL DEFAULT '[]';               -- objects by seat
	CREATE INDEX matches_kind ON matches (event_id, kind, id);
	CREATE INDEX matches_submissions ON matches USING gin (submissions);
	ALTER TABLE teams ADD COLUMN league int NOT NULL DEFAULT 0;`,
	// 3: the state of an event's format (spawn votes, ranked rounds...);
	// doc is NULL only inside the transaction that makes the row.
	`CREATE TABLE event_state (
		event_id bigint NOT NULL REFERENCES events(id),
		name text NOT NULL,
		doc bytea,
		updated timestamptz NOT NULL,
		PRIMARY KEY (event_id, name)
	);`,
	// 4: event settings (store.Settings); events made before them keep
	// the defaults, house bots on.
	`ALTER TABLE events ADD COLUMN settings jsonb NOT NULL DEFAULT '{"house_bots": true}';`,
	// 5: files (uploads, build artifacts, replays: workers on other
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
	// 6: the organiser's token (one row), team members' display names.
	`CREATE TABLE organiser (
		id int PRIMARY KEY CHECK (id = 1),
		token_key text NOT NULL,
		token_hash bytea NOT NULL,
		created timestamptz NOT NULL
	);
	ALTER TABLE teams ADD COLUMN members jsonb NOT NULL DEFAULT '[]';`,
	// 7: how often a worker beats (a silent one is lost after six).
	`ALTER TABLE workers ADD COLUMN every_ms bigint NOT NULL DEFAULT 5000;`,
	// 8: the map a match was played on (the game page's "Map: ...").
	`ALTER TABLE matches ADD COLUMN map text NOT NULL DEFAULT '';`,
}

// oldDatabase makes a database as the old numbering's code left it at
// version v: its schema_version, its steps, and River's tables.
func oldDatabase(t *testing.T, url string, v int) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if _, err := pool.Exec(ctx, `CREATE TABLE schema_version (version int NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for i, q := range oldMigrations[:v] {
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, q); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, i+1)
			return err
		})
		if err != nil {
			t.Fatalf("old migration %d: %v", i+1, err)
		}
	}
	if v > 0 {
		if err := migrateRiver(ctx, pool); err != nil {
			t.Fatal(err)
		}
	}
	return pool
}

// schema describes a database's tables, columns, constraints and indexes,
// River's included, as text to compare.
func schema(t *testing.T, db *DB) []string {
	t.Helper()
	var out []string
	for _, q := range []string{
		`SELECT table_name || '.' || column_name || ' ' || ordinal_position || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '')
			FROM information_schema.columns WHERE table_schema = 'public'`,
		`SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace`,
		`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'`,
	} {
		rows, err := db.pool.Query(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, lines...)
	}
	slices.Sort(out)
	return out
}

func versions(t *testing.T, db *DB) []int {
	t.Helper()
	rows, _ := db.pool.Query(context.Background(), `SELECT version FROM schema_version ORDER BY version`)
	vs, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestTheMigrationsAreSQLitesSteps: step N is store.Migrations' step N.
func TestTheMigrationsAreSQLitesSteps(t *testing.T) {
	if len(migrations) != len(store.Migrations) {
		t.Fatalf("%d migrations, store.Migrations has %d steps", len(migrations), len(store.Migrations))
	}
}

// TestAnOldNumberingIsRenumbered: a database the old numbering's code
// left at any of its versions opens with today's, which runs each step it
// lacks once: its versions are today's 1 to the last, its schema is a new
// database's, and its rows read back.
func TestAnOldNumberingIsRenumbered(t *testing.T) {
	ctx := context.Background()
	fresh := open(t, pgtest.URL(t))
	want := schema(t, fresh)
	fresh.Close()
	all := make([]int, len(migrations))
	for i := range all {
		all[i] = i + 1
	}
	for _, v := range []int{0, 1, 2, 5, len(oldMigrations)} {
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			url := pgtest.URL(t)
			pool := oldDatabase(t, url, v)
			if v > 0 {
				oldRows(t, pool, v)
			}
			db := open(t, url)
			defer db.Close()
			if got := schema(t, db); !slices.Equal(got, want) {
				t.Errorf("schema after the renumbering:\n%v\nwant a new database's:\n%v", got, want)
			}
			if got := versions(t, db); !slices.Equal(got, all) {
				t.Errorf("versions %v, want %v", got, all)
			}
			if v > 0 {
				checkOldRows(t, ctx, db, v)
			}
			db.Close()
			db = open(t, url) // renumbered once: the next open changes nothing
			if got := versions(t, db); !slices.Equal(got, all) {
				t.Errorf("versions after another open %v, want %v", got, all)
			}
		})
	}
}

// oldRows writes an event and a team with the old schema at version v
// (at least 1), and at the last version a row in every table.
func oldRows(t *testing.T, pool *pgxpool.Pool, v int) {
	t.Helper()
	qs := []string{
		`INSERT INTO events (game, name, options, invite_key, invite_hash, created) VALUES ('tracks', 'Summer', '{"a":"1"}', 'ik', '\x00', now())`,
		`INSERT INTO teams (event_id, name, token_key, token_hash, created) VALUES (1, 'Owls', 'tk', '\x01', now())`,
		`INSERT INTO submissions (team_id, filename, language, status, error, log, created, built) VALUES (1, 'bot.py', 'python', 'ready', '', 'ok', now(), now())`,
		`UPDATE teams SET active = 1`,
		`INSERT INTO matches (event_id, key, seed, teams, submissions, ranks, error, played) VALUES (1, 'casual-1', 7, '{1,0}', '{1,0}', '{1,2}', '', now())`,
		`INSERT INTO ratings (team_id, mu, sigma, games, wins, draws, losses) VALUES (1, 26, 8, 1, 1, 0, 0)`,
	}
	if v == len(oldMigrations) {
		qs = append(qs,
			`UPDATE matches SET kind = 'final', round = 3, scores = '{10,2}', map = 'canopy'`,
			`UPDATE teams SET league = 2, members = '["Ann"]'`,
			`UPDATE events SET settings = '{"house_bots": false, "seats": [2]}'`,
			`INSERT INTO event_state (event_id, name, doc, updated) VALUES (1, 'look', '\x7b7d', now())`,
			`INSERT INTO files (name, data) VALUES ('upload-1', '\x0102')`,
			`INSERT INTO workers (id, host, cores, slots, running, done, started, seen, every_ms) VALUES ('w1', 'm1', 4, 2, 0, 9, now(), now(), 1000)`,
			`INSERT INTO organiser (id, token_key, token_hash, created) VALUES (1, 'ok', '\x02', now())`)
	}
	for _, q := range qs {
		if _, err := pool.Exec(context.Background(), q); err != nil {
			t.Fatal(q, err)
		}
	}
}

// checkOldRows reads back what oldRows wrote.
func checkOldRows(t *testing.T, ctx context.Context, db *DB, v int) {
	t.Helper()
	last := v == len(oldMigrations)
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
