package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format/rounds"
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
		publishCommand(withEvent), exportCommand(&of), roundCommand(), ladderCommand()}
}

// printStatus prints the event's controls, as arena event status does.
func printStatus(cmd *cobra.Command, t *eventTarget, asJSON bool) error {
	c, done, err := t.org.Status(cmd.Context(), t.id)
	if err != nil {
		return err
	}
	fs, err := t.failures(cmd)
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
the top league, for an event with leagues); the leaderboard is then final
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

// roundCommand starts a ranked round (Ready AI Code 2020).
func roundCommand() *cobra.Command {
	var of organiserFlags
	var r rounds.Round
	var at string
	var cancel, change int
	c := onEvent(&cobra.Command{
		Use:   "round EVENT (--data DIR | --server URL --token T) [--change N] --players N [--size S] [--shape S] [--mix W:B:I:D] [--obstacles N] [--multiplier M] [--seed N] [--at TIME] | round EVENT --cancel N",
		Short: "Start a ranked round: draw its games among the teams and queue them",
		Long: `A ranked round (Ready AI Code 2020) draws games of --players bots among the
teams that have one, every team playing the same number of games, with the
round's arena settings over the event's options (territory: size small,
large or random; shape, or a set each game draws from, e.g. square,x;
obstacle mix W:B:I:D; obstacle count). Each game
adds 5 x (n - position) x multiplier ladder points (shared positions share
the points); ranked games are not rated. The server plays the games;
arena event ladder shows the ladder. With --at, the round is played at
that time by the server (its field is the teams that have a bot then).

A scheduled round (its time not come) can be cancelled (--cancel N: it
keeps its number and is never played) or changed (--change N with the
settings to change; the others, the seed included, stay). A round that
has started cannot be either.`,
		Args: cobra.ExactArgs(1),
	}, of.event, func(cmd *cobra.Command, t *eventTarget, _ []string) error {
		if cancel != 0 {
			return cancelRound(cmd, t, cancel, of.asJSON)
		}
		got, err := startRound(cmd, t, change, at, r)
		if err != nil {
			return err
		}
		return printRound(cmd.OutOrStdout(), got, of.asJSON)
	})
	of.add(c)
	f := c.Flags()
	f.IntVar(&r.Players, "players", 4, "players per game (territory: 4, 6 or 8)")
	f.StringVar(&r.Size, "size", "", "the arena size class (game option size; default: the event's)")
	f.StringVar(&r.Shape, "shape", "", "the arena shape, or a comma-separated set each game draws one from, e.g. square,x (game option shape)")
	f.StringVar(&r.Mix, "mix", "", "the obstacle mix W:B:I:D (game option mix)")
	f.StringVar(&r.Obstacles, "obstacles", "", "the obstacle count, or auto (game option obstacles)")
	f.Float64Var(&r.Multiplier, "multiplier", 1, "the round's ladder points multiplier")
	f.Int64Var(&r.Seed, "seed", 0, "the draw's and the games' seed (default: random)")
	f.StringVar(&at, "at", "", "when to play the round (RFC 3339, or 2006-01-02T15:04 in UTC; default: now)")
	f.IntVar(&cancel, "cancel", 0, "cancel scheduled round N (not started yet)")
	f.IntVar(&change, "change", 0, "change scheduled round N: the settings given replace its own")
	c.MarkFlagsMutuallyExclusive("cancel", "change")
	for _, name := range []string{"players", "size", "shape", "mix", "obstacles", "multiplier", "seed", "at"} {
		c.MarkFlagsMutuallyExclusive("cancel", name)
	}
	return c
}

// startRound starts round r, or changes scheduled round change (not 0)
// with the settings given in r; at, when not empty, is its time.
func startRound(cmd *cobra.Command, t *eventTarget, change int, at string, r rounds.Round) (rounds.Round, error) {
	var err error
	if change != 0 {
		if r, err = changedRound(cmd, t, change, r); err != nil {
			return r, err
		}
	}
	if at != "" {
		if r.At, err = parseWhen(at); err != nil {
			return r, fmt.Errorf("--at: %w", err)
		}
	}
	if change != 0 {
		return t.org.ChangeRound(cmd.Context(), t.id, change, r)
	}
	return t.org.StartRound(cmd.Context(), t.id, r)
}

