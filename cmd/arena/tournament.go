package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

func init() {
	var (
		rr     tournament.RoundRobin
		bots   []string
		seed   int64
		dir    string
		asJSON bool
		noBar  bool
	)
	cmd := &cobra.Command{
		Use:   "tournament GAME --bot SPEC --bot SPEC ...",
		Short: "Play a round robin between bots and print the table",
		Long: `Play a round robin: every group of --size bots (default: the game's smallest
match, at least 2) plays, each bot once in every seat of the group, --rounds
times, on seeds that follow --seed. Matches run side by side as the CPU
cores allow: each process bot is given a core of its own, so that a busy
machine never makes a bot late.

The table ranks the bots by points: 1 for first place in a match, 0 for
last, in between linearly (a shared rank shares its places' points).`,
		Example: `  arena tournament ants --bot builtin:boss4 --bot builtin:boss3 --bot "python3 bot.py" --rounds 3
  arena tournament territory --bot builtin:greedy --bot builtin:hunter --bot builtin:random --bot ./mine --size 4`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rr.Game, rr.Bots = args[0], bots
			rr.Seed = seed
			if !cmd.Flags().Changed("seed") {
				rr.Seed = match.RandomSeed()
			}
			sched, err := rr.Schedule()
			if err != nil {
				return err
			}
			if dir != "" {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return err
				}
			}
			errOut := cmd.ErrOrStderr()
			var bar *mpb.Bar
			var progress *mpb.Progress
			if !noBar && isTerminal(errOut) {
				progress = mpb.New(mpb.WithOutput(errOut))
				bar = progress.AddBar(int64(len(sched)),
					mpb.PrependDecorators(decor.Name(rr.Game+" "), decor.CountersNoUnit("%d/%d matches")),
					mpb.AppendDecorators(decor.OnComplete(decor.EwmaETA(decor.ET_STYLE_GO, 30), "done")))
			}
			var saveErr error
			rr.OnMatch = func(p tournament.Played) {
				if bar != nil {
					bar.Increment()
				}
				if dir != "" && p.Replay != nil {
					path := filepath.Join(dir, fmt.Sprintf("%s-%03d.json.gz", rr.Game, p.Index+1))
					if err := replay.Save(path, p.Replay); err != nil && saveErr == nil {
						saveErr = err
					}
				}
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
			defer stop()
			played, table, err := rr.Play(ctx)
			if progress != nil {
				if err != nil {
					bar.Abort(false)
				}
				progress.Wait()
			}
			if err != nil {
				return err
			}
			if saveErr != nil {
				return fmt.Errorf("saving replays: %w", saveErr)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(map[string]any{"game": rr.Game, "seed": rr.Seed, "matches": len(played), "standings": table})
			}
			fmt.Fprintf(out, "%s round robin, %d matches, seeds %d to %d\n", rr.Game, len(played), rr.Seed, rr.Seed+int64(len(played))-1)
			tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "RANK\tBOT\tPOINTS\tPLAYED\tWON\tDRAWN\tLOST\tTIMEOUTS\tCRASHES")
			for i, s := range table {
				fmt.Fprintf(tw, "%d\t%s\t%.2f\t%d\t%d\t%d\t%d\t%d\t%d\n", i+1, s.Name, s.Points, s.Played, s.Wins, s.Draws, s.Losses, s.Timeouts, s.Crashes)
			}
			tw.Flush()
			if dir != "" {
				fmt.Fprintf(out, "replays in %s\n", dir)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&bots, "bot", nil, "a bot (repeat once per bot)")
	fl.IntVar(&rr.Size, "size", 0, "bots per match (default: the game's smallest match, at least 2)")
	fl.IntVar(&rr.Rounds, "rounds", 1, "times each seating is played")
	fl.Int64Var(&seed, "seed", 0, "seed of the first match (the others follow); default random")
	fl.IntVar(&rr.League, "league", 0, "league")
	fl.StringArrayVar(&rr.Options, "opt", nil, "game option key=value (repeatable)")
	fl.IntVar(&rr.Cores, "cores", 0, "CPU cores the matches may use at once (default: all)")
	fl.StringVar(&dir, "replays", "", "save every match's replay in this directory")
	fl.BoolVar(&asJSON, "json", false, "print the standings as JSON")
	fl.BoolVar(&noBar, "no-progress", false, "no progress bar")
	rootCmd.AddCommand(cmd)
}

// isTerminal reports whether w is a terminal (progress bars only go there).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
