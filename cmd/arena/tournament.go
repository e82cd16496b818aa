package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
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
last, in between linearly (a shared rank shares its places' points).
RATING is each bot's OpenSkill rating (Weng-Lin, Plackett-Luce) after the
matches, taken in schedule order: MU its mean, SIGMA its uncertainty, and
RATING = MU - 3 SIGMA, the conservative estimate leaderboards sort by.

With --replays DIR each match's replay is written to DIR as soon as the
match ends, and only the standings stay in memory. Ctrl-C (or SIGTERM)
stops the running matches and prints the standings of the finished ones
and where their replays are; the exit status is then 130.`,
		Example: `  arena tournament ants --bot builtin:boss4 --bot builtin:boss3 --bot "python3 bot.py" --rounds 3
  arena tournament territory --bot builtin:greedy --bot builtin:hunter --bot builtin:random --bot ./mine --size 4`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if rr.Rounds < 1 {
				return fmt.Errorf("--rounds must be at least 1, not %d", rr.Rounds)
			}
			if rr.Cores < 0 {
				return fmt.Errorf("--cores must be at least 1 (or 0 for all), not %d", rr.Cores)
			}
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
			ctx, stop := interruptible()
			defer stop()
			res, err := rr.Play(ctx)
			if progress != nil {
				if err != nil {
					bar.Abort(false)
				}
				progress.Wait()
			}
			interrupted := err != nil && ctx.Err() != nil
			if err != nil && !interrupted {
				return err
			}
			out := cmd.OutOrStdout()
			if interrupted {
				// Ctrl-C: what finished is still worth showing.
				fmt.Fprintf(cmd.ErrOrStderr(), "interrupted: %d of %d matches finished\n", res.Finished, res.Scheduled)
			}
			if asJSON {
				if err := printStandingsJSON(out, rr, res); err != nil {
					return err
				}
			} else {
				printStandings(out, rr, res)
			}
			if dir != "" {
				fmt.Fprintf(out, "replays of the %d finished matches in %s\n", res.Finished, dir)
			}
			if saveErr != nil {
				return fmt.Errorf("saving replays: %w", saveErr)
			}
			if interrupted {
				return exitError{130, errors.New("interrupted")}
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

// standingsJSON is the --json output of a tournament.
type standingsJSON struct {
	Game      string                `json:"game"`
	Format    string                `json:"format"`
	Seed      int64                 `json:"seed"`
	Matches   int                   `json:"matches"`   // finished
	Scheduled int                   `json:"scheduled"` // more than matches when interrupted
	Standings []tournament.Standing `json:"standings"`
}

func printStandingsJSON(w io.Writer, rr tournament.RoundRobin, res *tournament.Outcome) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(standingsJSON{Game: rr.Game, Format: "round-robin", Seed: rr.Seed,
		Matches: res.Finished, Scheduled: res.Scheduled, Standings: res.Standings})
}

func printStandings(w io.Writer, rr tournament.RoundRobin, res *tournament.Outcome) {
	fmt.Fprintf(w, "%s round robin, %d of %d matches, seeds from %d\n", rr.Game, res.Finished, res.Scheduled, rr.Seed)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tBOT\tPOINTS\tPLAYED\tWON\tDRAWN\tLOST\tTIMEOUTS\tCRASHES\tDISQUALIFIED\tRATING\tMU\tSIGMA")
	for i, s := range res.Standings {
		fmt.Fprintf(tw, "%d\t%s\t%.2f\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\n", i+1, s.Name, s.Points, s.Played, s.Wins, s.Draws, s.Losses,
			s.Timeouts, s.Crashes, s.Disqualified, s.Ordinal, s.Mu, s.Sigma)
	}
	tw.Flush()
}
