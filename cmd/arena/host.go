package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/cmd/arena/junglehost"
)

func init() {
	rootCmd.AddCommand(&cobra.Command{
		Use:   "host GAME [ARGS]",
		Short: "Run a game's stand-alone server that bots connect to by themselves (jungle: the Coveo Blitz 2022 server)",
		Long: `Run a game's stand-alone server, as the event ran it: bots connect to it by
themselves and it plays one game after another.

  arena host jungle                       the Coveo Blitz 2022 server on port 8765
  arena host jungle --nbOfTeams=2 --mapName=canopy
  arena host jungle list-maps
  arena host jungle --help                every option (the 2022 server's flags)`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || args[0] == "--help" || args[0] == "-h" {
				return cmd.Help()
			}
			if args[0] != "jungle" {
				return fmt.Errorf("%q has no stand-alone server (only jungle has one; other games: arena play)", args[0])
			}
			ctx, stop := interruptible()
			defer stop()
			if code := junglehost.Main(ctx, args[1:], cmd.OutOrStdout(), cmd.ErrOrStderr()); code != 0 {
				return exitError{code: code, err: fmt.Errorf("host jungle failed")}
			}
			return nil
		},
	})
}
