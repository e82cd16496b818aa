package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/replay"
)

// The team's games from the terminal: test games (arena test), its
// matches, their replays and its bots' logs. A game is named by its id
// as the lists print it: N for a match, test-N for a test game.

func init() {
	logCmd := &cobra.Command{Use: "log", Short: "Print a build's log or your bot's log of a game"}
	logCmd.AddCommand(buildLogCommand(), matchLogCommand())
	rootCmd.AddCommand(testCommand(), testsCommand(), matchesCommand(), statusCommand(), logCmd)
}

// gameID reads a game's id: N (a match) or test-N (a test game).
func gameID(arg string) (id int64, test bool, err error) {
	n, test := strings.CutPrefix(arg, "test-")
	id, err = strconv.ParseInt(n, 10, 64)
	if err != nil || id <= 0 {
		return 0, false, fmt.Errorf("%q is not a game: N for a match (arena matches lists them), test-N for a test game", arg)
	}
	return id, test, nil
}

// pageURL is the address of a game's replay page on the server: it opens
// in a browser where the team is logged in (the page keeps the token).
func pageURL(server, id string) string {
	return strings.TrimSuffix(server, "/") + "/platform/replay/" + id
}

func testCommand() *cobra.Command {
	var req client.TestRequest
	var download string
	var noWait bool
	cmd := teamCommand(&cobra.Command{
		Use:   "test [--vs boss|house|house:NAME|team:NAME|submission:N] [--submission N] [--seed S] [--download FILE]",
		Short: "Play an unrated test game of one of your builds and print its result",
		Long: `Play a test game: one of your builds (--submission N; by default the newest,
even while it builds) against your league's boss (--vs boss, the default
where the game has bosses), a house bot (--vs house, or house:NAME), another
of your builds (--vs submission:N) or, where the organiser allows it,
another team's active bot (--vs team:NAME). A seed (--seed S) replays the
same game; by default it is random. Test games are unrated: no rating,
leaderboard or result counts them. They are played before the rated games;
your team has at most 3 queued or playing, 6 asked a minute.

The command waits for the game (its progress on stderr), then prints the
result and the replay's address (it opens in a browser where your team is
logged in), or with --download FILE saves the replay (your bots' error
output only). --no-wait prints the queued game and returns.`,
		Args: cobra.NoArgs,
	}, true, func(cmd *cobra.Command, c *clientFlags, _ []string) error {
		api := c.client()
		g, raw, err := api.StartTest(cmd.Context(), req)
		if err != nil {
			return err
		}
		if !noWait {
			g, raw, err = waitTest(cmd, api, g)
			if err != nil {
				return err
			}
		}
		if download != "" && g.State == "done" {
			if err := saveReplay(cmd.Context(), api, g.ID, true, download); err != nil {
				return err
			}
		}
		if err := c.answer(cmd, raw, testGameText(g, c.server, download)); err != nil {
			return err
		}
		if g.State == "failed" {
			return exitError{code: 1, err: fmt.Errorf("test game %d failed: %s", g.ID, g.Error)}
		}
		return nil
	})
	cmd.Flags().StringVar(&req.Vs, "vs", "", "the opponent: boss, house, house:NAME, submission:N or team:NAME (default: boss, else house)")
	cmd.Flags().Int64Var(&req.Submission, "submission", 0, "the build that plays (default: your newest)")
	cmd.Flags().StringVar(&req.Seed, "seed", "", "the game's seed (default: random)")
	cmd.Flags().StringVar(&download, "download", "", "save the replay to FILE")
	cmd.Flags().BoolVar(&noWait, "no-wait", false, "print the queued game and return")
	return cmd
}

// slowQueue is how long a test game waits in the queue before waitTest
// says where test games are played.
const slowQueue = time.Minute

// waitTest follows a test game to its end, saying its state on stderr
// each time it changes, and once, when it stays queued long, why it may.
func waitTest(cmd *cobra.Command, api *client.Client, g client.TestGame) (client.TestGame, []byte, error) {
	seen, asked, hinted := "", time.Now(), false
	say := func(g client.TestGame) {
		if g.State != seen {
			seen = g.State
			fmt.Fprintf(cmd.ErrOrStderr(), "test game %d: %s\n", g.ID, g.State)
		}
		if g.State == "queued" && !hinted && time.Since(asked) > slowQueue {
			hinted = true
			fmt.Fprintf(cmd.ErrOrStderr(), "test game %d: still queued after %s: it waits for a free place among the server's matches "+
				"(a server started with --casual-matches 0 and no arena worker plays none); Ctrl-C leaves it queued, arena tests follows it\n", g.ID, slowQueue)
		}
	}
	say(g)
	return api.WaitTest(cmd.Context(), g.ID, say)
}

