package web

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"errors"
	"io"
	"os"
	"sync"
	"time"

	"github.com/seed27749672/arena/replay"
)

// replayCache holds recorded replays as the pages get them: each file is
// parsed and encoded once (and gzip-compressed once), however many pages
// and viewers ask for it, so that viewers never spend the cores the
// matches use. The least recently used entries go when the cache holds
// more than its budget; an entry larger than the budget stays alone.
type replayCache struct {
	mu      sync.Mutex
	budget  int64
	used    int64
	entries map[string]*cacheEntry // by file path, and path+linesKey
	lru     list.List              // of *cacheEntry, most recent first
	loads   int                    // files parsed so far (tests read it)
}

// cacheEntry is one replay file as served. It is loaded once (once), by
// the first request; the others wait for it.
type cacheEntry struct {
	path string
	// lines: the entry holds the line form (lines.go), gzip-compressed
	// only (gz; page is nil), for the page that loads a replay in lines.
	lines bool
	size  int64
	mod   time.Time
	elem  *list.Element
	once  sync.Once
	page  []byte // the page format (seed as a string), JSON
	gz    []byte // page, gzip-compressed
	err   error
	// counted is what the entry adds to the cache's bytes, once loaded
	// (guarded by the cache's mutex; page and gz are written by load).
	counted int64
}

// load reads the replay file into the entry. tee, when not nil, is given
// the gzip-compressed bytes of a line form as they are made, so that the
// first viewer of a long replay gets its first lines while the server is
// still cutting the rest.
func (e *cacheEntry) load(tee io.Writer) {
	var buf bytes.Buffer
	var out io.Writer = &buf
	if tee != nil {
		out = io.MultiWriter(&buf, tee)
	}
	zw, _ := gzip.NewWriterLevel(out, gzip.BestSpeed)
	if e.lines {
		e.err = e.loadLines(zw)
	} else if e.page, e.err = e.pageFormat(); e.err == nil {
		zw.Write(e.page)
	}
	if e.err != nil {
		return
	}
	zw.Close()
	e.gz = buf.Bytes()
}

// loadLines writes the line form of the replay file to w: cut from the
// file's own bytes (one pass, the first lines sent at once), or from the
// page format when the file is not as Arena writes it.
func (e *cacheEntry) loadLines(w io.Writer) error {
	src, err := readReplayFile(e.path)
	if err != nil {
		return errNotFound // what the file holds is no one's business
	}
	if err := writeLines(w, src); !errors.Is(err, errNotLines) {
		return err
	}
	page, err := e.pageFormat()
	if err != nil {
		return err
	}
	return writeLines(w, page)
}

// pageFormat reads the replay file in the page format.
func (e *cacheEntry) pageFormat() ([]byte, error) {
	page, ok, err := pageFromFile(e.path)
	if err != nil {
		return nil, errNotFound // what the file holds is no one's business
	}
	if ok {
		return page, nil
	}
	rep, err := replay.Load(e.path)
	if err != nil {
		return nil, errNotFound
	}
	// MarshalJSON called directly: through json.Marshal its 33 MB answer
	// (a long jungle match) would be scanned again to be checked and
	// compacted, which took longer than the encoding itself
	// (BenchmarkPageEncoding).
	return (pageReplay{rep}).MarshalJSON()
}

// linesKey marks the line form's entries in the cache's map.
const linesKey = "\x00lines"

// get returns the served form of the replay file at path, loading it once.
func (c *replayCache) get(path string, info os.FileInfo) (*cacheEntry, error) {
	e, _, err := c.entry(path, info, false, nil)
	return e, err
}

// getLines returns the line form of the replay file at path, loading it
// once; tee is given the gzip-compressed bytes as they are made when this
// call loads them (teed says whether it did).
func (c *replayCache) getLines(path string, info os.FileInfo, tee io.Writer) (e *cacheEntry, teed bool, err error) {
	return c.entry(path, info, true, tee)
}

func (c *replayCache) entry(path string, info os.FileInfo, lines bool, tee io.Writer) (*cacheEntry, bool, error) {
	key := path
	if lines {
		key += linesKey
	}
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[string]*cacheEntry{}
	}
	e, ok := c.entries[key]
	if ok && (e.size != info.Size() || !e.mod.Equal(info.ModTime())) {
		c.removeLocked(e) // the file changed
		ok = false
	}
	if !ok {
		e = &cacheEntry{path: path, lines: lines, size: info.Size(), mod: info.ModTime()}
		e.elem = c.lru.PushFront(e)
		c.entries[key] = e
	} else {
		c.lru.MoveToFront(e.elem)
	}
	c.mu.Unlock()

	loaded := false
	e.once.Do(func() { e.load(tee); loaded = true })
	if loaded {
		c.mu.Lock()
		c.loads++
		if c.entries[key] == e {
			e.counted = int64(len(e.page) + len(e.gz))
			c.used += e.counted
			c.evictLocked(e)
		}
		c.mu.Unlock()
	}
	return e, loaded && tee != nil, e.err
}

func (c *replayCache) removeLocked(e *cacheEntry) {
	key := e.path
	if e.lines {
		key += linesKey
	}
	delete(c.entries, key)
	c.lru.Remove(e.elem)
	c.used -= e.counted
}

// evictLocked drops the least recently used entries beyond the budget,
// keeping keep.
func (c *replayCache) evictLocked(keep *cacheEntry) {
	for c.used > c.budget {
		last := c.lru.Back()
		if last == nil {
			return
		}
		e := last.Value.(*cacheEntry)
		if e == keep {
			if c.lru.Len() == 1 {
				return
			}
			c.lru.MoveToFront(last)
			continue
		}
		c.removeLocked(e)
	}
}
