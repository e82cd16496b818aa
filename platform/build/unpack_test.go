package build

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
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

// manyEntries is a zip whose central directory lists n entries, all the
// same empty stored file "a" (46 + 1 bytes each), with the count the end
// record claims given by claim (archive/zip compares only its low 16 bits).
func manyEntries(n int, claim uint16) []byte {
	le := binary.LittleEndian
	var b []byte
	b = le.AppendUint32(b, 0x04034b50) // local file header of "a"
	b = append(b, make([]byte, 22)...)
	b = le.AppendUint16(b, 1) // name length
	b = le.AppendUint16(b, 0) // extra length
	b = append(b, 'a')
	start := len(b)
	for range n {
		b = le.AppendUint32(b, 0x02014b50)
		b = le.AppendUint16(b, 20)         // made by
		b = le.AppendUint16(b, 20)         // needed
		b = append(b, make([]byte, 20)...) // flags, method, time, date, crc, sizes
		b = le.AppendUint16(b, 1)          // name length
		b = append(b, make([]byte, 12)...) // extra, comment, disk, attributes
		b = le.AppendUint32(b, 0)          // local header offset
		b = append(b, 'a')
	}
	size := len(b) - start
	b = le.AppendUint32(b, 0x06054b50)
	b = append(b, 0, 0, 0, 0)
	b = le.AppendUint16(b, claim)
	b = le.AppendUint16(b, claim)
	b = le.AppendUint32(b, uint32(size))
	b = le.AppendUint32(b, uint32(start))
	return le.AppendUint16(b, 0)
}

// zip64 rewrites manyEntries' end record as a zip64 one: the classic
// record says 0xffff entries and the zip64 record, found by its locator,
// holds the count, size and offset.
func zip64(z []byte) []byte {
	le := binary.LittleEndian
	end := z[len(z)-22:]
	count, size, offset := le.Uint16(end[10:]), le.Uint32(end[12:]), le.Uint32(end[16:])
	b := append([]byte(nil), z[:len(z)-22]...)
	p := len(b)
	b = le.AppendUint32(b, 0x06064b50)
	b = le.AppendUint64(b, 44)
	b = append(b, 45, 0, 45, 0, 0, 0, 0, 0, 0, 0, 0, 0)
	b = le.AppendUint64(b, uint64(count))
	b = le.AppendUint64(b, uint64(count))
	b = le.AppendUint64(b, uint64(size))
	b = le.AppendUint64(b, uint64(offset))
	b = le.AppendUint32(b, 0x07064b50)
	b = le.AppendUint32(b, 0)
	b = le.AppendUint64(b, uint64(p))
	b = le.AppendUint32(b, 1)
	b = le.AppendUint32(b, 0x06054b50)
	b = append(b, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff)
	b = le.AppendUint32(b, 0xffffffff)
	b = le.AppendUint32(b, 0xffffffff)
	return le.AppendUint16(b, 0)
}

// A zip of a great many entries is refused from a count of its directory's
// headers, before archive/zip builds one File per entry (200,000 of them
// took tens of megabytes and as many allocations), even when its end
// record claims fewer entries than it holds.
func TestUnpackRefusesManyEntriesBeforeListing(t *testing.T) {
	const n = 200_000
	l := Limits{Zip: 32 << 20, Unpacked: 1 << 20, Files: 5000}
	for _, claim := range []uint16{uint16(n % 65536), 3} {
		data := manyEntries(n, claim)
		var err error
		allocs := testing.AllocsPerRun(1, func() { err = Unpack(data, t.TempDir(), l) })
		if err == nil || !strings.Contains(err.Error(), "over the limit of 5000") {
			t.Fatalf("claim %d: %v, want the entry limit", claim, err)
		}
		if allocs > 1000 {
			t.Errorf("claim %d: %v allocations before the refusal; the entries were listed", claim, allocs)
		}
	}
	// A zip64 end record is followed as archive/zip follows it.
	for _, n := range []int{3, 6000} {
		z := zip64(manyEntries(n, uint16(n)))
		zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
		if err != nil || len(zr.File) != n {
			t.Fatalf("zip64 of %d entries: %v", n, err)
		}
		if got, over := countEntries(z, 5000); got != min(n, 5001) || over != (n > 5000) {
			t.Errorf("zip64 of %d entries: counted %d (over %v)", n, got, over)
		}
	}
	// The same directory, within the limit, is read: its entries are
	// the same file twice.
	err := Unpack(manyEntries(2, 2), t.TempDir(), l)
	if err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("two entries named a: %v", err)
	}
}

// countEntries never counts fewer entries than archive/zip lists, whatever
// the bytes: its refusal cannot be dodged by a directory it misreads.
func FuzzCountEntries(f *testing.F) {
	f.Add(makeZip(f, entry{name: "kit/bot.py", body: "print(1)"}, entry{name: "kit/"}))
	f.Add(manyEntries(3, 3))
	f.Add(manyEntries(70, 4))
	f.Add(append([]byte("prefix data"), makeZip(f, entry{name: "a", body: "x"})...))
	f.Add(zip64(manyEntries(70, 70)))
	f.Fuzz(func(t *testing.T, data []byte) {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		if n, _ := countEntries(data, 1<<30); n < len(zr.File) {
			t.Fatalf("counted %d entries, archive/zip lists %d", n, len(zr.File))
		}
	})
}

// A zip made on macOS (its __MACOSX/ folder beside the kit's, .DS_Store
// and ._ forks) or browsed on Windows (Thumbs.db) unpacks to the kit's
// files alone, and its kit root is still found.
func TestUnpackLeavesOutArchiveLitter(t *testing.T) {
	dir := t.TempDir()
	z := makeZip(t, entry{name: "kit/"}, entry{name: "kit/bot.py", body: "print(1)"},
		entry{name: "kit/.DS_Store", body: "x"}, entry{name: "kit/Thumbs.db", body: "x"},
		entry{name: "__MACOSX/"}, entry{name: "__MACOSX/kit/._bot.py", body: "x"},
		entry{name: "kit/._bot.py", body: "x"}, entry{name: ".DS_Store", body: "x"})
	if err := Unpack(z, dir, DefaultLimits); err != nil {
		t.Fatal(err)
	}
	root := KitRoot(dir)
	if root != filepath.Join(dir, "kit") {
		t.Fatalf("KitRoot = %s, want the kit's folder", root)
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 || entries[0].Name() != "bot.py" {
		t.Errorf("the kit holds %v, want bot.py alone", entries)
	}
}
