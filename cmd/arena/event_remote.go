package main

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/store"
)

// eventTarget is one event of the platform, reached on its data directory
// or database, or through the running server with the organiser's token:
// the event commands call org, the one or the other, and print the same.
type eventTarget struct {
	id   int64
	org  client.Organiser
	done func() // closes what was opened
}

// event opens the event of a command's argument: the data directory or
// database when --data or --db is given, else the server; its event id
// is checked either way, with the same words.
func (f *organiserFlags) event(cmd *cobra.Command, arg string) (*eventTarget, error) {
	id, err := eventID(arg)
	if err != nil {
		return nil, err
	}
	if f.data != "" || f.db != "" {
		if cmd.Flags().Changed("server") || (f.data != "" && f.db != "") {
			return nil, errors.New("give one of --data DIR, --db URL or --server URL")
		}
		p, err := openEvent(cmd, f.data, id)
		if err != nil {
			return nil, err
		}
		return &eventTarget{id: id, org: platform.NewLocal(p), done: func() { p.Close() }}, nil
	}
	if f.client.server == "" {
		return nil, errors.New("give the platform's data directory (--data DIR or --db URL) or its server (--server URL --token T)")
	}
	if f.client.token == "" {
		return nil, errors.New("no token: give the organiser's --token T with --server (arena organiser token --data DIR makes one)")
	}
	t := &eventTarget{id: id, org: f.client.client(), done: func() {}}
	if _, err := t.org.Event(cmd.Context(), id); err != nil {
		return nil, t.words(err)
	}
	return t, nil
}

func (t *eventTarget) close() { t.done() }

// words words the server's refusals as the data directory's: a refusal
// of the request (400, 409) is the platform's own message, a missing
// event is the same "not found" as openEvent's; a bad token or a
// server's failure keep their status. Other errors are left as they are.
func (t *eventTarget) words(err error) error {
	var se *client.Error
	if !errors.As(err, &se) || se.Message == "" {
		return err
	}
	switch {
	case se.Status == http.StatusNotFound && se.Message == fmt.Sprintf("no event %q", fmt.Sprint(t.id)):
		return fmt.Errorf("event %d: %w (arena event list shows the events)", t.id, store.ErrNotFound)
	case se.Status == http.StatusBadRequest || se.Status == http.StatusConflict:
		return errors.New(se.Message)
	}
	return err
}

// onEvent is a command on the event of its first argument (opened by
// open), which run is given with the other arguments; its errors are in
// the event commands' words.
func onEvent(c *cobra.Command, open func(cmd *cobra.Command, arg string) (*eventTarget, error), run func(cmd *cobra.Command, t *eventTarget, args []string) error) *cobra.Command {
	c.RunE = func(cmd *cobra.Command, args []string) error {
		t, err := open(cmd, args[0])
		if err != nil {
			return err
		}
		defer t.close()
		return t.words(run(cmd, t, args[1:]))
	}
	return c
}

// names are the event's teams' names by id.
func (t *eventTarget) names(cmd *cobra.Command) (map[int64]string, error) {
	names := map[int64]string{}
	teams, err := t.org.Teams(cmd.Context(), t.id)
	for _, tm := range teams {
		names[tm.ID] = tm.Name
	}
	return names, err
}

// failures reads what keeps the event's round or final from going on
// (its failing games, the server's failing look).
func (t *eventTarget) failures(cmd *cobra.Command) (apitypes.Failures, error) {
	fs, err := t.org.Failures(cmd.Context(), t.id)
	if fs.Failing == nil {
		fs.Failing = []apitypes.FailingGame{} // [] in JSON either way, as the server answers
	}
	return fs, err
}

// play is how the command's games are played: unsafe and cores on the
// data directory, wait through the server, the waiting's progress told
// on the error output.
func play(cmd *cobra.Command, unsafe bool, cores int, wait bool) client.Play {
	return client.Play{Unsafe: unsafe, Cores: cores, Wait: wait, Progress: func(line string) { fmt.Fprintln(cmd.ErrOrStderr(), line) }}
}

// noUnsafe refuses --unsafe-no-sandbox through the server: the server
// runs the teams' bots as arena serve was told.
func noUnsafe(cmd *cobra.Command) error {
	if u, _ := cmd.Flags().GetBool("unsafe-no-sandbox"); u {
		return errors.New("--unsafe-no-sandbox goes with --data or --db: through the server, the bots run as arena serve runs them")
	}
	return nil
}

// sayAsked tells what was asked of the server: text, or fields as JSON
// with --json.
func sayAsked(cmd *cobra.Command, fields map[string]any, text string) error {
	if j, _ := cmd.Flags().GetBool("json"); j {
		return writeJSONTo(cmd.OutOrStdout(), fields)
	}
	_, err := fmt.Fprintln(cmd.OutOrStdout(), text)
	return err
}
