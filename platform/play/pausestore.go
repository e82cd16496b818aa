package play

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// The pauses are read from the store at each scheduling pass (each team
// paired) and at each match's end (each seat whose bot played: a pause
// another machine set is lifted): six reads of a file a match of two
// teams, a sixth of the reads a casual match made. Where this process
// alone plays the database's matches (Player.Alone: a SQLite data
// directory's jobs lock), it alone writes the pauses, and what it read or
// wrote of them is kept (storedPauses) for as long as it holds the lock:
// each file is read once. On a shared database (PostgreSQL, workers on
// other machines), every pause is read from the store, as before.

// storedPauses is what this process knows of the pause files while it
// alone writes them.
type storedPauses struct {
	mu      sync.Mutex // held across a read or write of the store and its note: a note never outlives a newer write
	holding uint64     // the holding of the jobs lock the notes are of
	notes   map[int64]storedPause
}

// storedPause is a submission's pause file: whether there is one, and the
// end it holds (zero: none, or not a time).
type storedPause struct {
	exists bool
	until  time.Time
}

// readPause reads subID's pause file (or knows it).
func (p *Player) readPause(ctx context.Context, subID int64) (storedPause, error) {
	s := &p.stored
	s.mu.Lock()
	defer s.mu.Unlock()
	alone := p.knows()
	if n, ok := s.notes[subID]; ok && alone {
		return n, nil
	}
	b, err := p.Events.Store.File(ctx, pauseFile(subID))
	var n storedPause
	switch {
	case errors.Is(err, store.ErrNotFound):
		err = nil
	case err == nil:
		n.exists = true
		n.until, _ = time.Parse(time.RFC3339Nano, string(b))
	}
	if err == nil && alone {
		s.notes[subID] = n
	}
	return n, err
}

// putPause stores subID's pause until then (zero: lifts it).
func (p *Player) putPause(ctx context.Context, subID int64, until time.Time) {
	s := &p.stored
	s.mu.Lock()
	defer s.mu.Unlock()
	alone := p.knows()
	var err error
	if until.IsZero() {
		err = p.Events.Store.DeleteFile(ctx, pauseFile(subID))
	} else {
		err = p.Events.Store.PutFile(ctx, pauseFile(subID), []byte(until.Format(time.RFC3339Nano)))
	}
	switch {
	case err == nil && alone:
		s.notes[subID] = storedPause{exists: !until.IsZero(), until: until}
	default:
		delete(s.notes, subID) // not known: read again
	}
}

// knows reports whether this process alone writes the pauses now; notes
// of another holding of the jobs lock are dropped. s.mu is held.
func (p *Player) knows() bool {
	s := &p.stored
	if p.Alone == nil {
		return false
	}
	holding, ok := p.Alone()
	if !ok {
		s.notes = nil // nothing kept, and no map made at every read
		return false
	}
	if holding != s.holding || s.notes == nil {
		s.holding, s.notes = holding, map[int64]storedPause{}
	}
	return true
}
