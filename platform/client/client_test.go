package client_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

func TestEvents(t *testing.T) {
	ctx := context.Background()
	_, org := platformtest.Served(t)
	s := store.DefaultSettings()
	s.Seats = []int{2}
	e, invite, err := org.CreateEvent(ctx, "ants", "Spring", []string{"max_turns=50"}, s)
	if err != nil || e.ID == 0 || e.Name != "Spring" || e.Game != "ants" || e.Options["max_turns"] != "50" || invite == "" || e.Created.IsZero() {
		t.Fatalf("CreateEvent: %+v %q %v", e, invite, err)
	}
	if _, _, err := org.CreateEvent(ctx, "chess", "X", nil, s); err == nil {
		t.Error("an event of an unknown game was created")
	} else {
		platformtest.Refused(t, "CreateEvent chess", err, http.StatusBadRequest, "chess")
	}
	if _, _, err := org.CreateEvent(ctx, "ants", "X", []string{"max_turns"}, s); err == nil || !strings.Contains(err.Error(), "key=value") {
		t.Errorf("an option without its value: %v", err)
	}
	if es, err := org.Events(ctx); err != nil || len(es) != 1 || es[0].ID != e.ID {
		t.Errorf("Events: %+v %v", es, err)
	}
	if got, err := org.Event(ctx, e.ID); err != nil || got.Name != "Spring" || got.Settings.Seats[0] != 2 {
		t.Errorf("Event: %+v %v", got, err)
	}
	_, err = org.Event(ctx, 99)
	platformtest.Refused(t, "Event 99", err, http.StatusNotFound, `no event "99"`)
	s.End = time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	if got, err := org.UpdateEvent(ctx, e.ID, "Summer", []string{}, s); err != nil || got.Name != "Summer" || len(got.Options) != 0 || !got.Settings.End.Equal(s.End) {
		t.Errorf("UpdateEvent: %+v %v", got, err)
	}
	if inv, err := org.NewInvite(ctx, e.ID); err != nil || inv == "" || inv == invite {
		t.Errorf("NewInvite: %q %v", inv, err)
	}
	bad := client.New(org.Server, "org-nope-nope")
	_, err = bad.Events(ctx)
	platformtest.Refused(t, "a wrong token", err, http.StatusUnauthorized, "")
	if _, err := client.New("", "x").Events(ctx); !errors.Is(err, client.ErrNoServer) {
		t.Errorf("no server: %v", err)
	}
	if _, err := client.New("http://127.0.0.1:1", "x").Events(ctx); err == nil || !strings.Contains(err.Error(), "cannot reach the server") {
		t.Errorf("a server that is not there: %v", err)
	}
}

// kitZip is a Python kit's zip for ants (its bot file only changes).
func kitZip(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, text := range map[string]string{"kit.json": `{"language": "python"}`, "bot.py": "print('WAIT')\n"} {
		w, _ := zw.Create(name)
		w.Write([]byte(text))
	}
	zw.Close()
	return b.Bytes()
}

