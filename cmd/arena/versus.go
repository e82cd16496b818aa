package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
	"github.com/seed27749672/arena/tournament/sprt"
)

func init() {
	var (
		v       tournament.Versus
		bots    []string
		games   int
		test    string
		dir     string
		asJSON  bool
		quietly bool
		sbf     sandboxFlags
		scale   timeScale
	)
	cmd := &cobra.Command{
		Use:   "versus GAME --bot A --bot B [--games N] [--sprt elo0=0,elo1=20]",
		Short: "Is bot A stronger than bot B? Paired games, Elo with its interval, SPRT",
		Long: `Play bot A against bot B in pairs of games: each pair on one seed, A in
seat 0 then in seat 1, so that the luck of the map and of the seat cancels
out. After each pair it prints A's wins, draws and losses, its score, the
Elo difference (logistic Elo, from the pairs) with its 95 % confidence
interval, and the likelihood of superiority (LOS, from the decisive games).

With --sprt elo0=E0,elo1=E1[,alpha=A][,beta=B] it runs the sequential
probability ratio test that chess engine testers use (the GSPRT of
fastchess and fishtest, error rates alpha and beta 0.05 by default): it
stops as soon as the log-likelihood ratio leaves its bounds, and says
which hypothesis it accepted: H1, A is at least E1 Elo stronger, or H0, it
is at most E0. Without --sprt it plays --games games (default 100); with it,
at most --games (default 20000).

Pairs run side by side as the cores allow, and are counted in order, so
the same seeds give the same answer. Ctrl-C prints the tally of the pairs
finished (exit status 130).`,
		Example: `  arena versus ants --bot new=./v7 --bot old=./v6 --games 200
  arena versus tracks --bot new=./v7 --bot old=./v6 --sprt elo0=0,elo1=20 --replays runs/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(bots) != 2 {
				return fmt.Errorf("versus needs exactly two --bot (A, then B), got %d", len(bots))
			}
			sb, err := sbf.limits()
			if err != nil {
				return err
			}
			v.Sandbox, v.TimeScale = sb, scale.factor()
			if test != "" {
				t, err := sprt.Parse(test)
				if err != nil {
					return err
				}
				v.Test = &t
				if !cmd.Flags().Changed("games") {
					games = 20000
				}
			}
			if games < 2 {
				return fmt.Errorf("--games must be at least 2 (one pair), not %d", games)
			}
			v.Game, v.Bots, v.Pairs = args[0], [2]string{bots[0], bots[1]}, (games+1)/2
			if !cmd.Flags().Changed("seed") {
				v.Seed = match.RandomSeed()
			}
			names := [2]string{}
			for i, b := range bots {
				sp, err := bot.ParseSpec(b)
				if err != nil {
					return err
				}
				names[i] = sp.Name
			}
			if names[0] == names[1] {
				names[0], names[1] = names[0]+"#1", names[1]+"#2"
			}
			if dir != "" {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return err
				}
			}
			var saveErr error
			v.OnMatch = func(p tournament.Played) {
				printVoided(cmd.ErrOrStderr(), p.Voided)
				if dir == "" {
					return
				}
				path := filepath.Join(dir, fmt.Sprintf("%s-%03d-%d.json.gz", v.Game, p.Index/2+1, p.Index%2+1))
				if err := replay.Save(path, p.Replays[0]); err != nil && saveErr == nil {
					saveErr = err
				}
			}
			out := cmd.OutOrStdout()
			if !asJSON && !quietly {
				fmt.Fprintf(out, "%s: %s against %s, pairs of games from seed %d\n", v.Game, names[0], names[1], v.Seed)
				v.OnPair = func(t *tournament.Tally) { fmt.Fprintln(out, pairLine(t, v.Test != nil)) }
			}
			ctx, stop := interruptible()
			defer stop()
			tally, err := v.Play(ctx)
			interrupted := err != nil && ctx.Err() != nil
			if err != nil && !interrupted {
				return err
			}
			if interrupted {
				fmt.Fprintf(cmd.ErrOrStderr(), "interrupted after %d pairs\n", tally.Pairs)
			}
			if asJSON {
				if err := printVersusJSON(out, v, names, tally); err != nil {
					return err
				}
			} else {
				printVersus(out, v, names, tally)
			}
			if dir != "" {
				fmt.Fprintf(out, "replays in %s\n", dir)
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
	fl.StringArrayVar(&bots, "bot", nil, "bot A, then bot B")
	fl.IntVar(&games, "games", 100, "games to play (rounded up to pairs); with --sprt, the most to play (default 20000)")
	fl.StringVar(&test, "sprt", "", "run a GSPRT: elo0=E0,elo1=E1[,alpha=0.05][,beta=0.05]")
	fl.Int64Var(&v.Seed, "seed", 0, "seed of the first pair (the others follow); default random")
	fl.IntVar(&v.League, "league", 0, "league")
	fl.StringArrayVar(&v.Options, "opt", nil, "game option key=value (repeatable)")
	fl.IntVar(&v.Cores, "cores", 0, "CPU cores the games may use at once (default: all)")
	fl.StringVar(&dir, "replays", "", "save every game's replay in this directory")
	scale.add(fl)
	fl.BoolVar(&asJSON, "json", false, "print the final tally as JSON")
	fl.BoolVar(&quietly, "quiet", false, "print only the final tally")
	sbf.add(fl)
	rootCmd.AddCommand(cmd)
}

// pairLine is the progress line printed after each pair.
func pairLine(t *tournament.Tally, withTest bool) string {
	e := t.Estimate
	line := fmt.Sprintf("pair %d: W/D/L %d/%d/%d, score %.3f, Elo %s, LOS %.1f %%",
		t.Pairs, t.Wins, t.Draws, t.Losses, t.Score(), eloText(e), 100*t.LOS)
	if withTest {
		line += fmt.Sprintf(", LLR %.2f (%.2f, %.2f)", t.LLR, t.Lower, t.Upper)
	}
	return line
}

// eloText prints an estimate as "+14.5 [-3.2, +32.1]".
func eloText(e sprt.Estimate) string {
	f := func(x float64) string {
		if math.IsInf(x, 0) {
			if x > 0 {
				return "+inf"
			}
			return "-inf"
		}
		return fmt.Sprintf("%+.1f", x+0) // +0: no "-0.0"
	}
	return fmt.Sprintf("%s [%s, %s]", f(e.Elo), f(e.Low), f(e.High))
}

func printVersus(w io.Writer, v tournament.Versus, names [2]string, t *tournament.Tally) {
	fmt.Fprintf(w, "\n%s against %s in %s: %d games (%d pairs)\n", names[0], names[1], v.Game, 2*t.Pairs, t.Pairs)
	fmt.Fprintf(w, "  W/D/L      %d/%d/%d (score %.3f)\n", t.Wins, t.Draws, t.Losses, t.Score())
	fmt.Fprintf(w, "  pairs      %d lost both, %d lost and drew, %d even, %d won and drew, %d won both\n", t.Penta[0], t.Penta[1], t.Penta[2], t.Penta[3], t.Penta[4])
	fmt.Fprintf(w, "  Elo        %s (95 %% interval)\n", eloText(t.Estimate))
	fmt.Fprintf(w, "  LOS        %.1f %%\n", 100*t.LOS)
	fmt.Fprintf(w, "  timeouts   %s %d, %s %d; crashes %s %d, %s %d\n", names[0], t.Timeouts[0], names[1], t.Timeouts[1], names[0], t.Crashes[0], names[1], t.Crashes[1])
	if v.Test != nil {
		fmt.Fprintf(w, "  SPRT       elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f, bounds (%.2f, %.2f): %s\n",
			v.Test.Elo0, v.Test.Elo1, v.Test.Alpha, v.Test.Beta, t.LLR, t.Lower, t.Upper, verdictText(t.Verdict, names, v.Test))
	}
}

func verdictText(vd sprt.Verdict, names [2]string, t *sprt.Test) string {
	switch vd {
	case sprt.AcceptH1:
		return fmt.Sprintf("H1 accepted: %s is at least %g Elo stronger than %s", names[0], t.Elo1, names[1])
	case sprt.AcceptH0:
		return fmt.Sprintf("H0 accepted: %s is at most %g Elo stronger than %s", names[0], t.Elo0, names[1])
	}
	return "undecided (more games needed)"
}

type versusJSON struct {
	Game     string    `json:"game"`
	Bots     [2]string `json:"bots"`
	Seed     int64     `json:"seed"`
	Pairs    int       `json:"pairs"`
	Wins     int       `json:"wins"`
	Draws    int       `json:"draws"`
	Losses   int       `json:"losses"`
	Penta    [5]int    `json:"pentanomial"`
	Score    float64   `json:"score"`
	Elo      *float64  `json:"elo"` // null when infinite (every game won or lost)
	EloLow   *float64  `json:"eloLow"`
	EloHigh  *float64  `json:"eloHigh"`
	LOS      float64   `json:"los"`
	Timeouts [2]int    `json:"timeouts"`
	Crashes  [2]int    `json:"crashes"`
	SPRT     *sprtJSON `json:"sprt,omitempty"`
}

type sprtJSON struct {
	Elo0    float64 `json:"elo0"`
	Elo1    float64 `json:"elo1"`
	Alpha   float64 `json:"alpha"`
	Beta    float64 `json:"beta"`
	LLR     float64 `json:"llr"`
	Lower   float64 `json:"lower"`
	Upper   float64 `json:"upper"`
	Verdict string  `json:"verdict"` // "H0", "H1" or "undecided"
}

func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

func printVersusJSON(w io.Writer, v tournament.Versus, names [2]string, t *tournament.Tally) error {
	out := versusJSON{Game: v.Game, Bots: names, Seed: v.Seed, Pairs: t.Pairs, Wins: t.Wins, Draws: t.Draws, Losses: t.Losses,
		Penta: t.Penta, Score: t.Score(), Elo: finite(t.Estimate.Elo), EloLow: finite(t.Estimate.Low), EloHigh: finite(t.Estimate.High),
		LOS: t.LOS, Timeouts: t.Timeouts, Crashes: t.Crashes}
	if v.Test != nil {
		verdict := map[sprt.Verdict]string{sprt.AcceptH0: "H0", sprt.AcceptH1: "H1", sprt.Continue: "undecided"}[t.Verdict]
		out.SPRT = &sprtJSON{Elo0: v.Test.Elo0, Elo1: v.Test.Elo1, Alpha: v.Test.Alpha, Beta: v.Test.Beta,
			LLR: t.LLR, Lower: t.Lower, Upper: t.Upper, Verdict: verdict}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
