package lang

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// planJava runs the class that holds main, and names the file after a
// public class, as javac requires (CodinGame's Player is not public).
func planJava(b *Bot, src []byte) error {
	c := scanClasses(src)
	if c.main == "" {
		return errors.New("no class with a main method (public static void main(String[] args)) found")
	}
	b.Main = c.main
	if c.public != "" {
		b.File = c.public + ".java"
	}
	return nil
}

// planScala runs the object with main, or that extends App.
func planScala(b *Bot, src []byte) error {
	c := scanClasses(src)
	if c.main == "" {
		return errors.New("no object with a main method (object Player extends App, or def main(args: Array[String])) found")
	}
	b.Main = c.main
	return nil
}

// planGroovy runs the class with a static main, or else the script,
// whose class groovyc names after the file.
func planGroovy(b *Bot, src []byte) error {
	b.Main = scanClasses(src).main
	if b.Main == "" {
		b.Main = strings.TrimSuffix(b.File, extension(b.File))
	}
	if !javaName.MatchString(b.Main) {
		return fmt.Errorf("a Groovy script's class is named after its file, and %q is no class name: rename the file (Solution.groovy)", b.Main)
	}
	return nil
}

var javaName = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

var (
	clojureNS   = regexp.MustCompile(`\(\s*ns\s+([A-Za-z_][A-Za-z0-9_.*+!?-]*)`)
	clojureMain = regexp.MustCompile(`\(\s*defn-?\s+-main\b`)
)

// planClojure calls the -main of the file's namespace after loading it,
// as CodinGame does; a file without one is a script.
func planClojure(b *Bot, src []byte) error {
	ns := clojureNS.FindSubmatch(src)
	if ns == nil || !clojureMain.Match(src) {
		return nil
	}
	b.Main = string(ns[1])
	b.Run = "clojure -i " + Quote(b.File) + " -e '(" + b.Main + "/-main)'"
	return nil
}

// tsGlobals declares CodinGame's globals for tsc; Arena's Node.js prelude
// (bot.NodeShim) defines them when the bot runs.
const tsGlobals = "arena-codingame.d.ts"

const tsDeclarations = `// CodinGame's globals, defined by Arena's Node.js prelude when the bot runs.
declare function readline(): string;
declare function print(...args: any[]): void;
declare function printErr(...args: any[]): void;
`

func planTypeScript(b *Bot, src []byte) error {
	b.Files[tsGlobals] = []byte(tsDeclarations)
	return nil
}

// Crates are the Rust crates CodinGame lists; those Debian packages
// (librust-NAME-dev, in CrateRegistry) build offline.
var Crates = []string{"chrono", "itertools", "libc", "rand", "regex", "time"}

// CrateRegistry is where Debian's librust-*-dev packages put their
// crates' sources, a registry cargo can use offline in place of crates.io.
var CrateRegistry = "/usr/share/cargo/registry"

var crateUse = regexp.MustCompile(`\b(?:use|extern\s+crate)\s+([a-z_][a-z0-9_]*)|\b([a-z_][a-z0-9_]*)::`)

// planRust builds with cargo, offline from Debian's crates, when the
// file uses crates; with rustc alone otherwise (seconds faster).
func planRust(b *Bot, src []byte) error {
	crates := usedCrates(string(src))
	if len(crates) == 0 {
		return nil
	}
	b.Files["Cargo.toml"] = []byte(cargoManifest(b.File, crates))
	b.Files[".cargo/config.toml"] = []byte(cargoConfig())
	b.Build = "cargo build --release --offline && mv target/release/bot bot && rm -rf target"
	return nil
}

// usedCrates are the crates of Crates that src names (rand::, use regex).
func usedCrates(src string) []string {
	code := blank(src)
	seen := map[string]bool{}
	var out []string
	for _, m := range crateUse.FindAllStringSubmatch(code, -1) {
		name := m[1] + m[2]
		for _, c := range Crates {
			if name == c && !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

func cargoManifest(file string, crates []string) string {
	var deps strings.Builder
	for _, c := range crates {
		fmt.Fprintf(&deps, "%s = \"*\"\n", c)
	}
	return fmt.Sprintf("[package]\nname = \"bot\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[[bin]]\nname = \"bot\"\npath = %q\n\n[dependencies]\n%s", file, deps.String())
}

// cargoConfig points crates.io at Debian's registry: the build has no
// network.
func cargoConfig() string {
	return fmt.Sprintf("[source.crates-io]\nreplace-with = \"debian\"\n\n[source.debian]\ndirectory = %q\n\n[net]\noffline = true\n", CrateRegistry)
}

// writeFile writes a bot's file, making its directory (.cargo/).
func writeFile(path string, body []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, body, 0o644)
}
