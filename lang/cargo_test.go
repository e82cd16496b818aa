package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeRegistry is a directory registry holding crates (name-version),
// each with the package checksum sums gives it ("" for Debian's
// placeholder).
func fakeRegistry(t testing.TB, sums map[string]string) string {
	dir := t.TempDir()
	for crate, sum := range sums {
		if sum == "" {
			sum = "Could not get crate checksum"
		}
		os.MkdirAll(filepath.Join(dir, crate), 0o755)
		os.WriteFile(filepath.Join(dir, crate, ".cargo-checksum.json"), []byte(`{"package":"`+sum+`","files":{}}`), 0o644)
	}
	return dir
}

// project writes a Rust project's files in a new directory.
func project(t testing.TB, files map[string]string) string {
	root := t.TempDir()
	for name, body := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755)
		os.WriteFile(filepath.Join(root, name), []byte(body), 0o644)
	}
	return root
}

var registryOfTests = map[string]string{"rand-0.8.5": "", "libc-0.2.139": "201de3", "cfg-if-1.0.0": "", "sval-1.0.0-alpha.5": ""}

const randManifest = "[package]\nname = \"my-bot\"\nversion = \"0.1.0\"\n\n[dependencies]\nrand = \"0.8\"\n"

// The program is the package's (src/main.rs), its one [[bin]], or
// default-run's; several without default-run, or none, are the team's
// to settle.
func TestPlanCargoFindsTheProgram(t *testing.T) {
	reg := fakeRegistry(t, registryOfTests)
	for _, c := range []struct {
		name        string
		files       map[string]string
		bin, errHas string
	}{
		{"package", map[string]string{"Cargo.toml": randManifest, "src/main.rs": ""}, "my-bot", ""},
		{"one bin", map[string]string{"Cargo.toml": randManifest + "\n[[bin]]\nname = \"ants\"\npath = \"src/ants.rs\"\n", "src/ants.rs": ""}, "ants", ""},
		{"src/bin", map[string]string{"Cargo.toml": randManifest, "src/bin/player.rs": ""}, "player", ""},
		{"several", map[string]string{"Cargo.toml": randManifest + "\n[[bin]]\nname = \"ants\"\npath = \"src/ants.rs\"\n", "src/main.rs": ""}, "", `default-run = "ants"`},
		{"default-run", map[string]string{"Cargo.toml": strings.Replace(randManifest, "\n\n", "\ndefault-run = \"my-bot\"\n\n", 1) + "\n[[bin]]\nname = \"ants\"\npath = \"src/ants.rs\"\n", "src/main.rs": ""}, "my-bot", ""},
		{"autobins off", map[string]string{"Cargo.toml": strings.Replace(randManifest, "\n\n", "\nautobins = false\n\n", 1), "src/main.rs": ""}, "", "builds no program"},
		{"none", map[string]string{"Cargo.toml": randManifest, "src/lib.rs": ""}, "", "builds no program"},
		{"workspace", map[string]string{"Cargo.toml": "[workspace]\nmembers = [\"a\"]\n"}, "", "no [package]"},
		{"odd name", map[string]string{"Cargo.toml": strings.Replace(randManifest, "my-bot", "a;rm", 1), "src/main.rs": ""}, "", "letters, digits"},
		{"bot taken", map[string]string{"Cargo.toml": randManifest, "src/main.rs": "", "bot": ""}, "", `has a "bot"`},
		{"not toml", map[string]string{"Cargo.toml": "[package\n", "src/main.rs": ""}, "", "Cargo.toml: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := PlanCargo(project(t, c.files), CrateSource{Directory: reg})
			if c.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), c.errHas) {
					t.Fatalf("%v, want an error with %q", err, c.errHas)
				}
				return
			}
			if err != nil || p.Bin != c.bin || !strings.Contains(p.Build, "--bin "+c.bin+" ") || !strings.Contains(p.Build, "mv target/release/"+c.bin+" bot") {
				t.Fatalf("%+v %v, want the program %s", p, err, c.bin)
			}
		})
	}
}

