package files

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// TestABuildTreeTravelsWhole: an artifact keeps files, modes, directories
// and links inside the tree.
func TestABuildTreeTravelsWhole(t *testing.T) {
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "kit", "bin"), 0o755)
	os.WriteFile(filepath.Join(src, "kit", "bin", "bot"), []byte("#!/bin/sh\necho WAIT\n"), 0o755)
	os.WriteFile(filepath.Join(src, "kit", "notes.txt"), []byte("x"), 0o644)
	os.Symlink("bin/bot", filepath.Join(src, "kit", "run"))
	art, err := PackTree(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "out")
	if err := UnpackTree(art, dst); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dst, "kit", "bin", "bot")); err != nil || fi.Mode().Perm()&0o100 == 0 {
		t.Fatalf("the program: %v %v", fi, err)
	}
	if l, err := os.Readlink(filepath.Join(dst, "kit", "run")); err != nil || l != "bin/bot" {
		t.Fatalf("the link: %q %v", l, err)
	}
	if b, _ := os.ReadFile(filepath.Join(dst, "kit", "notes.txt")); string(b) != "x" {
		t.Fatalf("notes %q", b)
	}
}

// TestAnArtifactStaysInItsTree: entries whose names or links lead out of
// the tree are refused, and nothing is written outside it.
func TestAnArtifactStaysInItsTree(t *testing.T) {
	for _, entries := range [][]tar.Header{
		{{Name: "../escape", Typeflag: tar.TypeReg, Mode: 0o644}},
		{{Name: "/abs", Typeflag: tar.TypeReg, Mode: 0o644}},
		{{Name: "out", Typeflag: tar.TypeSymlink, Linkname: ".."}, {Name: "out/escape", Typeflag: tar.TypeReg, Mode: 0o644}},
		{{Name: "dev", Typeflag: tar.TypeChar}},
	} {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		tw := tar.NewWriter(zw)
		for _, h := range entries {
			tw.WriteHeader(&h)
		}
		tw.Close()
		zw.Close()
		parent := t.TempDir()
		if err := UnpackTree(buf.Bytes(), filepath.Join(parent, "tree")); err == nil {
			t.Errorf("%+v unpacked", entries)
		}
		if _, err := os.Stat(filepath.Join(parent, "escape")); err == nil {
			t.Errorf("%+v wrote outside the tree", entries)
		}
	}
}
