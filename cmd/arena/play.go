package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/lang/compile"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

type playFlags struct {
	profile profileFlag
	bots    []string
	seed    int64
	league  int
	opts    []string
	replay  string
	json    bool
	verbose bool
	sandbox sandboxFlags
	scale   timeScale
}

func init() {
	var f playFlags
	cmd := &cobra.Command{
		Use:   "play GAME --bot SPEC --bot SPEC ...",
		Short: "Play one match between bots and print its result",
		Long: `Play one match between bots and print the result table and the seed.

A bot SPEC is one of:
  builtin:NAME        a bot shipped with the game (see: arena games GAME)
  "python3 bot.py"    a command; it reads its input on stdin, answers on stdout
  mybot.kt            a source file in a language of arena languages, written as
                      for CodinGame: built alone first (in the sandbox with
                      --sandbox), then run
  stdio:CMD           a command over stdin/stdout, where the game's default differs
  http:CMD            a command that serves HTTP (territory, as in 2020): Arena
                      starts it with PORT in its environment and calls it there
  http://HOST:PORT    a bot already listening (games played over HTTP)
  NAME=SPEC           any of the above, shown as NAME

--replay FILE is checked before the match starts (its directory must exist;
a directory is refused). A regular file is written whole or not at all;
a symbolic link is written through; a device or FIFO is written directly.

The exit status is 0 whenever the match ran to its end, whatever the bots
did; 1 when the match ran but its replay could not be written (the result is
printed all the same); 2 when Arena could not play (unknown game, bad
option, wrong number of bots, unusable --replay path).`,
		Example: `  arena play ants --bot builtin:random --bot "python3 mybot.py" --seed 7 --replay m.json
  arena play ants --bot Solution.java --bot builtin:boss1
  arena play ants --bot me=./mybot --bot builtin:boss2 --league 2 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return f.profile.run(func() error { return runPlay(cmd, args[0], f) })
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&f.bots, "bot", nil, "a bot (repeat once per player)")
	fl.Int64Var(&f.seed, "seed", 0, "match seed (default: random, printed)")
	fl.IntVar(&f.league, "league", 0, "league (default: the game's full game)")
	fl.StringArrayVar(&f.opts, "opt", nil, "game option key=value (repeatable; see: arena games GAME)")
	fl.StringVar(&f.replay, "replay", "", "write the replay to this file (.json, or .json.gz)")
	fl.BoolVar(&f.json, "json", false, "print the result as one JSON object")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "print every turn's replies as the match goes")
	f.sandbox.add(fl)
	f.scale.add(fl)
	f.profile.add(fl)
	rootCmd.AddCommand(cmd)
}

func runPlay(cmd *cobra.Command, gameName string, f playFlags) error {
	setup := match.Setup{Game: gameName, Bots: f.bots, League: f.league, Options: f.opts, TimeScale: f.scale.factor()}
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
	if f.replay != "" {
		// Found out now, not after the whole match has been played.
		if err := replay.CheckPath(f.replay); err != nil {
			return fmt.Errorf("--replay: %w", err)
		}
	}
	errOut := cmd.ErrOrStderr()
	if f.verbose {
		m.OnTurn = turnPrinter(errOut, m)
	}
	ctx, stop := interruptible()
	defer stop()
	rep, err := match.Run(ctx, m)
	if err != nil {
		// Interrupted: keep what was played (an unfinished replay can be
		// shown, watched, and verified as far as it goes).
		if rep != nil && f.replay != "" && replay.Save(f.replay, rep) == nil {
			fmt.Fprintf(errOut, "the turns played so far are in %s\n", f.replay)
		}
		return err
	}
	// The result is printed whatever happens to the replay file.
	var saveErr error
	path := f.replay
	if path != "" {
		if saveErr = replay.Save(path, rep); saveErr != nil {
			path = ""
		}
	}
	out := cmd.OutOrStdout()
	if f.json {
		err = printJSON(out, rep, path)
	} else {
		printResult(out, rep)
		if path != "" {
			fmt.Fprintf(out, "replay: %s\n", path)
		}
	}
	if saveErr != nil {
		return exitError{code: 1, err: fmt.Errorf("writing the replay: %w", saveErr)}
	}
	return err
}

// turnPrinter returns the OnTurn hook of -v: each turn on one line, then
// under it each bot's error (once, on the turn its bot is gone) and stderr.
func turnPrinter(w io.Writer, m match.Match) func(replay.Turn) {
	told := map[int]bool{}
	return func(t replay.Turn) {
		printTurn(w, m, t, told)
		if t.Restart {
			clear(told) // fresh bots
		}
	}
}

func printTurn(w io.Writer, m match.Match, t replay.Turn, told map[int]bool) {
	var parts []string
	for i, r := range t.Replies {
		s := fmt.Sprintf("%s: %s", m.Players[i].Name, r.Status)
		if len(r.Lines) > 0 {
			s += " " + clip(r.Lines[0].Text, 60)
		}
		if r.Time > 0 {
			s += fmt.Sprintf(" (%.1f ms)", float64(r.Time.Microseconds())/1000)
		}
		if r.Starved {
			s += fmt.Sprintf(" starved: %s of CPU in %s", replay.Millis(r.CPU), replay.Millis(r.Time+r.Extra+r.Wake))
		}
		parts = append(parts, s)
	}
	fmt.Fprintf(w, "turn %d: %s\n", t.Turn, strings.Join(parts, " | "))
	// Under the turn's line, each bot's error and stderr, indented under
	// the bot's name.
	for i, r := range t.Replies {
		if r.Error != "" && !told[i] {
			told[i] = true
			head := m.Players[i].Name + " " + string(r.Status) + ":"
			if how, _, multi := strings.Cut(r.Error, "\n"); multi && r.Stderr != "" {
				// The stderr below holds the lines of the message.
				fmt.Fprintf(w, "  %s %s\n", head, strings.TrimSuffix(how, ":"))
			} else {
				printBlock(w, head, r.Error, crashShown, true)
			}
		}
		if r.Stderr != "" {
			printBlock(w, m.Players[i].Name+" stderr:", r.Stderr, stderrShown, false)
		}
	}
}

// Lines of a bot's error and of its stderr shown per turn by -v (the
// replay keeps the whole).
const (
	crashShown  = 12
	stderrShown = 10
)

// printBlock prints a heading indented by two spaces, then the last n
// lines of text indented by four (or, inline, a one-line text after the
// heading).
func printBlock(w io.Writer, heading, text string, n int, inline bool) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) == 1 && inline {
		fmt.Fprintf(w, "  %s %s\n", heading, clip(lines[0], 200))
		return
	}
	fmt.Fprintf(w, "  %s\n", heading)
	if len(lines) > n {
		fmt.Fprintf(w, "    (%d earlier lines)\n", len(lines)-n)
		lines = lines[len(lines)-n:]
	}
	for _, l := range lines {
		fmt.Fprintf(w, "    %s\n", clip(strings.TrimRight(l, "\r"), 200))
	}
}

// oneLine joins a multi-line message (a crash's stderr lines) for a table
// cell.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " / ")), " ")
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func printResult(w io.Writer, rep *replay.Replay) {
	res := rep.Result
	league := ""
	if rep.League != 0 {
		league = fmt.Sprintf(", league %d", rep.League)
	}
	fmt.Fprintf(w, "%s, seed %d%s%s: %d turns\n", rep.Game, rep.Seed, league, scaleNote(rep.TimeScale), res.Turns)
	if res.Summary != "" {
		fmt.Fprintln(w, res.Summary)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tBOT\tSCORE\tSTATUS\tAVG MS\tMAX MS\tMESSAGE")
	for _, i := range rankOrder(len(res.Players), func(i int) int { return res.Players[i].Rank }) {
		p := res.Players[i]
		fmt.Fprintf(tw, "%d\t%s\t%g\t%s\t%.1f\t%.1f\t%s\n", p.Rank, p.Name, p.Score, p.Status, p.AvgMs, p.MaxMs, clip(oneLine(p.Message), 160))
	}
	tw.Flush()
	printStarved(w, rep)
}

// printStarved says, under the result, for each bot the machine starved,
// what it gave the bot on the first such turn, whole (the table clips
// messages), and on how many turns: the result is the machine's, not the
// bots' (a tournament would play the match again).
func printStarved(w io.Writer, rep *replay.Replay) {
	for seat, p := range rep.Players {
		first, n := replay.Starved{}, 0
		for _, t := range rep.Turns {
			if seat < len(t.Replies) && t.Replies[seat].Starved {
				if n == 0 {
					first = replay.Starved{Turn: t.Turn, Seat: seat, Reply: t.Replies[seat]}
				}
				n++
			}
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "%s %s\n", p.Name, replay.StarvedMessage(first))
		if n > 1 {
			fmt.Fprintf(w, "%s was starved on %d turns in all\n", p.Name, n)
		}
	}
}

// rankOrder returns the seats 0..n-1 ordered by rank, best first, seat
// order among equals.
func rankOrder(n int, rank func(seat int) int) []int {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return rank(idx[a]) < rank(idx[b]) })
	return idx
}

// jsonResult is the --json output: stable keys for scripts.
type jsonResult struct {
	Game   string `json:"game"`
	Seed   int64  `json:"seed"`
	League int    `json:"league,omitempty"`
	// TimeScale is --time-scale, absent when 1.
	TimeScale float64      `json:"timeScale,omitempty"`
	Turns     int          `json:"turns"`
	Summary   string       `json:"summary,omitempty"`
	Replay    string       `json:"replay,omitempty"`
	Players   []jsonPlayer `json:"players"`
}

type jsonPlayer struct {
	Bot      string         `json:"bot"`
	Spec     string         `json:"spec"`
	Rank     int            `json:"rank"`
	Score    float64        `json:"score"`
	Status   string         `json:"status"`
	Message  string         `json:"message"`
	AvgMs    float64        `json:"avgMs"`
	MaxMs    float64        `json:"maxMs"`
	CPUMs    float64        `json:"cpuMs"`
	Timeouts int            `json:"timeouts"`
	Stats    map[string]any `json:"stats,omitempty"`
}

func printJSON(w io.Writer, rep *replay.Replay, path string) error {
	res := rep.Result
	out := jsonResult{Game: rep.Game, Seed: rep.Seed, League: rep.League, TimeScale: rep.TimeScale, Turns: res.Turns, Summary: res.Summary, Replay: path}
	for i, p := range res.Players {
		out.Players = append(out.Players, jsonPlayer{Bot: p.Name, Spec: rep.Players[i].Spec, Rank: p.Rank, Score: p.Score,
			Status: string(p.Status), Message: p.Message, AvgMs: p.AvgMs, MaxMs: p.MaxMs, CPUMs: p.CPUMs,
			Timeouts: p.Timeouts, Stats: p.Stats})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
