// Package replay is Arena's replay format: everything needed to show a match
// again and to check it (the game, its settings, every bot reply, and the
// frames the viewer draws). Files are JSON, gzip-compressed when their name
// ends in ".gz". docs/replay-format.md describes the format.
package replay

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

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
	Players     []Player          `json:"players"`
	Clock       game.Clock        `json:"clock"`
	Started     time.Time         `json:"started"`
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

// Write encodes r as JSON.
func Write(w io.Writer, r *Replay) error {
	enc := json.NewEncoder(w)
	return enc.Encode(r)
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

// Save writes r to path, gzip-compressed when path ends in ".gz". It writes
// a temporary file first so that a crash never leaves half a replay.
func Save(path string, r *Replay) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	var w io.Writer = bw
	var gz *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		gz = gzip.NewWriter(bw)
		w = gz
	}
	err = Write(w, r)
	if gz != nil && err == nil {
		err = gz.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
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
		}
	}
	if r.Result != nil {
		for i := range r.Result.Players {
			p := &r.Result.Players[i]
			p.AvgMs, p.MaxMs, p.CPUMs = 0, 0, 0
		}
	}
}
