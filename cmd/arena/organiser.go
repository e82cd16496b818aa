package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
)

// The organiser's commands reach the platform one of two ways: the data
// directory (--data DIR, the server running or not) or the running server
// with the organiser's token (--server URL --token T). client.Organiser is
// what both do: local.Local on the one, the API's client on the other.

// testText is a promotion test for a table: "2 of 3 won, playing".
func testText(r *apitypes.PromotionRecord) string {
	if r == nil {
		return "-"
	}
	return fmt.Sprintf("%d of %d won, %s", r.Wins, r.Played, r.State)
}

type organiserFlags struct {
	data   string
	db     string // a PostgreSQL URL, instead of data
	client clientFlags
	asJSON bool
	server string // the server's URL when through one, for links
}

func (f *organiserFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.data, "data", "", "the platform's data directory (as given to arena serve --data)")
	cmd.Flags().StringVar(&f.db, "db", "", "or: the platform's PostgreSQL database (as given to arena serve --db)")
	cmd.Flags().StringVar(&f.client.server, "server", os.Getenv("ARENA_SERVER"), "or: the platform's URL, with the organiser's --token (default $ARENA_SERVER)")
	cmd.Flags().StringVar(&f.client.token, "token", os.Getenv("ARENA_TOKEN"), "the organiser's token, with --server (default $ARENA_TOKEN)")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print JSON")
}

// open is the data directory when --data is given, else the server; done
// closes it.
func (f *organiserFlags) open(cmd *cobra.Command) (org client.Organiser, done func(), err error) {
	if f.data != "" || f.db != "" {
		if cmd.Flags().Changed("server") || (f.data != "" && f.db != "") {
			return nil, nil, errors.New("give one of --data DIR, --db URL or --server URL")
		}
		p, err := platform.OpenEither(cmd.Context(), f.data, f.db)
		if err != nil {
			return nil, nil, err
		}
		return platform.NewLocal(p), func() { p.Close() }, nil
	}
	if f.client.server == "" {
		return nil, nil, errors.New("give the platform's data directory (--data DIR) or its server (--server URL --token T)")
	}
	if f.client.token == "" {
		return nil, nil, errors.New("no token: give the organiser's --token T with --server (arena organiser token --data DIR makes one)")
	}
	f.server = f.client.server
	return f.client.client(), func() {}, nil
}

// noEvent words a missing event of the data directory for the commands
// on the platform's events (create, list, show, update, invite, teams,
// matches); the server's refusal says it in its own words.
func noEvent(id int64, err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no event %d (arena event list shows them)", id)
	}
	return err
}

// withPlatform is a command on the platform of --data, --db or --server.
func (f *organiserFlags) withPlatform(c *cobra.Command, run func(cmd *cobra.Command, org client.Organiser, args []string) error) *cobra.Command {
	c.RunE = func(cmd *cobra.Command, args []string) error {
		org, done, err := f.open(cmd)
		if err != nil {
			return err
		}
		defer done()
		return run(cmd, org, args)
	}
	f.add(c)
	return c
}

// withEventID is a command on the event of its first argument, on the
// platform of --data, --db or --server.
func (f *organiserFlags) withEventID(c *cobra.Command, run func(cmd *cobra.Command, org client.Organiser, id int64, args []string) error) *cobra.Command {
	c.RunE = func(cmd *cobra.Command, args []string) error {
		id, err := eventID(args[0])
		if err != nil {
			return err
		}
		org, done, err := f.open(cmd)
		if err != nil {
			return err
		}
		defer done()
		return noEvent(id, run(cmd, org, id, args[1:]))
	}
	f.add(c)
	return c
}

// eventOrganiserCommands are arena event invite, teams, matches.
func eventOrganiserCommands(of *organiserFlags) []*cobra.Command {
	var revoke bool
	invite := of.withEventID(&cobra.Command{
		Use: "invite ID [--revoke] (--data DIR | --server URL --token T)", Short: "Give an event a new invitation (the old one stops working) and print it once; --revoke: no invitation works any more",
		Args: cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, org client.Organiser, id int64, _ []string) error {
		inv, err := org.NewInvite(cmd.Context(), id)
		if err != nil {
			return err
		}
		if revoke {
			// The new invitation is never shown: nobody holds one.
			if of.asJSON {
				return writeJSONTo(cmd.OutOrStdout(), map[string]any{"revoked": true})
			}
			fmt.Fprintf(cmd.OutOrStdout(), "event %d: its invitation no longer works and no other does (teams that joined keep their tokens); arena event invite %d makes a new one\n", id, id)
			return nil
		}
		if of.asJSON {
			return writeJSONTo(cmd.OutOrStdout(), map[string]any{"invite": inv})
		}
		fmt.Fprintf(cmd.OutOrStdout(), "invitation of event %d (shown once, only its hash is kept; the old one no longer works): %s\n", id, inv)
		return nil
	})
	invite.Flags().BoolVar(&revoke, "revoke", false, "end the invitation without making one to share: no team can join until a new one is made")
	teams := of.withEventID(&cobra.Command{
		Use: "teams ID (--data DIR | --server URL --token T)", Short: "List every team of an event with its members and standing",
		Args: cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, org client.Organiser, id int64, _ []string) error {
		ts, err := org.Teams(cmd.Context(), id)
		if err != nil {
			return err
		}
		return printTeams(cmd.OutOrStdout(), id, ts, of.asJSON)
	})
	matches := of.withEventID(&cobra.Command{
		Use: "matches ID (--data DIR | --server URL --token T)", Short: "List an event's latest matches, every seat",
		Args: cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, org client.Organiser, id int64, _ []string) error {
		ms, err := org.Matches(cmd.Context(), id)
		if err != nil {
			return err
		}
		return printMatches(cmd.OutOrStdout(), id, ms, of.asJSON)
	})
	return []*cobra.Command{invite, teams, matches}
}

