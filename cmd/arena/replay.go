package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/web"
)

func init() {
	rc := &cobra.Command{Use: "replay", Short: "Show, verify or export recorded matches"}
	rc.AddCommand(&cobra.Command{
		Use:   "show FILE",
		Short: "Summarise a replay: game, seed, players, result",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := replay.Load(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%s (version %s), recorded %s\n", rep.Game, rep.GameVersion, rep.Started.Format("2006-01-02 15:04:05 MST"))
			for _, k := range slices.Sorted(maps.Keys(rep.Options)) {
				fmt.Fprintf(out, "option %s=%s\n", k, rep.Options[k])
			}
			for _, k := range slices.Sorted(maps.Keys(rep.Files)) {
				fmt.Fprintf(out, "file %s: %d bytes, recorded in the replay\n", k, len(rep.Files[k]))
			}
			if rep.TimeScale != 0 {
				fmt.Fprintf(out, "time limits: %s (--time-scale %g)\n", rep.Clock, rep.TimeScale)
			}
			for i, p := range rep.Players {
				fmt.Fprintf(out, "player %d: %s (%s)\n", i, p.Name, p.Spec)
			}
			if rep.Result == nil {
				fmt.Fprintf(out, "unfinished: %d turns recorded\n", len(rep.Turns))
				return nil
			}
			printResult(out, rep)
			return nil
		},
	})
	rc.AddCommand(&cobra.Command{
		Use:   "verify FILE",
		Short: "Re-simulate a replay from its recorded replies; exit 0 only if every frame and the result match",
		Long: `Re-simulate a replay from its recorded replies and check everything that
arena replay show and the viewer display: every frame, the outcome, and the
result (names, ranks, scores, statuses, messages, the summary, timeouts and
the time figures, which must add up from the recorded replies). Anything
edited in the file fails, with a message saying what differs.

A partial replay (a match interrupted before its end) is checked as far as
it goes; the message says it is partial. Files the options named (a map, an
arena) are in the replay, so it verifies from any directory.

Exit status: 0 when everything matches (partial replays included), 1 when
something differs, 2 when the file cannot be read.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := replay.Load(args[0])
			if err != nil {
				return err
			}
			if err := match.Verify(rep); err != nil {
				return exitError{code: 1, err: fmt.Errorf("%s: verification failed: %w", args[0], err)}
			}
			out := cmd.OutOrStdout()
			if rep.Result == nil {
				fmt.Fprintf(out, "%s: ok, partial: the match was interrupted; its %d turns re-simulated, every frame identical (no result to check)\n", args[0], len(rep.Turns))
				return nil
			}
			fmt.Fprintf(out, "%s: ok, %d turns re-simulated, every frame and the result identical\n", args[0], len(rep.Turns))
			return nil
		},
	})
	rc.AddCommand(&cobra.Command{
		Use:     "html FILE",
		Short:   "Export a replay as one self-contained HTML page that works offline",
		Example: "  arena replay html m.json > m.html",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := replay.Load(args[0])
			if err != nil {
				return err
			}
			return web.ExportHTML(cmd.OutOrStdout(), rep)
		},
	})
	rc.AddCommand(replayDownloadCommand()) // a team's game, from the server: team_games.go
	rootCmd.AddCommand(rc)
}
