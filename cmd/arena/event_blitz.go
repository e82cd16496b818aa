package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/sandbox"
)

// The Coveo Blitz 2022 organiser commands (jungle events), on the data
// directory: the ranked rounds' schedule, a round now, the final.
func eventBlitzCommand() *cobra.Command {
	var of organiserFlags
	var unsafe, wait bool
	open := func(cmd *cobra.Command, arg string, bots bool) (*eventTarget, error) {
		if of.data == "" && of.db == "" {
			if err := noUnsafe(cmd); err != nil {
				return nil, err
			}
			return of.event(cmd, arg)
		}
		if _, err := eventID(arg); err != nil {
			return nil, err
		}
		if bots && !unsafe {
			if err := sandbox.Ready(); err != nil {
				return nil, fmt.Errorf("the teams' bots run only in the sandbox, and %v (see: arena sandbox check; --unsafe-no-sandbox runs them uncontained)", err)
			}
		}
		t, err := of.event(cmd, arg)
		if err != nil {
			return nil, err
		}
		t.p.SetBotOptions(build.Options{Unsafe: unsafe})
		return t, nil
	}
	// status reads the event's ranked rounds and its final (nil before it
	// starts).
	status := func(cmd *cobra.Command, t *eventTarget) (*blitz.State, *blitz.Final, error) {
		if t.remote() {
			var got struct {
				Blitz *blitz.State `json:"blitz"`
				Final *blitz.Final `json:"final"`
			}
			err := t.get("/blitz", &got)
			return got.Blitz, got.Final, err
		}
		b, err := blitz.Status(cmd.Context(), t.p.FormatHost(), t.id)
		if err != nil {
			return nil, nil, err
		}
		f, err := blitz.ReadFinal(cmd.Context(), t.p.FormatHost(), t.id)
		return b, f, err
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
as they fall due; "blitz round" plays one now; "blitz stop" stops the
schedule ("blitz schedule" saves one anew and starts it). No round of the
schedule starts at or after the event's end (--end of "event create" or
"event update"; a round begun before it finishes), so the ranking at the
end is kept; "blitz round" still plays one then, as the organiser asks.
The final ("blitz final") is seeded by the ranking.

Each command works on the data directory (--data DIR, or --db URL) or
through the running server with the organiser's token (--server URL
--token T). On the data directory, "blitz round" and "blitz final" play
the games in the command; through the server, they ask the server to play
them (at its next look, within a minute) and, with --wait, follow it and
print the same as on the data directory.`,
	}
	var start string
	var every time.Duration
	var size, rounds int
	schedule := &cobra.Command{
		Use:   "schedule EVENT (--data DIR | --server URL --token T) --start TIME --every DURATION [--size 2|4] [--rounds N]",
		Short: "Set when the ranked rounds are played (and start a stopped schedule)",
		Long: `Save the ranked rounds' schedule, over the one saved before if any, and
