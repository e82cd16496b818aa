package postgres

import (
	"bytes"
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/seed27749672/arena/platform/store"
)

// EventState implements store.Store.
func (d *DB) EventState(ctx context.Context, eventID int64, name string) ([]byte, error) {
	var doc []byte
	err := d.pool.QueryRow(ctx, `SELECT doc FROM event_state WHERE event_id = $1 AND name = $2`, eventID, name).Scan(&doc)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return doc, err
}

// UpdateEventState implements store.Store. The row is made first (with no
// document, seen by no one else: the transaction is not committed) so that
// it can be locked: a second updater waits for the first one's commit and
// reads its document.
func (d *DB) UpdateEventState(ctx context.Context, eventID int64, name string, update func([]byte) ([]byte, error)) ([]byte, error) {
	var doc []byte
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO event_state (event_id, name, updated) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, eventID, name, now()); err != nil {
			return err
		}
		var old []byte
		if err := tx.QueryRow(ctx, `SELECT doc FROM event_state WHERE event_id = $1 AND name = $2 FOR UPDATE`, eventID, name).Scan(&old); err != nil {
			return err
		}
		var err error
		if doc, err = update(old); err != nil {
			return err
		}
		if doc == nil {
			doc = []byte{}
		}
		if _, err = tx.Exec(ctx, `UPDATE event_state SET doc = $3, updated = $4 WHERE event_id = $1 AND name = $2`, eventID, name, doc, now()); err != nil {
			return err
		}
		if bytes.Equal(old, doc) {
			return nil // rewritten as it was: nothing to tell
		}
		return d.notify(ctx, tx, store.Change{Event: eventID, What: store.ChangeState})
	})
	if err != nil {
		return nil, err
	}
	return doc, nil
}
