package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/blitz"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/sandbox"
)

// The Coveo Blitz 2022 organiser commands (jungle events), on the data
// directory: the ranked rounds' schedule, a round now, the final.
func eventBlitzCommand() *cobra.Command {
	var data string
	var asJSON, unsafe bool
	open := func(cmd *cobra.Command, arg string, bots bool) (*platform.Platform, int64, error) {
		id, err := eventID(arg)
		if err != nil {
			return nil, 0, err
		}
		if bots && !unsafe {
			if err := sandbox.Ready(); err != nil {
				return nil, 0, fmt.Errorf("the teams' bots run only in the sandbox, and %v (see: arena sandbox check; --unsafe-no-sandbox runs them uncontained)", err)
			}
		}
		p, err := openEvent(cmd, data, id)
		if err != nil {
			return nil, 0, err
		}
		p.SetBotOptions(build.Options{Unsafe: unsafe})
		return p, id, nil
	}
	bl := &cobra.Command{
		Use:   "blitz",
		Short: "The Blitz 2022 ranked rounds and final of a jungle event",
		Long: `Ranked rounds (rules/jungle §7): from the start time, every interval, the
teams with a bot are split into groups of 2 or 4 by their current ranking
(the casual leaderboard's order for the first round, newcomers at the
bottom); each group plays one game; the winner moves up one group and the
loser down one (in groups of 4 the others stay; the top group's winner and
the bottom group's loser stay). "arena serve --data DIR" plays the rounds
as they fall due; "blitz round" plays one now. The final ("blitz final")
is seeded by the ranking.`,
	}
	var start string
	var every time.Duration
	var size, rounds int
	schedule := &cobra.Command{
		Use:   "schedule EVENT --data DIR --start TIME --every DURATION [--size 2|4] [--rounds N]",
		Short: "Set when the ranked rounds are played",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, id, err := open(cmd, args[0], false)
			if err != nil {
				return err
			}
			defer p.Close()
			at, err := time.Parse(time.RFC3339, start)
			if err != nil {
				return fmt.Errorf("--start %q: write the time as 2022-01-21T18:00:00-05:00 (RFC 3339)", start)
			}
			if err := p.SetBlitzSchedule(cmd.Context(), id, blitz.Schedule{Start: at, Every: every, Size: size, Rounds: rounds}); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "event %d: ranked rounds every %s from %s, groups of %d\n", id, every, at.Format(time.RFC3339), size)
			return nil
		},
	}
	addDataFlags(schedule, &data, &asJSON)
	schedule.Flags().StringVar(&start, "start", "", "the first round's time, RFC 3339 (e.g. 2022-01-21T18:00:00-05:00)")
	schedule.Flags().DurationVar(&every, "every", time.Hour, "the interval between rounds (at least a minute)")
	schedule.Flags().IntVar(&size, "size", 4, "teams per group: 2 or 4")
	schedule.Flags().IntVar(&rounds, "rounds", 0, "the number of rounds (0: no cap)")
	schedule.MarkFlagRequired("start")

	status := &cobra.Command{
		Use:   "status EVENT --data DIR [--json]",
		Short: "Show the schedule, the ranking and each round's groups",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, id, err := open(cmd, args[0], false)
			if err != nil {
				return err
			}
			defer p.Close()
			b, err := p.BlitzStatus(cmd.Context(), id)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSONTo(cmd.OutOrStdout(), b)
			}
			names := map[int64]string{}
			teams, _ := p.Store.Teams(cmd.Context(), id)
			for _, t := range teams {
				names[t.ID] = t.Name
			}
			printBlitz(cmd.OutOrStdout(), b, names)
			return nil
		},
	}
	addDataFlags(status, &data, &asJSON)

	round := &cobra.Command{
		Use:   "round EVENT --data DIR [--unsafe-no-sandbox]",
		Short: "Play a ranked round now (or finish the one interrupted)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, id, err := open(cmd, args[0], true)
			if err != nil {
				return err
			}
			defer p.Close()
			r, err := p.StartBlitzRound(cmd.Context(), id, time.Now())
			if err != nil {
				return err
			}
			b, err := p.BlitzStatus(cmd.Context(), id)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSONTo(cmd.OutOrStdout(), r)
			}
			names := map[int64]string{}
			for i, t := range r.Teams {
				names[t] = r.Names[i]
			}
			printBlitz(cmd.OutOrStdout(), b, names)
			return nil
		},
	}
	addDataFlags(round, &data, &asJSON)
	round.Flags().BoolVar(&unsafe, "unsafe-no-sandbox", false, "run the teams' bots UNCONTAINED (only for code you trust)")

	var finalSize int
	final := &cobra.Command{
		Use:   "final EVENT --data DIR [--size 4|2] [--unsafe-no-sandbox]",
		Short: "Play the final tournament seeded by the ranking, and print its bracket",
		Long: `Play the Blitz final: every team with a bot, seeded by the ranked rounds'
ranking, in games of --size teams (4 by default: the top 2 go on; 2: the
winner goes on) with byes for the top seeds when the numbers do not fall
evenly; every game is sudden death except the grand final of 2 teams,
best of three. A game's ties follow the game's rules (score, pending
points, deaths, response time). Every team plays at least one game.
Interrupted, it resumes; over, it prints the bracket again.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, id, err := open(cmd, args[0], true)
			if err != nil {
				return err
			}
			defer p.Close()
			f, err := p.PlayBlitzFinal(cmd.Context(), id, finalSize)
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSONTo(cmd.OutOrStdout(), f)
			}
			out := cmd.OutOrStdout()
			for _, rd := range f.Rounds {
				fmt.Fprintf(out, "%s:\n", rd.Name)
				for _, m := range rd.Matches {
					fmt.Fprintf(out, "  %s -> %s\n", strings.Join(m.Ranking, " > "), strings.Join(m.Advanced, ", "))
				}
			}
			w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(w, "PLACE\tTEAM")
			for _, s := range f.Standings {
				fmt.Fprintf(w, "%d\t%s\n", s.Place, s.Name)
			}
			return w.Flush()
		},
	}
	addDataFlags(final, &data, &asJSON)
	final.Flags().IntVar(&finalSize, "size", 4, "teams per game: 4 (the top 2 go on) or 2")
	final.Flags().BoolVar(&unsafe, "unsafe-no-sandbox", false, "run the teams' bots UNCONTAINED (only for code you trust)")
	bl.AddCommand(schedule, status, round, final)
	return bl
}

func printBlitz(out io.Writer, b *platform.Blitz, names map[int64]string) {
	if b.Schedule.Start.IsZero() {
		fmt.Fprintln(out, "no schedule (arena event blitz schedule EVENT --start TIME --every 1h)")
	} else {
		fmt.Fprintf(out, "rounds every %s from %s, groups of %d; %d played\n", b.Schedule.Every, b.Schedule.Start.Format(time.RFC3339), b.Schedule.Size, len(b.Rounds))
	}
	for _, rd := range b.Rounds {
		if rd.Groups == nil {
			continue
		}
		fmt.Fprintf(out, "%s (%s):\n", rd.Groups.Name, rd.Started.Format(time.RFC3339))
		for _, m := range rd.Groups.Matches {
			fmt.Fprintf(out, "  %s  %s%s\n", strings.Join(m.Ranking, " > "), strings.Join(m.Advanced, ", "), m.Note)
		}
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "RANK\tTEAM")
	for i, id := range b.Ranking {
		fmt.Fprintf(w, "%d\t%s\n", i+1, names[id])
	}
	w.Flush()
}
