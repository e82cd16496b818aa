package build

import (
	"archive/zip"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type entry struct {
	name string
	body string
	mode fs.FileMode
}

func makeZip(t testing.TB, entries ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		if e.mode != 0 {
			h.SetMode(e.mode)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(e.body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestUnpackWritesTheFiles(t *testing.T) {
	dir := t.TempDir()
	z := makeZip(t, entry{name: "kit/"}, entry{name: "kit/bot.py", body: "print(1)"},
		entry{name: "kit/sub/run.sh", body: "#!/bin/sh", mode: 0o755})
	if err := Unpack(z, dir, DefaultLimits); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "kit/bot.py")); err != nil || string(b) != "print(1)" {
		t.Fatalf("%q %v", b, err)
	}
	if st, err := os.Stat(filepath.Join(dir, "kit/sub/run.sh")); err != nil || st.Mode().Perm() != 0o755 {
		t.Fatalf("executable bit lost: %v %v", st.Mode(), err)
	}
	if KitRoot(dir) != filepath.Join(dir, "kit") {
		t.Fatalf("KitRoot(%s) = %s", dir, KitRoot(dir))
	}
}

func TestUnpackRefuses(t *testing.T) {
	small := Limits{Zip: 1 << 20, Unpacked: 1000, Files: 3}
	bomb := makeZip(t, entry{name: "zeros", body: strings.Repeat("\x00", 5000)})
	for _, c := range []struct {
		name string
		zip  []byte
		want string
	}{
		{"zip slip", makeZip(t, entry{name: "../evil", body: "x"}), "plain relative path"},
		{"deep zip slip", makeZip(t, entry{name: "a/../../evil", body: "x"}), "plain relative path"},
		{"absolute", makeZip(t, entry{name: "/tmp/evil", body: "x"}), "plain relative path"},
		{"backslash", makeZip(t, entry{name: `..\evil`, body: "x"}), "plain relative path"},
		{"dot", makeZip(t, entry{name: "./a", body: "x"}), "plain relative path"},
		{"symlink", makeZip(t, entry{name: "link", body: "/etc/passwd", mode: fs.ModeSymlink | 0o777}), "symbolic link"},
		{"device", makeZip(t, entry{name: "dev", mode: fs.ModeDevice | 0o666}), "not a regular file"},
		{"twice", makeZip(t, entry{name: "a", body: "1"}, entry{name: "a", body: "2"}), "twice"},
		{"too many files", makeZip(t, entry{name: "a"}, entry{name: "b"}, entry{name: "c"}, entry{name: "d"}), "entries"},
		{"bomb", bomb, "unpacked size"},
		{"too big", append(makeZip(t, entry{name: "a"}), make([]byte, 1<<20)...), "over the limit"},
		{"not a zip", []byte("hello"), "not a zip"},
	} {
		dir := filepath.Join(t.TempDir(), "in")
		os.Mkdir(dir, 0o755)
		err := Unpack(c.zip, dir, small)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "evil")); err == nil {
			t.Errorf("%s: a file was written outside the directory", c.name)
		}
	}
	if len(bomb) > 200 {
		t.Fatalf("the bomb test's zip is %d bytes: it should be far smaller than what it unpacks to", len(bomb))
	}
}

// FuzzUnpack: whatever the zip, Unpack writes nothing outside its
// directory, no symlink, and no more than the limits.
func FuzzUnpack(f *testing.F) {
	f.Add(makeZip(f, entry{name: "kit/bot.py", body: "print(1)"}))
	f.Add(makeZip(f, entry{name: "../evil", body: "x"}))
	f.Add(makeZip(f, entry{name: "l", body: "/", mode: fs.ModeSymlink | 0o777}, entry{name: "l/evil", body: "x"}))
	f.Add(makeZip(f, entry{name: "a/"}, entry{name: "a", body: "x"}))
	f.Add([]byte("PK\x03\x04"))
	l := Limits{Zip: 1 << 16, Unpacked: 1 << 16, Files: 50}
	f.Fuzz(func(t *testing.T, data []byte) {
		parent := t.TempDir()
		dir := filepath.Join(parent, "in")
		os.Mkdir(dir, 0o755)
		Unpack(data, dir, l)
		if es, _ := os.ReadDir(parent); len(es) != 1 {
			t.Fatalf("something was written next to the directory: %v", es)
		}
		var total int64
		files := 0
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type()&fs.ModeSymlink != 0 {
				t.Fatalf("symlink %s written", p)
			}
			if info, err := d.Info(); err == nil && d.Type().IsRegular() {
				total += info.Size()
			}
			files++
			return nil
		})
		if total > l.Unpacked || files > l.Files+1 {
			t.Fatalf("%d bytes in %d files written, over the limits", total, files)
		}
	})
}
