package sqlite

import (
	"context"
	"encoding/json"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// SetTree implements store.Store.
func (d *DB) SetTree(ctx context.Context, id int64, tree string, artifact int64) error {
	return d.update(ctx, `UPDATE submissions SET tree = ?, artifact = ? WHERE id = ?`, tree, artifact, id)
}

// BuiltTree implements store.Store.
func (d *DB) BuiltTree(ctx context.Context, tree string) (store.Submission, error) {
	return scanSubmission(d.db.QueryRowContext(ctx, `SELECT `+submissionCols+` FROM submissions
		WHERE tree = ? AND tree <> '' AND status = ? AND artifact = 0 ORDER BY id LIMIT 1`, tree, store.StatusReady))
}

// SharedBy implements store.Store.
func (d *DB) SharedBy(ctx context.Context, id int64) (bool, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM submissions WHERE artifact = ?`, id).Scan(&n)
	return n > 0, err
}

const testGameCols = `id, event_id, team_id, opponent, teams, submissions, house, league, seed, state, ranks, error, created, ended`

func scanTestGame(row interface{ Scan(...any) error }) (store.TestGame, error) {
	var g store.TestGame
	var teams, subs, ranks, created, ended string
	if err := row.Scan(&g.ID, &g.EventID, &g.TeamID, &g.Opponent, &teams, &subs, &g.House, &g.League, &g.Seed,
		&g.State, &ranks, &g.Error, &created, &ended); err != nil {
		return g, notFound(err)
	}
	json.Unmarshal([]byte(teams), &g.Teams)
	json.Unmarshal([]byte(subs), &g.Submissions)
	json.Unmarshal([]byte(ranks), &g.Ranks)
	g.Created, g.Ended = parseTime(created), parseTime(ended)
	return g, nil
}

// CreateTestGame implements store.Store.
func (d *DB) CreateTestGame(ctx context.Context, g store.TestGame) (store.TestGame, error) {
	g.State, g.Created = store.TestQueued, time.Now().UTC()
	teams, _ := json.Marshal(orEmpty(g.Teams))
	subs, _ := json.Marshal(orEmpty(g.Submissions))
	res, err := d.db.ExecContext(ctx, `INSERT INTO test_games (event_id, team_id, opponent, teams, submissions, house, league, seed, state, ranks, error, created, ended)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', '', ?, '')`,
		g.EventID, g.TeamID, g.Opponent, string(teams), string(subs), g.House, g.League, g.Seed, g.State, g.Created.Format(time.RFC3339Nano))
	if err != nil {
		return g, err
	}
	g.ID, err = res.LastInsertId()
	return g, err
}

// TestGame implements store.Store.
func (d *DB) TestGame(ctx context.Context, id int64) (store.TestGame, error) {
	return scanTestGame(d.db.QueryRowContext(ctx, `SELECT `+testGameCols+` FROM test_games WHERE id = ?`, id))
}

// TestGames implements store.Store.
func (d *DB) TestGames(ctx context.Context, teamID int64, limit int) ([]store.TestGame, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+testGameCols+` FROM test_games WHERE team_id = ? ORDER BY id DESC LIMIT ?`, teamID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.TestGame
	for rows.Next() {
		g, err := scanTestGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// UnfinishedTestGames implements store.Store.
func (d *DB) UnfinishedTestGames(ctx context.Context, teamID int64) (int, error) {
	var n int
	err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM test_games WHERE team_id = ? AND state IN (?, ?)`,
		teamID, store.TestQueued, store.TestPlaying).Scan(&n)
	return n, err
}

// StartTestGame implements store.Store. SQLite has one writer: the
// check and the change are one statement, which no other write divides.
func (d *DB) StartTestGame(ctx context.Context, id int64) (bool, error) {
	res, err := d.db.ExecContext(ctx, `UPDATE test_games SET state = ? WHERE id = ? AND state IN (?, ?)
		AND NOT EXISTS (SELECT 1 FROM test_games o WHERE o.team_id = test_games.team_id AND o.id <> test_games.id AND o.state = ?)`,
		store.TestPlaying, id, store.TestQueued, store.TestPlaying, store.TestPlaying)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// FinishTestGame implements store.Store.
func (d *DB) FinishTestGame(ctx context.Context, id int64, ranks []int, errLine string) error {
	state := store.TestDone
	if errLine != "" {
		state = store.TestFailed
	}
	r, _ := json.Marshal(orEmpty(ranks))
	return d.update(ctx, `UPDATE test_games SET state = ?, ranks = ?, error = ?, ended = ? WHERE id = ?`, state, string(r), errLine, now(), id)
}
