package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/store"
)

// The organiser's commands reach the platform one of two ways: the data
// directory (--data DIR, the server running or not) or the running server
// with the organiser's token (--server URL --token T). eventBackend is
// what both do.

type eventBackend interface {
	create(ctx context.Context, game, name string, opts []string, s store.Settings) (store.Event, string, error)
	list(ctx context.Context) ([]store.Event, error)
	get(ctx context.Context, id int64) (store.Event, error)
	// update sets the event's name, options (nil: unchanged) and settings.
	update(ctx context.Context, id int64, name string, opts []string, s store.Settings) (store.Event, error)
	invite(ctx context.Context, id int64) (string, error)
	teams(ctx context.Context, id int64) ([]orgTeam, error)
	matches(ctx context.Context, id int64) ([]orgMatch, error)
	close()
}

// orgTeam is a team as the organiser sees it (the API's JSON).
type orgTeam struct {
	ID                         int64    `json:"id"`
	Name                       string   `json:"name"`
	Members                    []string `json:"members"`
	Active                     int64    `json:"active"`
	Rank                       int      `json:"rank"`
	Rating, Mu, Sigma          float64
	Games, Wins, Draws, Losses int
	// League, in an event with leagues, is the team's; Promotion its
	// promotion test there (below the top league); BossOnly: its league
	// plays only the tests (ranked by them, no rated game).
	League    int                       `json:"league,omitempty"`
	Promotion *platform.PromotionRecord `json:"promotion,omitempty"`
	BossOnly  bool                      `json:"boss_only,omitempty"`
}

// testText is a promotion test for a table: "2 of 3 won, playing".
func testText(r *platform.PromotionRecord) string {
	if r == nil {
		return "-"
	}
	return fmt.Sprintf("%d of %d won, %s", r.Wins, r.Played, r.State)
}

// orgMatch is a match as the organiser sees it (the API's JSON).
type orgMatch struct {
	ID    int64  `json:"id"`
	Seed  string `json:"seed"`
	Seats []struct {
		Team   string `json:"team"`
		TeamID int64  `json:"team_id"`
		Rank   int    `json:"rank"`
	} `json:"seats"`
	Played string `json:"played"`
	Error  string `json:"error,omitempty"`
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

// open is the data directory when --data is given, else the server.
func (f *organiserFlags) open(cmd *cobra.Command) (eventBackend, error) {
	if f.data != "" || f.db != "" {
		if cmd.Flags().Changed("server") || (f.data != "" && f.db != "") {
			return nil, errors.New("give one of --data DIR, --db URL or --server URL")
		}
		p, err := platform.OpenEither(cmd.Context(), f.data, f.db)
		if err != nil {
			return nil, err
		}
		return dataBackend{p}, nil
	}
	if f.client.server == "" {
		return nil, errors.New("give the platform's data directory (--data DIR) or its server (--server URL --token T)")
	}
	if f.client.token == "" {
		return nil, errors.New("no token: give the organiser's --token T with --server (arena organiser token --data DIR makes one)")
	}
	f.server = f.client.server
	return serverBackend{&f.client}, nil
}

type dataBackend struct{ p *platform.Platform }

func (b dataBackend) close() { b.p.Close() }

func (b dataBackend) create(ctx context.Context, game, name string, opts []string, s store.Settings) (store.Event, string, error) {
	return b.p.CreateEventWith(ctx, game, name, opts, s)
}

func (b dataBackend) list(ctx context.Context) ([]store.Event, error) { return b.p.Store.Events(ctx) }

func (b dataBackend) get(ctx context.Context, id int64) (store.Event, error) {
	e, err := b.p.Store.Event(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return e, fmt.Errorf("no event %d (arena event list shows them)", id)
	}
	return e, err
}

func (b dataBackend) update(ctx context.Context, id int64, name string, opts []string, s store.Settings) (store.Event, error) {
	return b.p.UpdateEvent(ctx, id, name, opts, s)
}

func (b dataBackend) invite(ctx context.Context, id int64) (string, error) {
	if _, err := b.get(ctx, id); err != nil {
		return "", err
	}
	return b.p.NewInvite(ctx, id)
}

func (b dataBackend) teams(ctx context.Context, id int64) ([]orgTeam, error) {
	if _, err := b.get(ctx, id); err != nil {
		return nil, err
	}
	board, err := b.p.EventStandings(ctx, id) // every league's teams, as the API's
	if err != nil {
		return nil, err
	}
	var out []orgTeam
	for _, s := range board {
		r := s.Rating
		out = append(out, orgTeam{ID: s.Team.ID, Name: s.Team.Name, Members: s.Team.Members, Active: s.Team.Active, Rank: s.Rank,
			Rating: s.Score(), Mu: r.Mu, Sigma: r.Sigma, Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses,
			League: s.Team.League, Promotion: s.Test, BossOnly: s.BossOnly})
	}
	return out, nil
}

func (b dataBackend) matches(ctx context.Context, id int64) ([]orgMatch, error) {
	if _, err := b.get(ctx, id); err != nil {
		return nil, err
	}
	ms, err := b.p.Store.Matches(ctx, id, 500)
	if err != nil {
		return nil, err
	}
	teams, err := b.p.Store.Teams(ctx, id)
	if err != nil {
		return nil, err
	}
	names := map[int64]string{0: "house"}
	for _, t := range teams {
		names[t.ID] = t.Name
	}
	var out []orgMatch
	for _, m := range ms {
		om := orgMatch{ID: m.ID, Seed: strconv.FormatInt(m.Seed, 10), Played: m.Played.Format(time.RFC3339), Error: m.Error}
		for s, t := range m.Teams {
			seat := struct {
				Team   string `json:"team"`
				TeamID int64  `json:"team_id"`
				Rank   int    `json:"rank"`
			}{Team: names[t], TeamID: t}
			if s < len(m.Ranks) {
				seat.Rank = m.Ranks[s]
			}
			om.Seats = append(om.Seats, seat)
		}
		out = append(out, om)
	}
	return out, nil
}

type serverBackend struct{ c *clientFlags }

func (serverBackend) close() {}

// eventOf reads the API's event JSON (platform.EventJSON).
type eventOf struct {
	ID       int64             `json:"id"`
	Game     string            `json:"game"`
	Name     string            `json:"name"`
	Options  map[string]string `json:"options"`
	Settings store.Settings    `json:"settings"`
	Created  time.Time         `json:"created"`
}

func (e eventOf) event() store.Event {
	return store.Event{ID: e.ID, Game: e.Game, Name: e.Name, Options: e.Options, Settings: e.Settings, Created: e.Created}
}

func optionMap(opts []string) (map[string]string, error) {
	m := map[string]string{}
	for _, kv := range opts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("option %q must be written key=value", kv)
		}
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("option %s is given twice", k)
		}
		m[k] = v
	}
	return m, nil
}

