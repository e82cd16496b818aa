// Package postgres is the PostgreSQL driver of the platform's store (pgx
// v5), for an event on many machines: the web server and every worker
// share the database, its schema brought up to date by the migrations
// when opened (one process at a time: an advisory lock).
package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/seed27749672/arena/platform/store"
)

// DB is the PostgreSQL store.
type DB struct {
	pool   *pgxpool.Pool
	origin string // signs its notifications (news.go)
}

var _ store.Store = (*DB)(nil)

// Open connects to the database at url (postgres://...) and runs the
// migrations it has not had yet.
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database URL: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database %s: %w", redact(cfg), err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database %s: %w", redact(cfg), err)
	}
	return &DB{pool: pool, origin: newOrigin()}, nil
}

// redact names a database without its password.
func redact(cfg *pgxpool.Config) string {
	return fmt.Sprintf("%s@%s:%d/%s", cfg.ConnConfig.User, cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database)
}

// Pool is the connection pool, for the job queue that shares the database.
func (d *DB) Pool() *pgxpool.Pool { return d.pool }

// Close closes the pool.
func (d *DB) Close() error { d.pool.Close(); return nil }

func notFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	return err
}

func isUnique(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

func now() time.Time { return time.Now().UTC() }

// CreateEvent implements store.Store.
func (d *DB) CreateEvent(ctx context.Context, e store.Event, invite store.Key, hash []byte) (store.Event, error) {
	if e.Options == nil {
		e.Options = map[string]string{}
	}
	e.Created = now()
	err := d.pool.QueryRow(ctx, `INSERT INTO events (game, name, options, settings, invite_key, invite_hash, created) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
		e.Game, e.Name, e.Options, e.Settings, string(invite), hash, e.Created).Scan(&e.ID)
	return e, err
}

// UpdateEvent implements store.Store.
func (d *DB) UpdateEvent(ctx context.Context, e store.Event) error {
	if e.Options == nil {
		e.Options = map[string]string{}
	}
	tag, err := d.pool.Exec(ctx, `UPDATE events SET name = $1, options = $2, settings = $3 WHERE id = $4`, e.Name, e.Options, e.Settings, e.ID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

const eventCols = `id, game, name, options, settings, created`

func scanEvent(row pgx.Row, extra ...any) (store.Event, error) {
	var e store.Event
	if err := row.Scan(append([]any{&e.ID, &e.Game, &e.Name, &e.Options, &e.Settings, &e.Created}, extra...)...); err != nil {
		return e, notFound(err)
	}
	e.Created = e.Created.UTC()
	return e, nil
}

// Events implements store.Store.
func (d *DB) Events(ctx context.Context) ([]store.Event, error) {
	return list(ctx, d.pool, func(r pgx.Row) (store.Event, error) { return scanEvent(r) }, `SELECT `+eventCols+` FROM events ORDER BY id`)
}

// Event implements store.Store.
func (d *DB) Event(ctx context.Context, id int64) (store.Event, error) {
	return scanEvent(d.pool.QueryRow(ctx, `SELECT `+eventCols+` FROM events WHERE id = $1`, id))
}

// EventByInvite implements store.Store.
func (d *DB) EventByInvite(ctx context.Context, invite store.Key) (store.Event, []byte, error) {
	var hash []byte
	e, err := scanEvent(d.pool.QueryRow(ctx, `SELECT `+eventCols+`, invite_hash FROM events WHERE invite_key = $1`, string(invite)), &hash)
	return e, hash, err
}

// CreateTeam implements store.Store.
func (d *DB) CreateTeam(ctx context.Context, t store.Team, token store.Key, hash []byte) (store.Team, error) {
	t.Created = now()
	if t.Members == nil {
		t.Members = []string{}
	}
	err := d.pool.QueryRow(ctx, `INSERT INTO teams (event_id, name, members, token_key, token_hash, created) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		t.EventID, t.Name, t.Members, string(token), hash, t.Created).Scan(&t.ID)
	if isUnique(err) {
		return t, store.ErrConflict
	}
	return t, err
}

const teamCols = `id, event_id, name, members, created, COALESCE(active, 0), league, suspended, suspend_reason`

func scanTeam(row pgx.Row, extra ...any) (store.Team, error) {
	var t store.Team
	if err := row.Scan(append([]any{&t.ID, &t.EventID, &t.Name, &t.Members, &t.Created, &t.Active, &t.League, &t.Suspended, &t.Reason}, extra...)...); err != nil {
		return t, notFound(err)
	}
	t.Created = t.Created.UTC()
	return t, nil
}

// SetOrganiser implements store.Store.
func (d *DB) SetOrganiser(ctx context.Context, key store.Key, hash []byte, replace bool) (bool, error) {
	q := `INSERT INTO organiser (id, token_key, token_hash, created) VALUES (1, $1, $2, $3) ON CONFLICT (id) DO NOTHING`
	if replace {
		q = `INSERT INTO organiser (id, token_key, token_hash, created) VALUES (1, $1, $2, $3)
			ON CONFLICT (id) DO UPDATE SET token_key = excluded.token_key, token_hash = excluded.token_hash, created = excluded.created`
	}
	tag, err := d.pool.Exec(ctx, q, string(key), hash, now())
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() > 0, nil
}

// SetInvite implements store.Store.
func (d *DB) SetInvite(ctx context.Context, eventID int64, invite store.Key, hash []byte) error {
	tag, err := d.pool.Exec(ctx, `UPDATE events SET invite_key = $1, invite_hash = $2 WHERE id = $3`, string(invite), hash, eventID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// Organiser implements store.Store.
func (d *DB) Organiser(ctx context.Context) (store.Key, []byte, error) {
	var key string
	var hash []byte
	err := d.pool.QueryRow(ctx, `SELECT token_key, token_hash FROM organiser WHERE id = 1`).Scan(&key, &hash)
	return store.Key(key), hash, notFound(err)
}

// Team implements store.Store.
func (d *DB) Team(ctx context.Context, id int64) (store.Team, error) {
	return scanTeam(d.pool.QueryRow(ctx, `SELECT `+teamCols+` FROM teams WHERE id = $1`, id))
}

// SuspendTeam implements store.Store.
func (d *DB) SuspendTeam(ctx context.Context, eventID, teamID int64, suspended bool, reason string) (store.Team, error) {
	if !suspended {
		reason = ""
	}
	var t store.Team
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		var err error
		t, err = scanTeam(tx.QueryRow(ctx, `UPDATE teams SET suspended = $1, suspend_reason = $2 WHERE id = $3 AND event_id = $4 RETURNING `+teamCols,
			suspended, reason, teamID, eventID))
		if err != nil {
			return err
		}
		// its event's tables change (news.go)
		return d.notify(ctx, tx, store.Change{Event: eventID, What: store.ChangeState})
	})
	return t, err
}

// TeamByToken implements store.Store.
func (d *DB) TeamByToken(ctx context.Context, token store.Key) (store.Team, []byte, error) {
	var hash []byte
	t, err := scanTeam(d.pool.QueryRow(ctx, `SELECT `+teamCols+`, token_hash FROM teams WHERE token_key = $1`, string(token)), &hash)
	return t, hash, err
}

// Teams implements store.Store.
func (d *DB) Teams(ctx context.Context, eventID int64) ([]store.Team, error) {
	return list(ctx, d.pool, func(r pgx.Row) (store.Team, error) { return scanTeam(r) },
		`SELECT `+teamCols+` FROM teams WHERE event_id = $1 ORDER BY id`, eventID)
}

// CreateSubmission implements store.Store.
func (d *DB) CreateSubmission(ctx context.Context, s store.Submission) (store.Submission, error) {
	s.Created = now()
	if s.Status == "" {
		s.Status = store.StatusQueued
	}
	err := d.pool.QueryRow(ctx, `INSERT INTO submissions (team_id, filename, language, status, error, created, draft) VALUES ($1, $2, $3, $4, '', $5, $6) RETURNING id`,
		s.TeamID, s.Filename, s.Language, s.Status, s.Created, s.Draft).Scan(&s.ID)
	return s, err
}

const submissionCols = `id, team_id, filename, language, status, error, created, built, tree, artifact, draft`

func scanSubmission(row pgx.Row, extra ...any) (store.Submission, error) {
	var s store.Submission
	var built *time.Time
	if err := row.Scan(append([]any{&s.ID, &s.TeamID, &s.Filename, &s.Language, &s.Status, &s.Error, &s.Created, &built, &s.Tree, &s.Artifact, &s.Draft}, extra...)...); err != nil {
		return s, notFound(err)
	}
	s.Created = s.Created.UTC()
	if built != nil {
		s.Built = built.UTC()
	}
	return s, nil
}

// Submission implements store.Store.
func (d *DB) Submission(ctx context.Context, id int64) (store.Submission, error) {
	return scanSubmission(d.pool.QueryRow(ctx, `SELECT `+submissionCols+` FROM submissions WHERE id = $1`, id))
}

// Submissions implements store.Store.
func (d *DB) Submissions(ctx context.Context, teamID int64) ([]store.Submission, error) {
	return list(ctx, d.pool, func(r pgx.Row) (store.Submission, error) { return scanSubmission(r) },
		`SELECT `+submissionCols+` FROM submissions WHERE team_id = $1 ORDER BY id DESC`, teamID)
}

// SetBuildStatus implements store.Store.
func (d *DB) SetBuildStatus(ctx context.Context, id int64, status string) error {
	return d.update(ctx, `UPDATE submissions SET status = $1 WHERE id = $2`, status, id)
}

// FinishBuild implements store.Store.
func (d *DB) FinishBuild(ctx context.Context, id int64, status, language, errLine string, log []byte) error {
	if log == nil {
		log = []byte{}
	}
	return pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		var team int64
		var draft bool
		err := tx.QueryRow(ctx, `UPDATE submissions SET status = $1, language = $2, error = $3, log = $4, built = $5 WHERE id = $6 RETURNING team_id, draft`,
			status, language, errLine, log, now(), id).Scan(&team, &draft)
		if err != nil {
			return notFound(err)
		}
		if status == store.StatusReady && !draft {
			err = activate(ctx, tx, id, team)
		}
		return err
	})
}

