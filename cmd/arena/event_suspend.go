package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// eventTeamCommand groups what the organiser does to one team of an event:
// suspend it (a team that harms the event) and let it back.
func eventTeamCommand() *cobra.Command {
	team := &cobra.Command{
		Use:   "team",
		Short: "Suspend a team of an event, or let it back",
		Long: `A suspended team's bots are paired in no new match of any kind (casual,
rated, promotion tests, rounds, finals), its match jobs still queued are
dropped (a round's or a final's game waits until it is let back), and its
uploads, HTTP bot URLs, test games and outside bots are refused with the
reason given. It keeps its place in the tables, marked suspended, and its
pages say why. Resume lets it back: it is paired again at the scheduler's
next look.`,
	}
	team.AddCommand(suspendCommand(true), suspendCommand(false))
	return team
}

// suspendCommand is arena event team suspend (on) or resume.
func suspendCommand(on bool) *cobra.Command {
	var of organiserFlags
	var team, reason string
	use, short := "resume EVENT (--data DIR | --server URL --token T) --team NAME|ID", "Let a suspended team back: it plays and uploads again"
	if on {
		use, short = "suspend EVENT (--data DIR | --server URL --token T) --team NAME|ID [--reason TEXT]", "Suspend a team: its bots play no new match, its uploads are refused"
	}
	c := onEvent(&cobra.Command{Use: use, Short: short, Args: cobra.ExactArgs(1)}, of.event,
		func(cmd *cobra.Command, t *eventTarget, _ []string) error {
			id, _, err := findTeam(cmd, t, team)
			if err != nil {
				return err
			}
			tm, err := t.org.SuspendTeam(cmd.Context(), t.id, id, on, reason)
			if err != nil {
				return err
			}
			if of.asJSON {
				return writeJSONTo(cmd.OutOrStdout(), tm)
			}
			switch {
			case !tm.Suspended:
				fmt.Fprintf(cmd.OutOrStdout(), "%s (team %d) is back: its bots play and it may upload again\n", tm.Name, tm.ID)
			case tm.Reason != "":
				fmt.Fprintf(cmd.OutOrStdout(), "%s (team %d) is suspended: %s\n", tm.Name, tm.ID, tm.Reason)
			default:
				fmt.Fprintf(cmd.OutOrStdout(), "%s (team %d) is suspended\n", tm.Name, tm.ID)
			}
			return nil
		})
	of.add(c)
	c.Flags().StringVar(&team, "team", "", "the team, by name or id")
	c.MarkFlagRequired("team")
	if on {
		c.Flags().StringVar(&reason, "reason", "", "why, shown on the team's pages (at most 300 characters)")
	}
	return c
}
