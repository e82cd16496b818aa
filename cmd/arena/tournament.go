package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// tournamentFlags are the flags of arena tournament.
type tournamentFlags struct {
	profile     profileFlag
	format      string
	bots        []string
	size        int
	rounds      int
	bestOf      int
	advance     int
	finalBestOf int
	final       bool
	multipliers []float64
	seed        int64
	league      int
	opts        []string
	cores       int
	dir         string
	asJSON      bool
	noBar       bool
	sandbox     sandboxFlags
	scale       timeScale
	roundsSet   bool
	out         string
	resume      string
	known       tournament.Known
	onStart     func(tournament.Job)
}

// playableFormat is a format ready to play.
type playableFormat interface {
	Play(ctx context.Context) (*tournament.Outcome, error)
}

var formats = []string{"round-robin", "swiss", "elimination", "double-elimination", "groups", "rounds"}

func init() {
	var f tournamentFlags
	cmd := &cobra.Command{
		Use:   "tournament GAME --bot SPEC --bot SPEC ... [--format F]",
		Short: "Play a tournament between bots: round robin, Swiss, (double) elimination, Blitz groups, ladder rounds",
		Long: `Play a tournament between bots and print the standings. Matches run side by
side as the CPU cores allow: each process bot is given a core of its own,
so that a busy machine never makes a bot late. The bots' order is their
seeding (the first is the top seed).

Formats (--format):
  round-robin   every group of --size bots (default: the game's smallest
                match, at least 2) plays, each bot once in every seat of the
                group on one seed, --rounds times. The table ranks by points:
                1 for first place in a match, 0 for last, in between
                linearly (a shared rank shares its places' points).
                A game whose match is a series (catmouse: three games) plays
                one match per pair, ranked as Cod'INSA 2025 did: 3 points a
                match won, 1 a draw, then game wins, turn difference, and
                the match between two bots still tied.
  swiss         --rounds rounds (default: log2 of the bots) of 2-bot
                pairings by points, no pair twice while avoidable; each
                pairing plays both seats on one seed; an odd bot out gets a
                bye (2 points, once per bot).
  elimination   knockout: each round deals the bots still in into matches of
                --size (default 2) by seed (1 meets N), the best --advance
                of each go on. When half go on (--size 2, 4, 8... and the
                default --advance), a field that is not a power of 2 first
                plays duels between its lowest seeds down to the power of
                2 below (5 bots: 4 meets 5), the top seeds having a bye
                (other shapes: a match of no more than --advance bots is
                a bye); each match is the
                best of --best-of games (seats turning, each seed played in
                every seating; it stops once a 2-bot match is decided), the
                grand final of 2 the best of --final-best-of. Bots are
                ranked in a match by games won, then points, then seed.
  double-elimination
                2-bot matches; a bot is out after two lost matches: the
                losers of the winners' bracket drop into the losers'
                bracket; the two brackets' champions meet in the grand
                final (--final-best-of), played again if the losers'
                bracket champion wins it.
  groups        Coveo Blitz 2022's ranked rounds: --rounds times, the bots
                are split by their ranking into groups of --size (2 or 4);
                each group plays one game; the winner moves up a group, the
                loser down (top and bottom stay; a bot left alone sits the
                round out and keeps its place). With --final, the ranking
                then seeds the Blitz final: elimination in matches of
                --size (sudden death, the top half on) and a 2-bot grand
                final, best of --final-best-of (default 3).
  rounds        Ready AI Code 2020's ladder: --rounds rounds of games of
                --size bots drawn from a seeded shuffle, every bot playing
                the same number of games a round; place p of n earns
                5(n-p) ladder points times the round's multiplier
                (--multipliers 1,1,2,...); ranked by ladder points, first
                places, then mean final score (territory: territory).

RATING is each bot's OpenSkill rating (Weng-Lin, Plackett-Luce) after the
matches, taken in schedule order: MU its mean, SIGMA its uncertainty, and
RATING = MU - 3 SIGMA, the conservative estimate leaderboards sort by.

With --replays DIR each match's replay is written to DIR as soon as the
match ends, and only the standings stay in memory. Ctrl-C (or SIGTERM)
stops the running matches and prints the standings of the finished ones
and where their replays are; the exit status is then 130.

With --out DIR the tournament keeps everything in DIR: its settings
(event.json), a line per finished match (matches.jsonl), every replay
(arena serve --replays DIR shows them), and at the end, or on Ctrl-C,
standings.json and standings.csv. --resume DIR goes on with an interrupted
tournament: the finished matches are kept, not played again, and the
formats meet the same matches in the same order.`,
		Example: `  arena tournament ants --bot builtin:boss4 --bot builtin:boss3 --bot "python3 bot.py" --rounds 3
  arena tournament territory --bot builtin:greedy --bot builtin:hunter --bot builtin:random --bot ./mine --size 4
  arena tournament ants --format elimination --best-of 3 --bot A --bot B --bot C --bot D --bot E
  arena tournament jungle --format groups --size 4 --rounds 5 --final --bot A --bot B --bot C --bot D ...`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return f.profile.run(func() error { return runTournament(cmd, args[0], f) })
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "round-robin", strings.Join(formats, ", "))
	fl.StringArrayVar(&f.bots, "bot", nil, "a bot (repeat once per bot, best seed first)")
	fl.IntVar(&f.size, "size", 0, "bots per match (round robin: the game's smallest; elimination: 2; groups: 2)")
	fl.IntVar(&f.rounds, "rounds", 1, "round robin: times each seating is played; swiss, groups, rounds: rounds")
	fl.IntVar(&f.bestOf, "best-of", 1, "(double) elimination: games per match")
	fl.IntVar(&f.advance, "advance", 0, "elimination: bots going on from each match (default: half, at least 1)")
	fl.IntVar(&f.finalBestOf, "final-best-of", 0, "elimination: games in the grand final (default: --best-of; groups --final: 3)")
	fl.BoolVar(&f.final, "final", false, "groups: play the Blitz final after the ranked rounds")
	fl.Float64SliceVar(&f.multipliers, "multipliers", nil, "rounds: each round's multiplier, e.g. 1,1,2 (the last goes on)")
	fl.Int64Var(&f.seed, "seed", 0, "seed of the first match (the others follow); default random")
	fl.IntVar(&f.league, "league", 0, "league")
	fl.StringArrayVar(&f.opts, "opt", nil, "game option key=value (repeatable)")
	fl.IntVar(&f.cores, "cores", 0, "CPU cores the matches may use at once (default: all)")
	fl.StringVar(&f.dir, "replays", "", "save every match's replay in this directory")
	fl.StringVar(&f.out, "out", "", "write the replays, a record of the matches, standings.json and standings.csv in this directory")
	fl.StringVar(&f.resume, "resume", "", "go on with the interrupted tournament of this --out directory (its settings are kept)")
	fl.BoolVar(&f.asJSON, "json", false, "print the standings as JSON")
	fl.BoolVar(&f.noBar, "no-progress", false, "no progress display (on a terminal: a line per running match; elsewhere: a line per finished match, on stderr)")
	f.sandbox.add(fl)
	f.scale.add(fl)
	f.profile.add(fl)
	rootCmd.AddCommand(cmd)
}

