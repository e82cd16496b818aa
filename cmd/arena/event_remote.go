package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/store"
)

// eventTarget is one event of the platform, reached on its data directory
// or database (p), or through the running server with the organiser's
// token (c): the event commands do the one or the other and print the
// same.
type eventTarget struct {
	id int64
	p  *platform.Platform
	c  *clientFlags
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
		return &eventTarget{id: id, p: p}, nil
	}
	if f.client.server == "" {
		return nil, errors.New("give the platform's data directory (--data DIR or --db URL) or its server (--server URL --token T)")
	}
	if f.client.token == "" {
		return nil, errors.New("no token: give the organiser's --token T with --server (arena organiser token --data DIR makes one)")
	}
	t := &eventTarget{id: id, c: &f.client}
	if err := t.get("", nil); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *eventTarget) close() {
	if t.p != nil {
		t.p.Close()
	}
}

// remote reports whether the event is reached through the server.
func (t *eventTarget) remote() bool { return t.p == nil }

// get reads the event's organiser route rest ("" is the event itself)
// into out.
func (t *eventTarget) get(rest string, out any) error {
	_, err := t.c.do("GET", t.path(rest), "", nil, out)
	return t.userError(err)
}

// post sends body as JSON to the event's route rest and reads the answer
// into out (nil: ignored).
func (t *eventTarget) post(rest string, body, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = t.c.do("POST", t.path(rest), "application/json", bytes.NewReader(raw), out)
	return t.userError(err)
}

func (t *eventTarget) path(rest string) string {
	return fmt.Sprintf("organiser/events/%d%s", t.id, rest)
}

// userError words the server's refusals as the data directory's: a
// refusal of the request (400, 409) is the platform's own message, a
// missing event is the same "not found" as openEvent's; a bad token or a
// server's failure keep their status.
func (t *eventTarget) userError(err error) error {
	var se *serverError
	if !errors.As(err, &se) || se.msg == "" {
		return err
	}
	switch {
	case se.status == http.StatusNotFound && se.msg == fmt.Sprintf("no event %q", fmt.Sprint(t.id)):
		return fmt.Errorf("event %d: %w (arena event list shows the events)", t.id, store.ErrNotFound)
	case se.status == http.StatusBadRequest || se.status == http.StatusConflict:
		return errors.New(se.msg)
	}
	return err
}

// names are the event's teams' names by id.
func (t *eventTarget) names(cmd *cobra.Command) (map[int64]string, error) {
	names := map[int64]string{}
	if !t.remote() {
		teams, err := t.p.Store.Teams(cmd.Context(), t.id)
		for _, tm := range teams {
			names[tm.ID] = tm.Name
		}
		return names, err
	}
	var teams []orgTeam
	if err := t.get("/teams", &teams); err != nil {
		return nil, err
	}
	for _, tm := range teams {
		names[tm.ID] = tm.Name
	}
	return names, nil
}

// status is the event's controls and whether its final ranking is over.
func (t *eventTarget) status(cmd *cobra.Command) (platform.Controls, bool, error) {
	if !t.remote() {
		c, err := t.p.EventControls(cmd.Context(), t.id)
		if err != nil {
			return c, false, err
		}
		done, err := t.p.FinalDone(cmd.Context(), t.id)
		return c, done, err
	}
	var st struct {
		Controls  platform.Controls `json:"controls"`
		FinalDone bool              `json:"final_done"`
	}
	err := t.get("/status", &st)
	return st.Controls, st.FinalDone, err
}

// export writes the event's results.json, results.csv and replays.tar.gz
// into dir, as platform.Export does, and returns the results and the
// number of replays. Through the server, the results are read once (the
// CSV is written from them) and the replays' archive is downloaded.
func (t *eventTarget) export(cmd *cobra.Command, dir string) (platform.Results, int, error) {
	if !t.remote() {
		return t.p.Export(cmd.Context(), t.id, dir)
	}
	var res platform.Results
	if err := t.get("/results", &res); err != nil {
		return res, 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return res, 0, err
	}
	js, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return res, 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "results.json"), append(js, '\n'), 0o644); err != nil {
		return res, 0, err
	}
	var csv bytes.Buffer
	if err := platform.WriteResultsCSV(&csv, res); err != nil {
		return res, 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "results.csv"), csv.Bytes(), 0o644); err != nil {
		return res, 0, err
	}
	n, err := t.downloadReplays(filepath.Join(dir, "replays.tar.gz"))
	return res, n, err
}

// downloadReplays saves the event's replays' archive to path and counts
// its replays on the way; an archive cut short (the server failed
// halfway) is an error, and no file is left.
func (t *eventTarget) downloadReplays(path string) (int, error) {
	// no time limit: the archive of a long event is large
	resp, err := t.c.send(&http.Client{}, "GET", t.path("/replays"), "", nil)
	if err != nil {
		return 0, t.userError(err)
	}
	defer resp.Body.Close()
	f, err := os.CreateTemp(filepath.Dir(path), ".replays-*.tar.gz")
	if err != nil {
		return 0, err
	}
	defer os.Remove(f.Name())
	n, err := countReplays(io.TeeReader(resp.Body, f))
	if err != nil {
		f.Close()
		return 0, fmt.Errorf("the replays' archive from the server: %w", err)
	}
	if err := f.Close(); err != nil {
		return 0, err
	}
	return n, os.Rename(f.Name(), path)
}

// countReplays reads a replays' archive to its end and counts its files.
func countReplays(r io.Reader) (int, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return 0, err
	}
	tr := tar.NewReader(zr)
	n := 0
	for {
		_, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return n, err
		}
		n++
	}
	// the gzip trailer (its checksum) after the tar's end
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return n, err
	}
	return n, zr.Close()
}

// failures are what the organiser's answer about a round or final says
// keeps it from going on: its games whose jobs fail, and the server's
// failing look (platform.FailingGames, platform.LookError).
type failures struct {
	Failing   []platform.FailingGame `json:"failing"`
	LookError *platform.LookError    `json:"look_error"`
}

// poll reads the event's route rest into out every second until done
// says so; progress, when not empty, is told on the error output as it
// changes. fails, when not nil, is the part of out that says what fails:
// each failure being retried is told too, and the first one the server
// gives up on while the command waits (a game's job discarded after its
// attempts, a look failing again and again) ends the waiting with its
// error, so that the command never waits in silence for a game that
// cannot be played. Interrupting it stops the waiting, not what the
// server plays.
func (t *eventTarget) poll(cmd *cobra.Command, rest string, out any, fails *failures, done func() (bool, string)) error {
	told := map[string]bool{}
	tell := func(line string) {
		if line != "" && !told[line] {
			fmt.Fprintln(cmd.ErrOrStderr(), line)
			told[line] = true
		}
	}
	var watch platform.Watch
	for {
		if fails != nil {
			*fails = failures{} // a field the answer leaves out is no failure
		}
		if err := t.get(rest, out); err != nil {
			return err
		}
		ok, progress := done()
		if ok {
			return nil
		}
		tell(progress)
		if fails != nil {
			retrying, failed := watch.Failed(fails.Failing, fails.LookError)
			if failed != nil {
				return failed
			}
			for _, line := range retrying {
				tell(line)
			}
		}
		select {
		case <-cmd.Context().Done():
			return cmd.Context().Err()
		case <-time.After(pollEvery):
		}
	}
}

// pollEvery is how often a command that waits asks the server.
const pollEvery = time.Second

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
