package store

// CountRows are the rows of a query of (id, count), from either driver
// (database/sql's and pgx's rows both have these methods).
type CountRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// ScanCounts adds (id, count) rows to into (the caller closes them); a
// row whose id is NULL (a job whose arguments lack it) is skipped, as a
// job that did not decode.
func ScanCounts(rows CountRows, into map[int64]int) error {
	for rows.Next() {
		var id *int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return err
		}
		if id != nil {
			into[*id] += n
		}
	}
	return rows.Err()
}

// ScanMatchCounts adds up the rows of a query of (kind, all, failed): a
// kind may have several.
func ScanMatchCounts(rows CountRows) (MatchCounts, error) {
	out := MatchCounts{}
	for rows.Next() {
		var kind string
		var all, failed int
		if err := rows.Scan(&kind, &all, &failed); err != nil {
			return nil, err
		}
		n := out[kind]
		n.All += all
		n.Failed += failed
		out[kind] = n
	}
	return out, rows.Err()
}

// Promoting are the teams of a (team, 1) count: those with a promotion
// game queued or running.
func Promoting(teams map[int64]int) map[int64]bool {
	out := make(map[int64]bool, len(teams))
	for t := range teams {
		out[t] = true
	}
	return out
}
