package blitz

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/tournament"
)

// Commands are the Coveo Blitz 2022 organiser commands (jungle events),
// on the data directory or through the server: the ranked rounds'
// schedule, a round now, the final.
func (Format) Commands(cli format.CLI) []*cobra.Command {
	b := &blitzFlags{cli: cli}
	bl := &cobra.Command{
		Use:   "blitz",
		Short: "The Blitz 2022 ranked rounds and final of a jungle event",
		Long: `Ranked rounds (rules/jungle §7): from the start time, every interval, the
teams with a bot are split into groups of 2 or 4 by their current ranking
(the casual leaderboard's order for the first round, newcomers at the
bottom); each group plays one game; the winner moves up one group and the
loser down one (in groups of 4 the others stay; the top group's winner and
the bottom group's loser stay). A team left alone in the last group has no
game: it sits the round out and keeps its place, and the next round the
lowest-ranked team that did not sit out sits out instead. "arena serve --data DIR" plays the rounds
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
	bl.AddCommand(blitzScheduleCommand(b), blitzStopCommand(b), blitzStatusCommand(b), blitzRoundCommand(b), blitzFinalCommand(b))
	return []*cobra.Command{bl}
}

// blitzFlags are the flags the blitz commands share.
type blitzFlags struct {
	cli          format.CLI
	unsafe, wait bool
}

// command is a blitz command on the event of its first argument; bots
// says that it plays the teams' bots (on the data directory, in the
// sandbox unless --unsafe-no-sandbox).
func (b *blitzFlags) command(c *cobra.Command, bots bool, run func(cmd *cobra.Command, w format.Where, t *format.Target, bc Client) error) *cobra.Command {
	w := b.cli.Where(c)
	return b.cli.OnEvent(c, func(cmd *cobra.Command, arg string) (*format.Target, error) { return b.open(cmd, w, arg, bots) },
		func(cmd *cobra.Command, t *format.Target, _ []string) error { return run(cmd, w, t, ClientOf(t)) })
}

// open opens the event; through the server, --unsafe-no-sandbox is
// refused, and on the data directory a command that plays the bots needs
// the sandbox (or --unsafe-no-sandbox).
func (b *blitzFlags) open(cmd *cobra.Command, w format.Where, arg string, bots bool) (*format.Target, error) {
	if !w.Local() {
		if err := format.NoUnsafe(cmd); err != nil {
			return nil, err
		}
		return w.Open(cmd, arg)
	}
	if _, err := b.cli.EventID(arg); err != nil {
		return nil, err
	}
	if bots && !b.unsafe {
		if err := sandbox.Ready(); err != nil {
			return nil, fmt.Errorf("the teams' bots run only in the sandbox, and %v (see: arena sandbox check; --unsafe-no-sandbox runs them uncontained)", err)
		}
	}
	return w.Open(cmd, arg)
}

func blitzScheduleCommand(b *blitzFlags) *cobra.Command {
	var start string
	var s Schedule
	schedule := b.command(&cobra.Command{
		Use:   "schedule EVENT (--data DIR | --server URL --token T) --start TIME --every DURATION [--size 2|4] [--rounds N]",
		Short: "Set when the ranked rounds are played (and start a stopped schedule)",
		Long: `Save the ranked rounds' schedule, over the one saved before if any, and
start it (a schedule stopped by "blitz stop" runs again). Its first round
is the next one, due at --start (at once if that is past, but never
sooner than an interval after the last round began), then one every
--every; --rounds caps the number of rounds of this schedule (rounds
played before it do not count), and the event's end stops it.`,
		Args: cobra.ExactArgs(1),
	}, false, func(cmd *cobra.Command, w format.Where, t *format.Target, bc Client) error {
		at, err := time.Parse(time.RFC3339, start)
		if err != nil {
			return fmt.Errorf("--start %q: write the time as 2022-01-21T18:00:00-05:00 (RFC 3339)", start)
		}
		s.Start = at
		if err := bc.SetSchedule(cmd.Context(), t.ID, s); err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "event %d: ranked rounds every %s from %s, groups of %d\n", t.ID, s.Every, at.Format(time.RFC3339), s.Size)
		return nil
	})
	schedule.Flags().StringVar(&start, "start", "", "the first round's time, RFC 3339 (e.g. 2022-01-21T18:00:00-05:00)")
	schedule.Flags().DurationVar(&s.Every, "every", time.Hour, "the interval between rounds (at least a minute)")
	schedule.Flags().IntVar(&s.Size, "size", 4, "teams per group: 2 or 4")
	schedule.Flags().IntVar(&s.Rounds, "rounds", 0, "the number of rounds (0: no cap)")
	schedule.MarkFlagRequired("start")
	return schedule
}

