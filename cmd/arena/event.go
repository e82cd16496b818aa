package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// The platform's organiser commands work on the data directory directly
// (as `gitea admin` does), the server running or not, or through a
// running server with the organiser's token (--server URL --token T).
func init() {
	ev := &cobra.Command{
		Use:   "event",
		Short: "Create, list, show and change the events of a platform",
		Long: `An event is one competition on one game: teams join it with its invitation
and submit bots that the platform builds and plays. These commands work on
the data directory of "arena serve --data DIR" (or its database, --db URL)
directly. Every one also works through the running server with the
organiser's token: --server URL --token T (default $ARENA_SERVER and
$ARENA_TOKEN; arena serve prints the organiser's link on its first start,
arena organiser token makes a new one), and prints the same; the commands
that play games (blitz round, blitz final, roundrobin) then ask the server
to play them, and --wait follows them.`,
	}
	var of organiserFlags
	ev.AddCommand(eventCreateCommand(&of), eventListCommand(&of), eventShowCommand(&of), eventUpdateCommand(&of))
	ev.AddCommand(eventControlCommands()...)
	ev.AddCommand(eventOrganiserCommands(&of)...)
	ev.AddCommand(eventTeamCommand())
	for _, f := range format.All() { // each format's own: its rounds, its final
		if c, ok := f.(format.Commander); ok {
			ev.AddCommand(c.Commands(eventCLI{})...)
		}
	}
	rootCmd.AddCommand(ev)
}

func eventCreateCommand(of *organiserFlags) *cobra.Command {
	var name string
	var opts []string
	var sf settingsFlags
	var s store.Settings
	create := of.withPlatform(&cobra.Command{
		Use:   "create GAME (--data DIR | --server URL --token T) --name NAME [--opt k=v ...] [settings]",
		Short: "Create an event and print its id and invitation (shown once)",
		Long: `Create an event for a game and print its id and its invitation. Teams join
with the invitation (arena team join --invite CODE). Only a hash of the
invitation is kept: note it now, it is not shown again (arena event invite
makes a new one).

Settings (all optional; each is checked against the game):
  --seats 2,4         numbers of players of its matches (default: the game's smallest)
  --maps a,b          map pool: the game's own maps (arena maps jungle) or files
                      of DIR/maps/, by name; each match draws one
  --turn-ms, --first-turn-ms
                      time limits, for games whose limits are options (ants,
                      jungle, territory); other games keep their rules' limits
  --memory MiB        each bot's memory limit, enforced by its sandbox (default 512)
  --start, --end      when the event runs (RFC 3339, or 2006-01-02T15:04 in UTC):
                      outside, submissions are refused (as if frozen) and casual
                      matches not played; the final, ranked rounds set or asked
                      by the organiser and promotion tests begun still play
                      (no Blitz round of the schedule starts after the end)
  --leagues           use the game's leagues (ants, tracks)
  --http-bots         teams may play HTTP-server bots: the HTTP kit, or their own URL (territory)
  --http-bots-private those URLs may reach private addresses (see docs/events.md)
  --build-network     off (no network) or registries: builds fetch dependencies from
                      npm, PyPI, crates.io, Maven Central, the Go module proxy
  --house-bots=false  no builtin bot fills the seats of missing teams
  --test-vs-teams     a team's test games (arena test) may play another team's active bot
  --public            open the event's public page to anyone (/platform/watch?event=ID):
                      leaderboard, latest top games, live games; never stderr or sources`,
		Args: cobra.ExactArgs(1),
		// the settings are checked before the platform is opened
		PreRunE: func(cmd *cobra.Command, _ []string) (err error) {
			s, err = sf.settings(cmd.Flags(), store.DefaultSettings())
			return err
		},
	}, func(cmd *cobra.Command, org client.Organiser, args []string) error {
		e, invite, err := org.CreateEvent(cmd.Context(), args[0], name, opts, s)
		if err != nil {
			return err
		}
		out := cmd.OutOrStdout()
		if of.asJSON {
			return writeJSONTo(out, map[string]any{"event": api.EventJSON(e), "invite": invite})
		}
		fmt.Fprintf(out, "event %d: %s (%s)\n%sinvitation (shown once, only its hash is kept): %s\n", e.ID, e.Name, e.Game, settingsText(e.Settings), invite)
		if of.server != "" {
			fmt.Fprintf(out, "join link: %s\n", event.InviteLink(of.server, invite))
		}
		return nil
	})
	create.Flags().StringVar(&name, "name", "", "the event's name, shown to teams")
	create.Flags().StringArrayVar(&opts, "opt", nil, "a game option key=value for the event's matches (repeat for several; see: arena games)")
	sf.add(create.Flags())
	create.MarkFlagRequired("name")
	return create
}

