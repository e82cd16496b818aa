package transfer

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// A moved event (arena export, arena import) is a gzip stream of JSON
// values: a header, the event's rows (store.Dump), then one value per file
// its platform keeps beside the database: each submission's upload, each
// ready build's tree, each match's replay. It moves an event from a data
// directory (SQLite) to PostgreSQL, or back; the rows keep their ids.

const exportFormat = "arena-event"

// exportHeader names the format, and carries the one thing of the
// source platform that is not a row of the event: its organiser token's
// key and hash (never the token), so that the organiser's link opens the
// new database too. An export without it (made before it was carried, or
// of a platform that never made one) reads the same.
type exportHeader struct {
	Format    string           `json:"format"`
	Version   int              `json:"version"`
	Organiser *exportOrganiser `json:"organiser,omitempty"`
}

type exportOrganiser struct {
	Key  store.Key `json:"key"`
	Hash []byte    `json:"hash"`
}

// What LoadEvent did with the export's organiser token.
const (
	// OrganiserCarried: the export's organiser token opens the database
	// (it had none, or had the same).
	OrganiserCarried = "carried"
	// OrganiserKept: the database has an organiser token of its own,
	// which stays; the source's does not open it. Replacing it would lock
	// out the organiser of the database's other events.
	OrganiserKept = "kept"
)

// Imported is what LoadEvent read: the event, and Organiser:
// OrganiserCarried, OrganiserKept, or "" when the export has no
// organiser token.
type Imported struct {
	Event     store.Event
	Organiser string
}

type exportFile struct {
	Name string `json:"name"` // upload/ID, build/ID.tar.gz, replay/KEY.json.gz
	Data []byte `json:"data"`
}

