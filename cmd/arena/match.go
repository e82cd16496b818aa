package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/lang/compile"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

type matchFlags struct {
	bots      []string
	seed      int64
	opts      []string
	spawns    string
	replayDir string
	json      bool
	verbose   bool
	sandbox   sandboxFlags
	scale     timeScale
}

func init() {
	var f matchFlags
	cmd := &cobra.Command{
		Use:   "match GAME --bot SPEC --bot SPEC",
		Short: "Play a game's standard match (a series of games) and print the match table",
		Long: `Play the match format of a game whose event played several games per match,
and print every game's result and the match table.

catmouse: a match is three games on the same map, each of two legs with the
roles swapped: game 1 on spawn set 0, game 2 on the team set chosen by the
votes, game 3 on the secret set 9. The spawn file (--spawns) holds the sets
and the votes; without it, the default map's own sets are used. The first
bot plays the cats first in games 1 and 3, the second in game 2.

Bot SPECs are as for arena play. The exit status is 0 whenever the match
ran to its end, whatever the bots did.`,
		Example: `  arena match catmouse --bot builtin:pursuit --bot "python3 mybot.py"
  arena match catmouse --bot a=./alpha --bot b=./beta --spawns spawns.txt --replays replays/
  arena match catmouse --bot builtin:evasive --bot builtin:pursuit --opt map=gen --seed 7 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMatch(cmd, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&f.bots, "bot", nil, "a bot (repeat once per player)")
	fl.Int64Var(&f.seed, "seed", 0, "match seed (default: random, printed)")
	fl.StringArrayVar(&f.opts, "opt", nil, "game option key=value (repeatable; see: arena games GAME)")
	fl.StringVar(&f.spawns, "spawns", "", "catmouse: the organiser's spawn file (sets 0, 1-8 and 9, and the votes); same as --opt spawns=FILE")
	fl.StringVar(&f.replayDir, "replays", "", "write each game's replay to this directory (game-1.json, ...), created if missing")
	// The flag's former name, kept for scripts.
	fl.StringVar(&f.replayDir, "replay-dir", "", "")
	fl.MarkDeprecated("replay-dir", "use --replays")
	fl.MarkHidden("replay-dir")
	fl.BoolVar(&f.json, "json", false, "print the result as one JSON object")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "print every turn's replies as the games go")
	f.sandbox.add(fl)
	f.scale.add(fl)
	rootCmd.AddCommand(cmd)
}

func runMatch(cmd *cobra.Command, gameName string, f matchFlags) error {
	opts := f.opts
	if f.spawns != "" {
		g, err := game.Lookup(gameName)
		if err != nil {
			return err
		}
		if !hasOption(g.Info(), "spawns") {
			return fmt.Errorf("--spawns is for games played on spawn sets (catmouse); %s has none", gameName)
		}
		opts = append(opts, "spawns="+f.spawns)
	}
	setup := match.Setup{Game: gameName, Bots: f.bots, Options: opts, TimeScale: f.scale.factor()}
	sb, err := f.sandbox.limits()
	if err != nil {
		return err
	}
	setup.Sandbox = sb
	// a bot given as a source file is built first (arena play ants --bot mybot.kt)
	sources := &compile.Builds{Sandbox: sb}
	defer sources.Close()
	setup.Sources = sources
	if cmd.Flags().Changed("seed") {
		setup.Seed = &f.seed
	}
	m, err := setup.Build()
	if err != nil {
		return err
	}
	if f.replayDir != "" {
		if err := os.MkdirAll(f.replayDir, 0o755); err != nil {
			return err
		}
	}
	out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if f.verbose {
		m.OnTurn = turnPrinter(errOut, m)
	}
	ctx, stop := interruptible()
	defer stop()
	var paths []string
	var saveErr error
	run, err := tournament.PlaySeries(ctx, m, func(i int, rep *replay.Replay) {
		path := ""
		if f.replayDir != "" {
			path = filepath.Join(f.replayDir, fmt.Sprintf("game-%d.json", i+1))
			if err := replay.Save(path, rep); err != nil && saveErr == nil {
				saveErr = fmt.Errorf("writing the replay of game %d: %w", i+1, err)
			}
		}
		paths = append(paths, path)
		if !f.json {
			fmt.Fprintf(out, "game %d: %s\n", i+1, rep.Result.Summary)
		}
	})
	if err != nil {
		return err
	}
	if saveErr != nil {
		return saveErr
	}
	if f.json {
		return printMatchJSON(out, m, run, paths)
	}
	printMatch(out, m, run, paths)
	return nil
}

func hasOption(info game.Info, name string) bool {
	for _, o := range info.Options {
		if o.Name == name {
			return true
		}
	}
	return false
}

func printMatch(w io.Writer, m match.Match, run *tournament.SeriesRun, paths []string) {
	res := run.Result
	fmt.Fprintf(w, "\n%s match, seed %d%s, %d games\n", m.Game.Info().Name, m.Config.Seed, scaleNote(m.Config.TimeScale), len(run.Games))
	for _, n := range res.Notes {
		fmt.Fprintln(w, n)
	}
	if len(res.Table) > 0 {
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, row := range res.Table {
			fmt.Fprintln(tw, strings.Join(row, "\t"))
		}
		tw.Flush()
	}
	fmt.Fprintf(w, "\n%s\n", res.Summary)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tBOT\tSCORE\tSTATUS\tMESSAGE")
	for _, i := range rankOrder(len(res.Players), func(i int) int { return res.Players[i].Rank }) {
		p := res.Players[i]
		fmt.Fprintf(tw, "%d\t%s\t%g\t%s\t%s\n", p.Rank, m.Players[i].Name, p.Score, p.Status, clip(oneLine(p.Message), 160))
	}
	tw.Flush()
	for i, p := range paths {
		if p != "" {
			fmt.Fprintf(w, "replay of game %d: %s\n", i+1, p)
		}
	}
}

// jsonMatch is the --json output of arena match: stable keys for scripts.
type jsonMatch struct {
	Game    string          `json:"game"`
	Seed    int64           `json:"seed"`
	Summary string          `json:"summary"`
	Notes   []string        `json:"notes,omitempty"`
	Table   [][]any         `json:"table,omitempty"` // cells that are numbers are JSON numbers
	Players []jsonPlayer    `json:"players"`
	Games   []jsonMatchGame `json:"games"`
}

type jsonMatchGame struct {
	Summary string       `json:"summary"`
	Replay  string       `json:"replay,omitempty"`
	Players []jsonPlayer `json:"players"`
}

func printMatchJSON(w io.Writer, m match.Match, run *tournament.SeriesRun, paths []string) error {
	res := run.Result
	out := jsonMatch{Game: m.Game.Info().Name, Seed: m.Config.Seed, Summary: res.Summary, Notes: res.Notes, Table: numbers(res.Table)}
	for i, p := range res.Players {
		// The time figures of the whole match: every game's replies.
		var f replay.Figures
		for _, rep := range run.Games {
			f.Add(rep.Turns, i)
		}
		out.Players = append(out.Players, jsonPlayer{Bot: m.Players[i].Name, Spec: m.Players[i].Spec, Rank: p.Rank,
			Score: p.Score, Status: string(p.Status), Message: p.Message, Stats: p.Stats,
			AvgMs: f.AvgMs(), MaxMs: f.MaxMs(), CPUMs: f.CPUMs(), Timeouts: f.Timeouts})
	}
	for g, rep := range run.Games {
		jg := jsonMatchGame{Summary: rep.Result.Summary, Replay: paths[g]}
		for i, p := range rep.Result.Players {
			jg.Players = append(jg.Players, jsonPlayer{Bot: p.Name, Spec: rep.Players[i].Spec, Rank: p.Rank, Score: p.Score,
				Status: string(p.Status), Message: p.Message, AvgMs: p.AvgMs, MaxMs: p.MaxMs, CPUMs: p.CPUMs,
				Timeouts: p.Timeouts, Stats: p.Stats})
		}
		out.Games = append(out.Games, jg)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// numbers turns a table of strings for humans into JSON cells: a cell that
// reads as a number is a number.
func numbers(table [][]string) [][]any {
	var out [][]any
	for _, row := range table {
		cells := make([]any, len(row))
		for i, c := range row {
			cells[i] = c
			if n, err := strconv.ParseFloat(c, 64); err == nil && !math.IsInf(n, 0) && !math.IsNaN(n) {
				cells[i] = n
			}
		}
		out = append(out, cells)
	}
	return out
}
