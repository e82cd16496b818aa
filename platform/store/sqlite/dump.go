package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// ExportEvent implements store.Store.
func (d *DB) ExportEvent(ctx context.Context, id int64) (store.Dump, error) {
	var dump store.Dump
	var key string
	ev, err := scanEvent(d.db.QueryRowContext(ctx, `SELECT `+eventCols+`, invite_key, invite_hash FROM events WHERE id = ?`, id), &key, &dump.InviteHash)
	if err != nil {
		return dump, err
	}
	dump.Event, dump.InviteKey = ev, store.Key(key)
	rows, err := d.db.QueryContext(ctx, `SELECT `+teamCols+`, token_key, token_hash FROM teams WHERE event_id = ? ORDER BY id`, id)
	if err != nil {
		return dump, err
	}
	for rows.Next() {
		var dt store.DumpTeam
		var tk string
		if dt.Team, err = scanTeam(rows, &tk, &dt.TokenHash); err != nil {
			rows.Close()
			return dump, err
		}
		dt.TokenKey = store.Key(tk)
		dump.Teams = append(dump.Teams, dt)
	}
	rows.Close()
	for _, t := range dump.Teams {
		rows, err := d.db.QueryContext(ctx, `SELECT `+submissionCols+`, log FROM submissions WHERE team_id = ? ORDER BY id`, t.ID)
		if err != nil {
			return dump, err
		}
		for rows.Next() {
			var ds store.DumpSubmission
			if ds.Submission, err = scanSubmission(rows, &ds.Log); err != nil {
				rows.Close()
				return dump, err
			}
			dump.Submissions = append(dump.Submissions, ds)
		}
		rows.Close()
	}
	if dump.Matches, err = d.matches(ctx, `SELECT `+matchCols+` FROM matches WHERE event_id = ? ORDER BY id`, id); err != nil {
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
	srows, err := d.db.QueryContext(ctx, `SELECT name, doc FROM event_state WHERE event_id = ?`, id)
	if err != nil {
		return dump, err
	}
	defer srows.Close()
	for srows.Next() {
		var name string
		var doc []byte
		if err := srows.Scan(&name, &doc); err != nil {
			return dump, err
		}
		dump.State[name] = doc
	}
	return dump, srows.Err()
}

// ImportEvent implements store.Store.
func (d *DB) ImportEvent(ctx context.Context, dump store.Dump) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	taken := func(table string, id int64) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE id = ?`, id).Scan(&n); err != nil {
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
	opts, _ := json.Marshal(orMap(e.Options))
	settings, _ := json.Marshal(e.Settings)
	if _, err := tx.ExecContext(ctx, `INSERT INTO events (id, game, name, options, settings, invite_key, invite_hash, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		e.ID, e.Game, e.Name, string(opts), string(settings), string(dump.InviteKey), dump.InviteHash, stamp(e.Created)); err != nil {
		return importErr(err)
	}
	for _, t := range dump.Teams {
		if err := taken("teams", t.ID); err != nil {
			return err
		}
		members, _ := json.Marshal(orEmpty(t.Members))
		if _, err := tx.ExecContext(ctx, `INSERT INTO teams (id, event_id, name, members, token_key, token_hash, created, league, suspended, suspend_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			t.ID, e.ID, t.Name, string(members), string(t.TokenKey), t.TokenHash, stamp(t.Created), t.League, t.Suspended, t.Reason); err != nil {
			return importErr(err)
		}
	}
	for _, s := range dump.Submissions {
		if err := taken("submissions", s.ID); err != nil {
			return err
		}
		built := ""
		if !s.Built.IsZero() {
			built = stamp(s.Built)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO submissions (id, team_id, filename, language, status, error, log, created, built, draft) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			s.ID, s.TeamID, s.Filename, s.Language, s.Status, s.Error, s.Log, stamp(s.Created), built, s.Draft); err != nil {
			return importErr(err)
		}
	}
	for _, t := range dump.Teams {
		if t.Active != 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE teams SET active = ? WHERE id = ?`, t.Active, t.ID); err != nil {
				return err
			}
		}
	}
	for _, m := range dump.Matches {
		if err := taken("matches", m.ID); err != nil {
			return err
		}
		// as RecordMatch stores them
		teams, _ := json.Marshal(m.Teams)
		subs, _ := json.Marshal(m.Submissions)
		ranks, _ := json.Marshal(m.Ranks)
		scores, _ := json.Marshal(orEmpty(m.Scores))
		stats, _ := json.Marshal(orEmpty(m.Stats))
		if _, err := tx.ExecContext(ctx, `INSERT INTO matches (id, event_id, key, kind, league, round, seed, teams, submissions, ranks, scores, stats, error, played)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.ID, e.ID, m.Key, m.Kind, m.League, m.Round, m.Seed, string(teams), string(subs), string(ranks), string(scores), string(stats), m.Error, stamp(m.Played)); err != nil {
			return importErr(err)
		}
	}
	for _, r := range dump.Ratings {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (team_id, mu, sigma, games, wins, draws, losses) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			r.TeamID, r.Mu, r.Sigma, r.Games, r.Wins, r.Draws, r.Losses); err != nil {
			return importErr(err)
		}
	}
	for name, doc := range dump.State {
		if _, err := tx.ExecContext(ctx, `INSERT INTO event_state (event_id, name, doc, updated) VALUES (?, ?, ?, ?)`, e.ID, name, orBytes(doc), now()); err != nil {
			return importErr(err)
		}
	}
	return tx.Commit()
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func orMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func orBytes(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

func importErr(err error) error {
	if isUnique(err) {
		return fmt.Errorf("%w: %v", store.ErrConflict, err)
	}
	return err
}
