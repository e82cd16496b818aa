package postgres

import (
	"context"
	"errors"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/seed27749672/arena/platform/store"
)

// Ratings implements store.Store.
func (d *DB) Ratings(ctx context.Context, eventID int64) (map[int64]store.Rating, error) {
	rs, err := list(ctx, d.pool, scanRating, `SELECT r.team_id, r.mu, r.sigma, r.games, r.wins, r.draws, r.losses
		FROM ratings r JOIN teams t ON t.id = r.team_id WHERE t.event_id = $1`, eventID)
	out := map[int64]store.Rating{}
	for _, r := range rs {
		out[r.TeamID] = r
	}
	return out, err
}

func scanRating(row pgx.Row) (store.Rating, error) {
	var r store.Rating
	return r, row.Scan(&r.TeamID, &r.Mu, &r.Sigma, &r.Games, &r.Wins, &r.Draws, &r.Losses)
}

// RecordMatch implements store.Store. Workers on several machines record
// at once: the match's teams are locked (in id order, so that two
// transactions never wait for each other in a circle) before the match
// gets its id, so that of two matches sharing a team, the one with the
// smaller id is rated first. The ratings are then those of the matches
// applied in id order, whatever the workers' timing.
func (d *DB) RecordMatch(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating) (bool, error) {
	return d.RecordMatchTx(ctx, m, rate, nil)
}

// RecordMatchTx implements store.Store.
func (d *DB) RecordMatchTx(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating, then func(store.Tx) error) (bool, error) {
	recorded := false
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		var teams []int64
		for _, id := range m.Teams {
			if id != 0 && !slices.Contains(teams, id) {
				teams = append(teams, id)
			}
		}
		slices.Sort(teams)
		if _, err := tx.Exec(ctx, `SELECT id FROM teams WHERE id = ANY($1) ORDER BY id FOR UPDATE`, teams); err != nil {
			return err
		}
		if m.Kind == "" {
			m.Kind = store.KindCasual
		}
		var id int64
		err := tx.QueryRow(ctx, `INSERT INTO matches (event_id, key, kind, league, round, map, seed, teams, submissions, ranks, scores, stats, error, played)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (key) DO NOTHING RETURNING id`,
			m.EventID, m.Key, m.Kind, m.League, m.Round, m.Map, m.Seed, orEmpty(m.Teams), orEmpty(m.Submissions), orEmpty(m.Ranks),
			orEmpty(m.Scores), orEmpty(m.Stats), m.Error, now()).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return runThen(then, tx) // recorded by an earlier try of the same job
		}
		if err != nil {
			return err
		}
		recorded = true
		// the other processes hear of it at the commit (news.go)
		if err := d.notify(ctx, tx, store.Change{Event: m.EventID, What: store.ChangeMatch, Match: id}); err != nil {
			return err
		}
		if m.Error != "" || rate == nil {
			return runThen(then, tx)
		}
		rs, err := list(ctx, tx, scanRating, `SELECT team_id, mu, sigma, games, wins, draws, losses FROM ratings WHERE team_id = ANY($1)`, teams)
		if err != nil {
			return err
		}
		current := map[int64]store.Rating{}
		for _, r := range rs {
			current[r.TeamID] = r
		}
		for _, r := range rate(current) {
			if _, err := tx.Exec(ctx, `INSERT INTO ratings (team_id, mu, sigma, games, wins, draws, losses) VALUES ($1, $2, $3, $4, $5, $6, $7)
				ON CONFLICT (team_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,
				wins = excluded.wins, draws = excluded.draws, losses = excluded.losses`,
				r.TeamID, r.Mu, r.Sigma, r.Games, r.Wins, r.Draws, r.Losses); err != nil {
				return err
			}
		}
		return runThen(then, tx)
	})
	return recorded && err == nil, err
}

func runThen(then func(store.Tx) error, tx pgx.Tx) error {
	if then == nil {
		return nil
	}
	return then(tx)
}

// orEmpty stores a nil slice as an empty one (the columns are NOT NULL).
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

