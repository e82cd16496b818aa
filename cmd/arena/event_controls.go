package main

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/apitypes"
)

// The organiser's controls of a running event, on the data directory or
// database directly like the other event commands (the server reads them
// as they go), or through the running server with the organiser's token.
func eventControlCommands() []*cobra.Command {
	var of organiserFlags
	withEvent := func(c *cobra.Command, run func(cmd *cobra.Command, t *eventTarget, args []string) error) *cobra.Command {
		onEvent(c, of.event, func(cmd *cobra.Command, t *eventTarget, args []string) error {
			if err := run(cmd, t, args); err != nil {
				return err
			}
			return printStatus(cmd, t, of.asJSON)
		})
		of.add(c)
		return c
	}
	status := withEvent(&cobra.Command{
		Use:   "status EVENT (--data DIR | --server URL --token T)",
		Short: "Show an event's controls: casual games, frozen submissions, the final, publication, the games that fail",
		Args:  cobra.ExactArgs(1),
	}, func(*cobra.Command, *eventTarget, []string) error { return nil })
	return []*cobra.Command{status, casualCommand(withEvent), freezeCommand(withEvent), finalCommand(withEvent),
		publishCommand(withEvent), exportCommand(&of), retestCommand(&of)}
}

// printStatus prints the event's controls, as arena event status does.
func printStatus(cmd *cobra.Command, t *eventTarget, asJSON bool) error {
	c, done, err := t.org.Status(cmd.Context(), t.id)
	if err != nil {
		return err
	}
	fs, err := t.failures(cmd.Context())
	if err != nil {
		return err
	}
	return printControls(cmd.OutOrStdout(), t.id, c, done, fs, asJSON)
}

// controlCommand makes a command that changes a control, then prints the
// event's status.
type controlCommand func(c *cobra.Command, run func(cmd *cobra.Command, t *eventTarget, args []string) error) *cobra.Command

func casualCommand(withEvent controlCommand) *cobra.Command {
	return withEvent(&cobra.Command{
		Use:   "casual EVENT on|off (--data DIR | --server URL --token T)",
		Short: "Start or stop an event's casual games",
		Long: `Casual games are the continuous rated games between the teams' active
bots. Stopping them lets the games already queued finish; promotion tests
of an event with leagues go on.`,
		Args: cobra.ExactArgs(2),
	}, func(cmd *cobra.Command, t *eventTarget, args []string) error {
		if args[0] != "on" && args[0] != "off" {
			return fmt.Errorf("casual games %q: say on or off", args[0])
		}
		return t.org.SetCasual(cmd.Context(), t.id, args[0] == "on")
	})
}

func freezeCommand(withEvent controlCommand) *cobra.Command {
	var undo bool
	freeze := withEvent(&cobra.Command{
		Use:   "freeze EVENT (--data DIR | --server URL --token T) [--undo]",
		Short: "Freeze an event's submissions (the active ones are final)",
		Long: `A frozen event refuses new submissions and changes of the active one.
--undo reopens them (not once the final ranking has started).`,
		Args: cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, t *eventTarget, _ []string) error {
		return t.org.SetFrozen(cmd.Context(), t.id, !undo)
	})
	freeze.Flags().BoolVar(&undo, "undo", false, "reopen the submissions")
	return freeze
}

func finalCommand(withEvent controlCommand) *cobra.Command {
	var games int
	final := withEvent(&cobra.Command{
		Use:   "final EVENT (--data DIR | --server URL --token T) [--games N]",
		Short: "Start an event's final ranking",
		Long: `The final ranking freezes the submissions, stops the casual games and
plays about N more rated games per team between the final submissions (in
every league with rated games, for an event with leagues: the final settles
each league, whether or not a team reached the top); the leaderboard is then final
(arena event status shows the progress). The server plays the games.
A catmouse (Cod'INSA) event's final is arena event roundrobin and a jungle
(Blitz) event's is arena event blitz final: this command refuses them.`,
		Args: cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, t *eventTarget, _ []string) error {
		return t.org.StartFinal(cmd.Context(), t.id, games)
	})
	final.Flags().IntVar(&games, "games", 100, "games per team in the final ranking")
	return final
}

func publishCommand(withEvent controlCommand) *cobra.Command {
	return withEvent(&cobra.Command{
		Use:   "publish EVENT (--data DIR | --server URL --token T)",
		Short: "Publish an event's results to its teams",
		Args:  cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, t *eventTarget, _ []string) error {
		return t.org.Publish(cmd.Context(), t.id)
	})
}

