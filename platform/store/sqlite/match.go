package sqlite

import (
	"context"
	"encoding/json"
	"maps"
	"slices"

	lru "github.com/hashicorp/golang-lru/v2"

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
	return d.RecordMatchTx(ctx, m, rate, nil)
}

// RecordMatchTx implements store.Store.
func (d *DB) RecordMatchTx(ctx context.Context, m store.Match, rate func(map[int64]store.Rating) []store.Rating, then func(store.Tx) error) (bool, error) {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	if m.Kind == "" {
		m.Kind = store.KindCasual
	}
	teams, _ := json.Marshal(m.Teams)
	subs, _ := json.Marshal(m.Submissions)
	ranks, _ := json.Marshal(m.Ranks)
	scores, _ := json.Marshal(orEmpty(m.Scores))
	stats, _ := json.Marshal(orEmpty(m.Stats))
	res, err := tx.ExecContext(ctx, `INSERT INTO matches (event_id, key, kind, league, round, map, seed, teams, submissions, ranks, scores, stats, error, played)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
		m.EventID, m.Key, m.Kind, m.League, m.Round, m.Map, m.Seed, string(teams), string(subs), string(ranks), string(scores), string(stats),
		m.Error, now())
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// recorded by an earlier try of the same job
		if then != nil {
			if err := then(tx); err != nil {
				return false, err
			}
		}
		return false, tx.Commit()
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
	if then != nil {
		if err := then(tx); err != nil {
			return false, err
		}
	}
	return true, tx.Commit()
}

// orEmpty stores a nil slice as [] (the column's default).
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

const matchCols = `id, event_id, key, kind, league, round, map, seed, teams, submissions, ranks, scores, stats, error, played`

// Matches implements store.Store.
func (d *DB) Matches(ctx context.Context, eventID int64, limit int) ([]store.Match, error) {
	return d.matches(ctx, `SELECT `+matchCols+` FROM matches WHERE event_id = ? ORDER BY id DESC LIMIT ?`, eventID, limit)
}

// MatchKeysPast implements store.Store.
func (d *DB) MatchKeysPast(ctx context.Context, eventID int64, kind string, keep int, after int64, limit int) ([]store.MatchKey, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id, key FROM matches
		WHERE event_id = ? AND kind = ? AND id > ? AND id <= coalesce((SELECT id FROM matches
			WHERE event_id = ? AND kind = ? ORDER BY id DESC LIMIT 1 OFFSET ?), 0)
		ORDER BY id LIMIT ?`, eventID, kind, after, eventID, kind, keep, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.MatchKey
	for rows.Next() {
		var k store.MatchKey
		if err := rows.Scan(&k.ID, &k.Key); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// CountMatches implements store.Store.
func (d *DB) CountMatches(ctx context.Context, eventID int64, kind string) (all, failed int, err error) {
	err = d.db.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE error <> '') FROM matches
		WHERE event_id = ? AND (? = '' OR kind = ?)`, eventID, kind, kind).Scan(&all, &failed)
	return all, failed, err
}

// matchCounts counts an event's matches by kind, all of them from the
// index by event and kind alone, the failed ones from the index of the
// failed ones (migration 15): only the failed matches' rows are read, not
// every match's, which a count of the failed ones in the same scan did
// (an event of 20,000 matches: 7 ms a count before, 2 ms now).
// TestMatchesAreCountedFromIndexes checks the plan.
const matchCounts = `SELECT kind, count(*), 0 FROM matches WHERE event_id = ?1 GROUP BY kind
	UNION ALL SELECT kind, 0, count(*) FROM matches WHERE event_id = ?1 AND error <> '' GROUP BY kind`

// MatchCounts implements store.Store.
func (d *DB) MatchCounts(ctx context.Context, eventID int64) (store.MatchCounts, error) {
	rows, err := d.db.QueryContext(ctx, matchCounts, eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanMatchCounts(rows)
}

// MatchesOfKind implements store.Store.
func (d *DB) MatchesOfKind(ctx context.Context, eventID int64, kind string) ([]store.Match, error) {
	return d.matches(ctx, `SELECT `+matchCols+` FROM matches WHERE event_id = ? AND kind = ? ORDER BY id DESC`, eventID, kind)
}

// SubmissionMatches implements store.Store.
func (d *DB) SubmissionMatches(ctx context.Context, subID int64, kind string) ([]store.Match, error) {
	return d.matches(ctx, `SELECT `+matchCols+` FROM matches
		WHERE kind = ? AND EXISTS (SELECT 1 FROM json_each(matches.submissions) WHERE value = ?) ORDER BY id`, kind, subID)
}

func (d *DB) matches(ctx context.Context, q string, args ...any) ([]store.Match, error) {
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ms []store.Match
	for rows.Next() {
		var m store.Match
		var teams, subs, ranks, scores, stats, played string
		if err := rows.Scan(&m.ID, &m.EventID, &m.Key, &m.Kind, &m.League, &m.Round, &m.Map, &m.Seed,
			&teams, &subs, &ranks, &scores, &stats, &m.Error, &played); err != nil {
			return nil, err
		}
		d.decode(&m, teams, subs, ranks, scores, stats)
		m.Played = parseTime(played)
		ms = append(ms, m)
	}
	return ms, rows.Err()
}

// SetLeague implements store.Store.
func (d *DB) SetLeague(ctx context.Context, teamID int64, from, to int) (bool, error) {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE teams SET league = ? WHERE id = ? AND league = ?`, to, teamID, from)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); n != 1 || err != nil {
		return false, err
	}
	// a rating is the team's standing in its league: it starts again
	if _, err := tx.ExecContext(ctx, `DELETE FROM ratings WHERE team_id = ?`, teamID); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// A match's columns of JSON (its teams, submissions, ranks, scores and
// statistics) took 70 % of the time of listing an event's matches:
// encoding/json spends ~8 µs on a row's five small values, and the teams'
// pages list the event's newest 500 matches at every poll, the
// leaderboard's fit up to 20,000 (BenchmarkCasualMatches: the pages'
// largest cost). A match is never changed once recorded, so the values
// decoded are kept, by the match's id, for its next reads: a copy of
// them, so that a caller that changes what it was given changes nothing
// kept. The match's unique key is kept beside them and checked, so that
// the values of a match are never taken for another's.

// decodedMatches is how many matches' values are kept: the pages' 500
// and room to spare (a fit's first read of 20,000 passes through).
const decodedMatches = 4096

// matchJSON is a match's values decoded from its columns of JSON.
type matchJSON struct {
	key         string
	teams, subs []int64
	ranks       []int
	scores      []float64
	stats       []map[string]float64
}

func newDecoded() *lru.Cache[int64, matchJSON] {
	c, _ := lru.New[int64, matchJSON](decodedMatches) // a size above 0: no error
	return c
}

// decode sets m's values of JSON from its columns, or from what was kept
// of m.
func (d *DB) decode(m *store.Match, teams, subs, ranks, scores, stats string) {
	if v, ok := d.decoded.Get(m.ID); ok && v.key == m.Key {
		v.copyTo(m)
		return
	}
	json.Unmarshal([]byte(teams), &m.Teams)
	json.Unmarshal([]byte(subs), &m.Submissions)
	json.Unmarshal([]byte(ranks), &m.Ranks)
	json.Unmarshal([]byte(scores), &m.Scores)
	json.Unmarshal([]byte(stats), &m.Stats)
	d.decoded.Add(m.ID, matchJSON{key: m.Key}.from(*m))
}

// from is v with m's values, copied.
func (v matchJSON) from(m store.Match) matchJSON {
	v.teams, v.subs, v.ranks, v.scores = slices.Clone(m.Teams), slices.Clone(m.Submissions), slices.Clone(m.Ranks), slices.Clone(m.Scores)
	v.stats = cloneStats(m.Stats)
	return v
}

// copyTo sets m's values to copies of v's.
func (v matchJSON) copyTo(m *store.Match) {
	m.Teams, m.Submissions, m.Ranks, m.Scores = slices.Clone(v.teams), slices.Clone(v.subs), slices.Clone(v.ranks), slices.Clone(v.scores)
	m.Stats = cloneStats(v.stats)
}

// cloneStats copies statistics, nil and empty as they were.
func cloneStats(stats []map[string]float64) []map[string]float64 {
	out := slices.Clone(stats)
	for i, s := range out {
		out[i] = maps.Clone(s)
	}
	return out
}
