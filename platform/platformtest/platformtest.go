// Package platformtest is the set-up that the tests of the platform's
// formats (platform/format/...), of the commands (cmd/arena) and of the
// platform's other users share: a platform opened on a temporary data
// directory or a throwaway PostgreSQL database, an event, teams with a
// ready bot, the API served as the viewer mounts it, and calls to it.
// Each of those tests wrote the same twenty lines before it could start.
//
// It imports package platform, so the tests of the platform's rooms that
// use it are external test packages (package matchmaking_test...).
package platformtest

import (
	"archive/zip"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	_ "github.com/seed27749672/arena/games/all" // the games events are made of
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/store/sqlite"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
	"github.com/seed27749672/arena/web"
)

// onPostgres makes Open open a PostgreSQL database (OnPostgres).
var onPostgres bool

// Open opens a platform on a temporary data directory, or on a new
// PostgreSQL database while the test runs under OnPostgres; it is closed
// when the test ends.
func Open(t testing.TB) *platform.Platform {
	t.Helper()
	var p *platform.Platform
	var err error
	if onPostgres {
		p, err = platform.OpenDB(context.Background(), pgtest.URL(t), DataDir(t))
	} else {
		p, err = platform.Open(context.Background(), DataDir(t))
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// OpenDB opens a platform on the PostgreSQL database at url (pgtest.URL),
// closed when the test ends.
func OpenDB(t testing.TB, url string) *platform.Platform {
	t.Helper()
	p, err := platform.OpenDB(context.Background(), url, DataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// OpenOn opens a platform on a new database of driver: "sqlite" (a data
// directory) or "postgres" (pgtest.URL: skipped without PostgreSQL);
// it is closed when the test ends.
func OpenOn(t testing.TB, driver string) *platform.Platform {
	t.Helper()
	if driver == "postgres" {
		return OpenDB(t, pgtest.URL(t))
	}
	p, err := platform.Open(context.Background(), DataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// SQL is the SQLite pool of a platform on a data directory.
func SQL(p *platform.Platform) *sql.DB { return p.Jobs.DB.(*sqlite.DB).SQL() }

// OnPostgres runs tests again with Open opening PostgreSQL databases: the
// same flows on both drivers. It skips without PostgreSQL; the caller's
// package runs pgtest.Main from its TestMain.
func OnPostgres(t *testing.T, tests map[string]func(*testing.T)) {
	pgtest.URL(t) // skips without PostgreSQL
	onPostgres = true
	defer func() { onPostgres = false }()
	for name, f := range tests {
		t.Run(name, f)
	}
}

// DataDir is a data directory (not yet made) that the sandbox's identity
// can pass through to reach the builds in it.
func DataDir(t testing.TB) string {
	d := t.TempDir()
	os.Chmod(filepath.Dir(d), 0o755)
	os.Chmod(d, 0o755)
	return filepath.Join(d, "data")
}

// NeedSandbox skips the test where builds and bots cannot be contained.
func NeedSandbox(t *testing.T) { sandboxtest.NeedSandbox(t) }

// Event creates an event of game with opts, and returns it with its
// invitation.
func Event(t testing.TB, p *platform.Platform, game, name string, opts ...string) (store.Event, string) {
	t.Helper()
	ev, invite, err := p.CreateEvent(context.Background(), game, name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return ev, invite
}

// JoinReady joins a team by each name, each with a one-line Python bot
// submitted and stored as built (as a build job would leave it, without
// running one), and returns the teams and their tokens.
func JoinReady(t testing.TB, p *platform.Platform, invite string, names ...string) ([]store.Team, []string) {
	t.Helper()
	ctx := context.Background()
	var teams []store.Team
	var tokens []string
	for _, name := range names {
		tm, tok, err := p.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "bot.py", []byte("print(1)\n"))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
			t.Fatal(err)
		}
		tm.Active = s.ID
		teams, tokens = append(teams, tm), append(tokens, tok)
	}
	return teams, tokens
}

// OrganiserToken is the platform's first organiser's token.
func OrganiserToken(t testing.TB, p *platform.Platform) string {
	t.Helper()
	org, err := p.FirstOrganiserToken(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return org
}

// Clock is the API's clock in tests: the rate limits move only when the
// test says so. A nil Clock is the real one.
type Clock struct {
	mu sync.Mutex
	T  time.Time
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	if c == nil {
		return time.Now()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.T
}

// Set puts the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.T = t
	c.mu.Unlock()
}

// Add moves the clock on.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.T = c.T.Add(d)
	c.mu.Unlock()
}

// Server is the platform's API mounted in the viewer's server, as arena
// serve mounts it, on clock (nil: the real one).
func Server(t testing.TB, p *platform.Platform, clock *Clock) *httptest.Server {
	t.Helper()
	ws := &web.Server{Replays: t.TempDir(), Platform: p.Handler(api.Options{Now: clock.Now})}
	ts := httptest.NewServer(ws.Handler())
	t.Cleanup(func() { ts.Close(); ws.Close() })
	return ts
}

// Call sends a request to the API with token (none when ""), and returns
// the answer's status and body.
func Call(t testing.TB, ts *httptest.Server, method, path, token, contentType string, body []byte) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, ts.URL+path, bytes.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// Join joins a team through the API, and returns it with its token.
func Join(t testing.TB, ts *httptest.Server, invite, name string) (store.Team, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"invite": invite, "name": name})
	code, b := Call(t, ts, "POST", api.Prefix+"join", "", "application/json", body)
	if code != http.StatusCreated {
		t.Fatalf("join %s: %d %s", name, code, b)
	}
	var r struct {
		Team  struct{ ID, Event int64 }
		Token string
	}
	json.Unmarshal(b, &r)
	return store.Team{ID: r.Team.ID, EventID: r.Team.Event, Name: name}, r.Token
}

// KitZip zips a game's starter kit, wrapped in a folder as zips often
// are, with edit applied to its files.
func KitZip(t testing.TB, game, lang string, edit map[string]string) []byte {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write(game, lang, dir); err != nil {
		t.Fatal(err)
	}
	for name, body := range edit {
		os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(dir), p)
		w, _ := zw.Create(filepath.ToSlash(rel))
		b, _ := os.ReadFile(p)
		w.Write(b)
		return nil
	})
	zw.Close()
	return buf.Bytes()
}

// WaitBuilt waits for a submission's build to end; the limit is generous
// (a loaded machine), the test goes on as soon as the build ends.
func WaitBuilt(t testing.TB, p *platform.Platform, id int64) store.Submission {
	t.Helper()
	var s store.Submission
	WaitFor(t, 3*time.Minute, fmt.Sprintf("the build of submission %d", id), func() bool {
		var err error
		if s, err = p.Store.Submission(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		return s.Status == store.StatusReady || s.Status == store.StatusFailed
	})
	return s
}

// WaitFor waits until cond holds, at most d.
func WaitFor(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, d)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// MatchJobs lists every match job of the platform's queue, in any state,
// as River's client on its database sees them.
func MatchJobs(t testing.TB, p *platform.Platform) []*rivertype.JobRow {
	t.Helper()
	q, err := p.Jobs.Client()
	if err != nil {
		t.Fatal(err)
	}
	res, err := q.JobList(context.Background(), river.NewJobListParams().Kinds("match").First(1000).
		States(rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled,
			rivertype.JobStatePending, rivertype.JobStateCompleted, rivertype.JobStateDiscarded, rivertype.JobStateCancelled))
	if err != nil {
		t.Fatal(err)
	}
	return res.Jobs
}

// Served is a platform on a temporary data directory served through its
// API, with the organiser's typed client.
func Served(t testing.TB) (*platform.Platform, *client.Client) {
	t.Helper()
	p := Open(t)
	ts := httptest.NewServer(p.Handler(api.Options{}))
	t.Cleanup(ts.Close)
	return p, client.New(ts.URL, OrganiserToken(t, p))
}

// Refused checks that err is the API's refusal with status and a message
// holding want, as the typed client returns it.
func Refused(t testing.TB, what string, err error, status int, want string) {
	t.Helper()
	var e *client.Error
	if !errors.As(err, &e) || e.Status != status || !strings.Contains(e.Message, want) || client.StatusOf(err) != status {
		t.Errorf("%s: %v, want HTTP %d saying %q", what, err, status, want)
	}
}

// WaitGames waits until every team of the event has played n rated games.
func WaitGames(t testing.TB, p *platform.Platform, eventID int64, n int) []apitypes.Standing {
	t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) {
		board, err := p.Leaderboard(context.Background(), eventID)
		if err != nil {
			t.Fatal(err)
		}
		done := len(board) > 0
		for _, s := range board {
			done = done && s.Rating.Games >= n
		}
		if done {
			return board
		}
		time.Sleep(100 * time.Millisecond)
	}
	ms, _ := p.Store.Matches(context.Background(), eventID, 5)
	t.Fatalf("no %d games each in 5 minutes; last matches: %+v", n, ms)
	return nil
}

// LoadEveryMatch is a store that counts and lists an event's matches by kind as the
// platform did before Store.CountMatches and Store.MatchesOfKind: by
// loading every match of the event. The benchmarks' baseline.
type LoadEveryMatch struct{ store.Store }

func (s LoadEveryMatch) MatchCounts(ctx context.Context, eventID int64) (store.MatchCounts, error) {
	ms, err := s.Store.Matches(ctx, eventID, 1<<30)
	return store.CountByKind(ms), err
}

func (s LoadEveryMatch) CountMatches(ctx context.Context, eventID int64, kind string) (int, int, error) {
	ms, err := s.Store.Matches(ctx, eventID, 1<<30)
	all, failed := 0, 0
	for _, m := range ms {
		if kind == "" || m.Kind == kind {
			all++
			if m.Error != "" {
				failed++
			}
		}
	}
	return all, failed, err
}

func (s LoadEveryMatch) MatchesOfKind(ctx context.Context, eventID int64, kind string) ([]store.Match, error) {
	ms, err := s.Store.Matches(ctx, eventID, 1<<30)
	var out []store.Match
	for _, m := range ms {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out, err
}

// ChangeSettings changes an event's settings (its end, its start...) as
// the organiser's update does, without its checks.
func ChangeSettings(t testing.TB, p *platform.Platform, eventID int64, change func(*store.Settings)) store.Event {
	t.Helper()
	ctx := context.Background()
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	change(&ev.Settings)
	if err := p.Store.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

// SectionOf are the lines of the results' section under key (nil when
// there is none).
func SectionOf[T any](res apitypes.Results, key string) []T {
	for _, s := range res.Sections {
		if s.Key == key {
			return s.Lines.([]T)
		}
	}
	return nil
}