// DumpEvent writes an event whole to w (arena export; not its results:
// Export).
func (t *Transfer) DumpEvent(ctx context.Context, eventID int64, w io.Writer) error {
	dump, err := t.Events.Store.ExportEvent(ctx, eventID)
	if err != nil {
		return err
	}
	h := exportHeader{Format: exportFormat, Version: 1}
	if key, hash, err := t.Events.Store.Organiser(ctx); err == nil {
		h.Organiser = &exportOrganiser{key, hash}
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	zw := gzip.NewWriter(w)
	enc := json.NewEncoder(zw)
	if err := enc.Encode(h); err != nil {
		return err
	}
	if err := enc.Encode(dump); err != nil {
		return err
	}
	for _, s := range dump.Submissions {
		up, err := t.Builds.ReadUpload(ctx, s.ID)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, store.ErrNotFound) {
			continue // a submission whose upload was never stored
		}
		if err != nil {
			return err
		}
		if err := enc.Encode(exportFile{files.UploadFile(s.ID), up}); err != nil {
			return err
		}
		if s.Status != store.StatusReady {
			continue
		}
		// a build that shares another's tree travels with a copy of it:
		// the event it is imported into may lack the other
		art, err := t.artifact(ctx, s.Played())
		if err != nil {
			return fmt.Errorf("the build of submission %d: %w", s.ID, err)
		}
		if err := enc.Encode(exportFile{files.ArtifactFile(s.ID), art}); err != nil {
			return err
		}
	}
	for _, m := range dump.Matches {
		rep, err := t.Replays.Get(m.Key)
		if err != nil {
			continue // a failed match has none
		}
		name, _ := files.ReplayFile(m.Key)
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
func (t *Transfer) artifact(ctx context.Context, id int64) ([]byte, error) {
	if t.Builds.Shared {
		return t.Events.Store.File(ctx, files.ArtifactFile(id))
	}
	if _, err := os.Stat(t.Builds.BuildDir(id)); err != nil {
		return nil, err
	}
	return files.PackTree(t.Builds.BuildDir(id))
}

// LoadEvent reads an event DumpEvent wrote into this platform (arena
// import), with the source's organiser token unless the database has
// another.
func (t *Transfer) LoadEvent(ctx context.Context, r io.Reader) (Imported, error) {
	zr, err := gzip.NewReader(bufio.NewReader(r))
	if err != nil {
		return Imported{}, fmt.Errorf("not an exported event (arena export): %w", err)
	}
	dec := json.NewDecoder(zr)
	var h exportHeader
	if err := dec.Decode(&h); err != nil || h.Format != exportFormat {
		return Imported{}, fmt.Errorf("not an exported event (arena export)")
	}
	if h.Version != 1 {
		return Imported{}, fmt.Errorf("an export of version %d: this arena reads version 1", h.Version)
	}
	var dump store.Dump
	if err := dec.Decode(&dump); err != nil {
		return Imported{}, fmt.Errorf("the exported event: %w", err)
	}
	if err := t.Events.Store.ImportEvent(ctx, dump); err != nil {
		return Imported{}, err
	}
	imp := Imported{Event: dump.Event}
	if h.Organiser != nil {
		if imp.Organiser, err = t.carryOrganiser(ctx, *h.Organiser); err != nil {
			return imp, fmt.Errorf("the organiser token: %w", err)
		}
	}
	for {
		var f exportFile
		if err := dec.Decode(&f); err == io.EOF {
			break
		} else if err != nil {
			return imp, fmt.Errorf("the exported files: %w", err)
		}
		if err := t.importFile(ctx, f); err != nil {
			return imp, fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	return imp, nil
}

// carryOrganiser stores an export's organiser token when the database has
// none, and tells whether it opens the database now.
func (t *Transfer) carryOrganiser(ctx context.Context, o exportOrganiser) (string, error) {
	if len(o.Hash) != sha256.Size || o.Key == "" {
		return "", errors.New("not a token's key and hash")
	}
	made, err := t.Events.Store.SetOrganiser(ctx, o.Key, o.Hash, false)
	if err != nil || made {
		return OrganiserCarried, err
	}
	key, hash, err := t.Events.Store.Organiser(ctx)
	if err != nil {
		return "", err
	}
	if key == o.Key && bytes.Equal(hash, o.Hash) {
		return OrganiserCarried, nil
	}
	return OrganiserKept, nil
}

func (t *Transfer) importFile(ctx context.Context, f exportFile) error {
	var id int64
	switch {
	case strings.HasPrefix(f.Name, "upload/"):
		if _, err := fmt.Sscanf(f.Name, "upload/%d", &id); err != nil || f.Name != files.UploadFile(id) {
			return errors.New("not a file of an export")
		}
		if err := os.MkdirAll(t.Events.Dir+"/uploads", 0o700); err != nil {
			return err
		}
		if err := files.WriteAtomic(t.Builds.UploadPath(id), f.Data, 0o600); err != nil {
			return err
		}
		return t.Builds.ShareUpload(ctx, id, f.Data)
	case strings.HasPrefix(f.Name, "build/"):
		if _, err := fmt.Sscanf(f.Name, "build/%d.tar.gz", &id); err != nil || f.Name != files.ArtifactFile(id) {
			return errors.New("not a file of an export")
		}
		if t.Builds.Shared {
			return t.Events.Store.PutFile(ctx, f.Name, f.Data)
		}
		if err := files.UnpackTree(f.Data, t.Builds.BuildDir(id)); err != nil {
			return err
		}
		return files.ChmodTree(t.Builds.BuildDir(id))
	case strings.HasPrefix(f.Name, "replay/"):
		key := strings.TrimSuffix(strings.TrimPrefix(f.Name, "replay/"), ".json.gz")
		if name, err := files.ReplayFile(key); err != nil || name != f.Name {
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
		return t.Replays.Put(key, rep)
	}
	return errors.New("not a file of an export")
}

// HasBuild reports whether a ready build's tree can be had by this
// platform's workers, unpacking it here from the database if need be.
func (t *Transfer) HasBuild(ctx context.Context, id int64) (bool, error) {
	if err := t.Builds.FetchBuild(ctx, id); err != nil {
		return false, err
	}
	_, err := os.Stat(t.Builds.BuildDir(id))
	return err == nil, nil
}