func blitzStopCommand(b *blitzFlags) *cobra.Command {
	return b.command(&cobra.Command{
		Use:   "stop EVENT (--data DIR | --server URL --token T)",
		Short: "Stop the ranked rounds' schedule (blitz schedule starts it again)",
		Long: `Stop the ranked rounds' schedule: no round of it starts any more, the
server restarted or not. A round being played finishes; "blitz round"
still plays a round now and "blitz final" the final. "blitz schedule"
saves a schedule again and starts it: its first round at its --start (at
once if that is past, but never sooner than an interval after the last
round began), its --rounds counting its own rounds.`,
		Args: cobra.ExactArgs(1),
	}, false, func(cmd *cobra.Command, w format.Where, t *format.Target, bc Client) error {
		var got struct {
			Schedule Schedule `json:"schedule"`
		}
		var err error
		if got.Schedule, err = bc.StopSchedule(cmd.Context(), t.ID); err != nil {
			return err
		}
		if w.JSON() {
			return format.WriteJSONTo(cmd.OutOrStdout(), got)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "event %d: the ranked rounds' schedule is stopped: no round of it starts (a round being played finishes; blitz round plays one now; blitz schedule starts it again)\n", t.ID)
		return nil
	})
}

func blitzStatusCommand(b *blitzFlags) *cobra.Command {
	return b.command(&cobra.Command{
		Use:   "status EVENT (--data DIR | --server URL --token T) [--json]",
		Short: "Show the schedule, the ranking, each round's groups, and the games that fail",
		Args:  cobra.ExactArgs(1),
	}, false, func(cmd *cobra.Command, w format.Where, t *format.Target, bc Client) error {
		bz, _, err := bc.Blitz(cmd.Context(), t.ID)
		if err != nil {
			return err
		}
		games, look, err := t.Failures(cmd.Context())
		if err != nil {
			return err
		}
		fs := apitypes.Failures{Failing: games, LookError: look}
		if w.JSON() { // the Blitz document, and beside its fields what fails
			return format.WriteJSONTo(cmd.OutOrStdout(), struct {
				*State
				apitypes.Failures
			}{bz, fs})
		}
		names, err := t.Names(cmd.Context())
		if err != nil {
			return err
		}
		printBlitz(cmd.OutOrStdout(), bz, names)
		format.PrintFailures(cmd.OutOrStdout(), fs.Failing, fs.LookError)
		return nil
	})
}