func eventListCommand(of *organiserFlags) *cobra.Command {
	return of.withPlatform(&cobra.Command{
		Use:   "list (--data DIR | --server URL --token T)",
		Short: "List the events",
		Args:  cobra.NoArgs,
	}, func(cmd *cobra.Command, org client.Organiser, _ []string) error {
		es, err := org.Events(cmd.Context())
		if err != nil {
			return err
		}
		return printEvents(cmd.OutOrStdout(), es, of.asJSON)
	})
}

func eventShowCommand(of *organiserFlags) *cobra.Command {
	return of.withEventID(&cobra.Command{
		Use:   "show ID (--data DIR | --server URL --token T)",
		Short: "Show an event with its options and settings",
		Args:  cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, org client.Organiser, id int64, _ []string) error {
		e, err := org.Event(cmd.Context(), id)
		if err != nil {
			return err
		}
		return printEvent(cmd.OutOrStdout(), e, of.asJSON)
	})
}

func eventUpdateCommand(of *organiserFlags) *cobra.Command {
	var name string
	var opts []string
	var sf settingsFlags
	update := of.withEventID(&cobra.Command{
		Use:   "update ID (--data DIR | --server URL --token T) [--name NAME] [--opt k=v ...] [settings]",
		Short: "Change an event's name, options or settings (those given; the rest stay)",
		Long: `Change an event's name, game options or settings: the flags given replace
the event's values, the others stay (--opt replaces all of its options).
The settings are those of arena event create. Matches already queued play
as they were chosen.`,
		Args: cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, org client.Organiser, id int64, _ []string) error {
		e, err := org.Event(cmd.Context(), id)
		if err != nil {
			return err
		}
		s, err := sf.settings(cmd.Flags(), e.Settings)
		if err != nil {
			return err
		}
		if !cmd.Flags().Changed("name") {
			name = e.Name
		}
		var o []string
		if cmd.Flags().Changed("opt") {
			o = append([]string{}, opts...) // empty, not nil: no options
		}
		if e, err = org.UpdateEvent(cmd.Context(), id, name, o, s); err != nil {
			return err
		}
		return printEvent(cmd.OutOrStdout(), e, of.asJSON)
	})
	update.Flags().StringVar(&name, "name", "", "the event's new name")
	update.Flags().StringArrayVar(&opts, "opt", nil, "the event's game options key=value (replace all of them; repeat for several)")
	sf.add(update.Flags())
	return update
}

func eventID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, fmt.Errorf("%q is not an event id (arena event list shows them)", s)
	}
	return id, nil
}

// settingsFlags are an event's settings on the command line.
type settingsFlags struct {
	seats, maps     []string
	turnMS, firstMS int
	memory          int
	start, end      string
	leagues, http   bool
	house           bool
	stderrTurn      int
	stderrMatch     int
	keptReplays     int
	httpPrivate     bool
	testVsTeams     bool
	public          bool
	buildNetwork    string
}

