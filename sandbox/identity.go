package sandbox

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// identity is who a sandbox's programs are on the host. When Arena runs as
// root, each sandbox gets a uid and gid of its own that no account uses, so
// that no two sandboxes (and nothing else on the machine) share a file
// owner or a process count; as an ordinary user, Arena can only give its
// own identity, which the user namespace then shows as "nobody".
type identity struct {
	uid, gid int
	change   bool // switch to uid/gid before bwrap (Arena is root)
}

// firstUID is the start of the range of sandbox identities: far above
// accounts (1000...) and the subordinate ranges of containers (100000...).
const (
	firstUID = 2_000_000_000
	uidRange = 100_000_000
)

// sandboxGID is a group every sandbox's identity is in, and no account:
// Arena's private directories let it pass (PrivateDir), nobody else.
const sandboxGID = firstUID - 1

// PrivateDir makes dir (created if missing) Arena's alone, except that
// sandboxes may pass through it to the trees bwrap shows them: mode 0710,
// group the sandboxes' (when Arena is root and gives sandboxes identities
// of their own), else 0700. Local users can neither list nor enter it,
// whatever the modes of the files below.
func PrivateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if os.Geteuid() != 0 {
		return os.Chmod(dir, 0o700)
	}
	if err := os.Chown(dir, 0, sandboxGID); err != nil {
		return err
	}
	return os.Chmod(dir, 0o710)
}

func pickIdentity() identity {
	if os.Geteuid() != 0 {
		return identity{uid: os.Getuid(), gid: os.Getgid()}
	}
	n := (uint64(os.Getpid())*1000 + uint64(counter.Add(1))) % uidRange
	id := firstUID + int(n)
	return identity{uid: id, gid: id, change: true}
}

// chown gives a file to the identity, when Arena can.
func (id identity) chown(path string) error {
	if !id.change {
		return nil
	}
	if err := os.Chown(path, id.uid, id.gid); err != nil {
		return fmt.Errorf("sandbox: %w", err)
	}
	return nil
}

// own gives a directory to the identity, private to it.
func (id identity) own(dir string) error {
	if id.change {
		if err := os.Chown(dir, id.uid, id.gid); err != nil {
			return fmt.Errorf("sandbox: %w", err)
		}
	}
	return os.Chmod(dir, 0o700)
}

// loan records the owners of a directory tree given to a sandbox's
// identity (a build directory), to give it back afterwards.
type loan struct {
	owners map[string][2]int // path -> uid, gid
}

// lend gives dir and everything in it to the sandbox's identity, so that
// the program can write there; Close gives it back, with whatever the
// program created, to the directory's owner.
func (s *Sandbox) lend(dir string) error {
	if !s.id.change {
		return nil
	}
	l := &loan{owners: map[string][2]int{}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		st := fi.Sys().(*syscall.Stat_t)
		l.owners[p] = [2]int{int(st.Uid), int(st.Gid)}
		return os.Lchown(p, s.id.uid, s.id.gid)
	})
	s.lent = l
	if err != nil {
		return fmt.Errorf("sandbox: lending %s: %w", dir, err)
	}
	return nil
}

// giveBack restores the owners; files the program made go to the owner of
// the directory.
func (l *loan) giveBack() error {
	var root [2]int
	var rootPath string
	for p, o := range l.owners {
		if rootPath == "" || len(p) < len(rootPath) {
			rootPath, root = p, o
		}
	}
	if rootPath == "" {
		return nil
	}
	return filepath.WalkDir(rootPath, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // the program may remove files as we go; nothing runs now
		}
		o, ok := l.owners[p]
		if !ok {
			o = root
		}
		return os.Lchown(p, o[0], o[1])
	})
}
