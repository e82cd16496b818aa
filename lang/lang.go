// Package lang is the registry of the languages a bot may be written in
// as a single source file, as CodinGame players write them: each
// language's file extensions, toolchain (the Debian packages that bring
// it), version command, build and run commands, and the CodinGame
// conventions it keeps (a Java class Player in a file of any name, the
// global readline() of JavaScript and TypeScript...). The platform's
// single-file uploads, `arena play --bot FILE`, `arena languages` and
// `arena sandbox check` all read it; docs/languages.md describes it.
package lang

import (
	"slices"
	"sort"
	"strings"
)

// Language is one language of the registry.
type Language struct {
	Name       string   // the registry's key, and a submission's language ("cpp")
	Title      string   // as CodinGame names it ("C++")
	Extensions []string // lower case, with the dot
	Packages   []string // the Debian packages that bring its toolchain
	// Tools are what its commands need: programs looked up in the PATH,
	// or absolute paths of files (a header).
	Tools []string
	// Path are directories searched before the PATH, for its build and
	// for Tools (Go's official archive installs in /usr/local/go/bin).
	Path []string
	// ReadOnly are host paths its build reads outside the system's
	// directories, which a sandbox shows anyway (ghc's package database
	// is in /var/lib/ghc).
	ReadOnly []string
	Version  string // a shell command that prints its version
	// Libraries, when set, is a shell command that prints, on one line,
	// the libraries beyond the standard one that a bot may use, as
	// NAME==VERSION words (or NAME alone): what the machine has of them.
	Libraries string
	// Build and Run are the commands of a single source file, run in its
	// directory: Build by sh -c ("" when nothing is built), Run as a bot's
	// command line. {file} is the file's name there (shell-quoted), {stem}
	// its name without the extension, {main} the class or namespace to run.
	Build, Run string
	CodinGame  string // the CodinGame conventions it keeps, in a sentence
	// plan, when set, reads the source: the class to run, the name the
	// file must have, the files it needs beside it.
	plan func(b *Bot, src []byte) error
}

// All returns the registry's languages, by name.
func All() []Language {
	ls := slices.Clone(languages)
	sort.Slice(ls, func(i, j int) bool { return ls[i].Name < ls[j].Name })
	return ls
}

// ByName finds a language by its registry name.
func ByName(name string) (Language, bool) {
	for _, l := range languages {
		if l.Name == name {
			return l, true
		}
	}
	return Language{}, false
}

// ByExtension finds the language of a file name's extension, whatever
// its case.
func ByExtension(filename string) (Language, bool) {
	ext := strings.ToLower(extension(filename))
	for _, l := range languages {
		if ext != "" && slices.Contains(l.Extensions, ext) {
			return l, true
		}
	}
	return Language{}, false
}

// Extensions lists every extension of the registry, sorted.
func Extensions() []string {
	var es []string
	for _, l := range languages {
		es = append(es, l.Extensions...)
	}
	slices.Sort(es)
	return es
}

// extension is a file name's extension, the dot included.
func extension(filename string) string {
	i := strings.LastIndexByte(filename, '.')
	if i <= 0 {
		return ""
	}
	return filename[i:]
}

// Unavailable is a language CodinGame offers that this registry does not,
// and why.
type Unavailable struct {
	Title, Why string
}

// Missing lists CodinGame's languages that a Debian machine (bookworm)
// cannot install from Debian's packages.
var Missing = []Unavailable{
	{"VB.NET", "Debian dropped Mono's VB.NET compiler (mono-vbnc) after Debian 9, and packages no .NET SDK (Microsoft's own repository is needed)"},
	{"F#", "Debian packages no F# compiler (fsharp left after Debian 10) and no .NET SDK"},
	{"Dart", "Debian packages no Dart SDK (Google's own repository is needed)"},
	{"Swift", "Debian 12 packages no Swift compiler (its package swift is OpenStack's object store)"},
}
