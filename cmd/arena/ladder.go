package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/tournament/ladder"
)

var ladderName = regexp.MustCompile(`^[A-Za-z0-9_.@+-]+$`)

func init() {
	var (
		db      string
		r       ladder.Runner
		asJSON  bool
		quietly bool
		sbf     sandboxFlags
		scale   timeScale
	)
	cmd := &cobra.Command{
		Use:   "ladder GAME --db FILE add NAME SPEC | remove NAME | run [--games N] | show",
		Short: "A persistent ladder of bots with OpenSkill ratings, kept in a SQLite file",
		Long: `Keep a ladder of bots for one game in a SQLite file (created on first use).

  add NAME SPEC   put a bot on the ladder (NAME: letters, digits, _ . @ + -)
  remove NAME     take it off (its games stay in the file)
  run             play games until --games are played (default: until Ctrl-C)
  show            print the leaderboard

run chooses the games that make the leaderboard more certain: each game is
led by the bot whose rating is least certain (new bots first), against the
bots whose ratings are closest to it; each group plays every seating on one
seed. Ratings are OpenSkill (Weng-Lin, Plackett-Luce); the leaderboard sorts
by mu - 3 sigma. Every finished game is written with the ratings it changed
in one transaction: Ctrl-C, or even killing the process, loses only the
games still running, and run continues where it stopped. Games that failed
because of the arena (not the bot) are written but not rated.`,
		Example: `  arena ladder ants --db ants.db add v6 ./bot-v6
  arena ladder ants --db ants.db add boss builtin:boss4
  arena ladder ants --db ants.db run --games 200
  arena ladder ants --db ants.db show`,
		Args: cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if db == "" {
				return fmt.Errorf("give the ladder file with --db FILE")
			}
			g, err := game.Lookup(args[0])
			if err != nil {
				return err
			}
			if r.Games < 0 { // --cores: checkCommonFlags
				return fmt.Errorf("--games must be positive (0: no limit)")
			}
			store, err := ladder.Open(db, g.Info().Name)
			if err != nil {
				return err
			}
			defer store.Close()
			out := cmd.OutOrStdout()
			action, rest := args[1], args[2:]
			switch action {
			case "add":
				if len(rest) != 2 {
					return fmt.Errorf("usage: arena ladder GAME --db FILE add NAME SPEC")
				}
				if !ladderName.MatchString(rest[0]) {
					return fmt.Errorf("bot name %q: use letters, digits, _ . @ + -", rest[0])
				}
				if _, err := bot.ParseSpec(rest[1]); err != nil {
					return err
				}
				if err := store.Add(rest[0], rest[1]); err != nil {
					return err
				}
				fmt.Fprintf(out, "%s added\n", rest[0])
			case "remove":
				if len(rest) != 1 {
					return fmt.Errorf("usage: arena ladder GAME --db FILE remove NAME")
				}
				if err := store.Remove(rest[0]); err != nil {
					return err
				}
				fmt.Fprintf(out, "%s removed\n", rest[0])
			case "run":
				if len(rest) != 0 {
					return fmt.Errorf("run takes no arguments (see --games)")
				}
				r.Store, r.TimeScale = store, scale.factor()
				if r.Sandbox, err = sbf.limits(); err != nil {
					return err
				}
				if !quietly {
					r.OnGame = func(o ladder.Outcome) { fmt.Fprintln(out, ladderGameLine(o)) }
				}
				ctx, stop := interruptible()
				defer stop()
				n, err := r.Run(ctx)
				fmt.Fprintf(out, "%d games written to %s\n", n, db)
				if err != nil {
					return err
				}
				if ctx.Err() != nil {
					return exitError{130, errors.New("interrupted")}
				}
			case "show":
				if len(rest) != 0 {
					return fmt.Errorf("show takes no arguments")
				}
				bots, err := store.Bots()
				if err != nil {
					return err
				}
				if asJSON {
					return printLadderJSON(out, bots)
				}
				printLadder(out, bots)
			default:
				return fmt.Errorf("unknown action %q (add, remove, run or show)", action)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&db, "db", "", "the ladder's SQLite file (created when missing)")
	fl.IntVar(&r.Games, "games", 0, "run: games to play (default: until Ctrl-C)")
	fl.IntVar(&r.Size, "size", 2, "run: bots per game")
	fl.IntVar(&r.Cores, "cores", 0, "run: CPU cores the games may use at once (default: all)")
	fl.IntVar(&r.League, "league", 0, "run: league")
	fl.StringArrayVar(&r.Options, "opt", nil, "run: game option key=value (repeatable)")
	fl.BoolVar(&asJSON, "json", false, "show: print the leaderboard as JSON")
	fl.BoolVar(&quietly, "quiet", false, "run: no line per game")
	sbf.add(fl)
	scale.add(fl)
	fl.Lookup("time-scale").Usage = fmt.Sprintf("run: multiply every time limit of the games by F (0 < F <= %d), first turns included, where a bot's start-up (interpreter, JVM) counts: for slow or busy machines and debugging", game.MaxTimeScale)
	rootCmd.AddCommand(cmd)
}

func ladderGameLine(o ladder.Outcome) string {
	if o.Err != nil {
		return fmt.Sprintf("seed %d: %v: not rated (%v)", o.Seed, o.Bots, o.Err)
	}
	line := fmt.Sprintf("seed %d:", o.Seed)
	for i, b := range o.Bots {
		line += fmt.Sprintf(" %s #%d", b, o.Ranks[i])
		if i < len(o.Bots)-1 {
			line += ","
		}
	}
	return line
}

func printLadder(w io.Writer, bots []ladder.Bot) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tBOT\tRATING\tMU\tSIGMA\tGAMES\tWIN RATE\tTIMEOUTS\tCRASHES")
	for i, b := range bots {
		fmt.Fprintf(tw, "%d\t%s\t%.2f\t%.2f\t%.2f\t%d\t%.1f %%\t%d\t%d\n", i+1, b.Name, b.Rating.Ordinal(), b.Rating.Mu, b.Rating.Sigma,
			b.Games, 100*b.WinRate(), b.Timeouts, b.Crashes)
	}
	tw.Flush()
}

func printLadderJSON(w io.Writer, bots []ladder.Bot) error {
	type line struct {
		Rank     int     `json:"rank"`
		Name     string  `json:"name"`
		Spec     string  `json:"spec"`
		Rating   float64 `json:"rating"`
		Mu       float64 `json:"mu"`
		Sigma    float64 `json:"sigma"`
		Games    int     `json:"games"`
		Wins     int     `json:"wins"`
		Draws    int     `json:"draws"`
		Losses   int     `json:"losses"`
		WinRate  float64 `json:"winRate"`
		Timeouts int     `json:"timeouts"`
		Crashes  int     `json:"crashes"`
	}
	lines := []line{}
	for i, b := range bots {
		lines = append(lines, line{i + 1, b.Name, b.Spec, b.Rating.Ordinal(), b.Rating.Mu, b.Rating.Sigma, b.Games, b.Wins, b.Draws, b.Losses, b.WinRate(), b.Timeouts, b.Crashes})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(lines)
}