// check refuses counts that mean nothing (--cores and --league:
// checkCommonFlags, for every command).
func (f tournamentFlags) check(cmd *cobra.Command) error {
	switch {
	case f.rounds < 1:
		return fmt.Errorf("--rounds must be at least 1, not %d", f.rounds)
	case f.bestOf < 1:
		return fmt.Errorf("--best-of must be at least 1, not %d", f.bestOf)
	case f.finalBestOf < 0 || (cmd.Flags().Changed("final-best-of") && f.finalBestOf < 1):
		return fmt.Errorf("--final-best-of must be at least 1, not %d", f.finalBestOf)
	case f.size < 0:
		return fmt.Errorf("--size must be at least 2, not %d", f.size)
	case f.advance < 0:
		return fmt.Errorf("--advance must be at least 1, not %d", f.advance)
	}
	return nil
}

// build makes the event the flags describe.
func (f tournamentFlags) build(game string, onMatch func(tournament.Played)) (playableFormat, error) {
	sb, err := f.sandbox.limits()
	if err != nil {
		return nil, err
	}
	setup := tournament.Setup{Game: game, Bots: f.bots, Seed: f.seed, League: f.league, Options: f.opts, Cores: f.cores, OnMatch: onMatch, Sandbox: sb, TimeScale: f.scale.factor(), Known: f.known, OnStart: f.onStart}
	switch f.format {
	case "round-robin":
		return tournament.RoundRobin{Setup: setup, Size: f.size, Rounds: f.rounds}, nil
	case "swiss":
		rounds := f.rounds
		if !f.roundsSet {
			rounds = 0 // the format's default
		}
		return tournament.Swiss{Setup: setup, Rounds: rounds}, nil
	case "rounds":
		return tournament.PointRounds{Setup: setup, Size: f.size, Rounds: f.rounds, Multipliers: f.multipliers}, nil
	case "elimination":
		return tournament.Elimination{Setup: setup, Size: f.size, Advance: f.advance, BestOf: f.bestOf, FinalBestOf: f.finalBestOf}, nil
	case "double-elimination":
		return tournament.DoubleElimination{Setup: setup, BestOf: f.bestOf, FinalBestOf: f.finalBestOf}, nil
	case "groups":
		g := tournament.Groups{Setup: setup, Size: f.size, Rounds: f.rounds}
		if f.final {
			fb := f.finalBestOf
			if fb == 0 {
				fb = 3
			}
			g.Final = &tournament.Elimination{Size: max(f.size, 2), Advance: f.advance, BestOf: f.bestOf, FinalBestOf: fb}
		}
		return g, nil
	}
	return nil, fmt.Errorf("unknown format %q (%s)", f.format, strings.Join(formats, ", "))
}

