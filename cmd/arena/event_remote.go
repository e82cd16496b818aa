package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// eventTarget is one event of the platform, reached on its data directory
// or database, or through the running server with the organiser's token:
// the event commands call org, the one or the other, and print the same.
type eventTarget struct {
	id   int64
	org  client.Organiser
	done func() // closes what was opened
	// host is the platform's, on its data directory or database; api the
	// server's client: a format's commands reach the event through one.
	host format.Host
	api  format.Caller
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
		return &eventTarget{id: id, org: platform.NewLocal(p), done: func() { p.Close() }, host: p.FormatHost()}, nil
	}
	if f.client.server == "" {
		return nil, errors.New("give the platform's data directory (--data DIR or --db URL) or its server (--server URL --token T)")
	}
	if f.client.token == "" {
		return nil, errors.New("no token: give the organiser's --token T with --server (arena organiser token --data DIR makes one)")
	}
	c := f.client.client()
	t := &eventTarget{id: id, org: c, done: func() {}, api: c}
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
func (t *eventTarget) words(err error) error { return eventWords(t.id, err) }

// eventWords are the words of words for the event id.
func eventWords(id int64, err error) error {
	var se *client.Error
	if !errors.As(err, &se) || se.Message == "" {
		return err
	}
	switch {
	case se.Status == http.StatusNotFound && se.Message == fmt.Sprintf("no event %q", fmt.Sprint(id)):
		return fmt.Errorf("event %d: %w (arena event list shows the events)", id, store.ErrNotFound)
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
func (t *eventTarget) names(ctx context.Context) (map[int64]string, error) {
	names := map[int64]string{}
	teams, err := t.org.Teams(ctx, t.id)
	for _, tm := range teams {
		names[tm.ID] = tm.Name
	}
	return names, err
}

// failures reads what keeps the event's round or final from going on
// (its failing games, the server's failing look).
func (t *eventTarget) failures(ctx context.Context) (apitypes.Failures, error) {
	fs, err := t.org.Failures(ctx, t.id)
	if fs.Failing == nil {
		fs.Failing = []apitypes.FailingGame{} // [] in JSON either way, as the server answers
	}
	return fs, err
}

// eventCLI is what the event command offers the formats' commands
// (format.CLI): the organiser's flags, the event opened either way, the
// errors in the event commands' words.
type eventCLI struct{}

func (eventCLI) Where(c *cobra.Command) format.Where {
	of := &organiserFlags{}
	of.add(c)
	return of
}

func (eventCLI) OnEvent(c *cobra.Command, open func(cmd *cobra.Command, arg string) (*format.Target, error), run func(cmd *cobra.Command, t *format.Target, args []string) error) *cobra.Command {
	c.RunE = func(cmd *cobra.Command, args []string) error {
		t, err := open(cmd, args[0])
		if err != nil {
			return err
		}
		defer t.Close()
		return eventWords(t.ID, run(cmd, t, args[1:]))
	}
	return c
}

func (eventCLI) EventID(arg string) (int64, error) { return eventID(arg) }

// Local: --data or --db is given.
func (f *organiserFlags) Local() bool { return f.data != "" || f.db != "" }

func (f *organiserFlags) JSON() bool { return f.asJSON }

// Open is event's opening, for a format's command.
func (f *organiserFlags) Open(cmd *cobra.Command, arg string) (*format.Target, error) {
	t, err := f.event(cmd, arg)
	if err != nil {
		return nil, err
	}
	return &format.Target{ID: t.id, Host: t.host, API: t.api, Close: t.close,
		Names: func(ctx context.Context) (map[int64]string, error) { return t.names(ctx) },
		Failures: func(ctx context.Context) ([]format.FailingGame, *format.LookError, error) {
			fs, err := t.failures(ctx)
			return fs.Failing, fs.LookError, err
		},
	}, nil
}
