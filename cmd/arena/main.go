// Command arena plays bot-programming games: matches between bots, replays,
// and the viewer. Run `arena help` for the commands.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	_ "github.com/seed27749672/arena/games/all"
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
	SilenceUsage:  true,
	SilenceErrors: true,
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
