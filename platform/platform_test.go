package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/web"
)

// openTest opens a platform on a data directory the sandbox can enter,
// or on PostgreSQL under TestFlowsOnPostgres; it is closed when the test
// ends. (The platform's users have platformtest; it imports platform, so
// this package's own tests keep these few helpers.)
func openTest(t *testing.T) *Platform {
	t.Helper()
	if testOnPostgres {
		return openPG(t, pgtest.URL(t))
	}
	p, err := Open(context.Background(), dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// newEvent creates an event of game with opts, and returns it with its
// invitation.
func newEvent(tb testing.TB, p *Platform, game, name string, opts ...string) (store.Event, string) {
	tb.Helper()
	ev, invite, err := p.CreateEvent(context.Background(), game, name, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return ev, invite
}

// joinReady joins a team by each name, each with a one-line Python bot
// submitted and stored as built (as its build job would leave it, without
// running one), and returns the teams and their tokens.
func joinReady(tb testing.TB, p *Platform, invite string, names ...string) ([]store.Team, []string) {
	tb.Helper()
	ctx := context.Background()
	var teams []store.Team
	var tokens []string
	for _, name := range names {
		tm, tok, err := p.Join(ctx, invite, name)
		if err != nil {
			tb.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "bot.py", []byte("print(1)\n"))
		if err != nil {
			tb.Fatal(err)
		}
		if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
			tb.Fatal(err)
		}
		tm.Active = s.ID
		teams, tokens = append(teams, tm), append(tokens, tok)
	}
	return teams, tokens
}

func TestCreateEventChecksGameNameAndOptions(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	for _, bad := range []struct {
		game, name string
		opts       []string
		want       string
	}{
		{"chess", "x", nil, "unknown game"},
		{"tracks", "", nil, "empty"},
		{"tracks", " x", nil, "space"},
		{"tracks", "a\x1bb", nil, "control"},
		{"tracks", strings.Repeat("n", 65), nil, "64"},
		{"tracks", "x", []string{"nosuch=1"}, "unknown option"},
	} {
		if _, _, err := p.CreateEvent(ctx, bad.game, bad.name, bad.opts); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("CreateEvent(%q, %q, %v) = %v, want an error with %q", bad.game, bad.name, bad.opts, err, bad.want)
		}
	}
	ev, invite, err := p.CreateEvent(ctx, "ants", "Spring", []string{"max_turns=100"})
	if err != nil || ev.ID == 0 || ev.Options["max_turns"] != "100" || !strings.HasPrefix(invite, "invite-") {
		t.Fatalf("%+v %q %v", ev, invite, err)
	}
}

func TestJoinAndAuthenticate(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	ev, invite := newEvent(t, p, "tracks", "Summer")
	team, token, err := p.Join(ctx, invite, "Owls")
	if err != nil || team.EventID != ev.ID {
		t.Fatalf("%+v %v", team, err)
	}
	if _, _, err := p.Join(ctx, invite, "Owls"); err == nil || !strings.Contains(err.Error(), "already has a team") {
		t.Fatalf("same name twice: %v", err)
	}
	// the invitation's key with another secret, and a team token as an invitation
	forged := invite[:len(invite)-1] + string("0123456789abcdef"[(strings.IndexByte("0123456789abcdef", invite[len(invite)-1])+1)%16])
	for _, bad := range []string{forged, token, "", "invite-x-y"} {
		if _, _, err := p.Join(ctx, bad, "Bats"); !errors.Is(err, event.ErrBadInvite) {
			t.Errorf("Join(%q) = %v, want event.ErrBadInvite", bad, err)
		}
	}
	got, err := p.Authenticate(ctx, token)
	if err != nil || got.ID != team.ID {
		t.Fatalf("Authenticate: %+v %v", got, err)
	}
	forgedToken := token[:len(token)-2] + "00"
	if forgedToken == token {
		forgedToken = token[:len(token)-2] + "11"
	}
	for _, bad := range []string{forgedToken, invite, "", token + "0"} {
		if _, err := p.Authenticate(ctx, bad); !errors.Is(err, store.ErrBadSecret) {
			t.Errorf("Authenticate(%q) = %v, want ErrBadSecret", bad, err)
		}
	}
}

// fakeClock is the API's clock in tests: the rate limits move only when
// the test says so.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	if c == nil { // a test that gives no clock: the real one
		return time.Now()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// server is the platform's API mounted in the viewer server, as arena
// serve --data mounts it.
func server(t *testing.T, p *Platform, clock *fakeClock) *httptest.Server {
	t.Helper()
	ws := &web.Server{Replays: t.TempDir(), Platform: p.Handler(APIOptions{Now: clock.now})}
	ts := httptest.NewServer(ws.Handler())
	t.Cleanup(func() { ts.Close(); ws.Close() })
	return ts
}

func call(t *testing.T, ts *httptest.Server, method, path, token, contentType string, body []byte) (int, []byte) {
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

func join(t *testing.T, ts *httptest.Server, invite, name string) (store.Team, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"invite": invite, "name": name})
	code, b := call(t, ts, "POST", APIPrefix+"join", "", "application/json", body)
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
