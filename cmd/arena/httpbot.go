package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// arena httpbot URL: a team registers its HTTP bot's URL (events that take
// them: territory with http_bots).
func init() {
	rootCmd.AddCommand(teamCommand(&cobra.Command{
		Use:   "httpbot URL --server URL --token T",
		Short: "Register your team's HTTP bot URL instead of uploading code (events with HTTP bots)",
		Long: `Register the URL of an HTTP bot your team runs (territory: the Ready AI Code
2020 protocol, /Consciousness/...): the platform calls it each turn of your
matches, and it becomes your active submission. The event must take HTTP
bots, and the URL must reach a public address unless the organiser allows
private ones.`,
		Args: cobra.ExactArgs(1),
	}, true, func(cmd *cobra.Command, c *clientFlags, args []string) error {
		s, raw, err := c.client().RegisterHTTPBot(cmd.Context(), args[0])
		if err != nil {
			return err
		}
		return c.answer(cmd, raw, fmt.Sprintf("submission %d: the HTTP bot at %s is your active bot\n", s.ID, args[0]))
	}))
}
