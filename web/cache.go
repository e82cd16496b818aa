package web

import (
	"bytes"
	"compress/gzip"
	"container/list"
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
	entries map[string]*cacheEntry // by file path
	lru     list.List              // of *cacheEntry, most recent first
	loads   int                    // files parsed so far (tests read it)
}

// cacheEntry is one replay file as served. It is loaded once (once), by
// the first request; the others wait for it.
type cacheEntry struct {
	path string
	size int64
	mod  time.Time
	elem *list.Element
	once sync.Once
	page []byte // the page format (seed as a string), JSON
	gz   []byte // page, gzip-compressed
	err  error
	// counted is what the entry adds to the cache's bytes, once loaded
	// (guarded by the cache's mutex; page and gz are written by load).
	counted int64
}

func (e *cacheEntry) load() {
	page, ok, err := pageFromFile(e.path)
	if err != nil {
		e.err = errNotFound // what the file holds is no one's business
		return
	}
	if ok {
		e.page = page
	} else {
		rep, err := replay.Load(e.path)
		if err != nil {
			e.err = errNotFound
			return
		}
		// MarshalJSON called directly: through json.Marshal its 60 MB answer
		// (a long jungle match) would be scanned again to be checked and
		// compacted, which took longer than the encoding itself
		// (BenchmarkPageEncoding).
		if e.page, err = (pageReplay{rep}).MarshalJSON(); err != nil {
			e.err = err
			return
		}
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	zw.Write(e.page)
	zw.Close()
	e.gz = buf.Bytes()
}

// get returns the served form of the replay file at path, loading it once.
func (c *replayCache) get(path string, info os.FileInfo) (*cacheEntry, error) {
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[string]*cacheEntry{}
	}
	e, ok := c.entries[path]
	if ok && (e.size != info.Size() || !e.mod.Equal(info.ModTime())) {
		c.removeLocked(e) // the file changed
		ok = false
	}
	if !ok {
		e = &cacheEntry{path: path, size: info.Size(), mod: info.ModTime()}
		e.elem = c.lru.PushFront(e)
		c.entries[path] = e
	} else {
		c.lru.MoveToFront(e.elem)
	}
	c.mu.Unlock()

	loaded := false
	e.once.Do(func() { e.load(); loaded = true })
	if loaded {
		c.mu.Lock()
		c.loads++
		if c.entries[path] == e {
			e.counted = int64(len(e.page) + len(e.gz))
			c.used += e.counted
			c.evictLocked(e)
		}
		c.mu.Unlock()
	}
	return e, e.err
}

func (c *replayCache) removeLocked(e *cacheEntry) {
	delete(c.entries, e.path)
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
