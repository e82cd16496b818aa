package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/game"
)

func init() {
	rootCmd.AddCommand(&cobra.Command{
		Use:   "games [GAME]",
		Short: "List the games, or describe one (options, leagues, builtin bots)",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 1 {
				g, err := game.Lookup(args[0])
				if err != nil {
					return err
				}
				describeGame(out, g.Info())
				return nil
			}
			tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "GAME\tPLAYERS\tTIME LIMIT\tLEAGUES\tDESCRIPTION")
			for _, g := range game.All() {
				info := g.Info()
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", info.Name, shortPlayers(info), info.Clock, leagues(info), info.Summary)
			}
			return tw.Flush()
		},
	})
}

// shortPlayers is the players column of the list: "1-4", "4, 6 or 8"
// (arena games GAME gives the whole description).
func shortPlayers(info game.Info) string {
	s, _, _ := strings.Cut(info.Players(), " (")
	return strings.ReplaceAll(s, " to ", "-")
}

func leagues(info game.Info) string {
	if len(info.Leagues) == 0 {
		return "-"
	}
	return fmt.Sprintf("%d-%d (default %d)", info.Leagues[0].Number, info.Leagues[len(info.Leagues)-1].Number, info.DefaultLeague)
}

func describeGame(w interface{ Write([]byte) (int, error) }, info game.Info) {
	fmt.Fprintf(w, "%s: %s\n%s\n\n", info.Name, info.Title, info.Summary)
	fmt.Fprintf(w, "Players:     %s\n", info.Players())
	fmt.Fprintf(w, "Time limit:  %s, on timeout: %s\n", info.Clock, info.Clock.Policy)
	transport := info.Transport
	if transport == "" {
		transport = "stdio"
	}
	fmt.Fprintf(w, "Bots:        %s by default\n", transport)
	if len(info.Leagues) > 0 {
		fmt.Fprintf(w, "\nLeagues (--league N, default %d):\n", info.DefaultLeague)
		for _, l := range info.Leagues {
			boss := ""
			if l.Boss != "" {
				boss = "  boss: builtin:" + l.Boss
			}
			fmt.Fprintf(w, "  %d  %s%s\n", l.Number, l.Name, boss)
			if l.Goal != "" {
				fmt.Fprintf(w, "     objective league: the bot (always seat 0) wins a game when it manages to %s\n", l.Goal)
			}
		}
	}
	if len(info.Options) > 0 {
		fmt.Fprintf(w, "\nOptions (--opt key=value):\n")
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, o := range info.Options {
			vals := ""
			if len(o.Values) > 0 {
				vals = " (" + strings.Join(o.Values, "|") + ")"
			}
			fmt.Fprintf(tw, "  %s\tdefault %s%s\t%s\n", o.Name, o.Default, vals, o.Help)
		}
		tw.Flush()
	}
	if len(info.Builtins) > 0 {
		fmt.Fprintf(w, "\nBuiltin bots (--bot builtin:NAME):\n")
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, b := range info.Builtins {
			fmt.Fprintf(tw, "  %s\t%s\n", b.Name, b.Help)
		}
		tw.Flush()
	}
}
