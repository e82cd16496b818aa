// Package sqlite is the SQLite driver of the platform's store
// (modernc.org/sqlite, no cgo): one file in the data directory, in WAL
// mode, its schema and the job queue's (River's riversqlite) brought up
// to date by the migrations when opened.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"modernc.org/sqlite"

	"github.com/seed27749672/arena/platform/store"
)

// DB is the SQLite store.
type DB struct {
	db      *sql.DB
	decoded *lru.Cache[int64, matchJSON] // match.go
}

var _ store.Store = (*DB)(nil)

// Open opens (or creates) the database file and runs the migrations it
// has not had yet: the store's, then River's.
func Open(ctx context.Context, path string) (*DB, error) {
	// WAL and synchronous=FULL: a committed row survives a killed process;
	// busy_timeout lets a reader wait for the writer instead of failing.
	// Transactions begin IMMEDIATE: one that reads then writes (an event
	// state's update) while another process writes the same file (arena
	// event roundrobin beside arena serve) would otherwise fail at once
	// with SQLITE_BUSY, which busy_timeout does not wait out; one
	// connection per process makes this no cost within a process.
	// The path is escaped: a '#' or '?' in it (a fuzz seed's temporary
	// directory) would end the file name and open another file.
	dsn := "file:" + uriPath.Replace(path) + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_txlock=immediate"
	conn, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(cachingConnector{conn}) // stmtcache.go
	// One connection: SQLite has one writer, and the job queue (River's
	// SQLite driver) shares this pool and asks for exactly this.
	db.SetMaxOpenConns(1)
	if err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	if err := migrateRiver(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("database %s: job queue tables: %w", path, err)
	}
	return &DB{db: db, decoded: newDecoded()}, nil
}

// uriPath escapes a file name for a file: URI.
var uriPath = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")

// SQL is the pool, for tests that look at the rows themselves.
func (d *DB) SQL() *sql.DB { return d.db }

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

