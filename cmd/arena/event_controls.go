package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/format/rounds"
)

// The organiser's controls of a running event (issue 17), on the data
// directory or database directly like the other event commands (the
// server reads them as it schedules), or through the running server with
// the organiser's token.
func eventControlCommands() []*cobra.Command {
	var of organiserFlags
	withEvent := func(use, short, long string, args cobra.PositionalArgs, run func(cmd *cobra.Command, t *eventTarget, args []string) error) *cobra.Command {
		c := &cobra.Command{
			Use: use, Short: short, Long: long, Args: args,
			RunE: func(cmd *cobra.Command, args []string) error {
				t, err := of.event(cmd, args[0])
				if err != nil {
					return err
				}
				defer t.close()
				if err := run(cmd, t, args[1:]); err != nil {
					return err
				}
				c, done, err := t.status(cmd)
				if err != nil {
					return err
				}
				fs, err := t.failures(cmd, "/status")
				if err != nil {
					return err
				}
				return printControls(cmd.OutOrStdout(), t.id, c, done, fs, of.asJSON)
			},
		}
		of.add(c)
		return c
	}
	status := withEvent("status EVENT (--data DIR | --server URL --token T)", "Show an event's controls: casual games, frozen submissions, the final, publication, the games that fail", "", cobra.ExactArgs(1),
		func(*cobra.Command, *eventTarget, []string) error { return nil })
	casual := withEvent("casual EVENT on|off (--data DIR | --server URL --token T)", "Start or stop an event's casual games",
		`Casual games are the continuous rated games between the teams' active
bots. Stopping them lets the games already queued finish; promotion tests
of an event with leagues go on.`, cobra.ExactArgs(2),
		func(cmd *cobra.Command, t *eventTarget, args []string) error {
			if args[0] != "on" && args[0] != "off" {
				return fmt.Errorf("casual games %q: say on or off", args[0])
			}
			on := args[0] == "on"
			if t.remote() {
				return t.post("/casual", map[string]bool{"running": on}, nil)
			}
			_, err := t.p.SetCasual(cmd.Context(), t.id, on)
			return err
		})
	var undo bool
	freeze := withEvent("freeze EVENT (--data DIR | --server URL --token T) [--undo]", "Freeze an event's submissions (the active ones are final)",
		`A frozen event refuses new submissions and changes of the active one.
--undo reopens them (not once the final ranking has started).`, cobra.ExactArgs(1),
		func(cmd *cobra.Command, t *eventTarget, _ []string) error {
			if t.remote() {
				return t.post("/freeze", map[string]bool{"frozen": !undo}, nil)
			}
			_, err := t.p.SetFrozen(cmd.Context(), t.id, !undo)
			return err
		})
	freeze.Flags().BoolVar(&undo, "undo", false, "reopen the submissions")
	var games int
	final := withEvent("final EVENT (--data DIR | --server URL --token T) [--games N]", "Start an event's final ranking",
		`The final ranking freezes the submissions, stops the casual games and
plays about N more rated games per team between the final submissions (in
the top league, for an event with leagues); the leaderboard is then final
(arena event status shows the progress). The server plays the games.
A catmouse (Cod'INSA) event's final is arena event roundrobin and a jungle
(Blitz) event's is arena event blitz final: this command refuses them.`, cobra.ExactArgs(1),
		func(cmd *cobra.Command, t *eventTarget, _ []string) error {
			if t.remote() {
				return t.post("/final", map[string]int{"games": games}, nil)
			}
			_, err := t.p.StartFinal(cmd.Context(), t.id, games)
			return err
		})
	final.Flags().IntVar(&games, "games", 100, "games per team in the final ranking")
	publish := withEvent("publish EVENT (--data DIR | --server URL --token T)", "Publish an event's results to its teams", "", cobra.ExactArgs(1),
		func(cmd *cobra.Command, t *eventTarget, _ []string) error {
			if t.remote() {
				return t.post("/publish", map[string]any{}, nil)
			}
			_, err := t.p.Publish(cmd.Context(), t.id)
			return err
		})
	var out string
	export := withEvent("export EVENT (--data DIR | --server URL --token T) --out DIR", "Export an event's results (JSON, CSV) and all its replays",
		`Writes results.json, results.csv (the ranking) and replays.tar.gz (every
match's replay, with every bot's log) into the --out directory. Through
the server, the three files are downloaded into it.`, cobra.ExactArgs(1),
		func(cmd *cobra.Command, t *eventTarget, _ []string) error {
			res, n, err := t.export(cmd, out)
			if err != nil {
				return err
			}
			state := "provisional"
			if res.Final {
				state = "final"
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "%s: results.json, results.csv (%d teams, %s), replays.tar.gz (%d replays)\n", out, len(res.Standings), state, n)
			return nil
		})
	export.Flags().StringVar(&out, "out", "", "the directory to write into")
	export.MarkFlagRequired("out")
	return []*cobra.Command{status, casual, freeze, final, publish, export, roundCommand(), ladderCommand()}
}