// The build replaces crates.io with the registry, offline; a crate the
// registry lacks, from any table of dependencies, renamed or not, is an
// error naming it, the crates there are and Debian's package; a git
// dependency is refused; the project's own crates (path) are cargo's.
func TestPlanCargoChecksTheCrates(t *testing.T) {
	reg := fakeRegistry(t, registryOfTests)
	p, err := PlanCargo(project(t, map[string]string{"Cargo.toml": randManifest + "mine = { path = \"mine\" }\n[target.'cfg(unix)'.dependencies]\nlibc = \"0.2\"\n", "src/main.rs": ""}), CrateSource{Directory: reg})
	if err != nil || !strings.Contains(p.Build, `source.debian.directory="`+reg+`"`) || !strings.Contains(p.Build, "--offline") || !strings.Contains(p.Build, `replace-with="debian"`) {
		t.Fatalf("%+v %v", p, err)
	}
	for name, c := range map[string]struct{ deps, want string }{
		"missing":     {"serde_json = \"1\"\n", "the crate serde_json, which"},
		"dev":         {"[dev-dependencies]\nproptest = \"1\"\n", "the crate proptest,"},
		"build":       {"[build-dependencies]\ncc = { version = \"1\" }\n", "the crate cc,"},
		"target":      {"[target.'cfg(windows)'.dependencies]\nwinapi = \"0.3\"\n", "the crate winapi,"},
		"renamed":     {"random = { package = \"fastrand\", version = \"2\" }\n", "the crate fastrand,"},
		"git":         {"tungstenite = { git = \"https://github.com/snapview/tungstenite-rs\" }\n", "from the git repository https://github.com/snapview/tungstenite-rs"},
		"other index": {"x = { version = \"1\", registry = \"mine\" }\n", "from the registry mine"},
	} {
		_, err := PlanCargo(project(t, map[string]string{"Cargo.toml": randManifest + c.deps, "src/main.rs": ""}), CrateSource{Directory: reg})
		offline := !strings.HasPrefix(c.want, "from ")
		if err == nil || !strings.Contains(err.Error(), c.want) || offline != strings.Contains(err.Error(), "cfg-if 1.0.0, libc 0.2.139, rand 0.8.5, sval 1.0.0-alpha.5") {
			t.Errorf("%s: %v, want %q and the crates there are", name, err, c.want)
		}
	}
	_, err = PlanCargo(project(t, map[string]string{"Cargo.toml": randManifest + "serde_json = \"1\"\n", "src/main.rs": ""}), CrateSource{Directory: reg})
	if err == nil || !strings.Contains(err.Error(), "apt-get install librust-serde-json-dev") || !strings.Contains(err.Error(), "build_network = registries") {
		t.Errorf("%v, want Debian's package and the registries", err)
	}
}

// Where builds reach the registries, cargo fetches from crates.io's
// sparse index (Debian's cargo 1.65 needs its unstable setting for it),
// or the index that stands for it: any crate of crates.io, and the
// lockfile as its author made it, crates.io's checksums and all; a
// lockfile of a format cargo 1.65 cannot read is still set aside.
func TestPlanCargoFetchesFromCratesIO(t *testing.T) {
	lock := lockHeader + lockOf("serde_json", "1.0.1", "34af8d1a")
	for _, index := range []string{"", "http://127.0.0.1:9/"} {
		root := project(t, map[string]string{"Cargo.toml": randManifest + "serde_json = \"1\"\n", "src/main.rs": "", "Cargo.lock": lock})
		p, err := PlanCargo(root, CrateSource{Directory: fakeRegistry(t, registryOfTests), Fetch: true, Index: index})
		if err != nil || strings.Contains(p.Build, "--offline") || strings.Contains(p.Build, "debian") || !strings.HasPrefix(p.Build, "CARGO_UNSTABLE_SPARSE_REGISTRY=true ") {
			t.Fatalf("%+v %v", p, err)
		}
		if index != "" && !strings.Contains(p.Build, `source.fetched.registry="sparse+`+index+`"`) || index == "" && strings.Contains(p.Build, "replace-with") {
			t.Errorf("the index %q: %s", index, p.Build)
		}
		if _, err := os.Stat(filepath.Join(root, "Cargo.lock")); err != nil {
			t.Errorf("the lockfile of crates.io was set aside: %q", p.Notes)
		}
	}
	root := project(t, map[string]string{"Cargo.toml": randManifest, "src/main.rs": "", "Cargo.lock": strings.Replace(lock, "version = 3", "version = 4", 1)})
	p, err := PlanCargo(root, CrateSource{Fetch: true})
	if _, statErr := os.Stat(filepath.Join(root, "Cargo.lock")); err != nil || statErr == nil || !strings.Contains(strings.Join(p.Notes, " "), "format 4") {
		t.Errorf("a lockfile of format 4: %q %v", p.Notes, err)
	}
}

const lockHeader = "version = 3\n\n[[package]]\nname = \"my-bot\"\nversion = \"0.1.0\"\ndependencies = [\"rand\"]\n\n"