func blitzRoundCommand(b *blitzFlags) *cobra.Command {
	round := b.command(&cobra.Command{
		Use:   "round EVENT (--data DIR [--unsafe-no-sandbox] | --server URL --token T [--wait])",
		Short: "Play a ranked round now (or finish the one interrupted)",
		Args:  cobra.ExactArgs(1),
	}, true, func(cmd *cobra.Command, w format.Where, t *format.Target, bc Client) error {
		r, asked, err := bc.PlayRound(cmd.Context(), t.ID, format.PlayOf(cmd, b.unsafe, 0, b.wait))
		if err != nil {
			return err
		}
		if r == nil {
			return format.SayAsked(cmd, map[string]any{"event": t.ID, "asked": "round", "round": asked},
				fmt.Sprintf("event %d: ranked round %d asked; the server plays it within a minute (arena event blitz status shows it; --wait waits for it)", t.ID, asked))
		}
		bz, _, err := bc.Blitz(cmd.Context(), t.ID)
		if err != nil {
			return err
		}
		if w.JSON() {
			return format.WriteJSONTo(cmd.OutOrStdout(), r)
		}
		names := map[int64]string{}
		for i, t := range r.Teams {
			names[t] = r.Names[i]
		}
		printBlitz(cmd.OutOrStdout(), bz, names)
		return nil
	})
	round.Flags().BoolVar(&b.unsafe, "unsafe-no-sandbox", false, "run the teams' bots UNCONTAINED (only for code you trust; --data or --db)")
	round.Flags().BoolVar(&b.wait, "wait", false, "through the server: wait for the round to be played, then print it (an error on a game the server cannot play)")
	return round
}

func blitzFinalCommand(b *blitzFlags) *cobra.Command {
	var size int
	final := b.command(&cobra.Command{
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
	}, true, func(cmd *cobra.Command, w format.Where, t *format.Target, bc Client) error {
		f, asked, err := bc.PlayFinal(cmd.Context(), t.ID, size, format.PlayOf(cmd, b.unsafe, 0, b.wait))
		if err != nil {
			return err
		}
		if asked {
			return format.SayAsked(cmd, map[string]any{"event": t.ID, "asked": "final", "size": size},
				fmt.Sprintf("event %d: the final asked; the server plays it once no ranked round is being played (arena event blitz final --wait follows it)", t.ID))
		}
		if w.JSON() {
			return format.WriteJSONTo(cmd.OutOrStdout(), f)
		}
		return printBlitzFinal(cmd.OutOrStdout(), f)
	})
	final.Flags().IntVar(&size, "size", 4, "teams per game: 4 (the top 2 go on) or 2")
	final.Flags().BoolVar(&b.unsafe, "unsafe-no-sandbox", false, "run the teams' bots UNCONTAINED (only for code you trust; --data or --db)")
	final.Flags().BoolVar(&b.wait, "wait", false, "through the server: follow the final's games, then print its bracket (an error on a game the server cannot play)")
	return final
}

// printBlitzFinal prints the final's bracket, each game labelled (who
// played, in what order they finished, who goes on and who is out), and
// its places.
func printBlitzFinal(out io.Writer, f *Final) error {
	for _, rd := range f.Rounds {
		fmt.Fprintf(out, "%s:\n", rd.Name)
		game := 0
		for _, m := range rd.Matches {
			if m.Note == "bye" {
				fmt.Fprintf(out, "  bye (go on without playing): %s\n", strings.Join(m.Advanced, ", "))
				continue
			}
			game++
			fmt.Fprintf(out, "  %s\n", finalGameLine(rd.Name, game, m))
		}
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "PLACE\tTEAM")
	for _, s := range f.Standings {
		fmt.Fprintf(w, "%d\t%s\n", s.Place, s.Name)
	}
	return w.Flush()
}

// finalGameLine is one game (or the grand final's best of three) of a
// final's round: "game 2: 1st Owls3, 2nd Bats3; goes on: Owls3; out:
// Bats3", or "3 games: 1st Owls3, 2nd Bats3; champion: Owls3".
func finalGameLine(round string, n int, m tournament.Match) string {
	var places []string
	for i, t := range m.Ranking {
		places = append(places, ordinal(i+1)+" "+t)
	}
	line := fmt.Sprintf("game %d: %s", n, strings.Join(places, ", "))
	if round == "grand final" {
		line = fmt.Sprintf("%d games: %s", m.Games, strings.Join(places, ", "))
		if len(m.Ranking) > 0 {
			line += "; champion: " + m.Ranking[0]
		}
		return line
	}
	var gone []string
	for _, t := range m.Ranking {
		if !slices.Contains(m.Advanced, t) {
			gone = append(gone, t)
		}
	}
	return line + fmt.Sprintf("; %s: %s; out: %s", goesOn(len(m.Advanced)), strings.Join(m.Advanced, ", "), strings.Join(gone, ", "))
}