func runTournament(cmd *cobra.Command, game string, f tournamentFlags) error {
	if err := f.check(cmd); err != nil {
		return err
	}
	f.roundsSet = cmd.Flags().Changed("rounds")
	if !cmd.Flags().Changed("seed") {
		f.seed = match.RandomSeed()
	}
	jr, err := f.prepareOut(game)
	if err != nil {
		return err
	}
	if jr != nil {
		defer jr.close()
		f.known = jr.lookup
	}
	if f.dir != "" {
		if err := os.MkdirAll(f.dir, 0o755); err != nil {
			return err
		}
	}
	errOut := cmd.ErrOrStderr()
	total := int64(0) // known in advance for a round robin only
	if ev, err := f.build(game, nil); err == nil {
		if rr, ok := ev.(tournament.RoundRobin); ok {
			if sched, err := rr.Schedule(); err == nil {
				total = int64(len(sched))
			}
		}
	}
	names, err := tournament.BotNames(f.bots)
	if err != nil {
		return err
	}
	var disp *display
	if !f.noBar {
		disp = newDisplay(errOut, game, names, total, isTerminal(errOut))
		f.onStart = disp.start
	}
	var saveErr error
	ev, err := f.build(game, func(p tournament.Played) {
		if disp != nil {
			disp.finish(p)
		}
		printVoided(errOut, p.Voided)
		if p.Replays == nil {
			return // resumed: its replays are already saved
		}
		if jr != nil && p.Replays != nil {
			if err := jr.add(p); err != nil && saveErr == nil {
				saveErr = err
			}
		}
		if f.dir == "" {
			return
		}
		for g, rep := range p.Replays {
			name := fmt.Sprintf("%s-%04d.json.gz", game, p.Index+1)
			if len(p.Replays) > 1 {
				name = fmt.Sprintf("%s-%04d-game%d.json.gz", game, p.Index+1, g+1)
			}
			if err := replay.Save(filepath.Join(f.dir, name), rep); err != nil && saveErr == nil {
				saveErr = err
			}
		}
	})
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	res, err := ev.Play(ctx)
	if disp != nil {
		disp.close(err == nil)
	}
	interrupted := err != nil && ctx.Err() != nil
	if err != nil && (!interrupted || res == nil) {
		return err
	}
	out := cmd.OutOrStdout()
	if interrupted {
		// Ctrl-C: what finished is still worth showing.
		fmt.Fprintf(errOut, "interrupted: %d of %d matches finished\n", res.Finished, res.Scheduled)
	}
	if f.asJSON {
		if err := printStandingsJSON(out, game, f.seed, res); err != nil {
			return err
		}
	} else {
		printRounds(out, res)
		printStandings(out, game, f.seed, res)
	}
	info := out // with --json, stdout holds the JSON alone
	if f.asJSON {
		info = errOut
	}
	if f.dir != "" {
		fmt.Fprintf(info, "replays of the %d finished matches in %s\n", res.Finished, f.dir)
	}
	if f.out != "" {
		if err := writeStandings(f.out, game, f.seed, res); err != nil {
			return err
		}
		fmt.Fprintf(info, "standings in %s and %s\n", filepath.Join(f.out, "standings.json"), filepath.Join(f.out, "standings.csv"))
		if interrupted {
			fmt.Fprintf(info, "go on with: arena tournament %s --resume %s\n", game, f.out)
		}
	}
	if saveErr != nil {
		return fmt.Errorf("saving replays: %w", saveErr)
	}
	if interrupted {
		return exitError{130, errors.New("interrupted")}
	}
	return nil
}

// prepareOut sets up --out DIR (or --resume DIR, whose settings replace
// the flags'): the event file, the record of matches, the replays there.
func (f *tournamentFlags) prepareOut(game string) (*journal, error) {
	if f.resume != "" {
		if f.out != "" && f.out != f.resume {
			return nil, fmt.Errorf("--resume %s writes into %s; leave out --out", f.resume, f.resume)
		}
		e, err := readEvent(f.resume)
		if err != nil {
			return nil, err
		}
		if e.Game != game {
			return nil, fmt.Errorf("%s holds a %s tournament, not %s", f.resume, e.Game, game)
		}
		f.load(e)
		f.out = f.resume
	} else if f.out != "" {
		if _, err := os.Stat(filepath.Join(f.out, eventName)); err == nil {
			return nil, fmt.Errorf("%s already holds a tournament: go on with --resume %s, or choose another directory", f.out, f.out)
		}
		if err := os.MkdirAll(f.out, 0o755); err != nil {
			return nil, err
		}
		data, _ := json.MarshalIndent(f.event(game), "", "  ")
		if err := writeFile(filepath.Join(f.out, eventName), append(data, '\n')); err != nil {
			return nil, err
		}
	}
	if f.out == "" {
		return nil, nil
	}
	if f.dir == "" {
		f.dir = f.out
	}
	return openJournal(f.out)
}

