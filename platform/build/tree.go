package build

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/seed27749672/arena/kits"
)

// A build is a function of its source tree, its kit's commands and the
// toolchain that runs them: an upload whose tree, kit and toolchain an
// earlier build had needs no build of its own (issue 30: the same Rust
// bot uploaded again took 75 s). TreeHash names that triple.

// treeVersion changes when what TreeHash covers changes: hashes of an
// older Arena then never match.
const treeVersion = "arena-tree-1"

// toolPath is where builds find their commands (the sandbox's PATH).
var toolPath = []string{"/usr/local/bin", "/usr/bin", "/bin"}

// TreeHash is the hash of a prepared build tree (dir, before its build:
// every entry's path, type, mode and content, links by their target), of
// the game's kit manifest m (its commands) and of the toolchain m
// requires (Toolchain).
func TreeHash(gameName, dir string, m kits.Manifest) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00%s\x00%s\x00", treeVersion, gameName, m.Kit, m.Language, m.Build, m.Run, m.Protocol)
	io.WriteString(h, Toolchain(m))
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		return hashEntry(h, p, filepath.ToSlash(rel), d)
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hashEntry adds one entry of a tree: its name, type and mode, and its
// content (a file's bytes, a link's target).
func hashEntry(h hash.Hash, p, rel string, d fs.DirEntry) error {
	info, err := d.Info()
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "\x01%s\x00%o\x00", rel, uint32(info.Mode()))
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		target, err := os.Readlink(p)
		if err != nil {
			return err
		}
		io.WriteString(h, target)
	case info.Mode().IsRegular():
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintf(h, "%d\x00", info.Size())
		if _, err := io.Copy(h, f); err != nil {
			return err
		}
	}
	return nil
}

// Toolchain identifies the commands a kit requires as builds find them:
// each one's resolved path, size and modification time. An upgraded
// compiler changes it, so a build is never shared across toolchains; a
// command not found is named so (its build fails and is not shared).
func Toolchain(m kits.Manifest) string {
	var b strings.Builder
	for _, cmd := range m.Requires {
		fmt.Fprintf(&b, "%s=", cmd)
		for _, d := range toolPath {
			p, err := filepath.EvalSymlinks(filepath.Join(d, cmd))
			if err != nil {
				continue
			}
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				fmt.Fprintf(&b, "%s:%d:%d", p, fi.Size(), fi.ModTime().UnixNano())
				break
			}
		}
		b.WriteByte(';')
	}
	return b.String()
}
