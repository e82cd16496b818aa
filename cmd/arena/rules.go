package main

import (
	"fmt"
	"sort"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/statement"
)

func init() {
	var leagueN int
	var opts []string
	cmd := &cobra.Command{
		Use:   "rules GAME",
		Short: "Print the rules statement of a league (ants, tracks), in Markdown",
		Long: `Print the rules statement of one league of a game that has leagues (ants,
tracks): the rules as that league plays them, the input a bot reads in it,
its goal, its boss and the promotion rule. It is the statement a team of a
platform event with leagues reads on its page. --opt lists game options
at the end, as an event that sets them shows them.`,
		Example: "  arena rules ants --league 1\n  arena rules tracks --league 3 --opt ink_threshold=4",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := game.Lookup(args[0])
			if err != nil {
				return err
			}
			info := g.Info()
			if !statement.Has(info.Name) {
				return fmt.Errorf("%s has no league statements (games with: %v); its rules are docs/games/%s.md", info.Name, statement.Games(), info.Name)
			}
			n, err := info.CheckLeague(leagueN)
			if err != nil {
				return err
			}
			parsed, err := game.ParseOptions(info.Options, opts)
			if err != nil {
				return err
			}
			help := map[string]string{}
			for _, o := range info.Options {
				help[o.Name] = o.Help
			}
			var settings []statement.Setting
			for k, v := range parsed.Explicit() {
				settings = append(settings, statement.Setting{Name: k, Value: v, Help: help[k]})
			}
			sort.Slice(settings, func(i, j int) bool { return settings[i].Name < settings[j].Name })
			s, err := statement.For(info, n, settings)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), s.Markdown)
			return err
		},
	}
	cmd.Flags().IntVar(&leagueN, "league", 0, "league number (default: the game's default league, the top one)")
	cmd.Flags().StringArrayVar(&opts, "opt", nil, "game option key=value to list at the end (repeatable)")
	rootCmd.AddCommand(cmd)
}
