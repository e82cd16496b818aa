package sandbox

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadTree feeds readTree what a hostile build may write as its tree:
// it never writes outside its destination, nor beyond its caps.
func FuzzReadTree(f *testing.F) {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	w.WriteHeader(&tar.Header{Name: "up", Typeflag: tar.TypeSymlink, Linkname: ".."})
	w.WriteHeader(&tar.Header{Name: "up/x", Typeflag: tar.TypeReg, Size: 1, Mode: 0o4777})
	w.Write([]byte("x"))
	w.WriteHeader(&tar.Header{Name: "d/", Typeflag: tar.TypeDir, Mode: 0o700})
	w.Close()
	f.Add(b.Bytes())
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		top := t.TempDir()
		dst := filepath.Join(top, "tree")
		readTree(bytes.NewReader(data), dst, 1<<16, 64)
		entries, _ := os.ReadDir(top)
		if len(entries) != 1 {
			t.Fatalf("%d entries beside the tree", len(entries)-1)
		}
		var n int
		var size int64
		filepath.Walk(dst, func(_ string, fi os.FileInfo, err error) error {
			if err == nil {
				n++
				if fi.Mode().IsRegular() {
					size += fi.Size()
				}
				if fi.Mode()&os.ModeSymlink == 0 && (fi.Mode()&(os.ModeSetuid|os.ModeSetgid) != 0 || fi.Mode().Perm()&0o022 != 0) {
					t.Errorf("%s: mode %v", fi.Name(), fi.Mode())
				}
			}
			return nil
		})
		if n > 65 || size > 1<<16 {
			t.Fatalf("%d entries, %d bytes past the caps", n, size)
		}
	})
}