func (f *settingsFlags) add(fl *pflag.FlagSet) {
	fl.StringSliceVar(&f.seats, "seats", nil, "numbers of players of the event's matches, e.g. 2,4 (default: the game's smallest)")
	fl.StringSliceVar(&f.maps, "maps", nil, "map pool: names of the game's maps or of files in DIR/maps/, e.g. canopy,swamp")
	fl.IntVar(&f.turnMS, "turn-ms", 0, "time limit of a turn in ms, for games whose limits are options (0: the game's)")
	fl.IntVar(&f.firstMS, "first-turn-ms", 0, "time limit of the first turn(s) in ms (0: the game's)")
	fl.IntVar(&f.memory, "memory", store.DefaultMemoryMiB, "each bot's memory limit in MiB, enforced by its sandbox")
	fl.IntVar(&f.stderrTurn, "stderr-turn-kib", store.DefaultStderrTurnKiB, "KiB of each bot's stderr a replay keeps a turn (the last ones)")
	fl.IntVar(&f.keptReplays, "kept-replays", store.DefaultKeptReplays, "how many of the newest casual games keep their replay (older ones are deleted; other games keep theirs)")
	fl.IntVar(&f.stderrMatch, "stderr-match-kib", store.DefaultStderrMatchKiB, "KiB of each bot's stderr a replay keeps a match (the earliest turns'); what is cut is counted")
	fl.StringVar(&f.start, "start", "", "when the event opens (RFC 3339, or 2006-01-02T15:04 in UTC; empty: now)")
	fl.StringVar(&f.end, "end", "", "when the event closes: submissions and casual matches stop, the final and rounds still play (same format; empty: never)")
	fl.BoolVar(&f.leagues, "leagues", false, "use the game's leagues (ants, tracks)")
	fl.BoolVar(&f.http, "http-bots", false, "let teams play HTTP-server bots: the HTTP kit, sandboxed, or a URL of their own (territory)")
	fl.StringVar(&f.buildNetwork, "build-network", "off", "what builds reach: off, or registries (npm, PyPI, crates.io, Maven Central, the Go module proxy, through Arena's proxy)")
	fl.BoolVar(&f.httpPrivate, "http-bots-private", false, "let those URLs reach private, loopback and link-local addresses (an event on a private network; see docs/events.md)")
	fl.BoolVar(&f.public, "public", false, "open the event's public page to anyone: leaderboard, latest top games, live games (no stderr, no sources)")
	fl.BoolVar(&f.house, "house-bots", true, "fill the seats no team takes with the game's builtin bot")
	fl.BoolVar(&f.testVsTeams, "test-vs-teams", false, "let a team's test games (arena test --vs team:NAME) play another team's active bot")
}

// settings returns base with the flags the user gave.
func (f *settingsFlags) settings(fl *pflag.FlagSet, base store.Settings) (store.Settings, error) {
	s := base
	if fl.Changed("seats") {
		s.Seats = nil
		for _, v := range f.seats {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return s, fmt.Errorf("--seats %q: give numbers of players, e.g. --seats 2,4", v)
			}
			s.Seats = append(s.Seats, n)
		}
	}
	if fl.Changed("maps") {
		s.Maps = f.maps
	}
	if fl.Changed("turn-ms") {
		s.TurnMS = f.turnMS
	}
	if fl.Changed("first-turn-ms") {
		s.FirstTurnMS = f.firstMS
	}
	if fl.Changed("memory") || s.MemoryMiB == 0 {
		if f.memory <= 0 {
			return s, fmt.Errorf("--memory %d: give a limit in MiB, e.g. --memory 512", f.memory)
		}
		s.MemoryMiB = f.memory
	}
	for _, t := range []struct {
		flag, v string
		to      *time.Time
	}{{"start", f.start, &s.Start}, {"end", f.end, &s.End}} {
		if !fl.Changed(t.flag) {
			continue
		}
		v, err := parseWhen(t.v)
		if err != nil {
			return s, fmt.Errorf("--%s: %w", t.flag, err)
		}
		*t.to = v
	}
	if fl.Changed("stderr-turn-kib") {
		s.StderrTurnKiB = f.stderrTurn
	}
	if fl.Changed("stderr-match-kib") {
		s.StderrMatchKiB = f.stderrMatch
	}
	if fl.Changed("kept-replays") {
		s.KeptReplays = f.keptReplays
	}
	if fl.Changed("leagues") {
		s.Leagues = f.leagues
	}
	if fl.Changed("http-bots") {
		s.HTTPBots = f.http
	}
	if fl.Changed("build-network") {
		s.BuildNetwork = f.buildNetwork
	}
	if fl.Changed("http-bots-private") {
		s.HTTPBotsPrivate = f.httpPrivate
	}
	if fl.Changed("house-bots") {
		s.HouseBots = f.house
	}
	if fl.Changed("test-vs-teams") {
		s.TestVsTeams = f.testVsTeams
	}
	if fl.Changed("public") {
		s.Public = f.public
	}
	return s, nil
}

// parseWhen reads a time: RFC 3339, or a date and minute in UTC; empty is
// no time.
var parseWhen = format.ParseWhen

