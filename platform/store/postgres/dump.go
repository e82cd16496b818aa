package postgres

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/seed27749672/arena/platform/store"
)

// ExportEvent implements store.Store.
func (d *DB) ExportEvent(ctx context.Context, id int64) (store.Dump, error) {
	var dump store.Dump
	var key string
	ev, err := scanEvent(d.pool.QueryRow(ctx, `SELECT `+eventCols+`, invite_key, invite_hash FROM events WHERE id = $1`, id), &key, &dump.InviteHash)
	if err != nil {
		return dump, err
	}
	dump.Event, dump.InviteKey = ev, store.Key(key)
	dump.Teams, err = list(ctx, d.pool, func(r pgx.Row) (store.DumpTeam, error) {
		var dt store.DumpTeam
		var tk string
		var err error
		dt.Team, err = scanTeam(r, &tk, &dt.TokenHash)
		dt.TokenKey = store.Key(tk)
		return dt, err
	}, `SELECT `+teamCols+`, token_key, token_hash FROM teams WHERE event_id = $1 ORDER BY id`, id)
	if err != nil {
		return dump, err
	}
	dump.Submissions, err = list(ctx, d.pool, func(r pgx.Row) (store.DumpSubmission, error) {
		var ds store.DumpSubmission
		var err error
		ds.Submission, err = scanSubmission(r, &ds.Log)
		return ds, err
	}, `SELECT `+submissionCols+`, log FROM submissions WHERE team_id IN (SELECT id FROM teams WHERE event_id = $1) ORDER BY id`, id)
	if err != nil {
		return dump, err
	}
	if dump.Matches, err = list(ctx, d.pool, scanMatch, `SELECT `+matchCols+` FROM matches WHERE event_id = $1 ORDER BY id`, id); err != nil {
		return dump, err
	}
	rs, err := d.Ratings(ctx, id)
	if err != nil {
		return dump, err
	}
	for _, r := range rs {
		dump.Ratings = append(dump.Ratings, r)
	}
	slices.SortFunc(dump.Ratings, func(a, b store.Rating) int { return int(a.TeamID - b.TeamID) })
	dump.State = map[string][]byte{}
	type doc struct {
		name string
		doc  []byte
	}
	docs, err := list(ctx, d.pool, func(r pgx.Row) (doc, error) {
		var x doc
		return x, r.Scan(&x.name, &x.doc)
	}, `SELECT name, doc FROM event_state WHERE event_id = $1 AND doc IS NOT NULL`, id)
	for _, x := range docs {
		dump.State[x.name] = x.doc
	}
	return dump, err
}

// ImportEvent implements store.Store. The rows keep their ids (the
// format's documents may name them); the identity sequences are moved
// past them.
func (d *DB) ImportEvent(ctx context.Context, dump store.Dump) error {
	return pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		taken := func(table string, id int64) error {
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM `+table+` WHERE id = $1`, id).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return fmt.Errorf("%w: the database has %s %d", store.ErrConflict, table, id)
			}
			return nil
		}
		e := dump.Event
		if err := taken("events", e.ID); err != nil {
			return err
		}
		if e.Options == nil {
			e.Options = map[string]string{}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO events (id, game, name, options, settings, invite_key, invite_hash, created)
			OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			e.ID, e.Game, e.Name, e.Options, e.Settings, string(dump.InviteKey), dump.InviteHash, e.Created); err != nil {
			return importErr(err)
		}
		for _, t := range dump.Teams {
			if err := taken("teams", t.ID); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO teams (id, event_id, name, members, token_key, token_hash, created, league, suspended, suspend_reason)
				OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
				t.ID, e.ID, t.Name, orEmpty(t.Members), string(t.TokenKey), t.TokenHash, t.Created, t.League, t.Suspended, t.Reason); err != nil {
				return importErr(err)
			}
		}
		for _, s := range dump.Submissions {
			if err := taken("submissions", s.ID); err != nil {
				return err
			}
			var built any
			if !s.Built.IsZero() {
				built = s.Built
			}
			if _, err := tx.Exec(ctx, `INSERT INTO submissions (id, team_id, filename, language, status, error, log, created, built, draft)
				OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
				s.ID, s.TeamID, s.Filename, s.Language, s.Status, s.Error, s.Log, s.Created, built, s.Draft); err != nil {
				return importErr(err)
			}
		}
		for _, t := range dump.Teams {
			if t.Active != 0 {
				if _, err := tx.Exec(ctx, `UPDATE teams SET active = $1 WHERE id = $2`, t.Active, t.ID); err != nil {
					return err
				}
			}
		}
		for _, m := range dump.Matches {
			if err := taken("matches", m.ID); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO matches (id, event_id, key, kind, league, round, seed, teams, submissions, ranks, scores, stats, error, played)
				OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
				m.ID, e.ID, m.Key, m.Kind, m.League, m.Round, m.Seed, orEmpty(m.Teams), orEmpty(m.Submissions), orEmpty(m.Ranks),
				orEmpty(m.Scores), orEmpty(m.Stats), m.Error, m.Played); err != nil {
				return importErr(err)
			}
		}
		for _, r := range dump.Ratings {
			if _, err := tx.Exec(ctx, `INSERT INTO ratings (team_id, mu, sigma, games, wins, draws, losses) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
				r.TeamID, r.Mu, r.Sigma, r.Games, r.Wins, r.Draws, r.Losses); err != nil {
				return importErr(err)
			}
		}
		for name, doc := range dump.State {
			if _, err := tx.Exec(ctx, `INSERT INTO event_state (event_id, name, doc, updated) VALUES ($1, $2, $3, $4)`, e.ID, name, orEmpty(doc), now()); err != nil {
				return importErr(err)
			}
		}
		// new rows take ids after the imported ones
		for _, table := range []string{"events", "teams", "submissions", "matches"} {
			if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('`+table+`', 'id'), GREATEST((SELECT MAX(id) FROM `+table+`), 1))`); err != nil {
				return err
			}
		}
		return nil
	})
}

func importErr(err error) error {
	if isUnique(err) {
		return fmt.Errorf("%w: %v", store.ErrConflict, err)
	}
	return err
}