// printRound tells a round started, scheduled or changed.
func printRound(out io.Writer, got rounds.Round, asJSON bool) error {
	if asJSON {
		return writeJSONTo(out, got)
	}
	if !got.Queued {
		fmt.Fprintf(out, "round %d: %d-player games (x%g), seed %d, to be played at %s\n", got.Number, got.Players, got.Multiplier, got.Seed, got.At.Format(time.RFC3339))
		return nil
	}
	fmt.Fprintf(out, "round %d: %d games of %d players among %d teams (x%g), seed %d, queued\n",
		got.Number, len(got.Groups), got.Players, len(got.Teams), got.Multiplier, got.Seed)
	return nil
}

// cancelRound cancels scheduled round n.
func cancelRound(cmd *cobra.Command, t *eventTarget, n int, asJSON bool) error {
	got, err := t.org.CancelRound(cmd.Context(), t.id, n)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSONTo(cmd.OutOrStdout(), got)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "round %d cancelled: it will not be played\n", got.Number)
	return nil
}

// changedRound is scheduled round n with the settings given on the
// command line over its own (the seed and the time included).
func changedRound(cmd *cobra.Command, t *eventTarget, n int, given rounds.Round) (rounds.Round, error) {
	rs, err := t.org.Rounds(cmd.Context(), t.id)
	if err != nil {
		return given, err
	}
	if n < 1 || n > len(rs) {
		return given, fmt.Errorf("no round %d (the event has %d)", n, len(rs))
	}
	r, f := rs[n-1], cmd.Flags()
	for name, set := range map[string]func(){
		"players": func() { r.Players = given.Players }, "size": func() { r.Size = given.Size },
		"shape": func() { r.Shape = given.Shape }, "mix": func() { r.Mix = given.Mix },
		"obstacles": func() { r.Obstacles = given.Obstacles }, "multiplier": func() { r.Multiplier = given.Multiplier },
		"seed": func() { r.Seed = given.Seed },
	} {
		if f.Changed(name) {
			set()
		}
	}
	return rounds.Round{Players: r.Players, Size: r.Size, Shape: r.Shape, Mix: r.Mix, Obstacles: r.Obstacles,
		Multiplier: r.Multiplier, Seed: r.Seed, At: r.At}, nil
}

// ladderCommand prints the ladder of the ranked rounds.
func ladderCommand() *cobra.Command {
	var of organiserFlags
	c := onEvent(&cobra.Command{
		Use:   "ladder EVENT (--data DIR | --server URL --token T)",
		Short: "Show the ladder of an event's ranked rounds",
		Args:  cobra.ExactArgs(1),
	}, of.event, func(cmd *cobra.Command, t *eventTarget, _ []string) error {
		l, err := t.org.Ladder(cmd.Context(), t.id)
		if err != nil {
			return err
		}
		if of.asJSON {
			return writeJSONTo(cmd.OutOrStdout(), l)
		}
		return printRoundLadder(cmd.OutOrStdout(), l)
	})
	of.add(c)
	return c
}

// printRoundLadder prints the ranked rounds and their ladder.
func printRoundLadder(out io.Writer, l rounds.Board) error {
	for _, r := range l.Rounds {
		fmt.Fprintf(out, "round %d: %d players x%g, %d of %d games played", r.Number, r.Players, r.Multiplier, r.Played, r.Games)
		switch {
		case !r.Cancelled.IsZero():
			fmt.Fprint(out, " (cancelled)")
		case r.Error != "":
			fmt.Fprintf(out, " (not played: %s)", r.Error)
		case !r.Queued:
			fmt.Fprintf(out, " (to be played at %s)", r.At.Format(time.RFC3339))
		}
		if r.Failed > 0 {
			fmt.Fprintf(out, " (%d failed)", r.Failed)
		}
		fmt.Fprintln(out)
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "PLACE\tTEAM\tPOINTS\tFIRSTS\tGAMES\tMEAN TERRITORY")
	for _, ln := range l.Lines {
		fmt.Fprintf(w, "%d\t%s\t%g\t%d\t%d\t%.1f\n", ln.Place, l.Names[ln.Team], ln.Points, ln.Firsts, ln.Games, ln.Mean)
	}
	return w.Flush()
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
