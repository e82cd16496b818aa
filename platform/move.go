package platform

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// A moved event (arena export, arena import) is a gzip stream of JSON
// values: a header, the event's rows (store.Dump), then one value per file
// its platform keeps beside the database: each submission's upload, each
// ready build's tree, each match's replay. It moves an event from a data
// directory (SQLite) to PostgreSQL, or back; the rows keep their ids.

const exportFormat = "arena-event"

type exportHeader struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
}

type exportFile struct {
	Name string `json:"name"` // upload/ID, build/ID.tar.gz, replay/KEY.json.gz
	Data []byte `json:"data"`
}

// DumpEvent writes an event whole to w (arena export; not its results:
// Export).
func (p *Platform) DumpEvent(ctx context.Context, eventID int64, w io.Writer) error {
	dump, err := p.Store.ExportEvent(ctx, eventID)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(w)
	enc := json.NewEncoder(zw)
	if err := enc.Encode(exportHeader{exportFormat, 1}); err != nil {
		return err
	}
	if err := enc.Encode(dump); err != nil {
		return err
	}
	for _, s := range dump.Submissions {
		up, err := p.readUpload(ctx, s.ID)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, store.ErrNotFound) {
			continue // a submission whose upload was never stored
		}
		if err != nil {
			return err
		}
		if err := enc.Encode(exportFile{uploadFile(s.ID), up}); err != nil {
			return err
		}
		if s.Status != store.StatusReady {
			continue
		}
		art, err := p.artifact(ctx, s.ID)
		if err != nil {
			return fmt.Errorf("the build of submission %d: %w", s.ID, err)
		}
		if err := enc.Encode(exportFile{artifactFile(s.ID), art}); err != nil {
			return err
		}
	}
	for _, m := range dump.Matches {
		rep, err := p.Replays.Get(m.Key)
		if err != nil {
			continue // a failed match has none
		}
		name, _ := replayFile(m.Key)
		var buf strings.Builder
		gz := gzip.NewWriter(&buf)
		if err := replay.Write(gz, rep); err != nil {
			return err
		}
		gz.Close()
		if err := enc.Encode(exportFile{name, []byte(buf.String())}); err != nil {
			return err
		}
	}
	return zw.Close()
}

// artifact is a ready build's tree, archived.
func (p *Platform) artifact(ctx context.Context, id int64) ([]byte, error) {
	if p.shared() {
		return p.Store.File(ctx, artifactFile(id))
	}
	if _, err := os.Stat(p.buildDir(id)); err != nil {
		return nil, err
	}
	return packTree(p.buildDir(id))
}

// LoadEvent reads an event DumpEvent wrote into this platform and returns
// it (arena import).
func (p *Platform) LoadEvent(ctx context.Context, r io.Reader) (store.Event, error) {
	zr, err := gzip.NewReader(bufio.NewReader(r))
	if err != nil {
		return store.Event{}, fmt.Errorf("not an exported event (arena export): %w", err)
	}
	dec := json.NewDecoder(zr)
	var h exportHeader
	if err := dec.Decode(&h); err != nil || h.Format != exportFormat {
		return store.Event{}, fmt.Errorf("not an exported event (arena export)")
	}
	if h.Version != 1 {
		return store.Event{}, fmt.Errorf("an export of version %d: this arena reads version 1", h.Version)
	}
	var dump store.Dump
	if err := dec.Decode(&dump); err != nil {
		return store.Event{}, fmt.Errorf("the exported event: %w", err)
	}
	if err := p.Store.ImportEvent(ctx, dump); err != nil {
		return store.Event{}, err
	}
	for {
		var f exportFile
		if err := dec.Decode(&f); err == io.EOF {
			break
		} else if err != nil {
			return dump.Event, fmt.Errorf("the exported files: %w", err)
		}
		if err := p.importFile(ctx, f); err != nil {
			return dump.Event, fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	return dump.Event, nil
}

func (p *Platform) importFile(ctx context.Context, f exportFile) error {
	var id int64
	switch {
	case strings.HasPrefix(f.Name, "upload/"):
		if _, err := fmt.Sscanf(f.Name, "upload/%d", &id); err != nil || f.Name != uploadFile(id) {
			return errors.New("not a file of an export")
		}
		if err := os.MkdirAll(p.Dir+"/uploads", 0o700); err != nil {
			return err
		}
		if err := writeAtomic(p.uploadPath(id), f.Data, 0o600); err != nil {
			return err
		}
		return p.shareUpload(ctx, id, f.Data)
	case strings.HasPrefix(f.Name, "build/"):
		if _, err := fmt.Sscanf(f.Name, "build/%d.tar.gz", &id); err != nil || f.Name != artifactFile(id) {
			return errors.New("not a file of an export")
		}
		if p.shared() {
			return p.Store.PutFile(ctx, f.Name, f.Data)
		}
		if err := unpackTree(f.Data, p.buildDir(id)); err != nil {
			return err
		}
		return chmodTree(p.buildDir(id))
	case strings.HasPrefix(f.Name, "replay/"):
		key := strings.TrimSuffix(strings.TrimPrefix(f.Name, "replay/"), ".json.gz")
		if name, err := replayFile(key); err != nil || name != f.Name {
			return errors.New("not a file of an export")
		}
		zr, err := gzip.NewReader(strings.NewReader(string(f.Data)))
		if err != nil {
			return err
		}
		rep, err := replay.Read(zr)
		if err != nil {
			return err
		}
		return p.Replays.Put(key, rep)
	}
	return errors.New("not a file of an export")
}

// HasBuild reports whether a ready build's tree can be had by this
// platform's workers, unpacking it here from the database if need be.
func (p *Platform) HasBuild(ctx context.Context, id int64) (bool, error) {
	if err := p.fetchBuild(ctx, id); err != nil {
		return false, err
	}
	_, err := os.Stat(p.buildDir(id))
	return err == nil, nil
}
