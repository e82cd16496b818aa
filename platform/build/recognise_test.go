package build

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seed27749672/arena/kits"
)

// Uploads without a kit.json, as their authors made them, are recognised
// where their files are unambiguous.
func TestRecognise(t *testing.T) {
	for _, c := range []struct {
		names      string
		dockerfile string
		kit        string // the jungle kit wanted
	}{
		{"package.json tsconfig.json src README.md", "", "typescript"},
		{"package.json package-lock.json index.js", "", "javascript"},
		{"Cargo.toml Cargo.lock src", "", "rust"},
		{"pom.xml src", "", "java"},
		{"Player.java", "", "java"},
		{"Bot.csproj Program.cs", "", "csharp"},
		{"go.mod main.go", "", "go"},
		{"main.py requirements.txt", "", "python"},
		{"requirements.txt app", "", "python"},
		{"CMakeLists.txt src", "", "cpp"},
		{"solution.cpp", "", "cpp"},
		{"bot.go jungle.go", "", "go"},     // Arena's go kit, kit.json removed
		{"Bot.cs Jungle.cs", "", "csharp"}, // and its C# kit
		{"Dockerfile app", "FROM python:3.11\nCMD [\"python3\", \"app/run.py\"]\n", "python"},
		{"Dockerfile dist", "FROM node:18\nCMD node dist/index.js\n", "javascript"},
		{"Dockerfile tsconfig.json dist", "CMD [\"node\", \"dist/index.js\"]", "typescript"},
		// a Dockerfile settles between build files
		{"Dockerfile package.json main.py", "ENTRYPOINT [\"/usr/bin/python3.11\", \"main.py\"]", "python"},
		// litter was left out by Unpack; build files decide over sources
		{"package.json tsconfig.json tools.py src", "", "typescript"},
	} {
		m, err := Recognise("jungle", strings.Fields(c.names), []byte(c.dockerfile), nil)
		want, _ := kits.Read("jungle", c.kit)
		if err != nil || m.Kit != want.Kit || m.Run != want.Run {
			t.Errorf("%q (Dockerfile %q): %q %v, want the %s kit", c.names, c.dockerfile, m.Kit, err, c.kit)
		}
	}
}

// A Python web server (the 2020 Flask bots) is territory's HTTP kit;
// where the game has none, its Python kit.
func TestRecogniseAFlaskBot(t *testing.T) {
	names := []string{"main.py", "requirements.txt", "Dockerfile"}
	req := []byte("# the server\nFlask==1.1.2\nnumpy\n")
	if m, err := Recognise("territory", names, []byte("CMD python main.py"), req); err != nil || m.Kit != "python-http" {
		t.Errorf("territory: %q %v, want python-http", m.Kit, err)
	}
	if m, err := Recognise("ants", names, nil, req); err != nil || m.Kit != "python" {
		t.Errorf("ants: %q %v, want python", m.Kit, err)
	}
	if m, err := Recognise("territory", names, nil, []byte("numpy\n")); err != nil || m.Kit != "python" {
		t.Errorf("territory without a web framework: %q %v, want python", m.Kit, err)
	}
}

// Where the files are ambiguous, or say nothing, the team is told what to
// add: a kit.json, and the candidates.
func TestRecogniseSaysWhatToAdd(t *testing.T) {
	for _, c := range []struct {
		names string
		want  []string
	}{
		{"package.json main.py", []string{"kit.json", "javascript", "python", `"game": "ants"`}},
		{"pom.xml Cargo.toml", []string{"java", "rust"}},
		{"a.cpp b.cpp main.rs", []string{"kit.json", "cpp, csharp"}}, // no sign: the languages listed
		{"README.md", []string{"kit.json", "typescript"}},
		{"", []string{"kit.json"}},
	} {
		_, err := Recognise("ants", strings.Fields(c.names), nil, nil)
		for _, w := range c.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%q: %v, want %q said", c.names, err, w)
			}
		}
	}
}

