// Package kits holds the starter kits (kits/GAME/LANG/), embedded in the
// binary so that `arena kit GAME LANG DIR` writes one out without a clone
// of the repository. Every kit has a kit.json (Manifest) that says how to
// build and run it; kits_test.go builds and plays each one.
package kits

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
)

// The kits are flat directories; the patterns name their files by
// extension so that what a build leaves in a checkout (node_modules,
// binaries) is never embedded. TestEverySourceFileIsEmbedded keeps this
// list in step with the kits.
//
//go:embed */*.md */*/*.md */*/*.json
//go:embed */*/*.py */*/*.js */*/*.ts */*/*.java */*/*.go */*/*.cpp */*/*.hpp */*/*.rs */*/*.cs
var tree embed.FS

// Manifest is a kit's kit.json: what the platform's builds read.
type Manifest struct {
	Game     string   `json:"game"`
	Language string   `json:"language"`
	Build    string   `json:"build"`    // sh -c in the kit's directory; "" when nothing to build
	Run      string   `json:"run"`      // sh -c in the kit's directory, after the build
	Protocol string   `json:"protocol"` // stdio, websocket or http
	Requires []string `json:"requires"` // commands needed on PATH
	// Kit is the kit's directory name (python, python-http...), set by
	// Read: two kits of a game may share a language (not by protocol).
	Kit string `json:"-"`
}

// Transport is the bot spec prefix of a kit protocol (see bot.ParseSpec).
func Transport(protocol string) string {
	return map[string]string{"stdio": "stdio:", "websocket": "ws:", "http": "http:"}[protocol]
}

// Games lists the games that have kits, sorted.
func Games() []string {
	entries, _ := fs.ReadDir(tree, ".")
	var games []string
	for _, e := range entries {
		if langs, _ := Languages(e.Name()); len(langs) > 0 {
			games = append(games, e.Name())
		}
	}
	sort.Strings(games)
	return games
}

// Languages lists the kits of a game, those with a kit.json (directory names: python,
// python-http, ...), sorted.
func Languages(game string) ([]string, error) {
	entries, err := fs.ReadDir(tree, game)
	if err != nil || !plainName(game) {
		return nil, fmt.Errorf("no kits for the game %q (games with kits: %v)", game, Games())
	}
	var langs []string
	for _, e := range entries {
		if _, err := fs.Stat(tree, path.Join(game, e.Name(), "kit.json")); err == nil {
			langs = append(langs, e.Name())
		}
	}
	sort.Strings(langs)
	return langs, nil
}

// plainName: one directory name, no path.
func plainName(s string) bool {
	return fs.ValidPath(s) && s != "." && !strings.Contains(s, "/")
}

// Read returns the manifest of a kit. The kits are in the binary, so a
// manifest read once is kept: the platform's scheduler asks for a team's
// kit at each match it queues (play.Player.Playable), and reading it listed
// the game's kits and parsed its JSON every time.
func Read(game, lang string) (Manifest, error) {
	if m, ok := manifests.Load(game + "/" + lang); ok {
		m := m.(Manifest)
		m.Requires = slices.Clone(m.Requires) // the caller's to change
		return m, nil
	}
	m, err := read(game, lang)
	if err == nil {
		manifests.Store(game+"/"+lang, m)
		m.Requires = slices.Clone(m.Requires)
	}
	return m, err
}

// manifests are the manifests read, by GAME/LANG.
var manifests sync.Map

func read(game, lang string) (Manifest, error) {
	langs, err := Languages(game)
	if err != nil {
		return Manifest{}, err
	}
	b, err := tree.ReadFile(path.Join(game, lang, "kit.json"))
	if err != nil || !plainName(lang) {
		return Manifest{}, fmt.Errorf("no %s kit for %s (its kits: %v)", lang, game, langs)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return Manifest{}, fmt.Errorf("%s/%s/kit.json: %w", game, lang, err)
	}
	m.Kit = lang
	return m, nil
}

// ErrNotEmpty is returned by Write for a directory that has files.
var ErrNotEmpty = errors.New("directory is not empty")

// Write writes a kit into dir, creating it; it refuses a directory that
// already holds anything, so that it never overwrites a user's work.
func Write(game, lang, dir string) error {
	if _, err := Read(game, lang); err != nil {
		return err
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s: %w (choose a new directory)", dir, ErrNotEmpty)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	src := path.Join(game, lang)
	return fs.WalkDir(tree, src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := tree.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, filepath.FromSlash(p[len(src)+1:])), b, 0o644)
	})
}