func TestTeam(t *testing.T) {
	ctx := context.Background()
	_, org := platformtest.Served(t)
	e, invite, err := org.CreateEvent(ctx, "ants", "Spring", nil, store.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	j, raw, err := client.New(org.Server, "").Join(ctx, invite, "Owls", []string{"Ann"})
	if err != nil || j.Team.ID == 0 || j.Event.Name != "Spring" || j.Event.Game != "ants" || j.Token == "" || !bytes.Contains(raw, []byte(j.Token)) {
		t.Fatalf("Join: %+v %s %v", j, raw, err)
	}
	_, _, err = client.New(org.Server, "").Join(ctx, invite, "", nil)
	platformtest.Refused(t, "a join without a name", err, http.StatusBadRequest, "name")
	team := client.New(org.Server, j.Token)
	if subs, raw, err := team.Submissions(ctx); err != nil || len(subs) != 0 || string(raw) != "[]\n" {
		t.Errorf("Submissions before any: %+v %q %v", subs, raw, err)
	}
	s, _, err := team.Submit(ctx, "bot.zip", kitZip(t))
	if err != nil || s.ID == 0 || s.Filename != "bot.zip" {
		t.Fatalf("Submit: %+v %v", s, err)
	}
	if subs, _, err := team.Submissions(ctx); err != nil || len(subs) != 1 || subs[0].ID != s.ID || subs[0].Log == "" {
		t.Errorf("Submissions: %+v %v", subs, err)
	}
	if got, raw, err := team.Submission(ctx, s.ID); err != nil || got.ID != s.ID || got.Status != "queued" || !bytes.HasPrefix(raw, []byte("{")) {
		t.Errorf("Submission: %+v %s %v", got, raw, err)
	}
	_, _, err = team.Submission(ctx, s.ID+1)
	platformtest.Refused(t, "another submission", err, http.StatusNotFound, "no submission")
	if _, err := team.SubmissionLog(ctx, s.ID); err != nil {
		t.Errorf("SubmissionLog: %v", err)
	}
	_, _, err = team.Activate(ctx, s.ID)
	platformtest.Refused(t, "activating a build not ready", err, http.StatusConflict, "only a ready build")
	if board, _, err := team.Leaderboard(ctx); err != nil || len(board) != 1 || board[0].Team != "Owls" {
		t.Errorf("Leaderboard: %+v %v", board, err)
	}
	_, _, err = team.LeagueLeaderboard(ctx, 2)
	platformtest.Refused(t, "a league of an event without leagues", err, http.StatusBadRequest, "league")
	_, _, err = team.RegisterHTTPBot(ctx, "http://example.com/")
	platformtest.Refused(t, "an HTTP bot a moment after a submission", err, http.StatusTooManyRequests, "one submission per")
	_, _, err = client.New(org.Server, "nope").Submissions(ctx)
	platformtest.Refused(t, "a team's wrong token", err, http.StatusUnauthorized, "")

	if ts, err := org.Teams(ctx, e.ID); err != nil || len(ts) != 1 || ts[0].Name != "Owls" || ts[0].Members[0] != "Ann" {
		t.Errorf("Teams: %+v %v", ts, err)
	}
	if ms, err := org.Matches(ctx, e.ID); err != nil || len(ms) != 0 {
		t.Errorf("Matches: %+v %v", ms, err)
	}
	_, err = org.Teams(ctx, 99)
	platformtest.Refused(t, "Teams 99", err, http.StatusNotFound, "no event")
}

func TestControls(t *testing.T) {
	ctx := context.Background()
	_, org := platformtest.Served(t)
	e, _, err := org.CreateEvent(ctx, "ants", "Spring", nil, store.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	for what, err := range map[string]error{
		"SetCasual": org.SetCasual(ctx, e.ID, false), "SetFrozen": org.SetFrozen(ctx, e.ID, true),
		"Publish": org.Publish(ctx, e.ID),
	} {
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	c, done, err := org.Status(ctx, e.ID)
	if err != nil || !c.CasualStopped || !c.Frozen || c.Published.IsZero() || done {
		t.Errorf("Status: %+v %v %v", c, done, err)
	}
	if fs, err := org.Failures(ctx, e.ID); err != nil || len(fs.Failing) != 0 || fs.LookError != nil {
		t.Errorf("Failures: %+v %v", fs, err)
	}
	platformtest.Refused(t, "a final without bots", org.StartFinal(ctx, e.ID, 10), http.StatusBadRequest, "no team has a bot")
	platformtest.Refused(t, "SetCasual 99", org.SetCasual(ctx, 99, true), http.StatusNotFound, "no event")
	res, err := org.Results(ctx, e.ID)
	if err != nil || res.Event.ID != e.ID || res.Event.Name != "Spring" {
		t.Errorf("Results: %+v %v", res, err)
	}
	dir := filepath.Join(t.TempDir(), "out")
	if res, n, err := org.Export(ctx, e.ID, dir); err != nil || n != 0 || res.Event.ID != e.ID {
		t.Errorf("Export: %+v %d %v", res, n, err)
	}
	for _, f := range []string{"results.json", "results.csv", "replays.tar.gz"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the export has no %s: %v", f, err)
		}
	}
}
