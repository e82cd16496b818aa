package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/cmd/arena/junglehost"
)

func init() {
	rootCmd.AddCommand(&cobra.Command{
		Use:   "maps GAME [show NAME | gen FLAGS | validate [FILE...]]",
		Short: "List a game's built-in maps, show one, generate or validate maps (jungle)",
		Long: `List a game's built-in maps, print one, generate a fair map, or check maps.

  arena maps jungle                        the built-in maps
  arena maps jungle show canopy            a map in the text format (.jmap)
  arena maps jungle show ./a-2022-map.bmp  a map file in the 2022 server's BMP format, as text
  arena maps jungle gen --seed 7 --width 19 --height 13 --teams 4 --diamonds 5 > my.jmap
  arena maps jungle validate my.jmap       the playability checks

Use a map with: arena play jungle --opt map=canopy (or a file path).`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 0 || args[0] == "--help" || args[0] == "-h" {
				return cmd.Help()
			}
			if args[0] != "jungle" {
				return fmt.Errorf("%q has no map list (only jungle has one)", args[0])
			}
			if len(args) == 1 {
				junglehost.DescribeMaps(out)
				return nil
			}
			switch args[1] {
			case "show":
				if len(args) != 3 {
					return fmt.Errorf("usage: arena maps jungle show NAME")
				}
				return junglehost.ShowMap(out, args[2], "")
			case "gen":
				return junglehost.GenMap(out, args[2:])
			case "validate":
				if !junglehost.ValidateMaps(out, args[2:]) {
					return exitError{code: 1, err: fmt.Errorf("some maps are invalid")}
				}
				return nil
			}
			return fmt.Errorf("unknown maps command %q (show, gen, validate)", args[1])
		},
	})
}