start it (a schedule stopped by "blitz stop" runs again). Its first round
is the next one, due at --start (at once if that is past, but never
sooner than an interval after the last round began), then one every
--every; --rounds caps the number of rounds of this schedule (rounds
played before it do not count), and the event's end stops it.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := open(cmd, args[0], false)
			if err != nil {
				return err
			}
			defer t.close()
			at, err := time.Parse(time.RFC3339, start)
			if err != nil {
				return fmt.Errorf("--start %q: write the time as 2022-01-21T18:00:00-05:00 (RFC 3339)", start)
			}
			if t.remote() {
				err = t.post("/blitz/schedule", map[string]any{"start": at, "every": every.String(), "size": size, "rounds": rounds}, nil)
			} else {
				err = blitz.SetSchedule(cmd.Context(), t.p.FormatHost(), t.id, blitz.Schedule{Start: at, Every: every, Size: size, Rounds: rounds})
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "event %d: ranked rounds every %s from %s, groups of %d\n", t.id, every, at.Format(time.RFC3339), size)
			return nil
		},
	}
	of.add(schedule)
	schedule.Flags().StringVar(&start, "start", "", "the first round's time, RFC 3339 (e.g. 2022-01-21T18:00:00-05:00)")
	schedule.Flags().DurationVar(&every, "every", time.Hour, "the interval between rounds (at least a minute)")
	schedule.Flags().IntVar(&size, "size", 4, "teams per group: 2 or 4")
	schedule.Flags().IntVar(&rounds, "rounds", 0, "the number of rounds (0: no cap)")
	schedule.MarkFlagRequired("start")

	stop := &cobra.Command{
		Use:   "stop EVENT (--data DIR | --server URL --token T)",
		Short: "Stop the ranked rounds' schedule (blitz schedule starts it again)",
		Long: `Stop the ranked rounds' schedule: no round of it starts any more, the
server restarted or not. A round being played finishes; "blitz round"
still plays a round now and "blitz final" the final. "blitz schedule"
saves a schedule again and starts it: its first round at its --start (at
once if that is past, but never sooner than an interval after the last
round began), its --rounds counting its own rounds.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := open(cmd, args[0], false)
			if err != nil {
				return err
			}
			defer t.close()
			var got struct {
				Schedule blitz.Schedule `json:"schedule"`
			}
			if t.remote() {
				err = t.post("/blitz/schedule/stop", map[string]any{}, &got)
			} else {
				got.Schedule, err = blitz.StopSchedule(cmd.Context(), t.p.FormatHost(), t.id)
			}
			if err != nil {
				return err
			}
			if of.asJSON {
				return writeJSONTo(cmd.OutOrStdout(), got)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "event %d: the ranked rounds' schedule is stopped: no round of it starts (a round being played finishes; blitz round plays one now; blitz schedule starts it again)\n", t.id)
			return nil
		},
	}
	of.add(stop)

	statusCmd := &cobra.Command{
		Use:   "status EVENT (--data DIR | --server URL --token T) [--json]",
		Short: "Show the schedule, the ranking, each round's groups, and the games that fail",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := open(cmd, args[0], false)
			if err != nil {
				return err
			}
			defer t.close()
			b, _, err := status(cmd, t)
			if err != nil {
				return err
			}
			fs, err := t.failures(cmd, "/blitz")
			if err != nil {
				return err
			}
			if of.asJSON { // the Blitz document, and beside its fields what fails
				return writeJSONTo(cmd.OutOrStdout(), struct {
					*blitz.State
					failures
				}{b, fs})
			}
			names, err := t.names(cmd)
			if err != nil {
				return err
			}
			printBlitz(cmd.OutOrStdout(), b, names)
			printFailures(cmd.OutOrStdout(), fs)
			return nil
		},
	}
	of.add(statusCmd)

	round := &cobra.Command{
		Use:   "round EVENT (--data DIR [--unsafe-no-sandbox] | --server URL --token T [--wait])",
		Short: "Play a ranked round now (or finish the one interrupted)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := open(cmd, args[0], true)
			if err != nil {
				return err
			}
			defer t.close()
			var r *blitz.Round
			if t.remote() {
				r, err = askBlitzRound(cmd, t, wait)
				if r == nil || err != nil {
					return err
				}
			} else if r, err = blitz.PlayRound(cmd.Context(), t.p.FormatHost(), t.id, time.Now()); err != nil {
				return err
			}
			b, _, err := status(cmd, t)
			if err != nil {
				return err
			}
			if of.asJSON {
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
	of.add(round)
	round.Flags().BoolVar(&unsafe, "unsafe-no-sandbox", false, "run the teams' bots UNCONTAINED (only for code you trust; --data or --db)")
	round.Flags().BoolVar(&wait, "wait", false, "through the server: wait for the round to be played, then print it (an error on a game the server cannot play)")

	var finalSize int
	final := &cobra.Command{
		Use:   "final EVENT (--data DIR [--unsafe-no-sandbox] | --server URL --token T [--wait]) [--size 4|2]",
		Short: "Play the final tournament seeded by the ranking, and print its bracket",
		Long: `Play the Blitz final: every team with a bot, seeded by the ranked rounds'
ranking, in games of --size teams (4 by default: the top 2 go on; 2: the
winner goes on), never 3; a field that is not a power of 2 first plays
duels between its lowest seeds (best against worst) down to the power of
2 below, the top seeds sitting that round out (5 teams: 4 meets 5, whose
winner plays 1, 2 and 3); every game is sudden death except the grand
final of 2 teams, best of three. A game's ties follow the game's rules (score, pending
points, deaths, response time). Every team plays at least one game.
Interrupted, it resumes; over, it prints the bracket again. Through the
server, the server plays it; --wait follows its games and prints the
bracket at the end.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := open(cmd, args[0], true)
			if err != nil {
				return err
			}
			defer t.close()
			var f *blitz.Final
			if t.remote() {
				f, err = askBlitzFinal(cmd, t, finalSize, wait, status)
				if f == nil || err != nil {
					return err
				}
			} else if f, err = blitz.PlayFinal(cmd.Context(), t.p.FormatHost(), t.id, finalSize); err != nil {
				return err
			}
			if of.asJSON {
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
	of.add(final)
	final.Flags().IntVar(&finalSize, "size", 4, "teams per game: 4 (the top 2 go on) or 2")
	final.Flags().BoolVar(&unsafe, "unsafe-no-sandbox", false, "run the teams' bots UNCONTAINED (only for code you trust; --data or --db)")
	final.Flags().BoolVar(&wait, "wait", false, "through the server: follow the final's games, then print its bracket (an error on a game the server cannot play)")
	bl.AddCommand(schedule, stop, statusCmd, round, final)
	return bl
}

// askBlitzRound asks the server for a ranked round and, with wait,
// returns it once played (else nil, having said it is asked).
func askBlitzRound(cmd *cobra.Command, t *eventTarget, wait bool) (*blitz.Round, error) {
	var before struct {
		Blitz blitz.State `json:"blitz"`
	}
	if err := t.get("/blitz", &before); err != nil {
		return nil, err
	}
	if err := t.post("/blitz/round", map[string]any{}, nil); err != nil {
		return nil, err
	}
	n := len(before.Blitz.Rounds)
	if !wait {
		return nil, sayAsked(cmd, map[string]any{"event": t.id, "asked": "round", "round": n + 1},
			fmt.Sprintf("event %d: ranked round %d asked; the server plays it within a minute (arena event blitz status shows it; --wait waits for it)", t.id, n+1))
	}
	var now struct {
		Blitz blitz.State `json:"blitz"`
		failures
	}
	err := t.poll(cmd, "/blitz", &now, &now.failures, func() (bool, string) {
		return len(now.Blitz.Rounds) > n, fmt.Sprintf("waiting for the server to play ranked round %d...", n+1)
	})
	if err != nil {
		return nil, err
	}
	return &now.Blitz.Rounds[n], nil
}

// askBlitzFinal asks the server for the final and, with wait, returns it
// once over (else nil, having said it is asked). A final already over is
// returned as it is, as on the data directory.
func askBlitzFinal(cmd *cobra.Command, t *eventTarget, size int, wait bool,
	status func(*cobra.Command, *eventTarget) (*blitz.State, *blitz.Final, error)) (*blitz.Final, error) {
	if _, f, err := status(cmd, t); err != nil || (f != nil && f.Done) {
		return f, err
	}
	if err := t.post("/blitz/final", map[string]int{"size": size}, nil); err != nil {
		return nil, err
	}
	if !wait {
		return nil, sayAsked(cmd, map[string]any{"event": t.id, "asked": "final", "size": size},
			fmt.Sprintf("event %d: the final asked; the server plays it once no ranked round is being played (arena event blitz final --wait follows it)", t.id))
	}
	var now struct {
		Final *blitz.Final `json:"final"`
		failures
	}
	err := t.poll(cmd, "/blitz", &now, &now.failures, func() (bool, string) {
		if now.Final == nil {
			return false, "waiting for the server to start the final..."
		}
		return now.Final.Done, fmt.Sprintf("final: %d games played", len(now.Final.Played))
	})
	return now.Final, err
}

func printBlitz(out io.Writer, b *blitz.State, names map[int64]string) {
	s := b.Schedule
	switch {
	case s.Start.IsZero():
		fmt.Fprintln(out, "no schedule (arena event blitz schedule EVENT --start TIME --every 1h)")
	case s.Stopped:
		fmt.Fprintf(out, "schedule stopped (rounds every %s from %s, groups of %d; arena event blitz schedule starts it again); %d played\n", s.Every, s.Start.Format(time.RFC3339), s.Size, len(b.Rounds))
	default:
		fmt.Fprintf(out, "rounds every %s from %s, groups of %d; %d played", s.Every, s.Start.Format(time.RFC3339), s.Size, len(b.Rounds))
		switch at, ok := b.NextRound(time.Now()); {
		case ok:
			fmt.Fprintf(out, "; next round due %s", at.Format(time.RFC3339))
		case s.Rounds > 0 && len(b.Rounds)-s.Before >= s.Rounds:
			fmt.Fprintf(out, "; all %d rounds of the schedule played", s.Rounds)
		default: // the next one would fall at or after the end
			fmt.Fprintf(out, "; no more rounds of it: the event ends %s (blitz round still plays one now)", b.EventEnd.Format(time.RFC3339))
		}
		fmt.Fprintln(out)
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
