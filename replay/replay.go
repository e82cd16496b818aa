// Package replay is Arena's replay format: everything needed to show a match
// again and to check it (the game, its settings, every bot reply, and the
// frames the viewer draws). Files are JSON, gzip-compressed when their name
// ends in ".gz". docs/replay-format.md describes the format.
package replay

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	jsonv1 "github.com/go-json-experiment/json/v1"
	kgzip "github.com/klauspost/compress/gzip"

	"github.com/seed27749672/arena/game"
)

// Format and Version identify the file format.
const (
	Format  = "arena-replay"
	Version = 1
)

// Replay is one recorded match.
type Replay struct {
	Format      string            `json:"format"`
	Version     int               `json:"version"`
	Game        string            `json:"game"`
	GameVersion string            `json:"gameVersion"`
	Seed        int64             `json:"seed"`
	League      int               `json:"league,omitempty"`
	Options     map[string]string `json:"options,omitempty"`
	// Files holds the files the options named (a map, an arena...), by
	// the name the option gave, as read when the match started: the
	// match re-simulates from them wherever the replay is.
	Files   map[string][]byte `json:"files,omitempty"`
	Players []Player          `json:"players"`
	// Clock is the clock the match was played with: the game's, with its
	// limits multiplied by TimeScale (--time-scale; absent means 1).
	Clock     game.Clock `json:"clock"`
	TimeScale float64    `json:"timeScale,omitempty"`
	Started   time.Time  `json:"started"`
	// Initial is the frame before the first turn.
	Initial json.RawMessage `json:"initial"`
	Turns   []Turn          `json:"turns"`
	Result  *Result         `json:"result,omitempty"` // nil while the match is running
	// Outcome is the referee's own result, before the runner's statuses
	// are merged in; verification compares it.
	Outcome *game.Result `json:"outcome,omitempty"`
}

// Player is one seat of the match.
type Player struct {
	Name string `json:"name"`
	Spec string `json:"spec"`
}

// Turn is one resolved turn.
type Turn struct {
	Turn    int             `json:"turn"`
	Replies []Reply         `json:"replies"` // one per seat
	Frame   json.RawMessage `json:"frame"`
	// Restart is true when the bots were restarted after this turn (a new leg).
	Restart bool `json:"restart,omitempty"`
}

// Reply is what one seat did on one turn: the game.Reply the referee was
// given, plus what the runner measured.
type Reply struct {
	game.Reply
	Asked         bool          `json:"asked,omitempty"` // a prompt was sent this turn
	CPU           time.Duration `json:"cpu,omitempty"`   // CPU time used during the turn
	Stderr        string        `json:"stderr,omitempty"`
	StderrDropped int64         `json:"stderrDropped,omitempty"`
	Dropped       int           `json:"dropped,omitempty"` // output lines dropped (flood)
	// Unread, on a timeout, says that the bot had stopped reading its
	// input: the prompt could not be written by its deadline because the
	// bot's input pipe was full, holding Unread bytes of which some were
	// written before this prompt. 0 otherwise.
	Unread int `json:"unread,omitempty"`
	// Wait is the time the bot was runnable but kept waiting for a CPU
	// since the previous turn was resolved (as CPU), where the transport
	// tells it (bot.Waiter).
	Wait time.Duration `json:"wait,omitempty"`
	// Extra is how much the request's deadline was moved back for the
	// time the bot was kept waiting for a CPU during it (see
	// docs/architecture.md, "Time the machine took"): Time minus Extra is
	// what the bot was charged.
	Extra time.Duration `json:"extra,omitempty"`
	// Wake, on a timeout, is how late the runner made the check that
	// ended the request, after the deadline it checked.
	Wake time.Duration `json:"wake,omitempty"`
	// Starved, on a timeout, says that the bot was cut off at the bound of
	// its deadline's moves (10 times its limit, at least 1 s) with less than its limit
	// of CPU used: the machine, not the bot, made it miss (see
	// docs/architecture.md, "Time the machine took").
	Starved bool `json:"starved,omitempty"`
}

// Result is the outcome of the match with the runner's figures.
type Result struct {
	Turns   int            `json:"turns"`
	Summary string         `json:"summary,omitempty"`
	Players []PlayerResult `json:"players"` // in seat order
}

