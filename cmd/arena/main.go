// Command arena plays bot-programming games: matches between bots, replays,
// and the viewer. Run `arena help` for the commands.
package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"

	"github.com/spf13/cobra"

	_ "github.com/seed27749672/arena/games/all"
	_ "github.com/seed27749672/arena/games/all/hosts"
)

var rootCmd = &cobra.Command{
	Use:   "arena",
	Short: "Arena hosts bot-programming games: matches, replays and a viewer",
	Long: `Arena hosts bot-programming games. Bots are programs in any language that
read the game state on stdin and answer on stdout (or over WebSocket or HTTP
where the original event did so), or builtin bots shipped with each game.

  arena games                                  list the games
  arena play ants --bot builtin:random --bot "python3 mybot.py"
  arena replay verify match.json               re-simulate a recorded match`,
	SilenceUsage:      true,
	SilenceErrors:     true,
	PersistentPreRunE: checkCommonFlags,
}

// checkCommonFlags refuses values of the flags several commands share that
// mean nothing, whichever command has them: an explicit --league below 1
// (leaving --league out gives the game's default) and negative --cores.
func checkCommonFlags(cmd *cobra.Command, _ []string) error {
	if f := cmd.Flags().Lookup("league"); f != nil && f.Changed {
		if n, err := strconv.Atoi(f.Value.String()); err == nil && n < 1 {
			return fmt.Errorf("--league %d: leagues are numbered from 1 (leave --league out for the game's default league)", n)
		}
	}
	if f := cmd.Flags().Lookup("cores"); f != nil {
		if n, err := strconv.Atoi(f.Value.String()); err == nil && n < 0 {
			return fmt.Errorf("--cores %d: give a number of cores, at least 1 (or leave it out for all of them)", n)
		}
	}
	return nil
}

func main() {
	if err := rootCmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "arena:", err)
		var ee exitError
		if errors.As(err, &ee) {
			os.Exit(ee.code)
		}
		os.Exit(2)
	}
}

// exitError carries a specific exit status.
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string { return e.err.Error() }
func (e exitError) Unwrap() error { return e.err }
