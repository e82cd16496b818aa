package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/seed27749672/arena/platform/transfer"
	"github.com/spf13/cobra"
)

// arena export and arena import move an event between platform databases:
// from a data directory (SQLite) to PostgreSQL when an event outgrows one
// machine, or back.
func init() {
	var data, out string
	var event int64
	export := &cobra.Command{
		Use:   "export (--data DIR | --db URL) --event ID > FILE",
		Short: "Write an event whole (teams, submissions and builds, matches and replays, ratings) for arena import",
		Long: `Write an event whole to standard output (or --out FILE): its settings and
invitation, its teams with their tokens and the organiser's token
(hashed, as stored), their
submissions with their uploads, build logs and built trees, its matches with
their replays, its ratings and its format's state. arena import reads it
into another platform's database, typically from a data directory to
PostgreSQL (arena serve --db). Tokens, the organiser's link and
invitations keep working there.

Not to be confused with arena event export, which writes an event's results.
Stop the server first: what changes during the export may be missed.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			w := cmd.OutOrStdout()
			if out != "" {
				f, err := os.OpenFile(out, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
				if err != nil {
					return err
				}
				defer f.Close()
				w = f
			} else if isTerminal(w) {
				return fmt.Errorf("the export is binary: redirect it to a file (> FILE) or give --out FILE")
			}
			p, err := openPlatform(cmd, data)
			if err != nil {
				return err
			}
			defer p.Close()
			if err := p.DumpEvent(cmd.Context(), event, w); err != nil {
				return fmt.Errorf("event %d: %w", event, err)
			}
			if out != "" {
				return w.(*os.File).Close()
			}
			return nil
		},
	}
	var ignored bool
	addDataFlags(export, &data, &ignored)
	export.Flags().MarkHidden("json")
	export.Flags().Int64Var(&event, "event", 0, "the event's id (arena event list)")
	export.Flags().StringVar(&out, "out", "", "write to this new file instead of standard output")
	export.MarkFlagRequired("event")
	rootCmd.AddCommand(export)

	var idata, in string
	var asJSON bool
	imp := &cobra.Command{
		Use:   "import (--db URL | --data DIR) < FILE",
		Short: "Read an event that arena export wrote into this platform's database",
		Long: `Read an event that arena export wrote (from standard input, or --in FILE)
into a platform database. The event, its teams and submissions keep their
ids, so import into a database of its own (a new PostgreSQL database, after
arena migrate), or one holding other events of the same source; a row whose
id is taken stops the import, and nothing of the event is stored. Builds that
had not ended are queued again when the server starts. The source's
organiser token comes too when the database has none yet (import before
the first arena serve on it); a database with an organiser token of its
own keeps it, and the import says so.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r := cmd.InOrStdin()
			if in != "" {
				f, err := os.Open(in)
				if err != nil {
					return err
				}
				defer f.Close()
				r = f
			}
			p, err := openPlatform(cmd, idata)
			if err != nil {
				return err
			}
			defer p.Close()
			imp, err := p.LoadEvent(cmd.Context(), r)
			if err != nil {
				return err
			}
			ev := imp.Event
			if asJSON {
				return writeJSONTo(cmd.OutOrStdout(), map[string]any{"event": ev.ID, "name": ev.Name, "organiser": imp.Organiser})
			}
			fmt.Fprintf(cmd.OutOrStdout(), "event %s imported: %s (%s)\n", strconv.FormatInt(ev.ID, 10), ev.Name, ev.Game)
			if imp.Organiser == transfer.OrganiserKept {
				fmt.Fprintln(cmd.OutOrStdout(), "this database has an organiser token of its own, which stays: the source's organiser link does not open it (arena organiser token makes a new one)")
			}
			return nil
		},
	}
	addDataFlags(imp, &idata, &asJSON)
	imp.Flags().StringVar(&in, "in", "", "read this file instead of standard input")
	rootCmd.AddCommand(imp)
}
