package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every language says how to install, find, build and run it, and no
// extension belongs to two languages.
func TestEveryLanguageIsComplete(t *testing.T) {
	owner := map[string]string{}
	for _, l := range All() {
		if l.Name == "" || l.Title == "" || len(l.Extensions) == 0 || len(l.Packages) == 0 || len(l.Tools) == 0 || l.Version == "" || l.Run == "" || l.CodinGame == "" {
			t.Errorf("%s is incomplete: %+v", l.Name, l)
		}
		for _, e := range l.Extensions {
			if prev, ok := owner[e]; ok {
				t.Errorf("%s belongs to %s and %s", e, prev, l.Name)
			}
			owner[e] = l.Name
		}
	}
	if _, ok := ByExtension("Bot.JAVA"); !ok {
		t.Error("an extension in capitals is not found")
	}
	if _, ok := ByExtension("bot"); ok {
		t.Error("a name without extension has a language")
	}
}

// Each CodinGame-style test bot plans: its build and run commands name its
// own file (or the class in it), never a kit's.
func TestEveryTestBotPlans(t *testing.T) {
	entries, _ := os.ReadDir("testdata/ants")
	if len(entries) < len(All()) {
		t.Fatalf("%d test bots for %d languages", len(entries), len(All()))
	}
	for _, e := range entries {
		src, _ := os.ReadFile(filepath.Join("testdata/ants", e.Name()))
		b, err := Plan(e.Name(), src)
		if err != nil {
			t.Errorf("%s: %v", e.Name(), err)
			continue
		}
		named := b.Build + b.Run + string(b.Files["Cargo.toml"])
		if !strings.Contains(named, e.Name()) && b.Main == "" {
			t.Errorf("%s: neither %q nor %q names it", e.Name(), b.Build, b.Run)
		}
		if string(b.Files[b.File]) != string(src) {
			t.Errorf("%s: the source is not among its files", e.Name())
		}
	}
}

