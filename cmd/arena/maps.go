package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/host"
)

func init() {
	withMaps := host.WithMaps()
	var games, examples []string
	for _, h := range withMaps {
		games = append(games, h.Game)
		examples = append(examples, h.MapsExamples)
	}
	rootCmd.AddCommand(&cobra.Command{
		Use:   "maps GAME [show NAME | gen FLAGS | validate [FILE...]]",
		Short: "List a game's built-in maps, show one, generate or validate maps (" + strings.Join(games, ", ") + ")",
		Long: `List a game's built-in maps, print one, generate a fair map, or check maps.

` + strings.Join(examples, "\n\n"),
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || args[0] == "--help" || args[0] == "-h" {
				return cmd.Help()
			}
			h, ok := host.Lookup(args[0])
			if !ok || h.Maps == nil {
				return fmt.Errorf("%q has no map list (%s)", args[0], host.Only(withMaps))
			}
			err := h.Maps(args[1:], cmd.OutOrStdout())
			if failed := (host.MapsFailed{}); errors.As(err, &failed) {
				return exitError{code: 1, err: err}
			}
			return err
		},
	})
}