func lockOf(name, version, checksum string) string {
	s := "[[package]]\nname = \"" + name + "\"\nversion = \"" + version + "\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\n"
	if checksum != "" {
		s += "checksum = \"" + checksum + "\"\n"
	}
	return s + "\n"
}

// A Cargo.lock cargo could build from offline stays; one pinning a
// version the cache lacks, with crates.io's checksum of a crate, or of a
// format newer than cargo 1.65's is removed, the note saying why.
func TestPlanCargoSetsTheLockfileAsideWhenCargoWouldRefuseIt(t *testing.T) {
	reg := fakeRegistry(t, registryOfTests)
	for name, c := range map[string]struct {
		lock, note string
		kept       bool
	}{
		"as cached":      {lockHeader + lockOf("rand", "0.8.5", "") + lockOf("libc", "0.2.139", "201de3"), "every crate it pins is in the organiser's crate cache", true},
		"no checksums":   {lockHeader + lockOf("rand", "0.8.5", ""), "every crate it pins", true},
		"older version":  {lockHeader + lockOf("rand", "0.8.4", "2e75"), "rand 0.8.4 is not in the cache, which has 0.8.5", false},
		"absent crate":   {lockHeader + lockOf("fastrand", "2.0.0", "aa"), "fastrand 2.0.0 is not in the cache", false},
		"crates.io sums": {lockHeader + lockOf("rand", "0.8.5", "34af8d1a"), "rand 0.8.5's checksum is crates.io's", false},
		"format 4":       {strings.Replace(lockHeader, "version = 3", "version = 4", 1) + lockOf("rand", "0.8.5", ""), "its format 4 is newer", false},
		"not a lock":     {"[[package]\n", "not a lockfile cargo reads", false},
	} {
		root := project(t, map[string]string{"Cargo.toml": randManifest, "src/main.rs": "", "Cargo.lock": c.lock})
		p, err := PlanCargo(root, CrateSource{Directory: reg})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, statErr := os.Stat(filepath.Join(root, "Cargo.lock"))
		if kept := statErr == nil; kept != c.kept || len(p.Notes) != 1 || !strings.Contains(p.Notes[0], c.note) {
			t.Errorf("%s: kept %v (want %v), notes %q, want %q", name, kept, c.kept, p.Notes, c.note)
		}
		if !c.kept && !strings.Contains(p.Notes[0], "Cargo.lock set aside") {
			t.Errorf("%s: %q", name, p.Notes)
		}
	}
}

// A project that vendors its crates (cargo vendor, its .cargo/config.toml
// replacing crates.io) builds from them: neither the registry nor its
// lockfile is touched.
func TestPlanCargoLeavesVendoredCratesBe(t *testing.T) {
	reg := fakeRegistry(t, registryOfTests)
	root := project(t, map[string]string{
		"Cargo.toml": randManifest + "tungstenite = \"0.20\"\n", "src/main.rs": "", "Cargo.lock": lockHeader + lockOf("tungstenite", "0.20.1", "e3dac"),
		".cargo/config.toml": "[source.crates-io]\nreplace-with = \"vendored-sources\"\n\n[source.vendored-sources]\ndirectory = \"vendor\"\n",
	})
	p, err := PlanCargo(root, CrateSource{Directory: reg})
	if err != nil || strings.Contains(p.Build, "debian") || !strings.Contains(p.Build, "--offline") {
		t.Fatalf("%+v %v", p, err)
	}
	if _, err := os.Stat(filepath.Join(root, "Cargo.lock")); err != nil {
		t.Errorf("the vendored project's lockfile was removed")
	}
}

// FuzzPlanCargo: whatever a team's Cargo.toml and Cargo.lock hold,
// PlanCargo answers without panicking, and a program it names is a
// plain word the build command can hold.
func FuzzPlanCargo(f *testing.F) {
	f.Add(randManifest, lockHeader+lockOf("rand", "0.8.5", ""))
	f.Add(randManifest+"[[bin]]\nname = \"x\"\n[target.a.dependencies]\nb = { git = 1 }\n", "version = 4")
	f.Add("[package]\nname = 3\n[dependencies]\nrand = [1]\nx = { package = 2, path = {} }\n", "[[package]]\nname = []\n")
	reg := fakeRegistry(f, registryOfTests)
	f.Fuzz(func(t *testing.T, manifest, lock string) {
		root := project(t, map[string]string{"Cargo.toml": manifest, "Cargo.lock": lock, "src/main.rs": ""})
		p, err := PlanCargo(root, CrateSource{Directory: reg})
		if err == nil && !binName.MatchString(p.Bin) {
			t.Fatalf("the program %q", p.Bin)
		}
	})
}
