package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/client"
)

// status is what arena status reads: the team, its league and test, its
// line of the leaderboard, and its latest builds and games.
type status struct {
	info    client.TeamInfo
	board   []client.Standing
	subs    []client.Submission
	matches []client.TeamMatch
	tests   []client.TestGame
	raw     map[string]json.RawMessage // the server's answers, for --json
}

// How many of each the status shows.
const (
	statusBuilds  = 3
	statusMatches = 5
	statusTests   = 3
)

func statusCommand() *cobra.Command {
	return teamCommand(&cobra.Command{
		Use:   "status --server URL --token T",
		Short: "Your team on one screen: league and promotion test, rank, latest builds and games",
		Long: `Show your team's state on one screen: its event, its league and its bot's
promotion test there (an event with leagues), its rank on the leaderboard,
its latest builds, matches and test games. --json prints the server's
answers under team, leaderboard, submissions, matches and tests.`,
		Args: cobra.NoArgs,
	}, true, func(cmd *cobra.Command, c *clientFlags, _ []string) error {
		st, err := readStatus(cmd, c.client())
		if err != nil {
			return err
		}
		if c.asJSON {
			return writeJSONTo(cmd.OutOrStdout(), st.raw)
		}
		return printTeamStatus(cmd.OutOrStdout(), st)
	})
}

// readStatus asks the server for each part of the status.
func readStatus(cmd *cobra.Command, api *client.Client) (status, error) {
	ctx := cmd.Context()
	st := status{raw: map[string]json.RawMessage{}}
	var raw []byte
	var err error
	if st.info, raw, err = api.TeamInfo(ctx); err != nil {
		return st, err
	}
	st.raw["team"] = raw
	if st.board, raw, err = api.Leaderboard(ctx); err != nil {
		return st, err
	}
	st.raw["leaderboard"] = raw
	if st.subs, raw, err = api.Submissions(ctx); err != nil {
		return st, err
	}
	st.raw["submissions"] = raw
	if st.matches, raw, err = api.TeamMatches(ctx); err != nil {
		return st, err
	}
	st.raw["matches"] = raw
	if st.tests, raw, err = api.TestGames(ctx); err != nil {
		return st, err
	}
	st.raw["tests"] = raw
	return st, nil
}

// printTeamStatus is the screen of arena status.
func printTeamStatus(out io.Writer, st status) error {
	fmt.Fprintf(out, "team %s in %s (%s)\n", st.info.Team.Name, st.info.Event.Name, st.info.Event.Game)
	if l := st.info.League; l != nil {
		fmt.Fprintf(out, "league %d, %s", l.Number, l.Name)
		if l.Test != nil {
			fmt.Fprintf(out, "; promotion test: %s", testText(l.Test))
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintln(out, rankLine(st))
	fmt.Fprintln(out, "\nlatest builds:")
	if len(st.subs) == 0 {
		fmt.Fprintln(out, "  none yet (arena submit FILE_OR_DIR)")
	}
	for _, s := range st.subs[:min(len(st.subs), statusBuilds)] {
		active := ""
		if s.Active {
			active = ", active"
		}
		fmt.Fprintf(out, "  %d  %s%s  %s %s  %s\n", s.ID, s.Status, active, s.Language, s.Filename, s.Error)
	}
	fmt.Fprintln(out, "\nlatest matches:")
	if len(st.matches) == 0 {
		fmt.Fprintln(out, "  none yet")
	}
	for _, m := range st.matches[:min(len(st.matches), statusMatches)] {
		fmt.Fprintf(out, "  %d  %s  %s  %s  %s\n", m.ID, m.Played, m.Kind, seatsText(m.Seats), matchResult(m, st.info.Team.ID))
	}
	fmt.Fprintln(out, "\nlatest test games:")
	if len(st.tests) == 0 {
		fmt.Fprintln(out, "  none yet (arena test)")
	}
	for _, g := range st.tests[:min(len(st.tests), statusTests)] {
		fmt.Fprintf(out, "  test-%d  submission %d vs %s  %s\n", g.ID, g.Submission, g.Opponent, testOutcome(g))
	}
	return nil
}

// rankLine is the team's line of its leaderboard.
func rankLine(st status) string {
	for _, s := range st.board {
		if s.Team != st.info.Team.Name {
			continue
		}
		if s.Rank == 0 {
			return fmt.Sprintf("unranked (no rated game yet), %d teams on the leaderboard", len(st.board))
		}
		return fmt.Sprintf("rank %d of %d: rating %.2f, %d games, %d won, %d drawn, %d lost", s.Rank, len(st.board), s.Rating, s.Games, s.Wins, s.Draws, s.Losses)
	}
	return "not on the leaderboard yet"
}