// printTeams is arena event teams' table: in an event with leagues, the
// teams by league.
func printTeams(out io.Writer, id int64, ts []client.Team, asJSON bool) error {
	if asJSON {
		if ts == nil {
			ts = []client.Team{}
		}
		return writeJSONTo(out, ts)
	}
	if len(ts) == 0 {
		fmt.Fprintf(out, "event %d has no team yet\n", id)
		return nil
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	if !slices.ContainsFunc(ts, func(t client.Team) bool { return t.League != 0 }) {
		fmt.Fprintln(w, "RANK\tID\tTEAM\tMEMBERS\tACTIVE\tRATING\tGAMES")
		for _, t := range ts {
			fmt.Fprintf(w, "%d\t%d\t%s\t%s\t%d\t%.2f\t%d\n", t.Rank, t.ID, teamLabel(t), strings.Join(t.Members, ", "), t.Active, t.Rating, t.Games)
		}
		return w.Flush()
	}
	// leagues: ranks within each league; a boss-only league ranks
	// by the promotion tests and has no rating
	fmt.Fprintln(w, "LEAGUE\tRANK\tID\tTEAM\tMEMBERS\tACTIVE\tRATING\tGAMES\tPROMOTION TEST")
	for _, t := range ts {
		rating, league := fmt.Sprintf("%.2f", t.Rating), strconv.Itoa(t.League)
		if t.BossOnly {
			rating, league = "-", league+" (boss only)"
		}
		if t.League == 0 {
			league = "-" // no bot yet
		}
		fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\t%d\t%s\t%d\t%s\n", league, t.Rank, t.ID, teamLabel(t), strings.Join(t.Members, ", "), t.Active,
			rating, t.Games, testText(t.Promotion))
	}
	return w.Flush()
}

// teamLabel is a team's name in arena event teams' table, marked when the
// organiser suspended it (arena event team suspend).
func teamLabel(t client.Team) string {
	if t.Suspended {
		return t.Name + " (suspended)"
	}
	return t.Name
}

// printMatches is arena event matches' table.
func printMatches(out io.Writer, id int64, ms []client.Match, asJSON bool) error {
	if asJSON {
		if ms == nil {
			ms = []client.Match{}
		}
		return writeJSONTo(out, ms)
	}
	if len(ms) == 0 {
		fmt.Fprintf(out, "event %d has played no match yet\n", id)
		return nil
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tPLAYED\tSEATS (RANK)\tERROR")
	for _, m := range ms {
		var seats []string
		for _, s := range m.Seats {
			seats = append(seats, fmt.Sprintf("%s (%d)", s.Team, s.Rank))
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\n", m.ID, m.Played, strings.Join(seats, ", "), m.Error)
	}
	return w.Flush()
}

func init() {
	var data, base string
	var asJSON bool
	org := &cobra.Command{Use: "organiser", Short: "The platform organiser's token"}
	token := &cobra.Command{
		Use:   "token --data DIR | --db URL [--url http://host:8080]",
		Short: "Make a new organiser token (the old one stops working) and print it once with its link",
		Long: `Make a new organiser token for the platform of the data directory and print
it once, with the link that opens the organiser's page. The old token stops
working at once, the server running or not. arena serve prints the first
one when it starts the platform for the first time.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := openPlatform(cmd, data)
			if err != nil {
				return err
			}
			defer p.Close()
			t, err := p.NewOrganiserToken(cmd.Context())
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSONTo(cmd.OutOrStdout(), map[string]string{"token": t, "link": event.OrganiserLink(base, t)})
			}
			fmt.Fprintf(cmd.OutOrStdout(), "organiser token (shown once, only its hash is kept; the old one no longer works): %s\norganiser link: %s\n", t, event.OrganiserLink(base, t))
			return nil
		},
	}
	addDataFlags(token, &data, &asJSON)
	token.Flags().StringVar(&base, "url", "http://localhost:8080", "the server's address, for the link")
	org.AddCommand(token)
	rootCmd.AddCommand(org)
}
