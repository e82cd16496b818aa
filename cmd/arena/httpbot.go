package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"
)

// arena httpbot URL: a team registers its HTTP bot's URL (events that take
// them: territory with http_bots).
func init() {
	var c clientFlags
	cmd := &cobra.Command{
		Use:   "httpbot URL --server URL --token T",
		Short: "Register your team's HTTP bot URL instead of uploading code (events with HTTP bots)",
		Long: `Register the URL of an HTTP bot your team runs (territory: the Ready AI Code
2020 protocol, /Consciousness/...): the platform calls it each turn of your
matches, and it becomes your active submission. The event must take HTTP
bots, and the URL must reach a public address unless the organiser allows
private ones.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := c.needToken(); err != nil {
				return err
			}
			body, _ := json.Marshal(map[string]string{"url": args[0]})
			var s submissionInfo
			raw, err := c.do("POST", "httpbot", "application/json", bytes.NewReader(body), &s)
			if err != nil {
				return err
			}
			if c.asJSON {
				_, err := cmd.OutOrStdout().Write(raw)
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "submission %d: the HTTP bot at %s is your active bot\n", s.ID, args[0])
			return nil
		},
	}
	c.add(cmd, true)
	rootCmd.AddCommand(cmd)
}