// goesOn is "goes on" or "go on", for n teams.
func goesOn(n int) string {
	if n == 1 {
		return "goes on"
	}
	return "go on"
}

// ordinal is "1st", "2nd", "3rd", "4th"...
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return fmt.Sprintf("%dth", n)
	case n%10 == 1:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

func printBlitz(out io.Writer, b *State, names map[int64]string) {
	printSchedule(out, b, time.Now())
	for _, rd := range b.Rounds {
		if rd.Groups == nil {
			continue
		}
		fmt.Fprintf(out, "%s (%s):\n", rd.Groups.Name, rd.Started.Format(time.RFC3339))
		group := 0
		for _, m := range rd.Groups.Matches {
			if len(m.Ranking) == 0 { // no game: the team that sat the round out
				fmt.Fprintf(out, "  no opponent: %s %s\n", strings.Join(m.Bots, ", "), m.Note)
				continue
			}
			group++
			fmt.Fprintf(out, "  group %d: %s%s\n", group, strings.Join(m.Ranking, " > "), moves(m.Advanced))
		}
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "RANK\tTEAM")
	for i, id := range b.Ranking {
		fmt.Fprintf(w, "%d\t%s\n", i+1, names[id])
	}
	w.Flush()
}

// moves is a group's moves ("; moves up: Owls; moves down: Bats"), from
// tournament.Groups' "NAME up" and "NAME down"; "" when nobody moved.
func moves(advanced []string) string {
	var up, down []string
	for _, a := range advanced {
		if t, ok := strings.CutSuffix(a, " up"); ok {
			up = append(up, t)
		} else if t, ok := strings.CutSuffix(a, " down"); ok {
			down = append(down, t)
		}
	}
	out := ""
	if len(up) > 0 {
		out += "; moves up: " + strings.Join(up, ", ")
	}
	if len(down) > 0 {
		out += "; moves down: " + strings.Join(down, ", ")
	}
	return out
}

// printSchedule prints the schedule's line: its plan, the rounds played,
// the round playing now if any, and when the next one falls due (seen at
// now) or why none will.
func printSchedule(out io.Writer, b *State, now time.Time) {
	s := b.Schedule
	switch {
	case s.Start.IsZero():
		fmt.Fprint(out, "no schedule (arena event blitz schedule EVENT --start TIME --every 1h)")
	case s.Stopped:
		fmt.Fprintf(out, "schedule stopped (rounds every %s from %s, groups of %d; arena event blitz schedule starts it again); %d played", s.Every, s.Start.Format(time.RFC3339), s.Size, len(b.Rounds))
	default:
		fmt.Fprintf(out, "rounds every %s from %s, groups of %d; %d played", s.Every, s.Start.Format(time.RFC3339), s.Size, len(b.Rounds))
	}
	if p := b.Playing; p != nil {
		fmt.Fprintf(out, "; round %d playing now (began %s)", p.Number, p.Started.Format(time.RFC3339))
	}
	if !s.Start.IsZero() && !s.Stopped {
		n, _ := b.begun()
		switch at, ok := b.NextRound(now); {
		case ok:
			fmt.Fprintf(out, "; next round due %s", at.Format(time.RFC3339))
		case s.Rounds > 0 && n-s.Before >= s.Rounds && b.Playing != nil:
			fmt.Fprintf(out, "; it is the last of the schedule's %d rounds", s.Rounds)
		case s.Rounds > 0 && n-s.Before >= s.Rounds:
			fmt.Fprintf(out, "; all %d rounds of the schedule played", s.Rounds)
		default: // the next one would fall at or after the end
			fmt.Fprintf(out, "; no more rounds of it: the event ends %s (blitz round still plays one now)", b.EventEnd.Format(time.RFC3339))
		}
	}
	fmt.Fprintln(out)
}
