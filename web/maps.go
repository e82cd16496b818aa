package web

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/seed27749672/arena/game"
)

// Options that name files (game.Option.File: a map, an arena, a spawn file)
// would let anyone who reaches the server read any file it can read, and
// learn which paths exist. From the API they may only name an entry of the
// organiser's maps directory (Server.Maps), by its bare name; the server
// passes the game that entry's path. Nothing else is looked up on disk.

// mapNames lists the entries of the maps directory a page may name (files
// and directories, hidden ones excepted), sorted; none without a directory.
func (s *Server) mapNames() []string {
	if s.Maps == "" {
		return nil
	}
	ents, err := os.ReadDir(s.Maps)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names
}

// resolveFiles checks the options of a match request: a file option's
// value must be the option's default or the name of a maps entry, which
// becomes the entry's path. Other options pass unchanged (the game
// validates them). The error never tells more about the disk than the
// list of maps, which /api/games shows anyway.
func (s *Server) resolveFiles(decls []game.Option, pairs []string) ([]string, error) {
	file := map[string]game.Option{}
	for _, d := range decls {
		if d.File {
			file[d.Name] = d
		}
	}
	var names []string
	listed := false
	out := make([]string, 0, len(pairs))
	for _, kv := range pairs {
		k, v, _ := strings.Cut(kv, "=")
		d, ok := file[k]
		if !ok || v == d.Default {
			out = append(out, kv)
			continue
		}
		if !listed {
			names, listed = s.mapNames(), true
		}
		if !validEntryName(v) || !slices.Contains(names, v) {
			return nil, fmt.Errorf("option %s: %w", k, errNotAMap(names))
		}
		out = append(out, k+"="+filepath.Join(s.Maps, v))
	}
	return out, nil
}

// validEntryName accepts a bare name: no separator, not "." or "..".
func validEntryName(v string) bool {
	return v != "" && v != "." && v != ".." && !strings.ContainsAny(v, "/\\\x00") && !strings.HasPrefix(v, ".")
}

// errMap is the refusal of a file option: the page may choose only among
// the organiser's maps.
type errMap struct{ names []string }

func errNotAMap(names []string) error { return errMap{names} }

func (e errMap) Error() string {
	if len(e.names) == 0 {
		return "this server takes no file names from the page (its organiser can offer maps with arena serve --maps DIR)"
	}
	return "from the page, name one of the server's maps: " + strings.Join(e.names, ", ")
}
