package platform

import (
	"context"

	"github.com/seed27749672/arena/platform/store"
)

// The scheduler's tick begins with the match jobs not finished: how many
// each event has (the casual, final and ranked ones: the places taken) and
// which teams have a promotion game pending. Listing the jobs through
// River decoded every one of them at every tick (up to 10,000), and a
// tick comes every 2 s and at each match's end; the database counts them
// instead, from the jobs' arguments (matchArgs' "event", "kind" and
// "teams" keys), about 6 times faster (BenchmarkMatchJobs). The states
// are River's unfinished ones; TestMatchJobsAreCountedInTheDatabase
// checks the count against River's list on both drivers, so a River
// whose table or arguments change fails it.

const unfinishedJobs = `('available', 'running', 'retryable', 'scheduled', 'pending')`

// matchJobs counts the unfinished match jobs: by event, those that are
// not promotion games; and the teams (0 for a house bot) of the
// promotion games.
func (d sqliteDB) matchJobs(ctx context.Context) (map[int64]int, map[int64]bool, error) {
	db := d.db.SQL()
	busy, promoting := map[int64]int{}, map[int64]bool{}
	rows, err := db.QueryContext(ctx, `SELECT json_extract(args, '$.event'), count(*) FROM river_job
		WHERE kind = 'match' AND state IN `+unfinishedJobs+` AND coalesce(json_extract(args, '$.kind'), '') <> ?
		GROUP BY 1`, store.KindPromotion)
	if err != nil {
		return nil, nil, err
	}
	err = scanCounts(rows, busy)
	rows.Close()
	if err != nil {
		return nil, nil, err
	}
	rows, err = db.QueryContext(ctx, `SELECT DISTINCT t.value, 1 FROM river_job, json_each(river_job.args, '$.teams') AS t
		WHERE river_job.kind = 'match' AND river_job.state IN `+unfinishedJobs+` AND json_extract(river_job.args, '$.kind') = ?`, store.KindPromotion)
	if err != nil {
		return nil, nil, err
	}
	teams := map[int64]int{}
	err = scanCounts(rows, teams)
	rows.Close()
	if err != nil {
		return nil, nil, err
	}
	for t := range teams {
		promoting[t] = true
	}
	return busy, promoting, nil
}

func (d pgDB) matchJobs(ctx context.Context) (map[int64]int, map[int64]bool, error) {
	pool := d.db.Pool()
	busy, promoting := map[int64]int{}, map[int64]bool{}
	rows, err := pool.Query(ctx, `SELECT (args->>'event')::bigint, count(*) FROM river_job
		WHERE kind = 'match' AND state IN `+unfinishedJobs+` AND coalesce(args->>'kind', '') <> $1
		GROUP BY 1`, store.KindPromotion)
	if err != nil {
		return nil, nil, err
	}
	err = scanCounts(rows, busy)
	rows.Close()
	if err != nil {
		return nil, nil, err
	}
	rows, err = pool.Query(ctx, `SELECT DISTINCT jsonb_array_elements_text(args->'teams')::bigint, 1 FROM river_job
		WHERE kind = 'match' AND state IN `+unfinishedJobs+` AND args->>'kind' = $1`, store.KindPromotion)
	if err != nil {
		return nil, nil, err
	}
	teams := map[int64]int{}
	err = scanCounts(rows, teams)
	rows.Close()
	if err != nil {
		return nil, nil, err
	}
	for t := range teams {
		promoting[t] = true
	}
	return busy, promoting, nil
}

// countRows are the rows of a query of (id, count), from either driver.
type countRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanCounts reads (id, count) rows into into (the caller closes them); a row whose id is NULL (a
// job whose arguments lack it) is skipped, as a job that did not decode.
func scanCounts(rows countRows, into map[int64]int) error {
	for rows.Next() {
		var id *int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return err
		}
		if id != nil {
			into[*id] += n
		}
	}
	return rows.Err()
}
