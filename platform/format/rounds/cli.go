package rounds

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/format"
)

// Commands are the ranked rounds' organiser commands (Ready AI Code
// 2020), on the data directory or through the server: a round started,
// scheduled, changed or cancelled, and the ladder.
func (Format) Commands(cli format.CLI) []*cobra.Command {
	return []*cobra.Command{roundCommand(cli), ladderCommand(cli)}
}

// roundCommand starts a ranked round (Ready AI Code 2020).
func roundCommand(cli format.CLI) *cobra.Command {
	var r Round
	var at string
	var cancel, change int
	c := &cobra.Command{
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
	}
	w := cli.Where(c)
	cli.OnEvent(c, w.Open, func(cmd *cobra.Command, t *format.Target, _ []string) error {
		if cancel != 0 {
			return cancelRound(cmd, t, cancel, w.JSON())
		}
		got, err := startRound(cmd, t, change, at, r)
		if err != nil {
			return err
		}
		return printRound(cmd.OutOrStdout(), got, w.JSON())
	})
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
func startRound(cmd *cobra.Command, t *format.Target, change int, at string, r Round) (Round, error) {
	var err error
	if change != 0 {
		if r, err = changedRound(cmd, t, change, r); err != nil {
			return r, err
		}
	}
	if at != "" {
		if r.At, err = format.ParseWhen(at); err != nil {
			return r, fmt.Errorf("--at: %w", err)
		}
	}
	if change != 0 {
		return ClientOf(t).ChangeRound(cmd.Context(), t.ID, change, r)
	}
	return ClientOf(t).StartRound(cmd.Context(), t.ID, r)
}

// printRound tells a round started, scheduled or changed.
func printRound(out io.Writer, got Round, asJSON bool) error {
	if asJSON {
		return format.WriteJSONTo(out, got)
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
func cancelRound(cmd *cobra.Command, t *format.Target, n int, asJSON bool) error {
	got, err := ClientOf(t).CancelRound(cmd.Context(), t.ID, n)
	if err != nil {
		return err
	}
	if asJSON {
		return format.WriteJSONTo(cmd.OutOrStdout(), got)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "round %d cancelled: it will not be played\n", got.Number)
	return nil
}

// changedRound is scheduled round n with the settings given on the
// command line over its own (the seed and the time included).
func changedRound(cmd *cobra.Command, t *format.Target, n int, given Round) (Round, error) {
	rs, err := ClientOf(t).Rounds(cmd.Context(), t.ID)
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
	return Round{Players: r.Players, Size: r.Size, Shape: r.Shape, Mix: r.Mix, Obstacles: r.Obstacles,
		Multiplier: r.Multiplier, Seed: r.Seed, At: r.At}, nil
}

// ladderCommand prints the ladder of the ranked rounds.
func ladderCommand(cli format.CLI) *cobra.Command {
	c := &cobra.Command{
		Use:   "ladder EVENT (--data DIR | --server URL --token T)",
		Short: "Show the ladder of an event's ranked rounds",
		Args:  cobra.ExactArgs(1),
	}
	w := cli.Where(c)
	return cli.OnEvent(c, w.Open, func(cmd *cobra.Command, t *format.Target, _ []string) error {
		l, err := ClientOf(t).Ladder(cmd.Context(), t.ID)
		if err != nil {
			return err
		}
		if w.JSON() {
			return format.WriteJSONTo(cmd.OutOrStdout(), l)
		}
		return printRoundLadder(cmd.OutOrStdout(), l)
	})
}

// printRoundLadder prints the ranked rounds and their ladder.
func printRoundLadder(out io.Writer, l Board) error {
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