// testGameText is a test game for humans: its seats, its state or result,
// and where its replay is.
func testGameText(g client.TestGame, server, saved string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "test game %d: submission %d vs %s, seed %s: %s\n", g.ID, g.Submission, g.Opponent, g.Seed, testOutcome(g))
	for k, s := range g.Seats {
		who := s.Team
		if s.Submission != 0 {
			who += fmt.Sprintf(" (submission %d)", s.Submission)
		}
		rank := "-"
		if s.Rank > 0 {
			rank = strconv.Itoa(s.Rank)
		}
		fmt.Fprintf(&b, "  seat %d: %s, rank %s\n", k+1, who, rank)
	}
	switch {
	case saved != "" && g.State == "done":
		fmt.Fprintf(&b, "replay saved to %s\n", saved)
	case g.State == "done":
		fmt.Fprintf(&b, "replay: %s (in a browser where your team is logged in)\n", pageURL(server, fmt.Sprintf("test-%d", g.ID)))
		fmt.Fprintf(&b, "your bot's log: arena log match test-%d\n", g.ID)
	case !g.Over():
		fmt.Fprintf(&b, "follow it: arena tests, or arena log match test-%d once played\n", g.ID)
	}
	return b.String()
}

func testOutcome(g client.TestGame) string {
	switch g.State {
	case "done":
		return g.Result
	case "failed":
		return "failed: " + g.Error
	}
	return g.State
}

