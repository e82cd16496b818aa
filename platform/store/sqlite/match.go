package sqlite

import (
	"context"
	"encoding/json"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// Teams implements store.Store.
func (d *DB) Teams(ctx context.Context, eventID int64) ([]store.Team, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+teamCols+` FROM teams WHERE event_id = ? ORDER BY id`, eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ts []store.Team
	for rows.Next() {
		t, err := scanTeam(rows)
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	return ts, rows.Err()
}

// Ratings implements store.Store.
func (d *DB) Ratings(ctx context.Context, eventID int64) (map[int64]store.Rating, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT r.team_id, r.mu, r.sigma, r.games, r.wins, r.draws, r.losses
		FROM ratings r JOIN teams t ON t.id = r.team_id WHERE t.event_id = ?`, eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]store.Rating{}
	for rows.Next() {
		var r store.Rating
		if err := rows.Scan(&r.TeamID, &r.Mu, &r.Sigma, &r.Games, &r.Wins, &r.Draws, &r.Losses); err != nil {
			return nil, err
		}
		out[r.TeamID] = r
	}
	return out, rows.Err()
}

// RecordMatch implements store.Store.
func (d *DB) RecordMatch(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating) (bool, error) {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	teams, _ := json.Marshal(m.Teams)
	subs, _ := json.Marshal(m.Submissions)
	ranks, _ := json.Marshal(m.Ranks)
	res, err := tx.ExecContext(ctx, `INSERT INTO matches (event_id, key, seed, teams, submissions, ranks, error, played)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
		m.EventID, m.Key, m.Seed, string(teams), string(subs), string(ranks), m.Error, time.Now().UTC().Format(time.RFC3339Nano))
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil // recorded by an earlier try of the same job
	}
	if m.Error == "" && rate != nil {
		current := map[int64]store.Rating{}
		for _, id := range m.Teams {
			var r store.Rating
			err := tx.QueryRowContext(ctx, `SELECT team_id, mu, sigma, games, wins, draws, losses FROM ratings WHERE team_id = ?`, id).
				Scan(&r.TeamID, &r.Mu, &r.Sigma, &r.Games, &r.Wins, &r.Draws, &r.Losses)
			if err == nil {
				current[id] = r
			} else if notFound(err) != store.ErrNotFound {
				return false, err
			}
		}
		for _, r := range rate(current) {
			if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (team_id, mu, sigma, games, wins, draws, losses) VALUES (?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (team_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,
				wins = excluded.wins, draws = excluded.draws, losses = excluded.losses`,
				r.TeamID, r.Mu, r.Sigma, r.Games, r.Wins, r.Draws, r.Losses); err != nil {
				return false, err
			}
		}
	}
	return true, tx.Commit()
}

// Matches implements store.Store.
func (d *DB) Matches(ctx context.Context, eventID int64, limit int) ([]store.Match, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id, event_id, key, seed, teams, submissions, ranks, error, played
		FROM matches WHERE event_id = ? ORDER BY id DESC LIMIT ?`, eventID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ms []store.Match
	for rows.Next() {
		var m store.Match
		var teams, subs, ranks, played string
		if err := rows.Scan(&m.ID, &m.EventID, &m.Key, &m.Seed, &teams, &subs, &ranks, &m.Error, &played); err != nil {
			return nil, err
		}
		json.Unmarshal([]byte(teams), &m.Teams)
		json.Unmarshal([]byte(subs), &m.Submissions)
		json.Unmarshal([]byte(ranks), &m.Ranks)
		m.Played = parseTime(played)
		ms = append(ms, m)
	}
	return ms, rows.Err()
}