const matchCols = `id, event_id, key, kind, league, round, map, seed, teams, submissions, ranks, scores, stats, error, played`

func scanMatch(r pgx.Row) (store.Match, error) {
	var m store.Match
	err := r.Scan(&m.ID, &m.EventID, &m.Key, &m.Kind, &m.League, &m.Round, &m.Map, &m.Seed,
		&m.Teams, &m.Submissions, &m.Ranks, &m.Scores, &m.Stats, &m.Error, &m.Played)
	m.Played = m.Played.UTC()
	return m, err
}

// Matches implements store.Store.
func (d *DB) Matches(ctx context.Context, eventID int64, limit int) ([]store.Match, error) {
	return list(ctx, d.pool, scanMatch, `SELECT `+matchCols+` FROM matches WHERE event_id = $1 ORDER BY id DESC LIMIT $2`, eventID, limit)
}

// CountMatches implements store.Store.
func (d *DB) CountMatches(ctx context.Context, eventID int64, kind string) (all, failed int, err error) {
	err = d.pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE error <> '') FROM matches
		WHERE event_id = $1 AND ($2 = '' OR kind = $2)`, eventID, kind).Scan(&all, &failed)
	return all, failed, err
}

// MatchCounts implements store.Store.
func (d *DB) MatchCounts(ctx context.Context, eventID int64) (store.MatchCounts, error) {
	// as SQLite's: each count from an index (migration 15)
	rows, err := d.pool.Query(ctx, `SELECT kind, count(*), 0 FROM matches WHERE event_id = $1 GROUP BY kind
		UNION ALL SELECT kind, 0, count(*) FROM matches WHERE event_id = $1 AND error <> '' GROUP BY kind`, eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanMatchCounts(rows)
}

// MatchKeysPast implements store.Store.
func (d *DB) MatchKeysPast(ctx context.Context, eventID int64, kind string, keep int, after int64, limit int) ([]store.MatchKey, error) {
	return list(ctx, d.pool, func(r pgx.Row) (store.MatchKey, error) {
		var k store.MatchKey
		err := r.Scan(&k.ID, &k.Key)
		return k, err
	}, `SELECT id, key FROM matches
		WHERE event_id = $1 AND kind = $2 AND id > $3 AND id <= coalesce((SELECT id FROM matches
			WHERE event_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1 OFFSET $4), 0)
		ORDER BY id LIMIT $5`, eventID, kind, after, keep, limit)
}

// MatchesOfKind implements store.Store.
func (d *DB) MatchesOfKind(ctx context.Context, eventID int64, kind string) ([]store.Match, error) {
	return list(ctx, d.pool, scanMatch, `SELECT `+matchCols+` FROM matches WHERE event_id = $1 AND kind = $2 ORDER BY id DESC`, eventID, kind)
}

// SubmissionMatches implements store.Store.
func (d *DB) SubmissionMatches(ctx context.Context, subID int64, kind string) ([]store.Match, error) {
	return list(ctx, d.pool, scanMatch, `SELECT `+matchCols+` FROM matches
		WHERE kind = $1 AND submissions @> ARRAY[$2::bigint] ORDER BY id`, kind, subID)
}

// SetLeague implements store.Store.
func (d *DB) SetLeague(ctx context.Context, teamID int64, from, to int) (bool, error) {
	moved := false
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		var eventID int64
		err := tx.QueryRow(ctx, `UPDATE teams SET league = $1 WHERE id = $2 AND league = $3 RETURNING event_id`, to, teamID, from).Scan(&eventID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // not in league from (any more)
		}
		if err != nil {
			return err
		}
		moved = true
		// its event's leaderboards change (news.go)
		if err := d.notify(ctx, tx, store.Change{Event: eventID, What: store.ChangeState}); err != nil {
			return err
		}
		// a rating is the team's standing in its league: it starts again
		_, err = tx.Exec(ctx, `DELETE FROM ratings WHERE team_id = $1`, teamID)
		return err
	})
	return moved && err == nil, err
}
