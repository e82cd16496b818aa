package web

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"os"
	"sync"
)

// headCache keeps the heads (?turns=N, see replayHead) of the long replays
// the pages opened last. Every page that opens a long match asks for its
// head first, and a head is read by decompressing and parsing the file up
// to its N-th turn: a match many viewers open was read again for each of
// them. An entry is one file and one N, valid while the file is the same
// one (os.SameFile: a replay saved again, renamed over the old file, is
// another file) with the same size and modification time; a changed file
// is read again. The least recently used entries go beyond maxEntries or
// budget bytes (heads are small next to whole replays: replayCache has
// those).
type headCache struct {
	mu sync.Mutex
	// maxEntries bounds the entries (0: headCacheEntries; negative: none,
	// every request reads the file, the benchmark's baseline); budget
	// bounds their bytes (0: headCacheBytes).
	maxEntries int
	budget     int64
	used       int64
	entries    map[headKey]*headEntry
	lru        list.List // of *headEntry, most recent first
	loads      int       // heads read from files so far (tests read it)
}

const (
	headCacheEntries = 64
	headCacheBytes   = 16 << 20
)

type headKey struct {
	path string
	n    int
}

// headEntry is one head as served, read once by the first request; the
// others wait for it.
type headEntry struct {
	key     headKey
	info    os.FileInfo
	elem    *list.Element
	once    sync.Once
	page    []byte // the page format, JSON
	gz      []byte // page gzip-compressed; nil when page is too small to bother
	err     error
	counted int64 // what it adds to used, once read (under mu)
}

// headGzipMin is the size under which a head is sent uncompressed.
const headGzipMin = 1 << 10

// readHeadPage reads a head from its file and compresses it: the work the
// cache saves.
func readHeadPage(path string, n int) (page, gz []byte, err error) {
	page, err = replayHead(path, n)
	if err != nil || len(page) <= headGzipMin {
		return page, nil, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	zw.Write(page)
	zw.Close()
	return page, buf.Bytes(), nil
}

// get returns the head of the file at path (whose stat is info) with its
// first n turns, reading it once while the file stays the same.
func (c *headCache) get(path string, info os.FileInfo, n int) (page, gz []byte, err error) {
	if c.maxEntries < 0 {
		c.mu.Lock()
		c.loads++
		c.mu.Unlock()
		return readHeadPage(path, n)
	}
	key := headKey{path, n}
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[headKey]*headEntry{}
	}
	e, ok := c.entries[key]
	if ok && !sameFile(e.info, info) {
		c.removeLocked(e)
		ok = false
	}
	if ok {
		c.lru.MoveToFront(e.elem)
	} else {
		e = &headEntry{key: key, info: info}
		e.elem = c.lru.PushFront(e)
		c.entries[key] = e
	}
	c.mu.Unlock()

	loaded := false
	e.once.Do(func() {
		e.page, e.gz, e.err = readHeadPage(path, n)
		loaded = true
	})
	if loaded {
		c.mu.Lock()
		c.loads++
		if c.entries[key] == e {
			if e.err != nil {
				c.removeLocked(e) // the next request tries again
			} else {
				e.counted = int64(len(e.page) + len(e.gz))
				c.used += e.counted
				c.evictLocked()
			}
		}
		c.mu.Unlock()
	}
	return e.page, e.gz, e.err
}

// sameFile tells whether two stats are of the same, unchanged file.
func sameFile(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

func (c *headCache) removeLocked(e *headEntry) {
	delete(c.entries, e.key)
	c.lru.Remove(e.elem)
	c.used -= e.counted
}

// evictLocked drops the least recently used entries beyond the bounds (an
// entry larger than the whole budget goes at once, after serving its
// request).
func (c *headCache) evictLocked() {
	maxEntries, budget := c.maxEntries, c.budget
	if maxEntries == 0 {
		maxEntries = headCacheEntries
	}
	if budget == 0 {
		budget = headCacheBytes
	}
	for c.lru.Len() > maxEntries || c.used > budget {
		c.removeLocked(c.lru.Back().Value.(*headEntry))
	}
}
