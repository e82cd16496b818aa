package lang

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Lacks lists the tools of l that are not found: programs in none of
// l.Path and dirs, files that do not exist. A sandbox sees the system's
// directories as they are, so the sandbox's PATH as dirs says what a
// sandboxed build finds (a rustc in root's home is not among them).
func (l Language) Lacks(dirs []string) []string {
	var missing []string
	for _, t := range l.Tools {
		if !found(t, append(append([]string{}, l.Path...), dirs...)) {
			missing = append(missing, t)
		}
	}
	return missing
}

func found(tool string, dirs []string) bool {
	if filepath.IsAbs(tool) {
		_, err := os.Stat(tool)
		return err == nil
	}
	for _, d := range dirs {
		if fi, err := os.Stat(filepath.Join(d, tool)); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return true
		}
	}
	return false
}

// Unbuildable says why l cannot be built with the programs of dirs, and
// what to install; "" when it can.
func (l Language) Unbuildable(dirs []string) string {
	missing := l.Lacks(dirs)
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("%s is not installed here (%s): %s", l.Title, strings.Join(missing, ", "), l.Install())
}

// Install is the command that installs l's toolchain on Debian.
func (l Language) Install() string {
	return "apt-get install " + strings.Join(l.Packages, " ")
}

// Shown are the paths of ReadOnly that exist here: what a sandboxed
// build of l is shown besides the system.
func (l Language) Shown() []string {
	var out []string
	for _, p := range l.ReadOnly {
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// HostPath is this process's PATH.
func HostPath() []string {
	return filepath.SplitList(os.Getenv("PATH"))
}

const marker = "@@arena-language "

// VersionScript is a shell script that prints the version of each
// language after a marker line: one run (in one sandbox) for them all.
func VersionScript(ls []Language) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "echo '%s%s'\n", marker, l.Name)
		path := "$PATH"
		if len(l.Path) > 0 {
			path = strings.Join(l.Path, ":") + ":$PATH"
		}
		fmt.Fprintf(&b, "(PATH=%s; %s) </dev/null 2>&1 || echo '%sfailed'\n", path, l.Version, marker)
	}
	return b.String()
}

// ParseVersions reads VersionScript's output: each language's version,
// or "" where its command failed or printed nothing.
func ParseVersions(out []byte) map[string]string {
	seen := map[string]string{}
	name := ""
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, libMarker):
			name = "" // LibraryScript's part, after the versions
		case strings.HasPrefix(line, marker+"failed"):
			seen[name] = ""
			name = "" // what else it printed is no version
		case strings.HasPrefix(line, marker):
			name = strings.TrimPrefix(line, marker)
			seen[name] = ""
		case name != "" && seen[name] == "" && !noise(line):
			seen[name] = line
		}
	}
	return seen
}

// noise are the lines a version command prints that are no version: the
// JVM's notes on its options, the empty lines.
func noise(line string) bool {
	return line == "" || strings.HasPrefix(line, "Picked up ") || strings.Contains(line, "VM warning")
}

// Seen is what a look at a machine found of a language.
type Seen struct {
	Language
	Version string // its version line; "" when it was not found
	// Libraries are those of its Libraries command that were found.
	Libraries []Library
}

// Versions runs the version command of every language in one script
// (run: on this machine, or in a sandbox), and gives what each printed.
func Versions(run func(script string) ([]byte, error)) ([]Seen, error) {
	ls := All()
	out, err := run(VersionScript(ls) + LibraryScript(ls))
	if err != nil {
		return nil, err
	}
	v, libs := ParseVersions(out), ParseLibraries(out)
	var seen []Seen
	for _, l := range ls {
		seen = append(seen, Seen{Language: l, Version: v[l.Name], Libraries: libs[l.Name]})
	}
	return seen, nil
}

// ShownToAll are the paths a sandbox shows a look at every language
// (Shown of each).
func ShownToAll() []string {
	var out []string
	for _, l := range languages {
		out = append(out, l.Shown()...)
	}
	return out
}