func plan(t *testing.T, name, src string) Bot {
	t.Helper()
	b, err := Plan(name, []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

// Java runs the class with main, whatever the file's name, and a public
// class gets the file name javac wants; words in comments and strings are
// not code.
func TestJavaRunsTheClassWithMain(t *testing.T) {
	src := `import java.util.*;
// class Fake { public static void main(String[] a) {} }
class Helper { int x; String s = "class Other { static void main("; }
class Player {
    static class Inner { }
    public static void main(String args[]) { new Scanner(System.in); }
}`
	b := plan(t, "Solution.java", src)
	if b.Main != "Player" || b.File != "Solution.java" || b.Run != "java -cp . Player" || !strings.Contains(b.Build, "Solution.java") {
		t.Errorf("%+v", b)
	}
	b = plan(t, "Solution.java", "public class Player { public static void main(String[] a) {} }")
	if b.File != "Player.java" || b.Main != "Player" {
		t.Errorf("a public class Player: file %s, main %s", b.File, b.Main)
	}
	b = plan(t, "Outer.java", "class Outer { static class Bot { static public void main(String[] a) {} } }")
	if b.Main != "Outer$Bot" || b.Run != "java -cp . 'Outer$Bot'" {
		t.Errorf("a nested main class: %q, run %q", b.Main, b.Run)
	}
	if _, err := Plan("Solution.java", []byte("class Player { void run() {} }")); err == nil || !strings.Contains(err.Error(), "main") {
		t.Errorf("a class without main: %v", err)
	}
}

func TestScalaGroovyAndClojureFindTheirMain(t *testing.T) {
	if b := plan(t, "Solution.scala", "object Player extends App {\n println(1)\n}"); b.Main != "Player" {
		t.Errorf("Scala extends App: %q", b.Main)
	}
	if b := plan(t, "a.scala", "object Util {}\nobject Bot { def main(args: Array[String]): Unit = {} }"); b.Main != "Bot" {
		t.Errorf("Scala def main: %q", b.Main)
	}
	if b := plan(t, "Solution.groovy", "println 'hi'"); b.Main != "Solution" {
		t.Errorf("a Groovy script: %q", b.Main)
	}
	if _, err := Plan("my-bot.groovy", []byte("println 1")); err == nil {
		t.Error("a Groovy script whose file name is no class name was accepted")
	}
	if b := plan(t, "s.clj", "(ns Player (:gen-class))\n(defn -main [& args] (println 1))"); b.Run != "clojure -i s.clj -e '(Player/-main)'" {
		t.Errorf("Clojure -main: %q", b.Run)
	}
	if b := plan(t, "s.clj", "(println (read-line))"); b.Run != "clojure s.clj" {
		t.Errorf("a Clojure script: %q", b.Run)
	}
}

// Rust builds with cargo, offline from Debian's crates, only when the file
// uses crates.
func TestRustUsesCargoForCrates(t *testing.T) {
	b := plan(t, "main.rs", "use std::io;\n// rand::random\nfn main() { let s = \"regex::Regex\"; }")
	if !strings.HasPrefix(b.Build, "rustc ") || len(b.Files) != 1 {
		t.Errorf("a file without crates: %q, %d files", b.Build, len(b.Files))
	}
	b = plan(t, "bot.rs", "use rand::Rng;\nextern crate itertools;\nfn main() { let r = regex::Regex::new(\"a\"); }")
	manifest := string(b.Files["Cargo.toml"])
	for _, want := range []string{`rand = "*"`, `regex = "*"`, `itertools = "*"`, `path = "bot.rs"`} {
		if !strings.Contains(manifest, want) {
			t.Errorf("Cargo.toml lacks %s:\n%s", want, manifest)
		}
	}
	if !strings.Contains(string(b.Files[".cargo/config.toml"]), CrateRegistry) || !strings.HasPrefix(b.Build, "cargo build --release --offline") {
		t.Errorf("not built offline from %s: %q", CrateRegistry, b.Build)
	}
}

// TypeScript gets CodinGame's globals declared, and a type error does not
// fail its build: the build's status is whether tsc wrote the JavaScript.
func TestTypeScriptDeclaresCodinGamesGlobals(t *testing.T) {
	b := plan(t, "my bot.ts", "const n = parseInt(readline());")
	if !strings.Contains(string(b.Files[tsGlobals]), "declare function readline(): string;") {
		t.Errorf("no declarations: %q", b.Files[tsGlobals])
	}
	if !strings.HasSuffix(b.Build, "; test -f 'my bot'.js") || b.Run != "node 'my bot'.js" {
		t.Errorf("build %q, run %q", b.Build, b.Run)
	}
}

func TestUploadNamesArePlain(t *testing.T) {
	for _, bad := range []string{"../bot.py", "a/bot.py", ".bot.py", "", "x\nbot.py"} {
		if _, err := Plan(bad, nil); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := Plan("bot.cobol", nil); err == nil || !strings.Contains(err.Error(), ".py") {
		t.Errorf("an unknown extension: %v", err)
	}
}

// A language lacks the tools no directory holds; its own directories are
// searched first.
func TestLacksAndUnbuildable(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "kotlinc"), []byte("#!/bin/sh\n"), 0o755)
	os.WriteFile(filepath.Join(dir, "java"), []byte("not executable"), 0o644)
	l, _ := ByName("kotlin")
	if got := l.Lacks([]string{dir}); len(got) != 1 || got[0] != "java" {
		t.Errorf("lacks %q, want java", got)
	}
	if why := l.Unbuildable([]string{dir}); !strings.Contains(why, "apt-get install kotlin") {
		t.Errorf("unbuildable: %q", why)
	}
	l.Tools = []string{"java"}
	l.Path = []string{t.TempDir(), dir}
	os.Chmod(filepath.Join(dir, "java"), 0o755)
	if why := l.Unbuildable(nil); why != "" {
		t.Errorf("a tool in the language's own directory: %q", why)
	}
}

func TestParseVersions(t *testing.T) {
	ls := []Language{{Name: "a"}, {Name: "b"}, {Name: "c"}}
	out := marker + "a\nPicked up JAVA_TOOL_OPTIONS: -Xmx1g\nOpenJDK 64-Bit Server VM warning: x\n\nA 1.2\nmore\n" +
		marker + "b\nsh: 1: b: not found\n" + marker + "failed\n" + marker + "c\n"
	v := ParseVersions([]byte(out))
	if v["a"] != "A 1.2" || v["b"] != "" || v["c"] != "" || len(v) != 3 {
		t.Errorf("%q", v)
	}
	if s := VersionScript(ls); strings.Count(s, marker) != 6 {
		t.Errorf("script:\n%s", s)
	}
}
