package files

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
	"sync"

	"github.com/seed27749672/arena/platform/store"
)

// On a shared database (PostgreSQL), a build may run on one machine and
// its bot play on another: the upload, the built tree (an artifact, a
// gzip tar) and the replays are kept in the database's files, and each
// machine unpacks a build into its own directory the first time it plays
// it. A marker file beside the tree says it is complete.

// UploadFile is a submission's upload's name among the database's files.
func UploadFile(id int64) string { return "upload/" + strconv.FormatInt(id, 10) }

// ArtifactFile is a build tree's artifact's name among the database's
// files.
func ArtifactFile(id int64) string { return "build/" + strconv.FormatInt(id, 10) + ".tar.gz" }

// maxArtifact bounds an artifact's unpacked size: a build tree larger
// than that is refused rather than filling every worker's disk.
const maxArtifact = 1 << 30

// Builds are the teams' uploads and build trees of a data directory:
// DIR/uploads/ID and DIR/builds/ID, and on a shared database their
// copies there.
type Builds struct {
	Store  store.Store
	Dir    string // the data directory
	Shared bool   // other machines use the database
	// fetchMu: one build unpacked from the database at a time
	fetchMu sync.Mutex
}

// UploadPath is where a submission's upload is kept on this machine.
func (bs *Builds) UploadPath(id int64) string {
	return filepath.Join(bs.Dir, "uploads", strconv.FormatInt(id, 10))
}

// BuildDir is a submission's build tree on this machine.
func (bs *Builds) BuildDir(id int64) string {
	return filepath.Join(bs.Dir, "builds", strconv.FormatInt(id, 10))
}

// builtMarker is beside a build tree that is complete on this machine.
func (bs *Builds) builtMarker(id int64) string { return bs.BuildDir(id) + ".ok" }

// Remove deletes a submission's upload and build tree on this machine.
func (bs *Builds) Remove(id int64) error {
	os.Remove(bs.builtMarker(id))
	os.Remove(bs.UploadPath(id))
	return os.RemoveAll(bs.BuildDir(id))
}

// ShareUpload keeps an upload in the database for a builder elsewhere.
func (bs *Builds) ShareUpload(ctx context.Context, id int64, upload []byte) error {
	if !bs.Shared {
		return nil
	}
	return bs.Store.PutFile(ctx, UploadFile(id), upload)
}

// ReadUpload is an upload: this machine's copy, or the database's (kept
// here for the next time).
func (bs *Builds) ReadUpload(ctx context.Context, id int64) ([]byte, error) {
	b, err := os.ReadFile(bs.UploadPath(id))
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !bs.Shared {
		return b, err
	}
	if b, err = bs.Store.File(ctx, UploadFile(id)); err != nil {
		return nil, fmt.Errorf("the upload of submission %d: %w", id, err)
	}
	if err := os.MkdirAll(filepath.Dir(bs.UploadPath(id)), 0o700); err != nil {
		return nil, err
	}
	return b, WriteAtomic(bs.UploadPath(id), b, 0o600)
}

// ShareBuild stores a ready build's tree in the database, before the
// build is recorded ready (a match may be scheduled at once).
func (bs *Builds) ShareBuild(ctx context.Context, id int64) error {
	if !bs.Shared {
		return nil
	}
	dir := bs.BuildDir(id)
	if err := ChmodTree(dir); err != nil {
		return err
	}
	art, err := PackTree(dir)
	if err != nil {
		return fmt.Errorf("the artifact of build %d: %w", id, err)
	}
	if err := bs.Store.PutFile(ctx, ArtifactFile(id), art); err != nil {
		return err
	}
	return os.WriteFile(bs.builtMarker(id), nil, 0o600)
}

// FetchBuild makes sure a ready build's tree (and its upload, which tells
// its layout) are on this machine.
func (bs *Builds) FetchBuild(ctx context.Context, id int64) error {
	if !bs.Shared {
		return nil
	}
	if _, err := bs.ReadUpload(ctx, id); err != nil {
		return err
	}
	bs.fetchMu.Lock()
	defer bs.fetchMu.Unlock()
	if _, err := os.Stat(bs.builtMarker(id)); err == nil {
		return nil
	}
	art, err := bs.Store.File(ctx, ArtifactFile(id))
	if err != nil {
		return fmt.Errorf("the artifact of build %d: %w", id, err)
	}
	dir := bs.BuildDir(id)
	tmp := dir + ".unpacking"
	os.RemoveAll(tmp)
	if err := UnpackTree(art, tmp); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("the artifact of build %d: %w", id, err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return err
	}
	return os.WriteFile(bs.builtMarker(id), nil, 0o600)
}

// PackTree archives a build tree: directories, regular files with their
// modes, and symbolic links (build.CheckLinks has kept them inside).
func PackTree(dir string) ([]byte, error) {
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

// UnpackTree unpacks an artifact into dir, through os.Root: no entry
// reaches outside it, whatever its name or links.
func UnpackTree(art []byte, dir string) error {
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

// WriteAtomic writes a file whole or not at all.
func WriteAtomic(path string, b []byte, mode fs.FileMode) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, mode); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// ChmodTree lets the sandbox's identity read and enter every directory
// of an unpacked tree.
func ChmodTree(root string) error {
	return filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return os.Chmod(p, 0o755)
	})
}
