package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
)

// cached is the statement the connection keeps for query (nil if none).
func cached(t *testing.T, db *sql.DB, query string) *cachedStmt {
	t.Helper()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var s *cachedStmt
	err = conn.Raw(func(dc any) error {
		c, ok := dc.(*cachingConn)
		if !ok {
			return fmt.Errorf("the connection is a %T, not one that keeps its statements", dc)
		}
		s, _ = c.stmts.Peek(query)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStatementsAreKept: a query's statement is prepared once and run
// again (inside a transaction too), with its new arguments.
func TestStatementsAreKept(t *testing.T) {
	d := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer d.Close()
	db, ctx := d.SQL(), context.Background()
	const q = `SELECT ? + 1`
	var n int
	if err := db.QueryRowContext(ctx, q, 1).Scan(&n); err != nil || n != 2 {
		t.Fatalf("got %d, %v", n, err)
	}
	first := cached(t, db, q)
	if first == nil {
		t.Fatal("the statement was not kept")
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.QueryRowContext(ctx, q, 41).Scan(&n); err != nil || n != 42 {
		t.Fatalf("got %d, %v", n, err)
	}
	tx.Rollback()
	if cached(t, db, q) != first || first.busy {
		t.Fatal("the statement was prepared again, or is still marked busy")
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (x INTEGER)`); err != nil {
		t.Fatal(err)
	}
	const ins = `INSERT INTO t (x) VALUES (?)`
	for i := range 3 {
		if _, err := db.ExecContext(ctx, ins, i); err != nil {
			t.Fatal(err)
		}
	}
	if s := cached(t, db, ins); s == nil {
		t.Fatal("an Exec's statement was not kept")
	}
	if err := db.QueryRowContext(ctx, `SELECT sum(x) FROM t`).Scan(&n); err != nil || n != 3 {
		t.Fatalf("the inserts gave a sum of %d (%v), want 3", n, err)
	}
}

// TestAStatementInUseIsNotReused: a query run again while the rows of its
// kept statement are open (one connection, inside a transaction) is
// prepared afresh, and both row sets read right; a statement pushed out
// of the cache while its rows are open is closed only after them.
func TestAStatementInUseIsNotReused(t *testing.T) {
	d := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer d.Close()
	db, ctx := d.SQL(), context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)`); err != nil {
		t.Fatal(err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	const q = `SELECT x FROM t WHERE x >= ? ORDER BY x`
	outer, err := tx.QueryContext(ctx, q, 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for outer.Next() {
		var x int
		outer.Scan(&x)
		// the same statement, its rows open: run again with other arguments
		var inner []int
		rows, err := tx.QueryContext(ctx, q, x)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var y int
			rows.Scan(&y)
			inner = append(inner, y)
		}
		rows.Close()
		if len(inner) != 4-x || inner[0] != x {
			t.Fatalf("the inner query from %d read %v", x, inner)
		}
		got = append(got, x)
		if x == 1 {
			// push the outer statement out of the cache while it is read
			for i := range stmtCacheSize {
				if _, err := tx.ExecContext(ctx, fmt.Sprintf(`SELECT %d`, i)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if err := outer.Close(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[1 2 3]" {
		t.Fatalf("the outer query read %v, want [1 2 3]", got)
	}
}
