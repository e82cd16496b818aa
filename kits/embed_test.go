package kits

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// buildOutput says whether a file in a kit's directory is what a build
// writes (kits/.gitignore), not a part of the kit; kits/testdata is the
// test's.
func buildOutput(rel string, d fs.DirEntry) bool {
	name := d.Name()
	switch {
	case d.IsDir():
		return slices.Contains([]string{"node_modules", "dist", "target", "obj", "__pycache__", "testdata"}, name)
	case name == "bot", name == "bot.exe", name == "bot-bin":
		return true
	}
	return strings.HasSuffix(name, ".class") || strings.HasSuffix(name, ".o")
}

// Every file of every kit on disk is in the binary, so `arena kit` writes
// whole kits (a new file extension needs a pattern in embed.go).
func TestEverySourceFileIsEmbedded(t *testing.T) {
	n := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if buildOutput(p, d) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		depth := strings.Count(filepath.ToSlash(p), "/")
		if d.IsDir() {
			if depth >= 2 {
				t.Errorf("%s: a kit is a flat directory (embed.go embeds kits/GAME/LANG/*)", p)
				return filepath.SkipDir
			}
			return nil
		}
		if depth == 0 {
			return nil // this package and .gitignore
		}
		want, _ := os.ReadFile(p)
		got, err := tree.ReadFile(filepath.ToSlash(p))
		if err != nil {
			t.Errorf("%s is not embedded: add its extension to the patterns of embed.go", p)
		} else if string(got) != string(want) {
			t.Errorf("%s differs from its embedded copy", p)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no kit file found")
	}
}

func TestLanguages(t *testing.T) {
	for _, g := range []string{"ants", "tracks", "jungle", "catmouse", "territory"} {
		if !slices.Contains(Games(), g) {
			t.Errorf("Games() %v lacks %s", Games(), g)
		}
		langs, err := Languages(g)
		if err != nil || !slices.Contains(langs, "python") {
			t.Errorf("Languages(%s) = %v, %v; want python among them", g, langs, err)
		}
		for _, l := range langs {
			m, err := Read(g, l)
			if err != nil || m.Game != g {
				t.Errorf("Read(%s, %s) = %+v, %v", g, l, m, err)
			}
		}
	}
	for _, bad := range []string{"chess", "", ".", "..", "ants/python"} {
		if _, err := Languages(bad); err == nil {
			t.Errorf("Languages(%q): no error", bad)
		}
	}
	for _, bad := range []string{"cobol", "", ".", "..", "../tracks/python"} {
		if _, err := Read("ants", bad); err == nil {
			t.Errorf("Read(ants, %q): no error", bad)
		}
	}
}

func TestWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "mybot")
	if err := Write("ants", "python", dir); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"kit.json", "README.md"} {
		want, _ := os.ReadFile(filepath.Join("ants", "python", f))
		got, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil || string(got) != string(want) || len(want) == 0 {
			t.Errorf("%s: written %q, %v", f, got, err)
		}
	}
	// A second write into the same directory is refused and changes nothing.
	os.WriteFile(filepath.Join(dir, "kit.json"), []byte("mine"), 0o644)
	if err := Write("ants", "python", dir); !errors.Is(err, ErrNotEmpty) {
		t.Errorf("writing into a non-empty directory: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "kit.json")); string(b) != "mine" {
		t.Errorf("the refused write changed kit.json: %q", b)
	}
	// An empty existing directory is fine.
	empty := t.TempDir()
	if err := Write("tracks", "python", empty); err != nil {
		t.Errorf("writing into an empty directory: %v", err)
	}
	if err := Write("ants", "cobol", filepath.Join(t.TempDir(), "x")); err == nil || !strings.Contains(err.Error(), "python") {
		t.Errorf("an unknown language: %v (the message should list the kits)", err)
	}
}

// A build that fails because npm cannot reach its registry is told apart
// from a build that fails on the kit's code.
func TestOfflineBuildRecognised(t *testing.T) {
	for _, out := range []string{
		"npm ERR! code EAI_AGAIN\nnpm ERR! errno EAI_AGAIN\nnpm ERR! request to https://registry.npmjs.org/ws failed",
		"npm error code ENOTFOUND\nnpm error network request to https://registry.npmjs.org/typescript failed",
	} {
		if !offline.MatchString(out) {
			t.Errorf("not recognised as offline: %q", out)
		}
	}
	for _, out := range []string{
		"bot.ts(3,1): error TS2304: Cannot find name 'x'.",
		"Bot.java:12: error: ';' expected",
	} {
		if offline.MatchString(out) {
			t.Errorf("a code error taken for a network one: %q", out)
		}
	}
}

// TestReadKeepsManifests: a manifest is read from the binary once, then
// kept (a read allocates only the copy of its list the caller may change);
// what a caller changes is not kept.
func TestReadKeepsManifests(t *testing.T) {
	Read("ants", "cpp")
	m, err := Read("ants", "cpp") // a kept one
	if err != nil {
		t.Fatal(err)
	}
	if m.Kit != "cpp" || m.Run != "./bot" || len(m.Requires) != 1 || m.Requires[0] != "g++" {
		t.Fatalf("read %+v", m)
	}
	m.Requires[0], m.Run = "changed", "changed"
	again, err := Read("ants", "cpp")
	if err != nil || again.Requires[0] != "g++" || again.Run != "./bot" {
		t.Fatalf("a caller's change was kept: %+v %v", again, err)
	}
	if n := testing.AllocsPerRun(20, func() { Read("ants", "cpp") }); n > 1 {
		t.Fatalf("a read made %.0f allocations: the manifest was read again", n)
	}
	if _, err := Read("ants", "../ants/cpp"); err == nil {
		t.Fatal("a kit outside the game was read")
	}
}
