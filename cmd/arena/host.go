package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/host"
)

func init() {
	hosts := host.All()
	var short, examples []string
	for _, h := range hosts {
		short = append(short, h.Game+": "+h.Summary)
		examples = append(examples, h.Examples)
	}
	rootCmd.AddCommand(&cobra.Command{
		Use:   "host GAME [ARGS]",
		Short: "Run a game's stand-alone server that bots connect to by themselves (" + strings.Join(short, "; ") + ")",
		Long: `Run a game's stand-alone server, as the event ran it: bots connect to it by
themselves and it plays one game after another.

` + strings.Join(examples, "\n\n"),
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || args[0] == "--help" || args[0] == "-h" {
				return cmd.Help()
			}
			h, ok := host.Lookup(args[0])
			if !ok {
				return fmt.Errorf("%q has no stand-alone server (%s; other games: arena play)", args[0], host.Only(hosts))
			}
			ctx, stop := interruptible()
			defer stop()
			if code := h.Main(ctx, args[1:], cmd.OutOrStdout(), cmd.ErrOrStderr()); code != 0 {
				return exitError{code: code, err: fmt.Errorf("host %s failed", h.Game)}
			}
			return nil
		},
	})
}
