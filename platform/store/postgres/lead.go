package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/seed27749672/arena/platform/store"
)

// schedulerLock is the advisory lock of the one server that schedules.
const schedulerLock = 0x4172656e61 + 1

// Lead is a claim to the scheduler's advisory lock: one process of all
// those that share the database holds it. It is a session lock on a
// connection of its own, so the claim of a server that is lost ends with
// its connection, and another server takes it.
type Lead struct {
	pool *pgxpool.Pool
	conn *pgxpool.Conn
}

// NewLead implements store.Queue.
func (d *DB) NewLead() store.Lead { return &Lead{pool: d.pool} }

// Held tries to take the lock, or checks that its connection (and so the
// lock) is still there.
func (l *Lead) Held(ctx context.Context) bool {
	if l.conn != nil {
		if _, err := l.conn.Exec(ctx, `SELECT 1`); err == nil {
			return true
		}
		l.conn.Conn().Close(ctx) // broken: the lock went with it
		l.conn.Release()
		l.conn = nil
	}
	conn, err := l.pool.Acquire(ctx)
	if err != nil {
		return false
	}
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, schedulerLock).Scan(&ok); err != nil || !ok {
		conn.Release()
		return false
	}
	l.conn = conn
	return true
}

// Release gives the lock up.
func (l *Lead) Release() {
	if l.conn == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := l.conn.Exec(ctx, `SELECT pg_advisory_unlock($1)`, schedulerLock); err != nil {
		l.conn.Conn().Close(ctx) // the lock must not stay with a pooled connection
	}
	l.conn.Release()
	l.conn = nil
}

// Kill closes the claim's connection as a lost process's ends (tests).
func (l *Lead) Kill() {
	if l.conn != nil {
		l.conn.Conn().Close(context.Background())
		l.conn.Release()
		l.conn = nil
	}
}