func (b serverBackend) post(path string, body, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = b.c.do("POST", path, "application/json", bytes.NewReader(raw), out)
	return err
}

func (b serverBackend) create(_ context.Context, game, name string, opts []string, s store.Settings) (store.Event, string, error) {
	om, err := optionMap(opts)
	if err != nil {
		return store.Event{}, "", err
	}
	var r struct {
		Event  eventOf
		Invite string
	}
	err = b.post("organiser/events", map[string]any{"game": game, "name": name, "options": om, "settings": s}, &r)
	return r.Event.event(), r.Invite, err
}

func (b serverBackend) list(context.Context) ([]store.Event, error) {
	var es []eventOf
	if _, err := b.c.do("GET", "organiser/events", "", nil, &es); err != nil {
		return nil, err
	}
	var out []store.Event
	for _, e := range es {
		out = append(out, e.event())
	}
	return out, nil
}

func (b serverBackend) get(_ context.Context, id int64) (store.Event, error) {
	var e eventOf
	_, err := b.c.do("GET", fmt.Sprintf("organiser/events/%d", id), "", nil, &e)
	return e.event(), err
}

func (b serverBackend) update(_ context.Context, id int64, name string, opts []string, s store.Settings) (store.Event, error) {
	settings, err := settingsBody(s)
	if err != nil {
		return store.Event{}, err
	}
	body := map[string]any{"name": name, "settings": settings}
	if opts != nil {
		om, err := optionMap(opts)
		if err != nil {
			return store.Event{}, err
		}
		body["options"] = om
	}
	var e eventOf
	err = b.post(fmt.Sprintf("organiser/events/%d", id), body, &e)
	return e.event(), err
}

// settingsBody is an event's settings as the server's update takes them:
// a start or end removed is sent as null (a zero time is left out of the
// settings' JSON, and the server keeps what is left out).
func settingsBody(s store.Settings) (map[string]json.RawMessage, error) {
	doc, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage // as marshalled: no number rounded
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil, err
	}
	if s.Start.IsZero() {
		m["start"] = json.RawMessage("null")
	}
	if s.End.IsZero() {
		m["end"] = json.RawMessage("null")
	}
	return m, nil
}

