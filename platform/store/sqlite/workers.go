package sqlite

import (
	"context"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// PutFile implements store.Store.
func (d *DB) PutFile(ctx context.Context, name string, data []byte) error {
	if data == nil {
		data = []byte{}
	}
	_, err := d.db.ExecContext(ctx, `INSERT INTO files (name, data) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET data = excluded.data`, name, data)
	return err
}

// DeleteFile implements store.Store.
func (d *DB) DeleteFile(ctx context.Context, name string) error {
	_, err := d.db.ExecContext(ctx, `DELETE FROM files WHERE name = ?`, name)
	return err
}

// File implements store.Store.
func (d *DB) File(ctx context.Context, name string) ([]byte, error) {
	var data []byte
	err := d.db.QueryRowContext(ctx, `SELECT data FROM files WHERE name = ?`, name).Scan(&data)
	return data, notFound(err)
}

// Heartbeat implements store.Store.
func (d *DB) Heartbeat(ctx context.Context, w store.Worker) error {
	_, err := d.db.ExecContext(ctx, `INSERT INTO workers (id, host, cores, slots, running, done, started, seen, every_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET host = excluded.host, cores = excluded.cores, slots = excluded.slots,
		running = excluded.running, done = excluded.done, seen = excluded.seen, every_ms = excluded.every_ms`,
		w.ID, w.Host, w.Cores, w.Slots, w.Running, w.Done, w.Started.UTC().Format(time.RFC3339Nano), w.Seen.UTC().Format(time.RFC3339Nano), w.Every.Milliseconds())
	return err
}

// Workers implements store.Store.
func (d *DB) Workers(ctx context.Context) ([]store.Worker, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id, host, cores, slots, running, done, started, seen, every_ms FROM workers ORDER BY seen DESC, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ws []store.Worker
	for rows.Next() {
		var w store.Worker
		var started, seen string
		var every int64
		if err := rows.Scan(&w.ID, &w.Host, &w.Cores, &w.Slots, &w.Running, &w.Done, &started, &seen, &every); err != nil {
			return nil, err
		}
		w.Every = time.Duration(every) * time.Millisecond
		w.Started, w.Seen = parseTime(started), parseTime(seen)
		ws = append(ws, w)
	}
	return ws, rows.Err()
}
