package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/client"
)

// matchFilter is what arena matches keeps: a kind, an opponent, a
// result for the team ("" keeps all).
type matchFilter struct{ kind, opponent, result string }

func (f matchFilter) check() error {
	if f.result != "" && !slices.Contains([]string{"win", "loss", "draw"}, f.result) {
		return fmt.Errorf("--result %q: win, loss or draw", f.result)
	}
	return nil
}

// keep: m passes the filter, for the team teamID.
func (f matchFilter) keep(m client.TeamMatch, teamID int64) bool {
	if f.kind != "" && m.Kind != f.kind {
		return false
	}
	if f.opponent != "" && !slices.ContainsFunc(m.Seats, func(s client.Seat) bool {
		return s.TeamID != teamID && strings.EqualFold(s.Team, f.opponent)
	}) {
		return false
	}
	return f.result == "" || matchResult(m, teamID) == f.result
}

// matchResult is a match's result for the team: its best seat against
// the best of the others ("" for a match not played).
func matchResult(m client.TeamMatch, teamID int64) string {
	if m.Error != "" {
		return ""
	}
	mine, others := 0, 0
	for _, s := range m.Seats {
		best := &others
		if s.TeamID == teamID {
			best = &mine
		}
		if s.Rank > 0 && (*best == 0 || s.Rank < *best) {
			*best = s.Rank
		}
	}
	switch {
	case mine == 0 || others == 0:
		return ""
	case mine < others:
		return "win"
	case mine > others:
		return "loss"
	}
	return "draw"
}

func matchesCommand() *cobra.Command {
	var f matchFilter
	cmd := teamCommand(&cobra.Command{
		Use:   "matches [--kind K] [--opponent TEAM] [--result win|loss|draw] --server URL --token T",
		Short: "List your team's matches (newest first) with their result",
		Long: `List your team's matches among the event's latest 500 (and the promotion
games of your active bot), newest first: when, what for (casual,
promotion, ranked, final), the seats and their ranks, your result.
--kind, --opponent (a team's name) and --result (win, loss or draw)
keep those that match. arena replay download ID saves a match's replay,
arena log match ID prints your bot's log of it. Test games are apart:
arena tests.`,
		Args: cobra.NoArgs,
	}, true, func(cmd *cobra.Command, c *clientFlags, _ []string) error {
		if err := f.check(); err != nil {
			return err
		}
		api := c.client()
		info, _, err := api.TeamInfo(cmd.Context())
		if err != nil {
			return err
		}
		ms, raw, err := api.TeamMatches(cmd.Context())
		if err != nil {
			return err
		}
		var docs []json.RawMessage
		json.Unmarshal(raw, &docs)
		var kept []client.TeamMatch
		keptDocs := []json.RawMessage{}
		for i, m := range ms {
			if f.keep(m, info.Team.ID) {
				kept = append(kept, m)
				if i < len(docs) {
					keptDocs = append(keptDocs, docs[i])
				}
			}
		}
		if c.asJSON {
			return writeJSONTo(cmd.OutOrStdout(), keptDocs)
		}
		return printTeamMatches(cmd.OutOrStdout(), kept, info.Team.ID, c.server)
	})
	cmd.Flags().StringVar(&f.kind, "kind", "", "only matches of this kind: casual, promotion, ranked or final")
	cmd.Flags().StringVar(&f.opponent, "opponent", "", "only matches against this team (its name; house for the house bot)")
	cmd.Flags().StringVar(&f.result, "result", "", "only your wins, losses or draws: win, loss or draw")
	return cmd
}

// printTeamMatches is the table of arena matches.
func printTeamMatches(out io.Writer, ms []client.TeamMatch, teamID int64, server string) error {
	if len(ms) == 0 {
		fmt.Fprintln(out, "no match (matches start once your first build succeeds)")
		return nil
	}
	tw := tabs(out)
	fmt.Fprintln(tw, "ID\tPLAYED\tKIND\tSEATS\tRESULT")
	for _, m := range ms {
		result := matchResult(m, teamID)
		if m.Error != "" {
			result = "not played: " + m.Error
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", m.ID, m.Played, m.Kind, seatsText(m.Seats), result)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "a replay: arena replay download ID, or %s in a browser where your team is logged in; your bot's log: arena log match ID\n",
		pageURL(server, "ID"))
	return nil
}

// seatsText is a game's seats in order, each with its rank.
func seatsText(seats []client.Seat) string {
	var parts []string
	for _, s := range seats {
		p := s.Team
		if s.Rank > 0 {
			p += fmt.Sprintf(" #%d", s.Rank)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " vs ")
}

func testsCommand() *cobra.Command {
	return teamCommand(&cobra.Command{
		Use:   "tests --server URL --token T",
		Short: "List your team's test games (newest first) with their state and result",
		Args:  cobra.NoArgs,
	}, true, func(cmd *cobra.Command, c *clientFlags, _ []string) error {
		gs, raw, err := c.client().TestGames(cmd.Context())
		if err != nil {
			return err
		}
		if c.asJSON {
			return c.answer(cmd, raw, "")
		}
		return printTests(cmd.OutOrStdout(), gs)
	})
}

// printTests is the table of arena tests.
func printTests(out io.Writer, gs []client.TestGame) error {
	if len(gs) == 0 {
		fmt.Fprintln(out, "no test game yet (arena test)")
		return nil
	}
	tw := tabs(out)
	fmt.Fprintln(tw, "ID\tASKED\tSUBMISSION\tVS\tSEED\tRESULT")
	for _, g := range gs {
		fmt.Fprintf(tw, "test-%d\t%s\t%d\t%s\t%s\t%s\n", g.ID, g.Created, g.Submission, g.Opponent, g.Seed, testOutcome(g))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(out, "a replay: arena replay download test-N; your bot's log: arena log match test-N")
	return nil
}