// PlayerResult is one seat's outcome.
type PlayerResult struct {
	Name string `json:"name"`
	game.PlayerResult
	Timeouts int     `json:"timeouts,omitempty"`
	AvgMs    float64 `json:"avgMs"`
	MaxMs    float64 `json:"maxMs"`
	CPUMs    float64 `json:"cpuMs"`
	// StderrDropped is the error output not kept, in bytes.
	StderrDropped int64 `json:"stderrDropped,omitempty"`
}

// Frames returns every frame in order: the initial one, then one per turn.
func (r *Replay) Frames() []json.RawMessage {
	fs := make([]json.RawMessage, 0, len(r.Turns)+1)
	fs = append(fs, r.Initial)
	for _, t := range r.Turns {
		fs = append(fs, t.Frame)
	}
	return fs
}

// Write encodes r as JSON, the bytes encoding/json writes, through the
// v1 mode of go-json-experiment (what became encoding/json/v2): a
// replay is mostly its frames, which encoding/json checks and compacts
// byte by byte through its slow scanner, and saving replays was the
// platform's largest cost a match after the match itself
// (BenchmarkCasualMatches: a 100-turn tracks replay took ~3 times as long).
// The frames are still checked: a referee's invalid frame fails the save,
// and nothing is written then. The JSON is made in a buffer kept from
// save to save (v1's Encoder grew a new one to the replay's size: 300 KB
// of garbage a tracks match).
func Write(w io.Writer, r *Replay) error {
	buf := writeBuffers.get()
	defer func() {
		if buf.Cap() <= maxKeptBuffer {
			writeBuffers.put(buf)
		}
	}()
	buf.Reset()
	if err := jsonv2.MarshalWrite(buf, r, jsonv1.DefaultOptionsV1()); err != nil {
		return err
	}
	buf.WriteByte('\n') // as an Encoder ends a value
	_, err := w.Write(buf.Bytes())
	return err
}

// writeBuffers are Write's buffers; one grown past maxKeptBuffer (a
// long match's replay) is left to the garbage collector.
var writeBuffers = newKept(func() *bytes.Buffer { return new(bytes.Buffer) })

const maxKeptBuffer = 8 << 20

// kept holds a few objects for the next saves. Unlike a sync.Pool's, they
// outlast garbage collections, which come more often than saves when
// matches are played (a sync.Pool kept one for one save in three).
type kept[T any] struct {
	free  chan T
	fresh func() T
}

// keptSaves is how many of each are kept: as many saves as are likely
// to run at once.
const keptSaves = 4

func newKept[T any](fresh func() T) *kept[T] {
	return &kept[T]{free: make(chan T, keptSaves), fresh: fresh}
}

func (k *kept[T]) get() T {
	select {
	case v := <-k.free:
		return v
	default:
		return k.fresh()
	}
}

func (k *kept[T]) put(v T) {
	select {
	case k.free <- v:
	default: // enough are kept
	}
}

// Read decodes a replay and checks its format and version.
func Read(rd io.Reader) (*Replay, error) {
	var r Replay
	dec := json.NewDecoder(rd)
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("not a replay: %w", err)
	}
	if r.Format != Format {
		return nil, fmt.Errorf("not an Arena replay (format %q)", r.Format)
	}
	if r.Version != Version {
		return nil, fmt.Errorf("replay format version %d; this Arena reads version %d", r.Version, Version)
	}
	return &r, nil
}