// saveReplay writes a game's replay (the team's copy) to path.
func saveReplay(ctx context.Context, api *client.Client, id int64, test bool, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if test {
		err = api.TestReplay(ctx, id, f)
	} else {
		err = api.MatchReplay(ctx, id, f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

// replayDownloadCommand is arena replay download.
func replayDownloadCommand() *cobra.Command {
	var out string
	cmd := teamCommand(&cobra.Command{
		Use:   "download ID [-o FILE] --server URL --token T",
		Short: "Download one of your team's games' replay (N: a match, test-N: a test game)",
		Long: `Download the replay of one of your team's matches (its id in arena matches)
or test games (test-N), with your own bots' error output only, to FILE
(default: replay-ID.json). arena replay show FILE summarises it, arena view
FILE plays it.`,
		Args: cobra.ExactArgs(1),
	}, true, func(cmd *cobra.Command, c *clientFlags, args []string) error {
		id, test, err := gameID(args[0])
		if err != nil {
			return err
		}
		if out == "" {
			out = "replay-" + args[0] + ".json"
		}
		if err := saveReplay(cmd.Context(), c.client(), id, test, out); err != nil {
			return err
		}
		if c.asJSON {
			return writeJSONTo(cmd.OutOrStdout(), map[string]any{"game": args[0], "file": out})
		}
		fmt.Fprintf(cmd.OutOrStdout(), "replay of %s saved to %s\n", args[0], out)
		return nil
	})
	cmd.Flags().StringVarP(&out, "output", "o", "", "the file to write (default: replay-ID.json)")
	return cmd
}

func buildLogCommand() *cobra.Command {
	return teamCommand(&cobra.Command{
		Use:   "build N --server URL --token T",
		Short: "Print the build log of one of your submissions",
		Args:  cobra.ExactArgs(1),
	}, true, func(cmd *cobra.Command, c *clientFlags, args []string) error {
		id, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || id <= 0 {
			return fmt.Errorf("%q is not a submission id (arena submissions lists them)", args[0])
		}
		log, err := c.client().SubmissionLog(cmd.Context(), id)
		if err != nil {
			return err
		}
		if c.asJSON {
			return writeJSONTo(cmd.OutOrStdout(), map[string]any{"submission": id, "log": string(log)})
		}
		_, err = cmd.OutOrStdout().Write(log)
		return err
	})
}

func matchLogCommand() *cobra.Command {
	return teamCommand(&cobra.Command{
		Use:   "match ID --server URL --token T",
		Short: "Print your bot's log of a game (N: a match, test-N: a test game): its output and error output, turn by turn",
		Long: `Print what your bot read nothing of and wrote on each turn of one of your
games: its answers, its error output (stderr) and the errors the game saw.
Another team's bot's error output is that team's: it is never shown.`,
		Args: cobra.ExactArgs(1),
	}, true, func(cmd *cobra.Command, c *clientFlags, args []string) error {
		id, test, err := gameID(args[0])
		if err != nil {
			return err
		}
		api := c.client()
		mine, err := ownSeats(cmd.Context(), api, id, test)
		if err != nil {
			return err
		}
		var buf strings.Builder
		if test {
			err = api.TestReplay(cmd.Context(), id, &buf)
		} else {
			err = api.MatchReplay(cmd.Context(), id, &buf)
		}
		if err != nil {
			return err
		}
		rep, err := replay.Read(strings.NewReader(buf.String()))
		if err != nil {
			return fmt.Errorf("the server's replay: %w", err)
		}
		if c.asJSON {
			return writeJSONTo(cmd.OutOrStdout(), botLogJSON(rep, mine))
		}
		return writeBotLog(cmd.OutOrStdout(), args[0], rep, mine)
	})
}

// ownSeats are the seats of a game that are the team's bots.
func ownSeats(ctx context.Context, api *client.Client, id int64, test bool) ([]int, error) {
	info, _, err := api.TeamInfo(ctx)
	if err != nil {
		return nil, err
	}
	var teams []int64
	if test {
		g, _, err := api.TestGame(ctx, id)
		if err != nil {
			return nil, err
		}
		for _, s := range g.Seats {
			teams = append(teams, s.TeamID)
		}
	} else {
		ms, _, err := api.TeamMatches(ctx)
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			if m.ID == id {
				for _, s := range m.Seats {
					teams = append(teams, s.TeamID)
				}
			}
		}
		if teams == nil {
			return nil, errors.New("your team played no such match among the event's latest 500 (arena matches lists them)")
		}
	}
	var mine []int
	for k, t := range teams {
		if t == info.Team.ID {
			mine = append(mine, k)
		}
	}
	return mine, nil
}

// writeBotLog is the team's bots' turns of a game, as the team page's
// "bot log" file writes them.
func writeBotLog(w io.Writer, id string, rep *replay.Replay, mine []int) error {
	fmt.Fprintf(w, "game %s (%s)\n", id, rep.Game)
	for _, k := range mine {
		if k < len(rep.Players) {
			fmt.Fprintf(w, "your bot: seat %d, %s\n", k+1, rep.Players[k].Name)
		}
	}
	for _, t := range rep.Turns {
		for _, k := range mine {
			if k >= len(t.Replies) {
				continue
			}
			r := t.Replies[k]
			seat := ""
			if len(mine) > 1 {
				seat = fmt.Sprintf(", seat %d", k+1)
			}
			fmt.Fprintf(w, "\n--- turn %d%s: %s, %.1f ms\n", t.Turn, seat, r.Status, float64(r.Time)/float64(time.Millisecond))
			if r.Error != "" {
				fmt.Fprintf(w, "[error] %s\n", r.Error)
			}
			for _, l := range r.Lines {
				fmt.Fprintf(w, "[out] %s\n", l.Text)
			}
			for _, l := range r.Stray {
				fmt.Fprintf(w, "[out, not asked] %s\n", l.Text)
			}
			for _, l := range strings.Split(strings.TrimSuffix(r.Stderr, "\n"), "\n") {
				if r.Stderr != "" {
					fmt.Fprintf(w, "[err] %s\n", l)
				}
			}
			if r.StderrDropped > 0 {
				fmt.Fprintf(w, "[err] (%d bytes dropped)\n", r.StderrDropped)
			}
		}
	}
	return nil
}

// botLogJSON is the same, as JSON: each turn of each of the team's seats.
func botLogJSON(rep *replay.Replay, mine []int) []map[string]any {
	out := []map[string]any{}
	for _, t := range rep.Turns {
		for _, k := range mine {
			if k >= len(t.Replies) {
				continue
			}
			r := t.Replies[k]
			var lines []string
			for _, l := range r.Lines {
				lines = append(lines, l.Text)
			}
			out = append(out, map[string]any{"turn": t.Turn, "seat": k + 1, "status": r.Status, "time_ms": float64(r.Time) / 1e6,
				"out": lines, "stderr": r.Stderr, "error": r.Error})
		}
	}
	return out
}

// tabs is a table writer for the team commands.
func tabs(w io.Writer) *tabwriter.Writer { return tabwriter.NewWriter(w, 0, 0, 2, ' ', 0) }
