package web

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/seed27749672/arena/replay"
)

// Summary describes a match in lists: enough to choose one, not to show it.
type Summary struct {
	ID      string    `json:"id"`
	Game    string    `json:"game"`
	Seed    Seed      `json:"seed"` // a string: see Seed
	League  int       `json:"league,omitempty"`
	Started time.Time `json:"started"`
	Players []string  `json:"players"`
	Turns   int       `json:"turns"`
	Live    bool      `json:"live,omitempty"`
	// Result, per seat in seat order, once the match has ended.
	Result  []SeatResult `json:"result,omitempty"`
	Summary string       `json:"summary,omitempty"`
}

// SeatResult is one seat's outcome in a Summary.
type SeatResult struct {
	Rank   int     `json:"rank"`
	Score  float64 `json:"score"`
	Status string  `json:"status"`
}

func summarize(id string, rep *replay.Replay, live bool) Summary {
	s := Summary{ID: id, Game: rep.Game, Seed: Seed(rep.Seed), League: rep.League, Started: rep.Started,
		Turns: len(rep.Turns), Live: live}
	for _, p := range rep.Players {
		s.Players = append(s.Players, p.Name)
	}
	if rep.Result != nil {
		s.Summary = rep.Result.Summary
		for _, p := range rep.Result.Players {
			s.Result = append(s.Result, SeatResult{Rank: p.Rank, Score: p.Score, Status: string(p.Status)})
		}
	}
	return s
}

// library is the replay directory. Summaries are cached by file size and
// modification time, so listing a directory of large replays stays cheap.
type library struct {
	dir   string
	mu    sync.Mutex
	cache map[string]cached
}

type cached struct {
	size    int64
	mod     time.Time
	summary Summary
	err     error
}

// replayExts are the file names the library recognises, longest first.
var replayExts = []string{".json.gz", ".json"}

func replayID(name string) (string, bool) {
	for _, ext := range replayExts {
		if strings.HasSuffix(name, ext) {
			return strings.TrimSuffix(name, ext), true
		}
	}
	return "", false
}

// list returns the readable replays of the directory (unreadable files are
// skipped: the directory may hold other JSON files).
func (l *library) list() []Summary {
	ents, err := os.ReadDir(l.dir)
	if err != nil {
		return nil
	}
	var out []Summary
	for _, e := range ents {
		id, ok := replayID(e.Name())
		if !ok || e.IsDir() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if s, err := l.summary(id, e.Name(), info); err == nil {
			out = append(out, s)
		}
	}
	return out
}

func (l *library) summary(id, name string, info os.FileInfo) (Summary, error) {
	l.mu.Lock()
	c, ok := l.cache[name]
	l.mu.Unlock()
	if ok && c.size == info.Size() && c.mod.Equal(info.ModTime()) {
		return c.summary, c.err
	}
	rep, err := replay.Load(filepath.Join(l.dir, name))
	c = cached{size: info.Size(), mod: info.ModTime(), err: err}
	if err == nil {
		c.summary = summarize(id, rep, false)
		if c.summary.Started.IsZero() {
			c.summary.Started = info.ModTime().UTC()
		}
	}
	l.mu.Lock()
	if l.cache == nil {
		l.cache = map[string]cached{}
	}
	l.cache[name] = c
	l.mu.Unlock()
	return c.summary, err
}

var errNotFound = errors.New("no such match")

// path returns the file of a replay id.
func (l *library) path(id string) (string, error) {
	if id == "" || strings.ContainsAny(id, `/\`) || strings.HasPrefix(id, ".") {
		return "", errNotFound
	}
	for _, ext := range replayExts {
		p := filepath.Join(l.dir, id+ext)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errNotFound
}

// file returns the file of a replay id and its information.
func (l *library) file(id string) (string, os.FileInfo, error) {
	p, err := l.path(id)
	if err != nil {
		return "", nil, err
	}
	info, err := os.Stat(p)
	if err != nil || !info.Mode().IsRegular() {
		return "", nil, errNotFound
	}
	return p, info, nil
}

func sortNewestFirst(ss []Summary) {
	sort.SliceStable(ss, func(i, j int) bool {
		if !ss[i].Started.Equal(ss[j].Started) {
			return ss[i].Started.After(ss[j].Started)
		}
		return ss[i].ID > ss[j].ID
	})
}