func now() string { return time.Now().UTC().Format(time.RFC3339Nano) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

func isUnique(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// CreateEvent implements store.Store.
func (d *DB) CreateEvent(ctx context.Context, e store.Event, invite store.Key, hash []byte) (store.Event, error) {
	if e.Options == nil {
		e.Options = map[string]string{}
	}
	opts, err := json.Marshal(e.Options)
	if err != nil {
		return e, err
	}
	settings, err := json.Marshal(e.Settings)
	if err != nil {
		return e, err
	}
	e.Created = time.Now().UTC()
	res, err := d.db.ExecContext(ctx, `INSERT INTO events (game, name, options, settings, invite_key, invite_hash, created) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		e.Game, e.Name, string(opts), string(settings), string(invite), hash, e.Created.Format(time.RFC3339Nano))
	if err != nil {
		return e, err
	}
	e.ID, err = res.LastInsertId()
	return e, err
}

const eventCols = `id, game, name, options, settings, created`

func scanEvent(row interface{ Scan(...any) error }, extra ...any) (store.Event, error) {
	var e store.Event
	var opts, settings, created string
	if err := row.Scan(append([]any{&e.ID, &e.Game, &e.Name, &opts, &settings, &created}, extra...)...); err != nil {
		return e, notFound(err)
	}
	e.Created = parseTime(created)
	if err := json.Unmarshal([]byte(settings), &e.Settings); err != nil {
		return e, fmt.Errorf("event %d's settings: %w", e.ID, err)
	}
	return e, json.Unmarshal([]byte(opts), &e.Options)
}

// UpdateEvent implements store.Store.
func (d *DB) UpdateEvent(ctx context.Context, e store.Event) error {
	if e.Options == nil {
		e.Options = map[string]string{}
	}
	opts, err := json.Marshal(e.Options)
	if err != nil {
		return err
	}
	settings, err := json.Marshal(e.Settings)
	if err != nil {
		return err
	}
	return d.update(ctx, `UPDATE events SET name = ?, options = ?, settings = ? WHERE id = ?`, e.Name, string(opts), string(settings), e.ID)
}

// Events implements store.Store.
func (d *DB) Events(ctx context.Context) ([]store.Event, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+eventCols+` FROM events ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var es []store.Event
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, err
		}
		es = append(es, e)
	}
	return es, rows.Err()
}

// Event implements store.Store.
func (d *DB) Event(ctx context.Context, id int64) (store.Event, error) {
	return scanEvent(d.db.QueryRowContext(ctx, `SELECT `+eventCols+` FROM events WHERE id = ?`, id))
}

// EventByInvite implements store.Store.
func (d *DB) EventByInvite(ctx context.Context, invite store.Key) (store.Event, []byte, error) {
	var hash []byte
	e, err := scanEvent(d.db.QueryRowContext(ctx, `SELECT `+eventCols+`, invite_hash FROM events WHERE invite_key = ?`, string(invite)), &hash)
	return e, hash, err
}

// CreateTeam implements store.Store.
func (d *DB) CreateTeam(ctx context.Context, t store.Team, token store.Key, hash []byte) (store.Team, error) {
	t.Created = time.Now().UTC()
	if t.Members == nil {
		t.Members = []string{}
	}
	members, err := json.Marshal(t.Members)
	if err != nil {
		return t, err
	}
	res, err := d.db.ExecContext(ctx, `INSERT INTO teams (event_id, name, members, token_key, token_hash, created) VALUES (?, ?, ?, ?, ?, ?)`,
		t.EventID, t.Name, string(members), string(token), hash, t.Created.Format(time.RFC3339Nano))
	if isUnique(err) {
		return t, store.ErrConflict
	}
	if err != nil {
		return t, err
	}
	t.ID, err = res.LastInsertId()
	return t, err
}

const teamCols = `id, event_id, name, members, created, COALESCE(active, 0), league, suspended, suspend_reason`

func scanTeam(row interface{ Scan(...any) error }, extra ...any) (store.Team, error) {
	var t store.Team
	var members, created string
	if err := row.Scan(append([]any{&t.ID, &t.EventID, &t.Name, &members, &created, &t.Active, &t.League, &t.Suspended, &t.Reason}, extra...)...); err != nil {
		return t, notFound(err)
	}
	t.Created = parseTime(created)
	return t, json.Unmarshal([]byte(members), &t.Members)
}

// SetOrganiser implements store.Store.
func (d *DB) SetOrganiser(ctx context.Context, key store.Key, hash []byte, replace bool) (bool, error) {
	q := `INSERT INTO organiser (id, token_key, token_hash, created) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO NOTHING`
	if replace {
		q = `INSERT INTO organiser (id, token_key, token_hash, created) VALUES (1, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET token_key = excluded.token_key, token_hash = excluded.token_hash, created = excluded.created`
	}
	res, err := d.db.ExecContext(ctx, q, string(key), hash, now())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// SetInvite implements store.Store.
func (d *DB) SetInvite(ctx context.Context, eventID int64, invite store.Key, hash []byte) error {
	return d.update(ctx, `UPDATE events SET invite_key = ?, invite_hash = ? WHERE id = ?`, string(invite), hash, eventID)
}

// Organiser implements store.Store.
func (d *DB) Organiser(ctx context.Context) (store.Key, []byte, error) {
	var key string
	var hash []byte
	err := d.db.QueryRowContext(ctx, `SELECT token_key, token_hash FROM organiser WHERE id = 1`).Scan(&key, &hash)
	return store.Key(key), hash, notFound(err)
}

// Team implements store.Store.
func (d *DB) Team(ctx context.Context, id int64) (store.Team, error) {
	return scanTeam(d.db.QueryRowContext(ctx, `SELECT `+teamCols+` FROM teams WHERE id = ?`, id))
}

// SuspendTeam implements store.Store.
func (d *DB) SuspendTeam(ctx context.Context, eventID, teamID int64, suspended bool, reason string) (store.Team, error) {
	if !suspended {
		reason = ""
	}
	return scanTeam(d.db.QueryRowContext(ctx, `UPDATE teams SET suspended = ?, suspend_reason = ? WHERE id = ? AND event_id = ? RETURNING `+teamCols,
		suspended, reason, teamID, eventID))
}

// TeamByToken implements store.Store.
func (d *DB) TeamByToken(ctx context.Context, token store.Key) (store.Team, []byte, error) {
	var hash []byte
	t, err := scanTeam(d.db.QueryRowContext(ctx, `SELECT `+teamCols+`, token_hash FROM teams WHERE token_key = ?`, string(token)), &hash)
	return t, hash, err
}

// CreateSubmission implements store.Store.
func (d *DB) CreateSubmission(ctx context.Context, s store.Submission) (store.Submission, error) {
	s.Created = time.Now().UTC()
	if s.Status == "" {
		s.Status = store.StatusQueued
	}
	res, err := d.db.ExecContext(ctx, `INSERT INTO submissions (team_id, filename, language, status, error, created, built, draft) VALUES (?, ?, ?, ?, '', ?, '', ?)`,
		s.TeamID, s.Filename, s.Language, s.Status, s.Created.Format(time.RFC3339Nano), s.Draft)
	if err != nil {
		return s, err
	}
	s.ID, err = res.LastInsertId()
	return s, err
}

const submissionCols = `id, team_id, filename, language, status, error, created, built, tree, artifact, draft`

func scanSubmission(row interface{ Scan(...any) error }, extra ...any) (store.Submission, error) {
	var s store.Submission
	var created, built string
	if err := row.Scan(append([]any{&s.ID, &s.TeamID, &s.Filename, &s.Language, &s.Status, &s.Error, &created, &built, &s.Tree, &s.Artifact, &s.Draft}, extra...)...); err != nil {
		return s, notFound(err)
	}
	s.Created, s.Built = parseTime(created), parseTime(built)
	return s, nil
}

// Submission implements store.Store.
func (d *DB) Submission(ctx context.Context, id int64) (store.Submission, error) {
	return scanSubmission(d.db.QueryRowContext(ctx, `SELECT `+submissionCols+` FROM submissions WHERE id = ?`, id))
}

// Submissions implements store.Store.
func (d *DB) Submissions(ctx context.Context, teamID int64) ([]store.Submission, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+submissionCols+` FROM submissions WHERE team_id = ? ORDER BY id DESC`, teamID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ss []store.Submission
	for rows.Next() {
		s, err := scanSubmission(rows)
		if err != nil {
			return nil, err
		}
		ss = append(ss, s)
	}
	return ss, rows.Err()
}

// SetBuildStatus implements store.Store.
func (d *DB) SetBuildStatus(ctx context.Context, id int64, status string) error {
	return d.update(ctx, `UPDATE submissions SET status = ? WHERE id = ?`, status, id)
}

// FinishBuild implements store.Store.
func (d *DB) FinishBuild(ctx context.Context, id int64, status, language, errLine string, log []byte) error {
	if log == nil {
		log = []byte{}
	}
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE submissions SET status = ?, language = ?, error = ?, log = ?, built = ? WHERE id = ?`,
		status, language, errLine, log, now(), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	var draft bool
	if err := tx.QueryRowContext(ctx, `SELECT draft FROM submissions WHERE id = ?`, id).Scan(&draft); err != nil {
		return err
	}
	if status == store.StatusReady && !draft {
		if err := activate(ctx, tx, id); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// activate makes submission id its team's active one; a new active
// submission is a new player, whose rating starts again (as a team's
// does in a new league).
func activate(ctx context.Context, tx *sql.Tx, id int64) error {
	res, err := tx.ExecContext(ctx, `UPDATE teams SET active = ? WHERE id = (SELECT team_id FROM submissions WHERE id = ?) AND COALESCE(active, 0) != ?`, id, id, id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); n == 0 || err != nil {
		return err // already active: the same player
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM ratings WHERE team_id = (SELECT team_id FROM submissions WHERE id = ?)`, id)
	return err
}

// Activate implements store.Store.
func (d *DB) Activate(ctx context.Context, id int64) error {
	s, err := d.Submission(ctx, id)
	if err != nil {
		return err
	}
	if s.Status != store.StatusReady {
		return store.ErrNotReady
	}
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := activate(ctx, tx, id); err != nil {
		return err
	}
	return tx.Commit()
}

// BuildLog implements store.Store.
func (d *DB) BuildLog(ctx context.Context, id int64) ([]byte, error) {
	var log []byte
	err := d.db.QueryRowContext(ctx, `SELECT log FROM submissions WHERE id = ?`, id).Scan(&log)
	return log, notFound(err)
}

// Unbuilt implements store.Store.
func (d *DB) Unbuilt(ctx context.Context) ([]int64, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id FROM submissions WHERE status IN (?, ?) ORDER BY id`, store.StatusQueued, store.StatusBuilding)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (d *DB) update(ctx context.Context, q string, args ...any) error {
	res, err := d.db.ExecContext(ctx, q, args...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return store.ErrNotFound
	}
	return nil
}
