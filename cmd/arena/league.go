package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/tournament"
)

func init() {
	var (
		bot    string
		league int
		seed   int64
		opts   []string
		climb  bool
	)
	cmd := &cobra.Command{
		Use:   "league GAME --bot SPEC [--league N] [--climb]",
		Short: "Play a league's promotion test against its boss (win 3 of 5 to go up)",
		Long: fmt.Sprintf(`Play the promotion test of a league: %d games against the league's boss on
fresh seeds, seats alternating (objective leagues keep the candidate in seat
0). The bot is promoted with %d wins; a draw is not a win. With --climb, it
starts at --league (default: the first league) and goes on up while it is
promoted.`, tournament.PromotionGames, tournament.PromotionWins),
		Example: `  arena league ants --bot "python3 mybot.py" --league 2
  arena league tracks --bot ./mybot --climb`,
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
			if league == 0 && climb {
				league = info.Leagues[0].Number
			}
			if !cmd.Flags().Changed("seed") {
				seed = match.RandomSeed()
			}
			ctx, stop := interruptible()
			defer stop()
			out := cmd.OutOrStdout()
			for {
				test, err := tournament.Promote(ctx, info.Name, bot, league, seed, opts, func(pg tournament.PromotionGame) {
					res := pg.Replay.Result.Players
					fmt.Fprintf(out, "  game seed %d, seat %d: %-4s %g to %g\n", pg.Seed, pg.Seat, pg.Outcome,
						res[pg.Seat].Score, res[1-pg.Seat].Score)
				})
				if err != nil {
					return err
				}
				l := test.League
				verdict := "not promoted"
				if test.Promoted {
					verdict = "promoted"
				}
				fmt.Fprintf(out, "league %d (%s) against builtin:%s: %d of %d games won: %s\n\n",
					l.Number, l.Name, l.Boss, test.Wins, len(test.Games), verdict)
				next := league + 1
				if !climb || !test.Promoted {
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
	rootCmd.AddCommand(cmd)
}