// roundCommand starts a ranked round (Ready AI Code 2020).
func roundCommand() *cobra.Command {
	var of organiserFlags
	var r rounds.Round
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
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := of.event(cmd, args[0])
			if err != nil {
				return err
			}
			defer t.close()
			if cancel != 0 {
				return cancelRound(cmd, t, cancel, of.asJSON)
			}
			if change != 0 {
				if r, err = changedRound(cmd, t, change, r); err != nil {
					return err
				}
			}
			if at != "" {
				if r.At, err = parseWhen(at); err != nil {
					return fmt.Errorf("--at: %w", err)
				}
			}
			var got rounds.Round
			switch {
			case change != 0 && t.remote():
				err = t.post(fmt.Sprintf("/rounds/%d", change), r, &got)
			case change != 0:
				got, err = rounds.Change(cmd.Context(), t.p.FormatHost(), t.id, change, r)
			case t.remote():
				err = t.post("/rounds", r, &got)
			default:
				got, err = rounds.Start(cmd.Context(), t.p.FormatHost(), t.id, r)
			}
			if err != nil {
				return err
			}
			if of.asJSON {
				return writeJSONTo(cmd.OutOrStdout(), got)
			}
			if !got.Queued {
				fmt.Fprintf(cmd.OutOrStdout(), "round %d: %d-player games (x%g), seed %d, to be played at %s\n", got.Number, got.Players, got.Multiplier, got.Seed, got.At.Format(time.RFC3339))
				return nil
			}
			fmt.Fprintf(cmd.OutOrStdout(), "round %d: %d games of %d players among %d teams (x%g), seed %d, queued\n",
				got.Number, len(got.Groups), got.Players, len(got.Teams), got.Multiplier, got.Seed)
			return nil
		},
	}
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

// cancelRound cancels scheduled round n.
func cancelRound(cmd *cobra.Command, t *eventTarget, n int, asJSON bool) error {
	var got rounds.Round
	var err error
	if t.remote() {
		err = t.post(fmt.Sprintf("/rounds/%d/cancel", n), struct{}{}, &got)
	} else {
		got, err = rounds.Cancel(cmd.Context(), t.p.FormatHost(), t.id, n)
	}
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
	var rs []rounds.Round
	if t.remote() {
		var got struct {
			Rounds []rounds.Round `json:"rounds"`
		}
		if err := t.get("/rounds", &got); err != nil {
			return given, err
		}
		rs = got.Rounds
	} else {
		var err error
		if rs, err = rounds.List(cmd.Context(), t.p.FormatHost(), t.id); err != nil {
			return given, err
		}
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
	c := &cobra.Command{
		Use:   "ladder EVENT (--data DIR | --server URL --token T)",
		Short: "Show the ladder of an event's ranked rounds",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			t, err := of.event(cmd, args[0])
			if err != nil {
				return err
			}
			defer t.close()
			var l rounds.Board
			if t.remote() {
				var got struct {
					rounds.Board
					Names map[int64]string `json:"names"`
				}
				err = t.get("/rounds", &got)
				l, l.Names = got.Board, got.Names
			} else {
				l, err = rounds.ReadBoard(cmd.Context(), t.p.FormatHost(), t.id)
			}
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if of.asJSON {
				return writeJSONTo(out, l)
			}
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
		},
	}
	of.add(c)
	return c
}

func printControls(out io.Writer, id int64, c platform.Controls, done bool, fs failures, asJSON bool) error {
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