func (b serverBackend) invite(_ context.Context, id int64) (string, error) {
	var r struct{ Invite string }
	err := b.post(fmt.Sprintf("organiser/events/%d/invite", id), map[string]any{}, &r)
	return r.Invite, err
}

func (b serverBackend) teams(_ context.Context, id int64) ([]orgTeam, error) {
	var ts []orgTeam
	_, err := b.c.do("GET", fmt.Sprintf("organiser/events/%d/teams", id), "", nil, &ts)
	return ts, err
}

func (b serverBackend) matches(_ context.Context, id int64) ([]orgMatch, error) {
	var ms []orgMatch
	_, err := b.c.do("GET", fmt.Sprintf("organiser/events/%d/matches", id), "", nil, &ms)
	return ms, err
}

// eventOrganiserCommands are arena event invite, teams, matches.
func eventOrganiserCommands(of *organiserFlags) []*cobra.Command {
	withEvent := func(use, short string, args int, run func(cmd *cobra.Command, b eventBackend, id int64, args []string) error) *cobra.Command {
		c := &cobra.Command{
			Use:   use,
			Short: short,
			Args:  cobra.ExactArgs(args),
			RunE: func(cmd *cobra.Command, args []string) error {
				id, err := eventID(args[0])
				if err != nil {
					return err
				}
				b, err := of.open(cmd)
				if err != nil {
					return err
				}
				defer b.close()
				return run(cmd, b, id, args[1:])
			},
		}
		of.add(c)
		return c
	}
	invite := withEvent("invite ID (--data DIR | --server URL --token T)", "Give an event a new invitation (the old one stops working) and print it once", 1,
		func(cmd *cobra.Command, b eventBackend, id int64, _ []string) error {
			inv, err := b.invite(cmd.Context(), id)
			if err != nil {
				return err
			}
			if of.asJSON {
				return writeJSONTo(cmd.OutOrStdout(), map[string]any{"invite": inv})
			}
			fmt.Fprintf(cmd.OutOrStdout(), "invitation of event %d (shown once, only its hash is kept; the old one no longer works): %s\n", id, inv)
			return nil
		})
	teams := withEvent("teams ID (--data DIR | --server URL --token T)", "List every team of an event with its members and standing", 1,
		func(cmd *cobra.Command, b eventBackend, id int64, _ []string) error {
			ts, err := b.teams(cmd.Context(), id)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if of.asJSON {
				if ts == nil {
					ts = []orgTeam{}
				}
				return writeJSONTo(out, ts)
			}
			if len(ts) == 0 {
				fmt.Fprintf(out, "event %d has no team yet\n", id)
				return nil
			}
			w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			if !slices.ContainsFunc(ts, func(t orgTeam) bool { return t.League != 0 }) {
				fmt.Fprintln(w, "RANK\tID\tTEAM\tMEMBERS\tACTIVE\tRATING\tGAMES")
				for _, t := range ts {
					fmt.Fprintf(w, "%d\t%d\t%s\t%s\t%d\t%.2f\t%d\n", t.Rank, t.ID, t.Name, strings.Join(t.Members, ", "), t.Active, t.Rating, t.Games)
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
				fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%s\t%d\t%s\t%d\t%s\n", league, t.Rank, t.ID, t.Name, strings.Join(t.Members, ", "), t.Active,
					rating, t.Games, testText(t.Promotion))
			}
			return w.Flush()
		})
	matches := withEvent("matches ID (--data DIR | --server URL --token T)", "List an event's latest matches, every seat", 1,
		func(cmd *cobra.Command, b eventBackend, id int64, _ []string) error {
			ms, err := b.matches(cmd.Context(), id)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if of.asJSON {
				if ms == nil {
					ms = []orgMatch{}
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
		})
	return []*cobra.Command{invite, teams, matches}
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
				return writeJSONTo(cmd.OutOrStdout(), map[string]string{"token": t, "link": platform.OrganiserLink(base, t)})
			}
			fmt.Fprintf(cmd.OutOrStdout(), "organiser token (shown once, only its hash is kept; the old one no longer works): %s\norganiser link: %s\n", t, platform.OrganiserLink(base, t))
			return nil
		},
	}
	addDataFlags(token, &data, &asJSON)
	token.Flags().StringVar(&base, "url", "http://localhost:8080", "the server's address, for the link")
	org.AddCommand(token)
	rootCmd.AddCommand(org)
}
