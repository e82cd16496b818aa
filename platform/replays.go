package platform

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/seed27749672/arena/replay"
)

// Replays keeps the replays of the platform's matches, by match key. The
// one implementation writes gzip files in the data directory; an object
// store can take its place later.
type Replays interface {
	Put(key string, r *replay.Replay) error
	Get(key string) (*replay.Replay, error)
}

// dirReplays keeps replays as DIR/KEY.json.gz.
type dirReplays struct{ dir string }

// keyPattern is the shape of the keys the scheduler makes: no key ever
// names a path.
var keyPattern = regexp.MustCompile(`^[a-z0-9-]{1,100}$`)

func (d dirReplays) path(key string) (string, error) {
	if !keyPattern.MatchString(key) {
		return "", fmt.Errorf("bad replay key %q", key)
	}
	return filepath.Join(d.dir, key+".json.gz"), nil
}

// Put implements Replays (atomically: replay.Save).
func (d dirReplays) Put(key string, r *replay.Replay) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(d.dir, 0o700); err != nil {
		return err
	}
	return replay.Save(p, r)
}

// Get implements Replays.
func (d dirReplays) Get(key string) (*replay.Replay, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return replay.Load(p)
}

// forSeats is the replay as the team at the given seats may see it: the
// other seats' stderr (their bots' logs) removed.
func forSeats(r *replay.Replay, mine map[int]bool) *replay.Replay {
	c := *r
	c.Turns = make([]replay.Turn, len(r.Turns))
	for i, t := range r.Turns {
		t.Replies = append([]replay.Reply(nil), t.Replies...)
		for s := range t.Replies {
			if !mine[s] {
				t.Replies[s].Stderr, t.Replies[s].StderrDropped = "", 0
			}
		}
		c.Turns[i] = t
	}
	return &c
}