// Save writes r to path, gzip-compressed when path ends in ".gz".
//
// A regular file (new or existing) is written atomically: a temporary file
// in the same directory, renamed over the target once complete, so that a
// crash never leaves half a replay and a failed write leaves nothing
// behind. A symbolic link is followed: its target is written, the link
// stays. Anything else that exists (a device such as /dev/null, a FIFO) is
// written directly, since renaming a file over it would replace it. A
// directory is refused.
func Save(path string, r *Replay) error {
	target, err := resolve(path)
	if err != nil {
		return err
	}
	gz := strings.HasSuffix(path, ".gz")
	st, err := os.Stat(target)
	switch {
	case err == nil && st.IsDir():
		return dirError(path)
	case err == nil && !st.Mode().IsRegular():
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		err = encode(f, r, gz)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	mode := fs.FileMode(0o644)
	if st != nil {
		mode = st.Mode().Perm()
	}
	return writeAtomic(target, mode, func(w io.Writer) error { return encode(w, r, gz) })
}

// CheckPath reports, before a match is played, whether Save could write a
// replay to path: not a directory, in a directory that exists and takes
// new files. It leaves nothing behind.
func CheckPath(path string) error {
	target, err := resolve(path)
	if err != nil {
		return err
	}
	st, err := os.Stat(target)
	switch {
	case err == nil && st.IsDir():
		return dirError(path)
	case err == nil && !st.Mode().IsRegular():
		return nil // written directly: opening it is the only test
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return err
	}
	dir := filepath.Dir(target)
	if st, err := os.Stat(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: the directory %s does not exist", path, dir)
		}
		return err
	} else if !st.IsDir() {
		return fmt.Errorf("%s: %s is not a directory", path, dir)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return fmt.Errorf("%s: cannot write in %s: %w", path, dir, errors.Unwrap(err))
	}
	f.Close()
	return os.Remove(f.Name())
}

func dirError(path string) error {
	return fmt.Errorf("%s is a directory; give the replay a file name, such as %s", path, filepath.Join(path, "match.json"))
}

// resolve follows the symbolic links of path to the file they name, which
// may not exist yet (a dangling link is written through, as a shell's
// redirection does).
func resolve(path string) (string, error) {
	for range 40 {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// writeAtomic writes a new file with write, then renames it over path. On
// any error the temporary file is removed.
func writeAtomic(path string, mode fs.FileMode, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	err = write(f)
	if err == nil {
		err = f.Chmod(mode)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Saved replays are compressed with klauspost/compress's gzip, at its
// fastest level: a replay is mostly its frames, which repeat from turn to
// turn, and compressing was the platform's largest cost a match after the
// match itself and the replay's JSON (BenchmarkCasualMatches). Measured
// on a replay of each game (builtin bots), against the standard
// library's level 3 used before: 45 % less time for each, at a size from
// 5 % smaller (jungle's 6 MB: 215 KB against 226 KB) to 20 % larger
// (territory: 9.2 KB against 7.6 KB); a 100-turn tracks replay, 300 KB of
// JSON: 7.8 KB against 7.1 KB. The standard library's level 1 is no
// faster than its level 3 on these. Any gzip reader reads them (Load
// uses the standard library's).
const gzipLevel = kgzip.BestSpeed

// gzipWriters keeps the compressors of saved replays: a new one allocates
// hundreds of KB of tables, which was a third of the platform's garbage a
// match.
var gzipWriters = newKept(func() *kgzip.Writer {
	zw, _ := kgzip.NewWriterLevel(nil, gzipLevel) // a valid level: no error
	return zw
})

// encode writes r to w, gzip-compressed when gz is set, buffered.
func encode(w io.Writer, r *Replay, gz bool) error {
	bw := bufio.NewWriter(w)
	var out io.Writer = bw
	var zw *kgzip.Writer
	if gz {
		zw = gzipWriters.get()
		zw.Reset(bw)
		defer gzipWriters.put(zw)
		out = zw
	}
	err := Write(out, r)
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	return err
}

// Load reads a replay file, gunzipping it when its name ends in ".gz".
func Load(path string) (*Replay, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rd io.Reader = bufio.NewReader(f)
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(rd)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		defer gz.Close()
		rd = gz
	}
	r, err := Read(rd)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// StripTimings zeroes every measured figure (times, CPU, dates), leaving what
// depends only on the seed and the replies: two runs of the same match give
// identical stripped replays.
func (r *Replay) StripTimings() {
	r.Started = time.Time{}
	for i := range r.Turns {
		for j := range r.Turns[i].Replies {
			rp := &r.Turns[i].Replies[j]
			rp.Time, rp.Waiting, rp.CPU = 0, 0, 0
			rp.Wait, rp.Extra, rp.Wake = 0, 0, 0
		}
	}
	if r.Result != nil {
		for i := range r.Result.Players {
			p := &r.Result.Players[i]
			p.AvgMs, p.MaxMs, p.CPUMs = 0, 0, 0
		}
	}
}
