package platform

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// On a shared database (PostgreSQL), a build may run on one machine and
// its bot play on another: the upload, the built tree (an artifact, a
// gzip tar) and the replays are kept in the database's files, and each
// machine unpacks a build into its own directory the first time it plays
// it. A marker file beside the tree says it is complete.

func uploadFile(id int64) string   { return "upload/" + strconv.FormatInt(id, 10) }
func artifactFile(id int64) string { return "build/" + strconv.FormatInt(id, 10) + ".tar.gz" }

// maxArtifact bounds an artifact's unpacked size: a build tree larger
// than that is refused rather than filling every worker's disk.
const maxArtifact = 1 << 30

func (p *Platform) shared() bool { return p.db != nil && p.db.Shared() }

// builtMarker is beside a build tree that is complete on this machine.
func (p *Platform) builtMarker(id int64) string { return p.buildDir(id) + ".ok" }

// shareUpload keeps an upload in the database for a builder elsewhere.
func (p *Platform) shareUpload(ctx context.Context, id int64, upload []byte) error {
	if !p.shared() {
		return nil
	}
	return p.Store.PutFile(ctx, uploadFile(id), upload)
}

// readUpload is an upload: this machine's copy, or the database's (kept
// here for the next time).
func (p *Platform) readUpload(ctx context.Context, id int64) ([]byte, error) {
	b, err := os.ReadFile(p.uploadPath(id))
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !p.shared() {
		return b, err
	}
	if b, err = p.Store.File(ctx, uploadFile(id)); err != nil {
		return nil, fmt.Errorf("the upload of submission %d: %w", id, err)
	}
	if err := os.MkdirAll(filepath.Dir(p.uploadPath(id)), 0o700); err != nil {
		return nil, err
	}
	return b, writeAtomic(p.uploadPath(id), b, 0o600)
}

// shareBuild stores a ready build's tree in the database, before the
// build is recorded ready (a match may be scheduled at once).
func (p *Platform) shareBuild(ctx context.Context, id int64) error {
	if !p.shared() {
		return nil
	}
	dir := p.buildDir(id)
	if err := chmodTree(dir); err != nil {
		return err
	}
	art, err := packTree(dir)
	if err != nil {
		return fmt.Errorf("the artifact of build %d: %w", id, err)
	}
	if err := p.Store.PutFile(ctx, artifactFile(id), art); err != nil {
		return err
	}
	return os.WriteFile(p.builtMarker(id), nil, 0o600)
}

// fetchBuild makes sure a ready build's tree (and its upload, which tells
// its layout) are on this machine.
func (p *Platform) fetchBuild(ctx context.Context, id int64) error {
	if !p.shared() {
		return nil
	}
	if _, err := p.readUpload(ctx, id); err != nil {
		return err
	}
	p.fetchMu.Lock()
	defer p.fetchMu.Unlock()
	if _, err := os.Stat(p.builtMarker(id)); err == nil {
		return nil
	}
	art, err := p.Store.File(ctx, artifactFile(id))
	if err != nil {
		return fmt.Errorf("the artifact of build %d: %w", id, err)
	}
	dir := p.buildDir(id)
	tmp := dir + ".unpacking"
	os.RemoveAll(tmp)
	if err := unpackTree(art, tmp); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("the artifact of build %d: %w", id, err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return err
	}
	return os.WriteFile(p.builtMarker(id), nil, 0o600)
}

// packTree archives a build tree: directories, regular files with their
// modes, and symbolic links (build.CheckLinks has kept them inside).
func packTree(dir string) ([]byte, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		link := ""
		if info.Mode()&fs.ModeSymlink != 0 {
			if link, err = os.Readlink(path); err != nil {
				return err
			}
		} else if !info.Mode().IsRegular() && !info.IsDir() {
			return nil // sockets, pipes: nothing a bot runs from
		}
		h, err := tar.FileInfoHeader(info, link)
		if err != nil {
			return err
		}
		h.Name = filepath.ToSlash(rel)
		h.Uid, h.Gid, h.Uname, h.Gname = 0, 0, "", ""
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if info.Mode().IsRegular() {
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = io.Copy(tw, f)
			return err
		}
		return nil
	})
	if err == nil {
		err = tw.Close()
	}
	if err == nil {
		err = zw.Close()
	}
	return buf.Bytes(), err
}

// unpackTree unpacks an artifact into dir, through os.Root: no entry
// reaches outside it, whatever its name or links.
func unpackTree(art []byte, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	zr, err := gzip.NewReader(bytes.NewReader(art))
	if err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	var total int64
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.FromSlash(h.Name)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := root.MkdirAll(name, 0o755); err != nil {
				return err
			}
		case tar.TypeSymlink:
			if err := root.Symlink(h.Linkname, name); err != nil {
				return err
			}
		case tar.TypeReg:
			if total += h.Size; total > maxArtifact {
				return fmt.Errorf("over %d bytes unpacked", maxArtifact)
			}
			f, err := root.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, fs.FileMode(h.Mode).Perm()|0o444)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s: unexpected entry type %c", h.Name, h.Typeflag)
		}
	}
}

// writeAtomic writes a file whole or not at all.
func writeAtomic(path string, b []byte, mode fs.FileMode) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, mode); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// storeReplays keeps replays gzipped in the database's files.
type storeReplays struct{ s store.Store }

func replayFile(key string) (string, error) {
	if !keyPattern.MatchString(key) {
		return "", fmt.Errorf("bad replay key %q", key)
	}
	return "replay/" + key + ".json.gz", nil
}

// Put implements Replays.
func (r storeReplays) Put(key string, rep *replay.Replay) error {
	name, err := replayFile(key)
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
	return r.s.PutFile(context.Background(), name, buf.Bytes())
}

// Get implements Replays.
func (r storeReplays) Get(key string) (*replay.Replay, error) {
	name, err := replayFile(key)
	if err != nil {
		return nil, err
	}
	b, err := r.s.File(context.Background(), name)
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
