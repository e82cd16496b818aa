// Package files keeps the platform's files: the matches' replays, the
// teams' uploads and build trees (shared through the database when the
// platform's machines share one), and the starter kits as zips. Behind
// small types, so that an object store can later take a directory's
// place.
package files

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// Replays keeps the replays of the platform's matches, by match key. The
// one implementation writes gzip files in the data directory; an object
// store can take its place later.
type Replays interface {
	Put(key string, r *replay.Replay) error
	// Get answers an error wrapping fs.ErrNotExist for a replay never
	// kept or deleted.
	Get(key string) (*replay.Replay, error)
	// Delete removes a replay; none of that key is no error.
	Delete(key string) error
}

// DirReplays keeps replays as DIR/KEY.json.gz.
type DirReplays struct{ Dir string }

// keyPattern is the shape of the keys the scheduler makes: no key ever
// names a path.
var keyPattern = regexp.MustCompile(`^[a-z0-9-]{1,100}$`)

func (d DirReplays) path(key string) (string, error) {
	if !keyPattern.MatchString(key) {
		return "", fmt.Errorf("bad replay key %q", key)
	}
	return filepath.Join(d.Dir, key+".json.gz"), nil
}

// Put implements Replays (atomically: replay.Save).
func (d DirReplays) Put(key string, r *replay.Replay) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(d.Dir, 0o700); err != nil {
		return err
	}
	return replay.Save(p, r)
}

// Get implements Replays.
func (d DirReplays) Get(key string) (*replay.Replay, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return replay.Load(p)
}

// Delete implements Replays.
func (d DirReplays) Delete(key string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// StoreReplays keeps replays gzipped in the database's files (a shared
// database: the machine that plays a match is not the one that shows it).
type StoreReplays struct{ Store store.Store }

func ReplayFile(key string) (string, error) {
	if !keyPattern.MatchString(key) {
		return "", fmt.Errorf("bad replay key %q", key)
	}
	return "replay/" + key + ".json.gz", nil
}

// Put implements Replays.
func (r StoreReplays) Put(key string, rep *replay.Replay) error {
	name, err := ReplayFile(key)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if err := replay.Write(zw, rep); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return r.Store.PutFile(context.Background(), name, buf.Bytes())
}

// Delete implements Replays.
func (r StoreReplays) Delete(key string) error {
	name, err := ReplayFile(key)
	if err != nil {
		return err
	}
	return r.Store.DeleteFile(context.Background(), name)
}

// Get implements Replays.
func (r StoreReplays) Get(key string) (*replay.Replay, error) {
	name, err := ReplayFile(key)
	if err != nil {
		return nil, err
	}
	b, err := r.Store.File(context.Background(), name)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("replay %s: %w", key, fs.ErrNotExist)
	}
	if err != nil {
		return nil, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return replay.Read(zr)
}
