package sqlite

import (
	"context"
	"database/sql/driver"
	"reflect"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// Each connection keeps its prepared statements, by their text.
//
// database/sql prepares a statement again for every query it is not given
// as an *sql.Stmt, and SQLite's parser was the largest single cost of the
// platform's database work: River polls the job queue several times a
// second with the same few large statements (fetching jobs, reading its
// notifications), and the pages ask the same few questions again and
// again (BenchmarkCasualMatches: the parser was 10 % of the platform's
// CPU). River takes the *sql.DB as it is and calls its QueryContext, so
// the cache cannot be a wrapper of *sql.DB (what the libraries that cache
// statements offer, with methods of their own that River would not call);
// it is here, in the driver's connection, which database/sql never uses
// from two goroutines at once.
//
// A statement is reused only when no rows of it are still open (a query
// run again while its rows are read, inside a transaction, is prepared
// afresh as before), and the cache keeps at most stmtCacheSize, the
// least recently used closed first: statements built with a varying text
// (River's job lists with filters) do not pile up.

// stmtCacheSize is how many statements a connection keeps prepared:
// River's queries and the store's own, with room to spare.
const stmtCacheSize = 200

// cachingConnector opens connections that keep their statements.
type cachingConnector struct{ driver.Connector }

func (c cachingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return newCachingConn(conn), nil
}

// fullConn is what modernc.org/sqlite's connections implement and a
// wrapper must forward (its NewConnector's documentation lists them):
// without them database/sql would fall back to its context-free calls.
type fullConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// cachingConn is a connection with its statements kept.
type cachingConn struct {
	fullConn
	stmts *simplelru.LRU[string, *cachedStmt]
}

// stmtContext is what the driver's statements implement, and a kept one
// is run with.
type stmtContext interface {
	driver.StmtQueryContext
	driver.StmtExecContext
}

// cachedStmt is a kept statement; busy while rows of it are open, and
// closed when they are if it left the cache meanwhile.
type cachedStmt struct {
	driver.Stmt
	busy, evicted bool
}

// newCachingConn wraps conn; a connection without every interface a
// wrapper forwards is used as it is.
func newCachingConn(conn driver.Conn) driver.Conn {
	full, ok := conn.(fullConn)
	if !ok {
		return conn
	}
	c := &cachingConn{fullConn: full}
	c.stmts, _ = simplelru.NewLRU(stmtCacheSize, func(_ string, s *cachedStmt) {
		s.evicted = true
		if !s.busy {
			s.Close()
		}
	})
	return c
}

// Unwrap is the driver's own connection (modernc's sqlite.Limit and the
// like look through a wrapper this way).
func (c *cachingConn) Unwrap() driver.Conn { return c.fullConn }

// stmt is query's kept statement, prepared now if it was not; nil (and
// no error) when it is in use.
func (c *cachingConn) stmt(ctx context.Context, query string) (*cachedStmt, error) {
	if s, ok := c.stmts.Get(query); ok {
		if s.busy {
			return nil, nil
		}
		return s, nil
	}
	st, err := c.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if _, ok := st.(stmtContext); !ok {
		return nil, st.Close() // not the driver's own: run as before
	}
	s := &cachedStmt{Stmt: st}
	c.stmts.Add(query, s)
	return s, nil
}

func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return c.fullConn.QueryContext(ctx, query, args)
	}
	rows, err := s.Stmt.(stmtContext).QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	s.busy = true
	return &cachedRows{Rows: rows, s: s}, nil
}

func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return c.fullConn.ExecContext(ctx, query, args)
	}
	return s.Stmt.(stmtContext).ExecContext(ctx, args)
}

// Close closes the kept statements, then the connection.
func (c *cachingConn) Close() error {
	c.stmts.Purge() // closes each (no rows are open once database/sql closes a connection)
	return c.fullConn.Close()
}

// cachedRows are a kept statement's rows: closing them frees it. They
// answer database/sql's questions about their columns as the driver's
// own rows do (the defaults database/sql assumes where rows cannot).
type cachedRows struct {
	driver.Rows
	s *cachedStmt
}

func (r *cachedRows) Close() error {
	err := r.Rows.Close()
	r.s.busy = false
	if r.s.evicted {
		r.s.Close()
	}
	return err
}

func (r *cachedRows) ColumnTypeDatabaseTypeName(i int) string {
	if c, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return c.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

func (r *cachedRows) ColumnTypeLength(i int) (int64, bool) {
	if c, ok := r.Rows.(driver.RowsColumnTypeLength); ok {
		return c.ColumnTypeLength(i)
	}
	return 0, false
}

func (r *cachedRows) ColumnTypeNullable(i int) (nullable, ok bool) {
	if c, ok := r.Rows.(driver.RowsColumnTypeNullable); ok {
		return c.ColumnTypeNullable(i)
	}
	return false, false
}

func (r *cachedRows) ColumnTypePrecisionScale(i int) (precision, scale int64, ok bool) {
	if c, ok := r.Rows.(driver.RowsColumnTypePrecisionScale); ok {
		return c.ColumnTypePrecisionScale(i)
	}
	return 0, 0, false
}

func (r *cachedRows) ColumnTypeScanType(i int) reflect.Type {
	if c, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return c.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}
