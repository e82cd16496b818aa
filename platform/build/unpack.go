// Package build turns a team's upload (a zip of a starter kit, or a single
// source file) into a directory built with its kit's build command,
// contained by the sandbox.
package build

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
)

// Limits bound an upload.
type Limits struct {
	Zip      int64 // bytes of the zip file
	Unpacked int64 // bytes of all its files, unpacked
	Files    int   // entries (files and directories)
}

// DefaultLimits are those of the issue: 20 MiB zip, 100 MiB unpacked,
// 5,000 files.
var DefaultLimits = Limits{Zip: 20 << 20, Unpacked: 100 << 20, Files: 5000}

// Unpack writes the zip's files under dir (which must exist, empty),
// leaving out what archivers add (Litter). It
// refuses, with an error a team can act on: a zip over the limits
// (counting the bytes actually inflated, not the sizes the zip claims, so
// a zip bomb stops at the limit), names that leave dir (absolute, "..",
// backslashes), symlinks and other special files, and a name given twice.
// Writes go through an os.Root, so nothing outside dir is reached even by
// a path the checks missed.
func Unpack(data []byte, dir string, l Limits) error {
	if int64(len(data)) > l.Zip {
		return fmt.Errorf("the zip is %d bytes, over the limit of %d", len(data), l.Zip)
	}
	if n, over := countEntries(data, l.Files); over {
		return fmt.Errorf("the zip has %d entries or more, over the limit of %d", n, l.Files)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return fmt.Errorf("not a zip file: %w", err)
	}
	if len(zr.File) > l.Files {
		return fmt.Errorf("the zip has %d entries, over the limit of %d", len(zr.File), l.Files)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	budget := l.Unpacked
	for _, f := range zr.File {
		if Litter(f.Name) {
			continue
		}
		name, isDir, err := entryName(f)
		if err != nil {
			return err
		}
		if isDir {
			if err := root.MkdirAll(name, 0o755); err != nil {
				return fmt.Errorf("%s: %w", f.Name, err)
			}
			continue
		}
		if err := unpackFile(root, name, f, &budget); err != nil {
			return err
		}
	}
	return nil
}

// Litter tells the files an archiver or a file browser adds to a zip
// (macOS's __MACOSX/ folder and ._ resource forks, .DS_Store, Windows's
// Thumbs.db and desktop.ini) from the kit's: left out, they neither make
// a second top folder beside the kit's nor count as its files.
func Litter(name string) bool {
	parts := strings.Split(strings.TrimSuffix(name, "/"), "/")
	for _, p := range parts {
		if p == "__MACOSX" {
			return true
		}
	}
	switch base := parts[len(parts)-1]; {
	case base == ".DS_Store", strings.EqualFold(base, "Thumbs.db"), strings.EqualFold(base, "desktop.ini"):
		return true
	default:
		return strings.HasPrefix(base, "._")
	}
}

// entryName checks a zip entry and returns its clean relative path.
func entryName(f *zip.File) (name string, isDir bool, err error) {
	mode := f.Mode()
	switch {
	case mode&fs.ModeSymlink != 0:
		return "", false, fmt.Errorf("%q is a symbolic link: links are refused, zip the files themselves", f.Name)
	case mode&fs.ModeType&^fs.ModeDir != 0:
		return "", false, fmt.Errorf("%q is not a regular file", f.Name)
	}
	isDir = mode.IsDir() || strings.HasSuffix(f.Name, "/")
	name = strings.TrimSuffix(f.Name, "/")
	if strings.Contains(name, `\`) || !fs.ValidPath(name) || name == "." || path.Clean(name) != name {
		return "", false, fmt.Errorf("%q is not a plain relative path inside the zip", f.Name)
	}
	return name, isDir, nil
}

func unpackFile(root *os.Root, name string, f *zip.File, budget *int64) error {
	if d := path.Dir(name); d != "." {
		if err := root.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	perm := fs.FileMode(0o644)
	if f.Mode()&0o100 != 0 {
		perm = 0o755
	}
	out, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%q is in the zip twice", f.Name)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	defer out.Close()
	in, err := f.Open()
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	defer in.Close()
	n, err := io.Copy(out, io.LimitReader(in, *budget+1))
	*budget -= n
	if *budget < 0 {
		return errors.New("the zip's files are over the unpacked size limit")
	}
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	return out.Close()
}

// IsZip tells a zip upload from a single source file by its first bytes.
func IsZip(b []byte) bool {
	return len(b) >= 4 && string(b[:4]) == "PK\x03\x04"
}