func printEvents(out io.Writer, es []store.Event, asJSON bool) error {
	if asJSON {
		list := []map[string]any{}
		for _, e := range es {
			list = append(list, api.EventJSON(e))
		}
		return writeJSONTo(out, list)
	}
	if len(es) == 0 {
		fmt.Fprintln(out, "no events (create one with: arena event create GAME --data DIR --name NAME)")
		return nil
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tGAME\tNAME\tSEATS\tOPTIONS\tCREATED")
	for _, e := range es {
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\n", e.ID, e.Game, e.Name, ints(e.Settings.Seats), optionsText(e.Options), e.Created.Format(time.RFC3339))
	}
	return w.Flush()
}

func printEvent(out io.Writer, e store.Event, asJSON bool) error {
	if asJSON {
		return writeJSONTo(out, api.EventJSON(e))
	}
	fmt.Fprintf(out, "event %d: %s (%s), created %s\n", e.ID, e.Name, e.Game, e.Created.Format(time.RFC3339))
	if len(e.Options) > 0 {
		fmt.Fprintf(out, "options:     %s\n", optionsText(e.Options))
	}
	fmt.Fprint(out, settingsText(e.Settings))
	return nil
}

// settingsText is an event's settings for humans, a line each.
func settingsText(s store.Settings) string {
	var b strings.Builder
	line := func(k, v string) { fmt.Fprintf(&b, "%-12s %s\n", k+":", v) }
	line("seats", ints(s.Seats))
	if len(s.Maps) > 0 {
		line("maps", strings.Join(s.Maps, ", "))
	}
	if s.TurnMS != 0 || s.FirstTurnMS != 0 {
		line("time limits", fmt.Sprintf("turn %s, first turn %s", msText(s.TurnMS), msText(s.FirstTurnMS)))
	}
	line("memory", fmt.Sprintf("%d MiB per bot", s.Memory()))
	turn, match := s.StderrCaps()
	line("stderr kept", fmt.Sprintf("%d KiB a turn, %d KiB a match, per bot", turn>>10, match>>10))
	when := func(t time.Time, none string) string {
		if t.IsZero() {
			return none
		}
		return t.UTC().Format(time.RFC3339)
	}
	line("runs", when(s.Start, "from its creation")+" to "+when(s.End, "no end"))
	line("house bots", onOff(s.HouseBots))
	if s.TestVsTeams {
		line("test games", "may play other teams' bots")
	}
	line("public page", onOff(s.Public))
	if s.Leagues {
		line("leagues", "on")
	}
	if s.BuildNetwork == store.BuildNetworkRegistries {
		line("builds reach", "the language registries (build_network = registries)")
	}
	if s.HTTPBots {
		line("HTTP bots", "allowed")
		if s.HTTPBotsPrivate {
			line("HTTP bots' addresses", "private ones allowed")
		}
	}
	return b.String()
}

func msText(ms int) string {
	if ms == 0 {
		return "the game's"
	}
	return strconv.Itoa(ms) + " ms"
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func ints(ns []int) string {
	var s []string
	for _, n := range ns {
		s = append(s, strconv.Itoa(n))
	}
	return strings.Join(s, ",")
}

func optionsText(o map[string]string) string {
	var kv []string
	for k, v := range o {
		kv = append(kv, k+"="+v)
	}
	return strings.Join(slices.Sorted(slices.Values(kv)), " ")
}

// writeJSONTo prints v as the organiser's commands print JSON
// (format.WriteJSONTo: the formats' commands print the same way).
var writeJSONTo = format.WriteJSONTo

func addDataFlags(cmd *cobra.Command, data *string, asJSON *bool) {
	cmd.Flags().StringVar(data, "data", "", "the platform's data directory (as given to arena serve --data)")
	cmd.Flags().String("db", "", "the platform's PostgreSQL database (as given to arena serve --db), instead of --data")
	cmd.Flags().BoolVar(asJSON, "json", false, "print JSON")
	cmd.MarkFlagsOneRequired("data", "db")
	cmd.MarkFlagsMutuallyExclusive("data", "db")
}

// openPlatform opens the platform of a command's --data or --db.
func openPlatform(cmd *cobra.Command, data string) (*platform.Platform, error) {
	db, _ := cmd.Flags().GetString("db")
	return platform.OpenEither(cmd.Context(), data, db)
}

// openEvent opens the platform of a command's --data or --db and checks
// that it has the event id.
func openEvent(cmd *cobra.Command, data string, id int64) (*platform.Platform, error) {
	p, err := openPlatform(cmd, data)
	if err != nil {
		return nil, err
	}
	if _, err := p.Store.Event(cmd.Context(), id); err != nil {
		p.Close()
		return nil, fmt.Errorf("event %d: %w (arena event list shows the events)", id, err)
	}
	return p, nil
}
