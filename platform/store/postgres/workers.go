package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/seed27749672/arena/platform/store"
)

// PutFile implements store.Store.
func (d *DB) PutFile(ctx context.Context, name string, data []byte) error {
	if data == nil {
		data = []byte{}
	}
	_, err := d.pool.Exec(ctx, `INSERT INTO files (name, data) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET data = excluded.data`, name, data)
	return err
}

// DeleteFile implements store.Store.
func (d *DB) DeleteFile(ctx context.Context, name string) error {
	_, err := d.pool.Exec(ctx, `DELETE FROM files WHERE name = $1`, name)
	return err
}

// File implements store.Store.
func (d *DB) File(ctx context.Context, name string) ([]byte, error) {
	var data []byte
	err := d.pool.QueryRow(ctx, `SELECT data FROM files WHERE name = $1`, name).Scan(&data)
	return data, notFound(err)
}

// Heartbeat implements store.Store.
func (d *DB) Heartbeat(ctx context.Context, w store.Worker) error {
	_, err := d.pool.Exec(ctx, `INSERT INTO workers (id, host, cores, slots, running, done, started, seen, every_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (id) DO UPDATE SET host = excluded.host, cores = excluded.cores, slots = excluded.slots,
		running = excluded.running, done = excluded.done, seen = excluded.seen, every_ms = excluded.every_ms`,
		w.ID, w.Host, w.Cores, w.Slots, w.Running, w.Done, w.Started, w.Seen, w.Every.Milliseconds())
	return err
}

// Workers implements store.Store.
func (d *DB) Workers(ctx context.Context) ([]store.Worker, error) {
	return list(ctx, d.pool, func(r pgx.Row) (store.Worker, error) {
		var w store.Worker
		var every int64
		err := r.Scan(&w.ID, &w.Host, &w.Cores, &w.Slots, &w.Running, &w.Done, &w.Started, &w.Seen, &every)
		w.Started, w.Seen, w.Every = w.Started.UTC(), w.Seen.UTC(), time.Duration(every)*time.Millisecond
		return w, err
	}, `SELECT id, host, cores, slots, running, done, started, seen, every_ms FROM workers ORDER BY seen DESC, id`)
}