// standingsJSON is the --json output of a tournament.
type standingsJSON struct {
	Game      string                `json:"game"`
	Format    string                `json:"format"`
	Seed      int64                 `json:"seed"`
	Matches   int                   `json:"matches"`   // finished
	Scheduled int                   `json:"scheduled"` // more than matches when interrupted
	Standings []tournament.Standing `json:"standings"`
	Rounds    []tournament.Round    `json:"rounds,omitempty"`
}

func printStandingsJSON(w io.Writer, game string, seed int64, res *tournament.Outcome) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(standingsJSON{Game: game, Format: res.Format, Seed: seed,
		Matches: res.Finished, Scheduled: res.Scheduled, Standings: res.Standings, Rounds: res.Rounds})
}

// printRounds prints the rounds of a format played in rounds (the bracket
// of an elimination).
func printRounds(w io.Writer, res *tournament.Outcome) {
	for _, r := range res.Rounds {
		fmt.Fprintf(w, "%s\n", r.Name)
		for _, m := range r.Matches {
			fmt.Fprintf(w, "  %s\n", matchLine(m))
		}
	}
	if len(res.Rounds) > 0 {
		fmt.Fprintln(w)
	}
}

func matchLine(m tournament.Match) string {
	if m.Games == 0 {
		return fmt.Sprintf("%s: %s", strings.Join(m.Bots, ", "), m.Note)
	}
	line := strings.Join(m.Ranking, " > ")
	if m.Games > 1 && len(m.Wins) == len(m.Bots) {
		var wins []string
		for i, b := range m.Bots {
			wins = append(wins, fmt.Sprintf("%s %d", b, m.Wins[i]))
		}
		line += fmt.Sprintf("  (%d games; won: %s)", m.Games, strings.Join(wins, ", "))
	}
	if len(m.Advanced) > 0 {
		line += "; " + strings.Join(m.Advanced, ", ")
		if !strings.Contains(m.Advanced[0], " ") {
			line += " on"
		}
	}
	return line
}

func printStandings(w io.Writer, game string, seed int64, res *tournament.Outcome) {
	fmt.Fprintf(w, "%s %s, %d of %d matches, seeds from %d\n", game, strings.ReplaceAll(res.Format, "-", " "), res.Finished, res.Scheduled, seed)
	// Each format shows the figures it ranks by first.
	head, cells := formatColumns(res.Format)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PLACE\tBOT\t"+head+"PLAYED\tWON\tDRAWN\tLOST\tTIMEOUTS\tCRASHES\tDISQUALIFIED\tRATING\tMU\tSIGMA")
	for _, s := range res.Standings {
		fmt.Fprintf(tw, "%d\t%s\t%s%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\n", s.Place, s.Name, cells(s), s.Played, s.Wins, s.Draws, s.Losses,
			s.Timeouts, s.Crashes, s.Disqualified, s.Ordinal, s.Mu, s.Sigma)
	}
	tw.Flush()
}

// formatColumns gives a format's own columns: their header, and their
// cells for a line (each ends with a tab).
func formatColumns(format string) (string, func(tournament.Standing) string) {
	switch format {
	case "series round robin":
		return "MATCH POINTS\tGAME WINS\tTURN DIFF\t", func(s tournament.Standing) string {
			return fmt.Sprintf("%d\t%d\t%d\t", s.MatchPoints, s.GameWins, s.TurnDiff)
		}
	case "rounds":
		return "LADDER POINTS\tFIRSTS\tMEAN SCORE\t", func(s tournament.Standing) string {
			return fmt.Sprintf("%g\t%d\t%.1f\t", s.LadderPoints, s.FirstPlaces, s.MeanScore)
		}
	case "swiss":
		return "POINTS\tBYES\t", func(s tournament.Standing) string { return fmt.Sprintf("%.2f\t%d\t", s.Points, s.Byes) }
	}
	return "POINTS\t", func(s tournament.Standing) string { return fmt.Sprintf("%.2f\t", s.Points) }
}

// isTerminal reports whether w is a terminal (progress bars only go there).
func isTerminal(w io.Writer) bool {
	fl, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := fl.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
