package format

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
)

// A format may have organiser commands of its own under `arena event`
// (Blitz's "blitz round", Cod'INSA's "roundrobin"): it adds them, with
// their help, from its folder (Commander), and the arena command adds
// every registered format's, never naming one. A command reaches its
// event either way the organiser's commands do: on the platform's data
// directory or database (a Host: this process plays the games) or
// through its running server with the organiser's token (a Caller of the
// API: the server plays them). Each format has one typed client of its
// own, implemented once over each, so its commands print the same
// either way.

// Commander is a format with organiser commands of its own.
type Commander interface {
	// Commands are the format's subcommands of `arena event`, built
	// with what the arena command offers them.
	Commands(cli CLI) []*cobra.Command
}

// CLI is what the arena command offers a format's commands: the flags
// and the opening every organiser command shares, so that a format's
// commands take the same flags and fail in the same words as the
// platform's own.
type CLI interface {
	// Where adds to c the flags that say where the event is (--data
	// DIR, --db URL, --server URL --token T) and --json, and returns
	// what they say once c's flags are parsed.
	Where(c *cobra.Command) Where
	// OnEvent makes run c's action on the event of its first argument,
	// opened by open, with the other arguments: the event is closed
	// after it, and its errors (the server's refusals) are worded as
	// the data directory's.
	OnEvent(c *cobra.Command, open func(cmd *cobra.Command, arg string) (*Target, error), run func(cmd *cobra.Command, t *Target, args []string) error) *cobra.Command
	// EventID reads an event id given as an argument, in the event
	// commands' words (before anything is opened).
	EventID(arg string) (int64, error)
}

// Where is where a command's flags say its event is.
type Where interface {
	// Local says the event is on the data directory or database (--data
	// or --db): the command plays its games itself. Else it is reached
	// through the server.
	Local() bool
	// JSON says the command prints JSON (--json).
	JSON() bool
	// Open opens the event of a command's argument, checking its id
	// and that it exists, either way in the same words.
	Open(cmd *cobra.Command, arg string) (*Target, error)
}

// Target is one event opened for a command: on the data directory or
// database (Host) or through the server (API); exactly one is set.
type Target struct {
	ID   int64
	Host Host   // the platform, on its data directory or database
	API  Caller // the server's API, with the organiser's token
	// Names are the event's teams' names by id (the platform's, not a
	// format's: for the formats' tables).
	Names func(ctx context.Context) (map[int64]string, error)
	// Failures are the event's games of formats that fail and the
	// scheduler's failing look (what keeps a round or final from going
	// on), as status commands show them.
	Failures func(ctx context.Context) ([]FailingGame, *LookError, error)
	// Close closes what was opened (the command's OnEvent does it).
	Close func()
}

// Caller calls the platform's API: *client.Client is one. path is
// under the API's prefix ("organiser/events/3/blitz"); body, when not
// nil, is sent as JSON, and the answer is decoded into out when out is
// not nil. An error answer is the client's error, with its status.
type Caller interface {
	Do(ctx context.Context, method, path string, body, out any) error
}

// Play says how a round or final is played. On a data directory the call
// plays its games (Unsafe, Cores); through a server the server does, and
// Wait follows them until the end, telling Progress (each line once)
// what it sees, and failing with the error of a game the server gave up
// on while it waited.
type Play struct {
	Unsafe   bool              // the teams' bots run uncontained (data directory)
	Cores    int               // cores the matches may use at once (data directory; 0: all)
	Wait     bool              // wait for the server to play it
	Progress func(line string) // may be nil
}

// PlayOf is how a command's games are played: unsafe and cores on the
// data directory, wait through the server, the waiting's progress told
// on the command's error output.
func PlayOf(cmd *cobra.Command, unsafe bool, cores int, wait bool) Play {
	return Play{Unsafe: unsafe, Cores: cores, Wait: wait, Progress: func(line string) { fmt.Fprintln(cmd.ErrOrStderr(), line) }}
}

// WriteJSONTo prints v as the organiser's commands print JSON: indented.
func WriteJSONTo(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// SayAsked tells what was asked of the server: text, or fields as JSON
// with --json.
func SayAsked(cmd *cobra.Command, fields map[string]any, text string) error {
	if j, _ := cmd.Flags().GetBool("json"); j {
		return WriteJSONTo(cmd.OutOrStdout(), fields)
	}
	_, err := fmt.Fprintln(cmd.OutOrStdout(), text)
	return err
}

// NoUnsafe refuses --unsafe-no-sandbox through the server: the server
// runs the teams' bots as arena serve was told.
func NoUnsafe(cmd *cobra.Command) error {
	if u, _ := cmd.Flags().GetBool("unsafe-no-sandbox"); u {
		return errors.New("--unsafe-no-sandbox goes with --data or --db: through the server, the bots run as arena serve runs them")
	}
	return nil
}

// PrintFailures tells an organiser the games of the event's rounds and
// finals the platform cannot play, and the server's failing look, in the
// words of --wait; nothing when all goes well.
func PrintFailures(out io.Writer, games []FailingGame, look *LookError) {
	if len(games) > 0 {
		fmt.Fprintln(out, "failing games (never recorded; the server queues each again at its next look, so the round or final goes on once the cause is fixed):")
		for _, g := range games {
			state := "being tried again"
			if g.Discarded > 0 {
				state = fmt.Sprintf("the server gave up on it %s, and queues it again at its next look", countTimes(g.Discarded))
			}
			fmt.Fprintf(out, "  %s\n    (%s)\n", indent(g.Words(), "    "), state)
		}
	}
	if look != nil {
		fmt.Fprintf(out, "the server cannot go on: its look at the event's round or final has failed at each look since %s: %s\n",
			look.Since.Format(time.RFC3339), indent(look.Error, "  "))
	}
}

// countTimes is a count of times in words: once, 2 times.
func countTimes(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// indent puts prefix before each line of s after the first (an error of
// several lines stays under its game).
func indent(s, prefix string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}

// ParseWhen reads a time as the organiser's commands take one: RFC 3339,
// or a date and minute in UTC; empty is no time.
func ParseWhen(v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a time: write 2026-05-01T18:00:00Z (RFC 3339) or 2026-05-01T18:00 (UTC)", v)
}
