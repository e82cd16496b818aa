package build

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/seed27749672/arena/kits"
)

func TestTreeHash(t *testing.T) {
	m, err := kits.Read("tracks", "cpp")
	if err != nil {
		t.Fatal(err)
	}
	tree := func(files map[string]string) string {
		dir := t.TempDir()
		for name, text := range files {
			os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	hash := func(dir string, m kits.Manifest) string {
		h, err := TreeHash("tracks", dir, m)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	base := hash(tree(map[string]string{"bot.cpp": "int main(){}", "kit.json": "{}"}), m)
	if again := hash(tree(map[string]string{"kit.json": "{}", "bot.cpp": "int main(){}"}), m); again != base {
		t.Fatal("the same tree written again hashes differently")
	}
	other := m
	other.Build += " -Wall"
	chmodded := tree(map[string]string{"bot.cpp": "int main(){}", "kit.json": "{}"})
	os.Chmod(filepath.Join(chmodded, "bot.cpp"), 0o755)
	linked := tree(map[string]string{"bot.cpp": "int main(){}", "kit.json": "{}"})
	os.Symlink("bot.cpp", filepath.Join(linked, "main.cpp"))
	for what, h := range map[string]string{
		"a changed byte":              hash(tree(map[string]string{"bot.cpp": "int main(){ }", "kit.json": "{}"}), m),
		"a renamed file":              hash(tree(map[string]string{"Bot.cpp": "int main(){}", "kit.json": "{}"}), m),
		"a file moved down":           hash(tree(map[string]string{"src/bot.cpp": "int main(){}", "kit.json": "{}"}), m),
		"content moved between files": hash(tree(map[string]string{"bot.cpp": "int main(){}{}", "kit.json": ""}), m),
		"another build command":       hash(tree(map[string]string{"bot.cpp": "int main(){}", "kit.json": "{}"}), other),
		"a mode":                      hash(chmodded, m),
		"a link":                      hash(linked, m),
	} {
		if h == base {
			t.Errorf("%s: same hash", what)
		}
	}
}

func TestToolchainNamesTheCompiler(t *testing.T) {
	sh := Toolchain(kits.Manifest{Requires: []string{"sh"}})
	if sh == "sh=;" {
		t.Fatalf("sh not found in %v: %q", toolPath, sh)
	}
	if missing := Toolchain(kits.Manifest{Requires: []string{"no-such-compiler-here"}}); missing != "no-such-compiler-here=;" {
		t.Fatalf("a missing command: %q", missing)
	}
	if Toolchain(kits.Manifest{Requires: []string{"sh", "cat"}}) == sh {
		t.Fatal("a second command changes nothing")
	}
}
