package server

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/seed27749672/arena/games/jungle"
	"github.com/seed27749672/arena/host"
)

// Maps runs `arena maps jungle ARGS`: the built-in maps, or show, gen or
// validate.
func Maps(args []string, w io.Writer) error {
	if len(args) == 0 {
		DescribeMaps(w)
		return nil
	}
	switch args[0] {
	case "show":
		if len(args) != 2 {
			return fmt.Errorf("usage: arena maps jungle show NAME")
		}
		return ShowMap(w, args[1], "")
	case "gen":
		return GenMap(w, args[1:])
	case "validate":
		if !ValidateMaps(w, args[1:]) {
			return host.MapsFailed{Msg: "some maps are invalid"}
		}
		return nil
	}
	return fmt.Errorf("unknown maps command %q (show, gen, validate)", args[0])
}

// ListMaps prints the built-in maps as the 2022 server's list-maps did.
func ListMaps(w io.Writer, mapsDir string) {
	fmt.Fprintln(w, "Here's the maps you can use, add the --gameConfig=[MAP] option to change the default.")
	for _, n := range jungle.BuiltinMapNames() {
		fmt.Fprintf(w, "\t - %s\n", n)
	}
	if mapsDir != "" {
		entries, _ := os.ReadDir(mapsDir)
		for _, e := range entries {
			if !e.IsDir() {
				fmt.Fprintf(w, "\t - %s\n", e.Name())
			}
		}
	}
}

// DescribeMaps prints a table of the built-in maps (arena maps jungle).
func DescribeMaps(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "MAP\tSIZE\tDIAMONDS\tSPAWNS\tZONES\tUNITS (2/4 TEAMS)\tSYMMETRY\tDESCRIPTION")
	for _, n := range jungle.BuiltinMapNames() {
		m, _ := jungle.BuiltinMap(n)
		fmt.Fprintf(tw, "%s\t%dx%d\t%d\t%d\t%d\t%d/%d\t%s\t%s\n", n, m.W, m.H, len(m.Diamonds), len(m.Spawns()),
			len(m.SpawnZones()), m.UnitsPerTeam(2), m.UnitsPerTeam(4), m.Symmetry(), m.Description)
	}
	tw.Flush()
}

// ShowMap prints a map (built-in, or a file) in the text format.
func ShowMap(w io.Writer, name, mapsDir string) error {
	m, err := jungle.LoadMap(name, mapsDir)
	if err != nil {
		return err
	}
	_, err = w.Write(m.Text())
	return err
}

// GenMap parses the generator's flags and prints a map.
func GenMap(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("gen-map", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	seed := fs.Uint64("seed", 1, "seed")
	width := fs.Int("width", 20, "width (x)")
	height := fs.Int("height", 14, "height (y)")
	teams := fs.Int("teams", 4, "2 (180° symmetry) or 4 (both mirror axes)")
	diamonds := fs.Int("diamonds", 4, "diamonds, 1 to 9")
	name := fs.String("name", "", "map name (a-z, 0-9, _ and -)")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("gen-map: %v (flags: --seed --width --height --teams --diamonds --name)", err)
	}
	m, err := jungle.Generate(jungle.GenOptions{Seed: *seed, W: *width, H: *height, Teams: *teams, Diamonds: *diamonds, Name: *name})
	if err != nil {
		return err
	}
	m.Author = fmt.Sprintf("arena gen-map --seed %d", *seed)
	_, err = w.Write(m.Text())
	return err
}

// ValidateMaps checks the built-in maps, or the given files, against the
// rules our maps follow (spec §2.3); it reports whether all passed.
func ValidateMaps(w io.Writer, files []string) bool {
	ok := true
	check := func(name string, m *jungle.Map, err error) {
		if err == nil {
			if probs := m.Validate(); len(probs) > 0 {
				err = fmt.Errorf("%s", strings.Join(probs, "; "))
			}
		}
		if err != nil {
			ok = false
			fmt.Fprintf(w, "\t - %s - Invalid - %v\n", name, err)
			return
		}
		fmt.Fprintf(w, "\t - %s - Valid (symmetry: %s)\n", name, m.Symmetry())
	}
	if len(files) == 0 {
		for _, n := range jungle.BuiltinMapNames() {
			m, _ := jungle.BuiltinMap(n)
			check(n, m, nil)
		}
		return ok
	}
	for _, f := range files {
		m, err := jungle.LoadMap(f, "")
		check(filepath.Base(f), m, err)
	}
	return ok
}