// Every kit of every game, its kit.json removed, is recognised as itself
// (or, for a language with two kits, as its stdio one).
func TestRecogniseEveryKit(t *testing.T) {
	for _, game := range kits.Games() {
		names, _ := kits.Languages(game)
		for _, n := range names {
			dir := filepath.Join(t.TempDir(), "kit")
			if err := kits.Write(game, n, dir); err != nil {
				t.Fatal(err)
			}
			want, _ := kits.Read(game, n)
			os.Remove(filepath.Join(dir, "kit.json"))
			m, err := Detect(game, dir)
			if want.Protocol == "http" {
				want, _ = kitOf(game, want.Language, "stdio")
			}
			if err != nil || m.Kit != want.Kit {
				t.Errorf("%s/%s without kit.json: %q %v", game, n, m.Kit, err)
			}
		}
	}
}

// A kit.json that names only the game and the language is the game's
// kit of that language in its only protocol (jungle's TypeScript kit is a
// WebSocket client), or stdio where the language has two.
func TestDetectDefaultsTheProtocol(t *testing.T) {
	for _, c := range []struct{ game, json, kit, protocol string }{
		{"jungle", `{"game":"jungle","language":"typescript"}`, "typescript", "websocket"},
		{"jungle", `{"language":"python"}`, "python", "websocket"},
		{"territory", `{"game":"territory","language":"python"}`, "python", "stdio"},
		{"territory", `{"language":"python","protocol":"http"}`, "python-http", "http"},
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "kit.json"), []byte(c.json), 0o644)
		m, err := Detect(c.game, dir)
		if err != nil || m.Kit != c.kit || m.Protocol != c.protocol {
			t.Errorf("%s %s: %q %q %v, want %s (%s)", c.game, c.json, m.Kit, m.Protocol, err, c.kit, c.protocol)
		}
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "kit.json"), []byte(`{"game":"ants"}`), 0o644)
	if _, err := Detect("ants", dir); err == nil || !strings.Contains(err.Error(), "names no language") {
		t.Errorf("a kit.json without a language: %v", err)
	}
}

// FuzzRecognise: whatever a zip lists (names, a Dockerfile), Recognise
// either names one of the game's kits, whatever the order of the names,
// or says why not, naming kit.json.
func FuzzRecognise(f *testing.F) {
	f.Add("package.json\ntsconfig.json", []byte(""), []byte(""))
	f.Add("__MACOSX\nkit", []byte("CMD [\"node\"]"), []byte(""))
	f.Add("a.cpp\nb.cpp", []byte("ENTRYPOINT sh -c exec python3.12 x"), []byte(""))
	f.Add("Dockerfile", []byte("cmd\n"), []byte(""))
	f.Add("main.py\nrequirements.txt", []byte(""), []byte("Flask==2.0\n"))
	games := kits.Games()
	f.Fuzz(func(t *testing.T, listing string, dockerfile, requirements []byte) {
		names := strings.Split(listing, "\n")
		for _, game := range games {
			m, err := Recognise(game, names, dockerfile, requirements)
			if err != nil {
				if !strings.Contains(err.Error(), "kit.json") && !strings.Contains(err.Error(), "is no") {
					t.Fatalf("%s: %q: %v says nothing of what to add", game, names, err)
				}
				continue
			}
			if k, kerr := kits.Read(game, m.Kit); kerr != nil || k.Run != m.Run || m.Game != game {
				t.Fatalf("%s: %q: %+v is not the game's kit", game, names, m)
			}
			rev := slices.Clone(names)
			slices.Reverse(rev)
			if m2, err := Recognise(game, rev, dockerfile, requirements); err != nil || m2.Kit != m.Kit {
				t.Fatalf("%s: %q: %q, reversed %q %v", game, names, m.Kit, m2.Kit, err)
			}
		}
	})
}

// A kit with nothing to build that lacks its run file is told which
// file to add.
func TestCheckRunFiles(t *testing.T) {
	dir := t.TempDir()
	m, _ := kits.Read("territory", "python-http")
	os.WriteFile(filepath.Join(dir, "main.py"), nil, 0o644)
	if err := CheckRunFiles(m, dir); err == nil || !strings.Contains(err.Error(), "no bot.py") || !strings.Contains(err.Error(), "python3 bot.py") {
		t.Errorf("no bot.py: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "bot.py"), nil, 0o644)
	if err := CheckRunFiles(m, dir); err != nil {
		t.Errorf("with bot.py: %v", err)
	}
	ts, _ := kits.Read("jungle", "typescript") // dist/index.js comes from its build
	if err := CheckRunFiles(ts, t.TempDir()); err != nil {
		t.Errorf("a kit that builds its run file: %v", err)
	}
}
