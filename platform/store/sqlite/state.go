package sqlite

import (
	"context"
	"database/sql"
	"errors"
)

// EventState implements store.Store.
func (d *DB) EventState(ctx context.Context, eventID int64, name string) ([]byte, error) {
	var doc []byte
	err := d.db.QueryRowContext(ctx, `SELECT doc FROM event_state WHERE event_id = ? AND name = ?`, eventID, name).Scan(&doc)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return doc, err
}

// UpdateEventState implements store.Store.
func (d *DB) UpdateEventState(ctx context.Context, eventID int64, name string, update func([]byte) ([]byte, error)) ([]byte, error) {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var old []byte
	err = tx.QueryRowContext(ctx, `SELECT doc FROM event_state WHERE event_id = ? AND name = ?`, eventID, name).Scan(&old)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	doc, err := update(old)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO event_state (event_id, name, doc, updated) VALUES (?, ?, ?, ?)
		ON CONFLICT (event_id, name) DO UPDATE SET doc = excluded.doc, updated = excluded.updated`,
		eventID, name, doc, now()); err != nil {
		return nil, err
	}
	return doc, tx.Commit()
}
