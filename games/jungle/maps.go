package jungle

import (
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/seed27749672/arena/game"
)

// The built-in maps: our own, in the text format (the official 2022 maps
// are not shipped; LoadMap reads them from a path).
//
//go:embed maps/*.jmap
var mapFiles embed.FS

var (
	builtinOnce sync.Once
	builtinMaps map[string]*Map
	builtinErr  error
)

func loadBuiltins() {
	builtinMaps = map[string]*Map{}
	entries, err := mapFiles.ReadDir("maps")
	if err != nil {
		builtinErr = err
		return
	}
	for _, e := range entries {
		data, err := mapFiles.ReadFile("maps/" + e.Name())
		if err != nil {
			builtinErr = err
			return
		}
		m, err := ParseText(data)
		if err != nil {
			builtinErr = fmt.Errorf("built-in map %s: %w", e.Name(), err)
			return
		}
		builtinMaps[m.Name] = m
	}
}

// BuiltinMapNames lists the built-in maps, sorted.
func BuiltinMapNames() []string {
	builtinOnce.Do(loadBuiltins)
	names := make([]string, 0, len(builtinMaps))
	for n := range builtinMaps {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// BuiltinMap returns a built-in map by name.
func BuiltinMap(name string) (*Map, bool) {
	builtinOnce.Do(loadBuiltins)
	m, ok := builtinMaps[strings.TrimSuffix(name, ".jmap")]
	return m, ok
}

// LoadMap finds a map the way the server's map option does (spec §5.6):
// an existing file path (.bmp: the official format, else text), else a file
// of that name in mapsDir, else a built-in map.
func LoadMap(arg, mapsDir string) (*Map, error) { return loadMap(nil, arg, mapsDir) }

// loadMap is LoadMap reading map files through files.
func loadMap(files *game.Files, arg, mapsDir string) (*Map, error) {
	if files.IsFile(arg) {
		return loadFile(files, arg)
	}
	if mapsDir != "" && !strings.ContainsRune(arg, os.PathSeparator) {
		p := filepath.Join(mapsDir, arg)
		if files.IsFile(p) {
			return loadFile(files, p)
		}
	}
	if m, ok := BuiltinMap(arg); ok {
		return m, nil
	}
	where := "no such file, and no built-in map of that name"
	if mapsDir != "" {
		where = "no such file (also looked in " + mapsDir + "), and no built-in map of that name"
	}
	return nil, fmt.Errorf("map %q: %s (see: arena maps jungle)", arg, where)
}

func loadFile(files *game.Files, path string) (*Map, error) {
	data, err := files.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m *Map
	if strings.EqualFold(filepath.Ext(path), ".bmp") {
		m, err = ParseBMP(filepath.Base(path), data)
	} else {
		m, err = ParseText(data)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// chooseMap resolves the map option; with none, the map is drawn from the
// sorted built-in names with the map stream (spec §3.4).
func chooseMap(files *game.Files, arg, mapsDir string, seed uint64) (*Map, error) {
	if arg != "" {
		return loadMap(files, arg, mapsDir)
	}
	names := BuiltinMapNames()
	if builtinErr != nil {
		return nil, builtinErr
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no built-in maps; give one with --opt map=FILE")
	}
	r := newStream(seed, streamMap)
	m, _ := BuiltinMap(names[r.Uint64()%uint64(len(names))])
	return m, nil
}
