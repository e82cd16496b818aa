package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/store"
)

// The platform's organiser commands work on the data directory directly
// (as `gitea admin` does), the server running or not.
func init() {
	ev := &cobra.Command{
		Use:   "event",
		Short: "Create and list the events of a platform data directory",
		Long: `An event is one competition on one game: teams join it with its invitation
and submit bots that the platform builds. These commands work on the data
directory of "arena serve --data DIR" directly.`,
	}
	var (
		data, name string
		opts       []string
		asJSON     bool
	)
	create := &cobra.Command{
		Use:   "create GAME --data DIR --name NAME [--opt k=v ...]",
		Short: "Create an event and print its id and invitation (shown once)",
		Long: `Create an event for a game and print its id and its invitation. Teams join
with the invitation (arena team join --invite CODE). Only a hash of the
invitation is kept: note it now, it is not shown again.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := platform.Open(cmd.Context(), data)
			if err != nil {
				return err
			}
			defer p.Close()
			e, invite, err := p.CreateEvent(cmd.Context(), args[0], name, opts)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				return writeJSONTo(out, map[string]any{"event": eventJSON(e), "invite": invite})
			}
			fmt.Fprintf(out, "event %d: %s (%s)\ninvitation (shown once, only its hash is kept): %s\n", e.ID, e.Name, e.Game, invite)
			return nil
		},
	}
	addDataFlags(create, &data, &asJSON)
	create.Flags().StringVar(&name, "name", "", "the event's name, shown to teams")
	create.Flags().StringArrayVar(&opts, "opt", nil, "a game option key=value for the event's matches (repeat for several; see: arena games)")
	create.MarkFlagRequired("name")

	list := &cobra.Command{
		Use:   "list --data DIR",
		Short: "List the events",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := platform.Open(cmd.Context(), data)
			if err != nil {
				return err
			}
			defer p.Close()
			es, err := p.Store.Events(cmd.Context())
			if err != nil {
				return err
			}
			return printEvents(cmd.OutOrStdout(), es, asJSON)
		},
	}
	addDataFlags(list, &data, &asJSON)
	ev.AddCommand(create, list)
	rootCmd.AddCommand(ev)
}

func addDataFlags(cmd *cobra.Command, data *string, asJSON *bool) {
	cmd.Flags().StringVar(data, "data", "", "the platform's data directory (as given to arena serve --data)")
	cmd.Flags().BoolVar(asJSON, "json", false, "print JSON")
	cmd.MarkFlagRequired("data")
}

func eventJSON(e store.Event) map[string]any {
	return map[string]any{"id": e.ID, "game": e.Game, "name": e.Name, "options": e.Options, "created": e.Created.Format(time.RFC3339)}
}

func printEvents(out io.Writer, es []store.Event, asJSON bool) error {
	if asJSON {
		list := []map[string]any{}
		for _, e := range es {
			list = append(list, eventJSON(e))
		}
		return writeJSONTo(out, list)
	}
	if len(es) == 0 {
		fmt.Fprintln(out, "no events (create one with: arena event create GAME --data DIR --name NAME)")
		return nil
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tGAME\tNAME\tOPTIONS\tCREATED")
	for _, e := range es {
		var kv []string
		for k, v := range e.Options {
			kv = append(kv, k+"="+v)
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\n", e.ID, e.Game, e.Name, strings.Join(slices.Sorted(slices.Values(kv)), " "), e.Created.Format(time.RFC3339))
	}
	return w.Flush()
}

func writeJSONTo(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
