package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/store"
)

// River's tables live in the store's database (riverpgxv5 on the store's
// pool). The statements below name River's table, river_job, and its
// columns as of River v0.51; the conformance suite checks them against
// River's own client.

var _ store.Queue = (*DB)(nil)

// unfinished are River's job states that are not final.
const unfinished = `('available', 'running', 'retryable', 'scheduled', 'pending')`

// migrateRiver creates or updates River's tables (under the migrations'
// lock: several processes may start at once).
func migrateRiver(ctx context.Context, pool *pgxpool.Pool) error {
	m, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

// NewClient implements store.Queue.
func (d *DB) NewClient(cfg *river.Config) (store.JobClient, error) {
	return river.NewClient(riverpgxv5.New(d.pool), cfg)
}

// rawArgs are any job's arguments, as JobCompleteTx decodes them.
type rawArgs map[string]any

func (rawArgs) Kind() string { return "" }

// CompleteJobTx implements store.Queue.
func (d *DB) CompleteJobTx(ctx context.Context, tx store.Tx, job *rivertype.JobRow) error {
	pgTx, ok := tx.(pgx.Tx)
	if !ok {
		return fmt.Errorf("a PostgreSQL job completed in a %T", tx)
	}
	_, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, pgTx, &river.Job[rawArgs]{JobRow: job})
	return err
}

// Shared implements store.Queue: web servers and workers of any number of
// machines share the database.
func (d *DB) Shared() bool { return true }

// MatchJobs implements store.Queue.
func (d *DB) MatchJobs(ctx context.Context, jobKind string) (map[int64]int, map[int64]bool, error) {
	busy, teams := map[int64]int{}, map[int64]int{}
	err := d.counts(ctx, busy, `SELECT (args->>'event')::bigint, count(*) FROM river_job
		WHERE kind = $1 AND state IN `+unfinished+` AND coalesce(args->>'kind', '') <> $2
		GROUP BY 1`, jobKind, store.KindPromotion)
	if err != nil {
		return nil, nil, err
	}
	err = d.counts(ctx, teams, `SELECT DISTINCT jsonb_array_elements_text(args->'teams')::bigint, 1 FROM river_job
		WHERE kind = $1 AND state IN `+unfinished+` AND args->>'kind' = $2`, jobKind, store.KindPromotion)
	if err != nil {
		return nil, nil, err
	}
	return busy, store.Promoting(teams), nil
}

// counts adds the rows of a query of (id, count) to into.
func (d *DB) counts(ctx context.Context, into map[int64]int, q string, args ...any) error {
	rows, err := d.pool.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return store.ScanCounts(rows, into)
}

// Orphans implements store.Queue.
func (d *DB) Orphans(ctx context.Context) (int64, error) {
	tag, err := d.pool.Exec(ctx, `UPDATE river_job SET state = 'available', scheduled_at = now(),
		max_attempts = CASE WHEN attempt >= max_attempts THEN attempt + 1 ELSE max_attempts END
		WHERE state = 'running'`)
	return tag.RowsAffected(), err
}

// RescueJobs implements store.Queue.
func (d *DB) RescueJobs(ctx context.Context, now time.Time, beats int) (int64, error) {
	tag, err := d.pool.Exec(ctx, `UPDATE river_job SET state = 'available', scheduled_at = now()
		WHERE state = 'running' AND attempted_by[array_length(attempted_by, 1)] IN
		(SELECT id FROM workers WHERE seen < $1::timestamptz - make_interval(secs => every_ms * $2 / 1000.0))`, now, beats)
	return tag.RowsAffected(), err
}
