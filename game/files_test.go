package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Files keeps what it read; a recording answers from what it holds only,
// the same way the match's reads were answered.
func TestFilesRecordAndReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "map.txt")
	if err := os.WriteFile(path, []byte("v1"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := NewFiles()
	if !f.IsFile(path) || f.IsFile(dir) || f.IsFile(filepath.Join(dir, "none")) {
		t.Fatal("IsFile must say whether a readable file exists")
	}
	if b, err := f.ReadFile(path); err != nil || string(b) != "v1" {
		t.Fatalf("ReadFile: %q, %v", b, err)
	}
	os.WriteFile(path, []byte("v2"), 0o644)
	if b, _ := f.ReadFile(path); string(b) != "v1" {
		t.Fatalf("a second read in the same match gives %q; the match must see one content", b)
	}
	rec := RecordedFiles(f.Read())
	os.Remove(path)
	if !rec.IsFile(path) {
		t.Fatal("a recorded file exists in the recording")
	}
	if b, err := rec.ReadFile(path); err != nil || string(b) != "v1" {
		t.Fatalf("recorded ReadFile: %q, %v", b, err)
	}
	os.WriteFile(filepath.Join(dir, "other"), nil, 0o644)
	if rec.IsFile(filepath.Join(dir, "other")) {
		t.Fatal("a recording must not look at the disk")
	}
	if _, err := rec.ReadFile(filepath.Join(dir, "other")); err == nil || !strings.Contains(err.Error(), "replay does not hold") {
		t.Fatalf("reading an unrecorded file from a recording: %v", err)
	}
	var none *Files
	if none.Read() != nil || !none.IsFile(filepath.Join(dir, "other")) {
		t.Fatal("a nil Files reads the disk")
	}
}

// CarriedFiles serves the carried files by name (no such file on this
// disk) and reads the disk for the others, keeping both for the replay.
func TestCarriedFilesServeThenReadTheDisk(t *testing.T) {
	disk := filepath.Join(t.TempDir(), "local.txt")
	if err := os.WriteFile(disk, []byte("local"), 0o600); err != nil {
		t.Fatal(err)
	}
	f := CarriedFiles(map[string][]byte{"/elsewhere/map.txt": []byte("carried")})
	if b, err := f.ReadFile("/elsewhere/map.txt"); err != nil || string(b) != "carried" || !f.IsFile("/elsewhere/map.txt") {
		t.Errorf("carried: %q %v", b, err)
	}
	if b, err := f.ReadFile(disk); err != nil || string(b) != "local" {
		t.Errorf("disk: %q %v", b, err)
	}
	if _, err := f.ReadFile("/elsewhere/none.txt"); err == nil {
		t.Error("a file neither carried nor on the disk was read")
	}
	if got := f.Read(); len(got) != 2 || string(got[disk]) != "local" {
		t.Errorf("read %v", got)
	}
}