// activate makes submission id its team's active one; a new active
// submission is a new player, whose rating starts again (as a team's
// does in a new league).
func activate(ctx context.Context, tx pgx.Tx, id, team int64) error {
	tag, err := tx.Exec(ctx, `UPDATE teams SET active = $1 WHERE id = $2 AND active IS DISTINCT FROM $1`, id, team)
	if err != nil || tag.RowsAffected() == 0 {
		return err // already active: the same player
	}
	_, err = tx.Exec(ctx, `DELETE FROM ratings WHERE team_id = $1`, team)
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
	return pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error { return activate(ctx, tx, id, s.TeamID) })
}

// BuildLog implements store.Store.
func (d *DB) BuildLog(ctx context.Context, id int64) ([]byte, error) {
	var log []byte
	err := d.pool.QueryRow(ctx, `SELECT log FROM submissions WHERE id = $1`, id).Scan(&log)
	return log, notFound(err)
}

// Unbuilt implements store.Store.
func (d *DB) Unbuilt(ctx context.Context) ([]int64, error) {
	return list(ctx, d.pool, func(r pgx.Row) (int64, error) {
		var id int64
		return id, r.Scan(&id)
	}, `SELECT id FROM submissions WHERE status IN ($1, $2) ORDER BY id`, store.StatusQueued, store.StatusBuilding)
}

func (d *DB) update(ctx context.Context, q string, args ...any) error {
	tag, err := d.pool.Exec(ctx, q, args...)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// list runs a query and scans each row.
func list[T any](ctx context.Context, q querier, scan func(pgx.Row) (T, error), sql string, args ...any) ([]T, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
