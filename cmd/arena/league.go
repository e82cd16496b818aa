package main

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

func init() {
	var (
		bot    string
		league int
		seed   int64
		opts   []string
		climb  bool
		dir    string
		sbf    sandboxFlags
		scale  timeScale
	)
	cmd := &cobra.Command{
		Use:   "league GAME --bot SPEC [--league N] [--climb]",
		Short: "Play a league's promotion test against its boss (win 3 of 5 to go up)",
		Long: fmt.Sprintf(`Play the promotion test of a league: %d games against the league's boss on
fresh seeds, seats alternating (objective leagues keep the candidate in seat
0). The bot is promoted with %d wins; a draw is not a win. With --climb, it
starts at --league (default: the first league) and goes on up while it is
promoted.

Each game's line gives the bot's outcome and the scores; a game not won
says why: the bot's status and message (timeout, invalid output, crash...),
or, when it played to the end, the objective it missed or the game's
summary. Objective leagues (tracks leagues 1 and 2) are won by reaching
a goal, described at the start of the test and in arena games GAME.

Exit status: 0 when the bot is promoted (with --climb: from every league
it was tested in, up to the top), 1 when it is not promoted, 2 when Arena
could not play (unknown game, bad bot spec, ...).`, tournament.PromotionGames, tournament.PromotionWins),
		Example: `  arena league ants --bot "python3 mybot.py" --league 2
  arena league tracks --bot ./mybot --climb --replays replays/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := game.Lookup(args[0])
			if err != nil {
				return err
			}
			info := g.Info()
			if len(info.Leagues) == 0 {
				return fmt.Errorf("%s has no leagues", info.Name)
			}
			if bot == "" {
				return fmt.Errorf("give the bot to test with --bot SPEC")
			}
			sb, err := sbf.limits()
			if err != nil {
				return err
			}
			if league == 0 && climb {
				league = info.Leagues[0].Number
			}
			if !cmd.Flags().Changed("seed") {
				seed = match.RandomSeed()
			}
			if dir != "" {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					return err
				}
			}
			ctx, stop := interruptible()
			defer stop()
			out := cmd.OutOrStdout()
			var saveErr error
			for {
				l, err := findLeague(info, league)
				if err != nil {
					return err
				}
				if l.Goal != "" {
					fmt.Fprintf(out, "league %d (%s) is an objective league: the bot, in seat 0, wins a game when it manages to %s\n", l.Number, l.Name, l.Goal)
				}
				test, err := tournament.Promote(ctx, info.Name, bot, league, seed, opts, sb, scale.factor(), func(pg tournament.PromotionGame) {
					res := pg.Replay.Result.Players
					line := fmt.Sprintf("  game seed %d, seat %d: %-4s %g to %g", pg.Seed, pg.Seat, pg.Outcome,
						res[pg.Seat].Score, res[1-pg.Seat].Score)
					if why := notWonBecause(pg, l); why != "" {
						line += ": " + why
					}
					if dir != "" {
						path := filepath.Join(dir, fmt.Sprintf("%s-league%d-seed%d.json", info.Name, l.Number, pg.Seed))
						if err := replay.Save(path, pg.Replay); err != nil {
							saveErr = cmp.Or(saveErr, err)
						} else {
							line += "  (" + path + ")"
						}
					}
					fmt.Fprintln(out, line)
				})
				if test != nil {
					printVoided(cmd.ErrOrStderr(), test.Voided)
				}
				if err != nil {
					return err
				}
				if saveErr != nil {
					return fmt.Errorf("writing a replay: %w", saveErr)
				}
				verdict := "not promoted"
				if test.Promoted {
					verdict = "promoted"
				}
				fmt.Fprintf(out, "league %d (%s) against builtin:%s: %d of %d games won: %s\n\n",
					l.Number, l.Name, l.Boss, test.Wins, len(test.Games), verdict)
				if !test.Promoted {
					return exitError{code: 1, err: fmt.Errorf("not promoted from %s league %d (%s)", info.Name, l.Number, l.Name)}
				}
				next := league + 1
				if !climb {
					return nil
				}
				if _, err := info.CheckLeague(next); err != nil {
					fmt.Fprintf(out, "top league reached\n")
					return nil
				}
				league, seed = next, seed+tournament.PromotionGames
			}
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&bot, "bot", "", "the bot to test")
	fl.IntVar(&league, "league", 0, "league (default: the game's default, or the first with --climb)")
	fl.Int64Var(&seed, "seed", 0, "seed of the first game (the others follow); default random")
	fl.StringArrayVar(&opts, "opt", nil, "game option key=value (repeatable)")
	fl.BoolVar(&climb, "climb", false, "go on to the next league while promoted")
	fl.StringVar(&dir, "replays", "", "save every game's replay in this directory (GAME-leagueN-seedS.json), created if missing")
	sbf.add(fl)
	scale.add(fl)
	rootCmd.AddCommand(cmd)
}

// findLeague returns a game's league by number (0: the default league).
func findLeague(info game.Info, n int) (game.League, error) {
	n, err := info.CheckLeague(n)
	if err != nil {
		return game.League{}, err
	}
	for _, l := range info.Leagues {
		if l.Number == n {
			return l, nil
		}
	}
	return game.League{}, fmt.Errorf("%s has no league %d", info.Name, n)
}

// notWonBecause says why a promotion game was not won: the bot's status
// and message when it did not play to the end, else the objective it
// missed, else the game's summary. "" for a win.
func notWonBecause(pg tournament.PromotionGame, l game.League) string {
	if pg.Outcome == "win" {
		return ""
	}
	me := pg.Replay.Result.Players[pg.Seat]
	switch {
	case me.Status != game.OK:
		why := string(me.Status)
		if me.Message != "" {
			why += ": " + clip(oneLine(me.Message), 160)
		}
		return why
	case l.Goal != "":
		return "objective not reached"
	}
	return clip(pg.Replay.Result.Summary, 160)
}
