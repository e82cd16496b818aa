package sandbox

import (
	"archive/tar"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// RunTree runs command like RunIn, on a private copy of cfg.Dir (a tmpfs
// of Limits.Disk bytes), and when it succeeds replaces cfg.Dir with the
// tree it left. The tree comes out as a tar stream that Arena reads
// itself, refusing more than Limits.Disk bytes or Limits.Files entries, a
// path out of the tree, or a file of another kind than directories,
// regular files and symbolic links: what a build leaves is bounded on the
// host's disk before it lands there. A build that fills its tmpfs fails
// there, with "No space left on device".
func RunTree(ctx context.Context, cfg Config, command string, env []string) (Result, error) {
	cfg.Private = true
	cfg.Limits = cfg.Limits.withDefaults()
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return Result{}, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return Result{}, err
	}
	defer r.Close()
	out := dir + ".out"
	os.RemoveAll(out)
	defer os.RemoveAll(out)
	read := make(chan error, 1)
	go func() {
		err := readTree(r, out, cfg.Limits.Disk, cfg.Limits.Files)
		if err == nil {
			// tar pads its archive to a whole record (10 KiB) after the
			// end marker, where the reader stops: read the padding, or tar,
			// still writing it, is killed by SIGPIPE and the build fails
			// (with status 141, on a loaded machine, where the pipe fills).
			io.CopyN(io.Discard, r, maxPadding)
		}
		read <- err
		r.Close() // a writer past the caps gets EPIPE
	}()
	// cp copies the original in, as the sandbox's user; the tree goes
	// out only when the command succeeded.
	q := "'" + strings.ReplaceAll(dir, "'", `'\''`) + "'"
	script := "cp -R --preserve=mode,timestamps " + srcInside + "/. " + q +
		" && (\n" + command + "\n) && tar -C " + q + " -cf - . >&3"
	res, err := runWith(ctx, cfg, script, env, w)
	w.Close()
	terr := <-read
	if err != nil {
		return res, err
	}
	// A refused tree explains the end (the tar writer's broken pipe);
	// a failed command that sent nothing is its own end.
	if terr != nil && (res.OK() || !errors.Is(terr, errNoTree)) {
		res.Code, res.Status = -1, "its output was refused: "+terr.Error()
		return res, nil
	}
	if !res.OK() {
		return res, nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return res, err
	}
	return res, os.Rename(out, dir)
}

var errNoTree = errors.New("no tree came out")

// maxPadding is how much is read after a tree's end marker: tar's padding
// to its record size (10 KiB by default; 1 MiB allows a blocking factor
// of 2048), not what a writer could send after it for ever.
const maxPadding = 1 << 20

// readTree unpacks the tar stream r into dst, within maxBytes of file
// contents and maxFiles entries.
func readTree(r io.Reader, dst string, maxBytes int64, maxFiles int) error {
	if err := os.Mkdir(dst, 0o755); err != nil {
		return err
	}
	// Every write goes through root: a link the tree holds never leads
	// a later entry out of it.
	root, err := os.OpenRoot(dst)
	if err != nil {
		return err
	}
	defer root.Close()
	tr := tar.NewReader(r)
	var bytes int64
	for n := 0; ; n++ {
		h, err := tr.Next()
		if err == io.EOF {
			if n == 0 {
				return errNoTree
			}
			return nil
		}
		if err != nil {
			return err
		}
		if n >= maxFiles {
			return fmt.Errorf("more than %d files (the limit)", maxFiles)
		}
		bytes += h.Size
		if bytes > maxBytes {
			return fmt.Errorf("more than %s (the limit)", size(maxBytes))
		}
		if err := unpackEntry(tr, h, root); err != nil {
			return err
		}
	}
}

// unpackEntry writes one entry of the tree under root.
func unpackEntry(tr *tar.Reader, h *tar.Header, root *os.Root) error {
	name := filepath.Clean(h.Name)
	if name == "." {
		return nil
	}
	if filepath.IsAbs(name) || name == ".." || strings.HasPrefix(name, "../") {
		return fmt.Errorf("%q is outside the tree", h.Name)
	}
	// Readable by the sandboxes that run it; no setuid, nothing
	// writable by others.
	perm := os.FileMode(h.Mode).Perm()&0o755 | 0o644
	var err error
	switch h.Typeflag {
	case tar.TypeDir:
		err = root.MkdirAll(name, 0o755)
	case tar.TypeReg:
		var f *os.File
		if f, err = root.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, perm); err == nil {
			_, err = io.Copy(f, io.LimitReader(tr, h.Size))
			err = errors.Join(err, f.Close())
		}
	case tar.TypeSymlink:
		// Checked where it matters: a bot's tree may not link out of
		// itself (build.CheckLinks).
		err = root.Symlink(h.Linkname, name)
	default:
		return fmt.Errorf("%q is a file of a kind a tree may not hold (type %s)", h.Name, strconv.Quote(string(h.Typeflag)))
	}
	if err != nil && strings.Contains(err.Error(), "path escapes") {
		return fmt.Errorf("%q leads outside the tree", h.Name)
	}
	return err
}