// retestCommand makes a team take its league's promotion test again.
func retestCommand(of *organiserFlags) *cobra.Command {
	var team string
	retest := onEvent(&cobra.Command{
		Use:   "retest EVENT (--data DIR | --server URL --token T) --team NAME|ID",
		Short: "Make a team take its league's promotion test again",
		Long: `In an event with leagues, a team whose bot was not promoted stays in its
league until it submits again. On the organiser's word (a test lost to a
busy machine, a bad start), its active submission takes the league's test
again from its next game: the earlier test games stay listed but count no
more.`,
		Args: cobra.ExactArgs(1),
	}, of.event, func(cmd *cobra.Command, t *eventTarget, _ []string) error {
		id, name, err := findTeam(cmd, t, team)
		if err != nil {
			return err
		}
		test, err := t.org.Retest(cmd.Context(), t.id, id)
		if err != nil {
			return err
		}
		if of.asJSON {
			return writeJSONTo(cmd.OutOrStdout(), test)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "%s takes league %d's promotion test again: %s\n", name, test.League, testText(&test))
		return nil
	})
	of.add(retest)
	retest.Flags().StringVar(&team, "team", "", "the team, by name or id")
	retest.MarkFlagRequired("team")
	return retest
}

// findTeam is the event's team named or numbered s.
func findTeam(cmd *cobra.Command, t *eventTarget, s string) (int64, string, error) {
	teams, err := t.org.Teams(cmd.Context(), t.id)
	if err != nil {
		return 0, "", err
	}
	for _, tm := range teams {
		if tm.Name == s || strconv.FormatInt(tm.ID, 10) == s {
			return tm.ID, tm.Name, nil
		}
	}
	return 0, "", fmt.Errorf("event %d has no team %q (arena event teams lists them)", t.id, s)
}

// exportCommand writes an event's results and replays into a directory
// (through the server, downloaded).
func exportCommand(of *organiserFlags) *cobra.Command {
	var out string
	export := onEvent(&cobra.Command{
		Use:   "export EVENT (--data DIR | --server URL --token T) --out DIR",
		Short: "Export an event's results (JSON, CSV) and all its replays",
		Long: `Writes results.json, results.csv (the ranking) and replays.tar.gz (every
match's replay, with every bot's log) into the --out directory. Through
the server, the three files are downloaded into it.`,
		Args: cobra.ExactArgs(1),
	}, of.event, func(cmd *cobra.Command, t *eventTarget, _ []string) error {
		res, n, err := t.org.Export(cmd.Context(), t.id, out)
		if err != nil {
			return err
		}
		state := "provisional"
		if res.Final {
			state = "final"
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: results.json, results.csv (%d teams, %s), replays.tar.gz (%d replays)\n", out, len(res.Standings), state, n)
		return printStatus(cmd, t, of.asJSON)
	})
	of.add(export)
	export.Flags().StringVar(&out, "out", "", "the directory to write into")
	export.MarkFlagRequired("out")
	return export
}

func printControls(out io.Writer, id int64, c apitypes.Controls, done bool, fs apitypes.Failures, asJSON bool) error {
	if asJSON {
		return writeJSONTo(out, map[string]any{"event": id, "controls": c, "final_done": done, "failing": fs.Failing, "look_error": fs.LookError})
	}
	onOff := map[bool]string{true: "stopped", false: "running"}
	fmt.Fprintf(out, "event %d\ncasual games: %s\nsubmissions: %s\n", id, onOff[c.CasualStopped], map[bool]string{true: "frozen", false: "open"}[c.Frozen])
	switch {
	case c.Final == nil:
		fmt.Fprintln(out, "final ranking: not started")
	case done:
		fmt.Fprintf(out, "final ranking: done (%d games)\n", c.Final.Games)
	default:
		fmt.Fprintf(out, "final ranking: started %s, %d of %d games queued\n", c.Final.Started.Format(time.RFC3339), c.Final.Queued, c.Final.Games)
	}
	if c.Published.IsZero() {
		fmt.Fprintln(out, "results: not published")
	} else {
		fmt.Fprintf(out, "results: published %s\n", c.Published.Format(time.RFC3339))
	}
	printFailures(out, fs) // a ranked round's, a Blitz or Cod'INSA final's
	return nil
}
