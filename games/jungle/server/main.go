package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"

	"github.com/seed27749672/arena/games/jungle"
)

// Main runs `arena host jungle ARGS` and returns the exit status: it
// serves until ctx is done (or after one game without keep-alive).
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		switch a {
		case "--help", "-h", "help":
			fmt.Fprint(stdout, Usage)
			return 0
		case "--version":
			fmt.Fprintf(stdout, "arena jungle %s (Coveo Blitz 2022 protocol)\n", jungle.Version)
			return 0
		}
	}
	if len(args) > 0 {
		switch args[0] {
		case "gen-map":
			if err := GenMap(stdout, args[1:]); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
			return 0
		case "validate-maps":
			if !ValidateMaps(stdout, args[1:]) {
				return 1
			}
			return 0
		}
	}
	cfg, rest, err := Parse(args, Getenv)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if len(rest) > 0 {
		if rest[0] == "list-maps" {
			ListMaps(stdout, cfg.MapsDir)
			return 0
		}
		fmt.Fprintf(stderr, "unknown command %q (list-maps, gen-map, validate-maps; see --help)\n", rest[0])
		return 1
	}
	s, err := New(cfg, stdout)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	ln, err := net.Listen("tcp", ":"+strconv.Itoa(cfg.Port))
	if err != nil {
		fmt.Fprintf(stderr, "cannot listen on port %d: %v (is another server running? use --port)\n", cfg.Port, err)
		return 1
	}
	if !cfg.SeedSet {
		s.logf("Seed: %d (use --seed to replay these games)", s.cfg.Seed)
	}
	if err := s.Serve(ctx, ln); err != nil && !errors.Is(err, context.Canceled) {
		return 1
	}
	return 0
}
