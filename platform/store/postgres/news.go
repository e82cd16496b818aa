package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/seed27749672/arena/platform/store"
)

// The processes that share the database (the web servers, the workers on
// other machines) tell each other of their writes by PostgreSQL's
// LISTEN/NOTIFY: a transaction that records a match or changes an event
// state document notifies newsChannel (and so does Notify, for a failed
// job, a build's change, a heartbeat that changes the list of workers), which PostgreSQL delivers at its
// commit (never for a rolled back one) to every connection listening.
// Each DB signs its notifications with an origin of its own, so that its
// follower skips them: the process that wrote has told its own pages.

// newsChannel is the channel of the notifications.
const newsChannel = "arena_news"

// notice is a notification's payload.
type notice struct {
	Origin string `json:"origin"`
	store.Change
}

// newOrigin is a DB's signature: random, as two processes must never
// share one.
func newOrigin() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Notify implements store.Notifier: the other processes hear of c at once.
func (d *DB) Notify(ctx context.Context, c store.Change) error {
	b, err := json.Marshal(notice{Origin: d.origin, Change: c})
	if err != nil {
		return err
	}
	_, err = d.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, newsChannel, string(b))
	return err
}

// notify tells the other processes of c when tx commits.
func (d *DB) notify(ctx context.Context, tx pgx.Tx, c store.Change) error {
	b, err := json.Marshal(notice{Origin: d.origin, Change: c})
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, newsChannel, string(b))
	return err
}

// parseNotice reads a notification's payload: one of ours, or an error
// (anything can NOTIFY the channel: a payload that is not ours is
// ignored).
func parseNotice(payload string) (notice, error) {
	var n notice
	if err := json.Unmarshal([]byte(payload), &n); err != nil {
		return n, err
	}
	switch {
	case n.Origin == "":
		return n, errors.New("no origin")
	case n.What == store.ChangeWorkers:
		if n.Event != 0 || n.Team != 0 {
			return n, errors.New("a change of the workers is no event's")
		}
	case n.Event <= 0:
		return n, errors.New("no event")
	case n.What == store.ChangeBuild:
		if n.Team <= 0 {
			return n, errors.New("a change of a build names no team")
		}
	case n.What != store.ChangeMatch && n.What != store.ChangeState && n.What != store.ChangeFailed:
		return n, errors.New("not a change: " + n.What)
	}
	return n, nil
}

// Follow implements store.Follower: it listens on a connection of its
// own (outside the pool: it is held for as long as ctx lasts) and, when
// that connection is lost, connects again after a growing wait, telling
// each ChangeResync once listening again (what came meanwhile is lost).
// Each notification is passed to each as it is read from the
// connection: nothing is queued here, however many come.
func (d *DB) Follow(ctx context.Context, each func(store.Change)) {
	wait := time.Second
	for first := true; ctx.Err() == nil; first = false {
		listened, err := d.listen(ctx, each, !first)
		if ctx.Err() != nil {
			return
		}
		if listened {
			wait = time.Second // lost after it worked: try again soon
		}
		slog.Warn("following the other processes' changes: the connection was lost", "err", err, "again in", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 30*time.Second)
	}
}

// listen connects, listens, and passes the notifications to each until
// the connection fails or ctx ends; listened says whether it got as far
// as listening.
func (d *DB) listen(ctx context.Context, each func(store.Change), resync bool) (listened bool, err error) {
	cfg := d.pool.Config().ConnConfig.Copy()
	cfg.OnNotification = func(_ *pgconn.PgConn, n *pgconn.Notification) {
		if nt, err := parseNotice(n.Payload); err == nil && nt.Origin != d.origin {
			each(nt.Change)
		}
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return false, err
	}
	defer func() {
		// a connection lost may not answer: do not wait for it long
		c, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		conn.Close(c)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+newsChannel); err != nil {
		return false, err
	}
	if resync {
		each(store.Change{What: store.ChangeResync})
	}
	for {
		// OnNotification has passed each notification read on
		if err := conn.PgConn().WaitForNotification(ctx); err != nil {
			return true, err
		}
	}
}
