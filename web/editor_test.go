package web

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestEditorBundleIsReproducible rebuilds the team page's editor
// (web/editor: CodeMirror 6 bundled by esbuild) from its lockfile's
// packages and checks that the committed bundle is byte for byte what it
// makes: the served file is the one its sources and versions say.
func TestEditorBundleIsReproducible(t *testing.T) {
	if _, err := os.Stat("editor/node_modules/esbuild"); err != nil {
		t.Skip("web/editor/node_modules is missing: run `npm ci --prefix web/editor` (.ci/run does)")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	out := filepath.Join(t.TempDir(), "editor.bundle.js")
	cmd := exec.Command(node, "build.mjs", out)
	cmd.Dir = "editor"
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm run build: %v\n%s", err, b)
	}
	built, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("platform/editor.bundle.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(built, committed) {
		t.Fatalf("web/platform/editor.bundle.js (%d bytes) is not what web/editor builds (%d bytes): run `npm run build --prefix web/editor` and commit it", len(committed), len(built))
	}
	if !bytes.Contains(committed, []byte("@codemirror/view@")) || !bytes.Contains(committed, []byte("Permission is hereby granted")) {
		t.Fatal("the bundle lacks its packages' license notices")
	}
}
