package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/seed27749672/arena/platform/store"
)

// SetTree implements store.Store.
func (d *DB) SetTree(ctx context.Context, id int64, tree string, artifact int64) error {
	return d.update(ctx, `UPDATE submissions SET tree = $1, artifact = $2 WHERE id = $3`, tree, artifact, id)
}

// BuiltTree implements store.Store.
func (d *DB) BuiltTree(ctx context.Context, tree string) (store.Submission, error) {
	return scanSubmission(d.pool.QueryRow(ctx, `SELECT `+submissionCols+` FROM submissions
		WHERE tree = $1 AND tree <> '' AND status = $2 AND artifact = 0 ORDER BY id LIMIT 1`, tree, store.StatusReady))
}

// SharedBy implements store.Store.
func (d *DB) SharedBy(ctx context.Context, id int64) (bool, error) {
	var n int
	err := d.pool.QueryRow(ctx, `SELECT COUNT(*) FROM submissions WHERE artifact = $1`, id).Scan(&n)
	return n > 0, err
}

const testGameCols = `id, event_id, team_id, opponent, teams, submissions, house, league, seed, state, ranks, error, created, ended`

func scanTestGame(row pgx.Row) (store.TestGame, error) {
	var g store.TestGame
	var ended *time.Time
	if err := row.Scan(&g.ID, &g.EventID, &g.TeamID, &g.Opponent, &g.Teams, &g.Submissions, &g.House, &g.League, &g.Seed,
		&g.State, &g.Ranks, &g.Error, &g.Created, &ended); err != nil {
		return g, notFound(err)
	}
	g.Created = g.Created.UTC()
	if ended != nil {
		g.Ended = ended.UTC()
	}
	return g, nil
}

// CreateTestGame implements store.Store.
func (d *DB) CreateTestGame(ctx context.Context, g store.TestGame) (store.TestGame, error) {
	g.State, g.Created = store.TestQueued, now()
	teams, subs := g.Teams, g.Submissions
	if teams == nil {
		teams = []int64{}
	}
	if subs == nil {
		subs = []int64{}
	}
	err := d.pool.QueryRow(ctx, `INSERT INTO test_games (event_id, team_id, opponent, teams, submissions, house, league, seed, state, ranks, error, created)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, '{}', '', $10) RETURNING id`,
		g.EventID, g.TeamID, g.Opponent, teams, subs, g.House, g.League, g.Seed, g.State, g.Created).Scan(&g.ID)
	return g, err
}

// TestGame implements store.Store.
func (d *DB) TestGame(ctx context.Context, id int64) (store.TestGame, error) {
	return scanTestGame(d.pool.QueryRow(ctx, `SELECT `+testGameCols+` FROM test_games WHERE id = $1`, id))
}

// TestGames implements store.Store.
func (d *DB) TestGames(ctx context.Context, teamID int64, limit int) ([]store.TestGame, error) {
	return list(ctx, d.pool, scanTestGame,
		`SELECT `+testGameCols+` FROM test_games WHERE team_id = $1 ORDER BY id DESC LIMIT $2`, teamID, limit)
}

// UnfinishedTestGames implements store.Store.
func (d *DB) UnfinishedTestGames(ctx context.Context, teamID int64) (int, error) {
	var n int
	err := d.pool.QueryRow(ctx, `SELECT count(*) FROM test_games WHERE team_id = $1 AND state IN ($2, $3)`,
		teamID, store.TestQueued, store.TestPlaying).Scan(&n)
	return n, err
}

// StartTestGame implements store.Store. The team's row is locked first:
// two workers starting two games of one team at once would otherwise
// each see none playing (read committed).
func (d *DB) StartTestGame(ctx context.Context, id int64) (bool, error) {
	started := false
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		var team int64
		if err := tx.QueryRow(ctx, `SELECT team_id FROM test_games WHERE id = $1`, id).Scan(&team); err != nil {
			return notFound(err)
		}
		if _, err := tx.Exec(ctx, `SELECT 1 FROM teams WHERE id = $1 FOR UPDATE`, team); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE test_games SET state = $1 WHERE id = $2 AND state IN ($3, $1)
			AND NOT EXISTS (SELECT 1 FROM test_games o WHERE o.team_id = $4 AND o.id <> $2 AND o.state = $1)`,
			store.TestPlaying, id, store.TestQueued, team)
		started = err == nil && tag.RowsAffected() == 1
		return err
	})
	return started, err
}

// FinishTestGame implements store.Store.
func (d *DB) FinishTestGame(ctx context.Context, id int64, ranks []int, errLine string) error {
	state := store.TestDone
	if errLine != "" {
		state = store.TestFailed
	}
	if ranks == nil {
		ranks = []int{}
	}
	return d.update(ctx, `UPDATE test_games SET state = $1, ranks = $2, error = $3, ended = $4 WHERE id = $5`, state, ranks, errLine, now(), id)
}
