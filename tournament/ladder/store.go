// Package ladder keeps a persistent ladder of bots for one game in a
// SQLite file: bots join and leave at any time, games are chosen to make
// the leaderboard more certain, and every finished game is written, with
// the ratings it changed, in one transaction, so that killing the process
// at any moment loses at most the games still running.
package ladder

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	_ "modernc.org/sqlite" // the database/sql driver "sqlite"

	"github.com/seed27749672/arena/tournament/openskill"
)

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS bots (
	name TEXT PRIMARY KEY,
	spec TEXT NOT NULL,
	mu REAL NOT NULL,
	sigma REAL NOT NULL,
	games INTEGER NOT NULL DEFAULT 0,
	wins INTEGER NOT NULL DEFAULT 0,
	draws INTEGER NOT NULL DEFAULT 0,
	losses INTEGER NOT NULL DEFAULT 0,
	timeouts INTEGER NOT NULL DEFAULT 0,
	crashes INTEGER NOT NULL DEFAULT 0,
	added TEXT NOT NULL,
	removed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS games (
	id INTEGER PRIMARY KEY,
	seed INTEGER NOT NULL,
	played TEXT NOT NULL,
	bots TEXT NOT NULL,    -- names by seat, space-separated
	ranks TEXT NOT NULL,   -- ranks by seat, space-separated
	error TEXT NOT NULL    -- an arena error: the game was not rated
);`

// Store is an open ladder file.
type Store struct {
	db   *sql.DB
	Game string
}

// Bot is one bot of the ladder.
type Bot struct {
	Name     string
	Spec     string
	Rating   openskill.Rating
	Games    int
	Wins     int
	Draws    int
	Losses   int
	Timeouts int
	Crashes  int
}

// WinRate is the share of games won (draws count half).
func (b Bot) WinRate() float64 {
	if b.Games == 0 {
		return 0
	}
	return (float64(b.Wins) + float64(b.Draws)/2) / float64(b.Games)
}

// Open opens (or creates) the ladder file for a game. A file made for
// another game is refused.
func Open(path, gameName string) (*Store, error) {
	// WAL and synchronous=FULL: a committed game survives a killed process
	// and a power cut; busy_timeout lets show read while run writes.
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one writer; the transactions are short
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("ladder %s: %w", path, err)
	}
	s := &Store{db: db, Game: gameName}
	var stored string
	err = db.QueryRow(`SELECT value FROM meta WHERE key = 'game'`).Scan(&stored)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		_, err = db.Exec(`INSERT INTO meta (key, value) VALUES ('game', ?), ('seed', ?)`, gameName, fmt.Sprint(time.Now().UnixNano()%1_000_000_000))
	case err == nil && stored != gameName:
		err = fmt.Errorf("ladder %s is a %s ladder, not %s", path, stored, gameName)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the file.
func (s *Store) Close() error { return s.db.Close() }

// Add adds a bot (or brings back a removed one with its new spec and its
// rating kept).
func (s *Store) Add(name, spec string) error {
	m := openskill.Default()
	res, err := s.db.Exec(`INSERT INTO bots (name, spec, mu, sigma, added) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET spec = excluded.spec, removed = 0 WHERE removed = 1`,
		name, spec, m.Mu, m.Sigma, time.Now().UTC().Format(time.RFC3339))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("the ladder already has a bot named %q (remove it first)", name)
	}
	return nil
}

// Remove takes a bot off the ladder; its games stay in the file.
func (s *Store) Remove(name string) error {
	res, err := s.db.Exec(`UPDATE bots SET removed = 1 WHERE name = ? AND removed = 0`, name)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("the ladder has no bot named %q", name)
	}
	return nil
}

// Bots lists the bots on the ladder, best first (by mu - 3 sigma).
func (s *Store) Bots() ([]Bot, error) {
	rows, err := s.db.Query(`SELECT name, spec, mu, sigma, games, wins, draws, losses, timeouts, crashes
		FROM bots WHERE removed = 0 ORDER BY mu - 3 * sigma DESC, name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Bot
	for rows.Next() {
		var b Bot
		if err := rows.Scan(&b.Name, &b.Spec, &b.Rating.Mu, &b.Rating.Sigma, &b.Games, &b.Wins, &b.Draws, &b.Losses, &b.Timeouts, &b.Crashes); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// Games counts the games in the file (rated or not).
func (s *Store) Games() (int, error) {
	var n int
	err := s.db.QueryRow(`SELECT COUNT(*) FROM games`).Scan(&n)
	return n, err
}

// nextSeed hands out the seed of the next game (stored, so that a new run
// does not replay the seeds of the last one).
func (s *Store) nextSeed(ctx context.Context) (int64, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var seed int64
	if err := tx.QueryRow(`SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'seed'`).Scan(&seed); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(`UPDATE meta SET value = ? WHERE key = 'seed'`, fmt.Sprint(seed+1)); err != nil {
		return 0, err
	}
	return seed, tx.Commit()
}

// Outcome is one finished game, seen from each seat.
type Outcome struct {
	Seed     int64
	Bots     []string // names by seat
	Ranks    []int
	Timeouts []int
	Crashed  []bool
	Err      error // an arena error: recorded, not rated
}

// Record writes a game and, unless the arena failed it, the ratings and
// counts it changes, in one transaction. Bots removed since the game was
// chosen are still rated (their line stays in the file).
func (s *Store) Record(ctx context.Context, o Outcome) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	errText := ""
	if o.Err != nil {
		errText = o.Err.Error()
	}
	if _, err := tx.Exec(`INSERT INTO games (seed, played, bots, ranks, error) VALUES (?, ?, ?, ?, ?)`,
		o.Seed, time.Now().UTC().Format(time.RFC3339Nano), join(o.Bots), joinInts(o.Ranks), errText); err != nil {
		return err
	}
	if o.Err == nil {
		if err := rate(tx, o); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// rate updates the ratings and counts of a game's bots.
func rate(tx *sql.Tx, o Outcome) error {
	before := make([]openskill.Rating, len(o.Bots))
	for i, name := range o.Bots {
		if err := tx.QueryRow(`SELECT mu, sigma FROM bots WHERE name = ?`, name).Scan(&before[i].Mu, &before[i].Sigma); err != nil {
			return fmt.Errorf("bot %s: %w", name, err)
		}
	}
	after, err := openskill.Default().RateFFA(before, o.Ranks)
	if err != nil {
		return err
	}
	for i, name := range o.Bots {
		win, draw, loss := outcome(o.Ranks, i)
		crash := 0
		if o.Crashed[i] {
			crash = 1
		}
		if _, err := tx.Exec(`UPDATE bots SET mu = ?, sigma = ?, games = games + 1, wins = wins + ?, draws = draws + ?,
			losses = losses + ?, timeouts = timeouts + ?, crashes = crashes + ? WHERE name = ?`,
			after[i].Mu, after[i].Sigma, win, draw, loss, o.Timeouts[i], crash, name); err != nil {
			return err
		}
	}
	return nil
}

// outcome: first alone is a win, first shared a draw, else a loss.
func outcome(ranks []int, seat int) (win, draw, loss int) {
	if ranks[seat] != 1 {
		return 0, 0, 1
	}
	for i, r := range ranks {
		if i != seat && r == 1 {
			return 0, 1, 0
		}
	}
	return 1, 0, 0
}

func join(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}

func joinInts(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, fmt.Sprint(x))
	}
	return join(s)
}

// Check runs SQLite's integrity check on the file.
func (s *Store) Check() error {
	var res string
	if err := s.db.QueryRow(`PRAGMA integrity_check`).Scan(&res); err != nil {
		return err
	}
	if res != "ok" {
		return fmt.Errorf("ladder file damaged: %s", res)
	}
	return nil
}
