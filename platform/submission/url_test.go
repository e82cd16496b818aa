package submission_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/platformtest"
	arenaplay "github.com/seed27749672/arena/platform/play"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// territoryServer is a team's HTTP bot (the 2020 protocol) that stands
// still; it counts the turns it is asked.
func territoryServer(t *testing.T, turns *atomic.Int64) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /Consciousness/GetStatus/", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("true")) })
	mux.HandleFunc("POST /Consciousness/OnNextMove/", func(w http.ResponseWriter, r *http.Request) {
		turns.Add(1)
		w.Write([]byte(`{"X": 0, "Y": 0}`))
	})
	mux.HandleFunc("PUT /Consciousness/PutFinalMap/", func(w http.ResponseWriter, r *http.Request) {})
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// TestHTTPBotURLs: a team registers its server's URL instead of code.
// Refused in an event without http_bots, and for a loopback address
// unless the organiser allows private addresses (server-side request
// forgery); allowed, the bot plays its matches over HTTP; when the
// organiser withdraws private addresses, the next match does not connect
// to it (the check is made at each connection, not only at registration).
func TestHTTPBotURLs(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite, err := p.CreateEvent(ctx, "territory", "Ready", []string{"turns=20"})
	if err != nil {
		t.Fatal(err)
	}
	owls, token, _ := p.Join(ctx, invite, "Owls")
	var turns atomic.Int64
	srv := territoryServer(t, &turns)
	if _, err := p.RegisterURL(ctx, owls, srv.URL); !fault.IsUser(err) || !strings.Contains(err.Error(), "no HTTP bot URLs") {
		t.Fatalf("an event without HTTP bots: %v", err)
	}
	set := ev.Settings
	set.HTTPBots = true
	if ev, err = p.UpdateEvent(ctx, ev.ID, ev.Name, nil, set); err != nil {
		t.Fatal(err)
	}
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	body, _ := json.Marshal(map[string]string{"url": srv.URL})
	if code, b := platformtest.Call(t, ts, "POST", api.Prefix+"httpbot", token, "application/json", body); code != 400 || !strings.Contains(string(b), "private") {
		t.Fatalf("a loopback URL: %d %s", code, b)
	}
	for _, bad := range []string{"file:///etc/passwd", "http://169.254.169.254/latest/meta-data/", "http://localhost:9/"} {
		if _, err := p.RegisterURL(ctx, owls, bad); !fault.IsUser(err) {
			t.Errorf("%s: %v", bad, err)
		}
	}
	if subs, _ := p.Store.Submissions(ctx, owls.ID); len(subs) != 0 {
		t.Fatalf("refused URLs were stored: %+v", subs)
	}
	set.HTTPBotsPrivate = true
	if ev, err = p.UpdateEvent(ctx, ev.ID, ev.Name, nil, set); err != nil {
		t.Fatal(err)
	}
	clock := &platformtest.Clock{T: time.Now().Add(time.Hour)} // a fresh submission budget
	ts = platformtest.Server(t, p, clock)
	code, b := platformtest.Call(t, ts, "POST", api.Prefix+"httpbot", token, "application/json", body)
	if code != 201 || !strings.Contains(string(b), `"url"`) || !strings.Contains(string(b), `"ready"`) {
		t.Fatalf("an allowed URL: %d %s", code, b)
	}
	tm, _ := p.Store.Team(ctx, owls.ID)
	sub, _ := p.Store.Submission(ctx, tm.Active)
	if sub.Language != store.LanguageURL || sub.Filename != srv.URL {
		t.Fatalf("active submission %+v", sub)
	}
	// a match: the team's server against three house bots
	play := func(key string) *game.PlayerResult {
		t.Helper()
		ev, _ := p.Store.Event(ctx, ev.ID)
		if err := p.PlayMatch(ctx, queue.Match{Event: ev.ID, Key: key, Seed: 5, Teams: []int64{0, owls.ID, 0, 0}, Submissions: []int64{0, sub.ID, 0, 0}}); err != nil {
			t.Fatal(err)
		}
		ms, _ := p.Store.Matches(ctx, ev.ID, 10)
		i := slices.IndexFunc(ms, func(m store.Match) bool { return m.Key == key })
		if i < 0 || ms[i].Error != "" {
			t.Fatalf("match %s: %+v", key, ms)
		}
		rep, err := p.Replays.Get(key)
		if err != nil {
			t.Fatal(err)
		}
		return &rep.Result.Players[1].PlayerResult
	}
	if pr := play("casual-url-1"); turns.Load() < 2 || strings.Contains(pr.Message, "ready") {
		t.Fatalf("the HTTP bot did not play: %+v, %d turns asked", pr, turns.Load())
	}
	// private addresses withdrawn: the registered URL is not called again
	set.HTTPBotsPrivate = false
	if _, err = p.UpdateEvent(ctx, ev.ID, ev.Name, nil, set); err != nil {
		t.Fatal(err)
	}
	before := turns.Load()
	// (the bot is polled until the game's 30 s readiness limit, each dial refused)
	if pr := play("casual-url-2"); turns.Load() != before || !strings.Contains(pr.Message, "private, loopback") {
		t.Errorf("a loopback URL was called after private addresses were withdrawn: %+v, %d more turns", pr, turns.Load()-before)
	}
}

// urlEvent is a territory event of 5 turns that takes HTTP bots at
// private addresses (the tests' servers are on loopback), with Owls in it.
func urlEvent(t *testing.T) (*platform.Platform, store.Event, store.Team) {
	t.Helper()
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite, err := p.CreateEvent(ctx, "territory", "Ready", []string{"turns=5"})
	if err != nil {
		t.Fatal(err)
	}
	set := ev.Settings
	set.HTTPBots, set.HTTPBotsPrivate = true, true
	if ev, err = p.UpdateEvent(ctx, ev.ID, ev.Name, nil, set); err != nil {
		t.Fatal(err)
	}
	owls, _, err := p.Join(ctx, invite, "Owls")
	if err != nil {
		t.Fatal(err)
	}
	return p, ev, owls
}

// TestDeadURLFailsFastAndPauses: a team URL that does not answer is probed
// before its match takes cores; it loses that match at once (it did not
// start, with why) rather than holding the match for the protocol's 30 s,
// and sits out casual pairing for a while. Once it answers again, it is
// paired again.
func TestDeadURLFailsFastAndPauses(t *testing.T) {
	ctx := context.Background()
	p, ev, owls := urlEvent(t)
	var turns atomic.Int64
	srv := territoryServer(t, &turns)
	sub, err := p.RegisterURL(ctx, owls, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	srv.Close() // the team's server goes down
	play := func(key string) (store.Match, string) {
		t.Helper()
		if err := p.PlayMatch(ctx, queue.Match{Event: ev.ID, Key: key, Seed: 5, Teams: []int64{0, owls.ID, 0, 0}, Submissions: []int64{0, sub.ID, 0, 0}}); err != nil {
			t.Fatal(err)
		}
		ms, _ := p.Store.Matches(ctx, ev.ID, 10)
		i := slices.IndexFunc(ms, func(m store.Match) bool { return m.Key == key })
		rep, err := p.Replays.Get(key)
		if i < 0 || err != nil {
			t.Fatalf("match %s: %+v, %v", key, ms, err)
		}
		return ms[i], rep.Result.Players[1].Message
	}
	if p.Player.Paused(ctx, sub.ID) {
		t.Fatal("paused before any probe")
	}
	m, msg := play("casual-dead-1")
	if !strings.Contains(msg, "not ready within 3s before the match") || !strings.Contains(msg, "pause for 1m0s") {
		t.Errorf("the dead URL's seat: %q", msg)
	}
	if m.Error != "" || m.Ranks[1] != slices.Max(m.Ranks) {
		t.Errorf("the dead URL's team should lose the match: %+v", m)
	}
	if !p.Player.Paused(ctx, sub.ID) {
		t.Error("a dead URL is still paired")
	}
	// another machine of the platform (a server pairing, a worker that
	// did not probe) sees the pause through the store
	if other := (&arenaplay.Player{Events: p.Events}); !other.Paused(ctx, sub.ID) {
		t.Error("another process of the platform still pairs the dead URL")
	}
	if _, msg := play("casual-dead-2"); !strings.Contains(msg, "pause for 2m0s") {
		t.Errorf("a second failure should double the pause: %q", msg)
	}
}

// TestASilentBotSitsOut: a team's bot that answers no prompt (its server
// is up but drops every move's connection) in two matches in a row sits out casual
// pairing, on every machine of the platform; once it plays, it is paired
// again.
func TestASilentBotSitsOut(t *testing.T) {
	ctx := context.Background()
	p, ev, owls := urlEvent(t)
	var broken atomic.Bool
	broken.Store(true)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /Consciousness/GetStatus/", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("true")) })
	mux.HandleFunc("POST /Consciousness/OnNextMove/", func(w http.ResponseWriter, r *http.Request) {
		if broken.Load() {
			panic(http.ErrAbortHandler) // the connection closed, no reply
		}
		w.Write([]byte(`{"X": 0, "Y": 0}`))
	})
	mux.HandleFunc("PUT /Consciousness/PutFinalMap/", func(w http.ResponseWriter, r *http.Request) {})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	sub, err := p.RegisterURL(ctx, owls, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	play := func(key string) {
		t.Helper()
		if err := p.PlayMatch(ctx, queue.Match{Event: ev.ID, Key: key, Seed: 5, Teams: []int64{0, owls.ID, 0, 0}, Submissions: []int64{0, sub.ID, 0, 0}}); err != nil {
			t.Fatal(err)
		}
	}
	other := &arenaplay.Player{Events: p.Events} // another machine's
	play("casual-silent-1")
	if p.Player.Paused(ctx, sub.ID) {
		t.Fatal("paused after one silent match")
	}
	play("casual-silent-2")
	if !p.Player.Paused(ctx, sub.ID) || !other.Paused(ctx, sub.ID) {
		t.Fatalf("after two silent matches: paused %v here, %v on another machine", p.Player.Paused(ctx, sub.ID), other.Paused(ctx, sub.ID))
	}
	broken.Store(false)
	play("casual-fixed") // a format's game, or a test game, plays it all the same
	if p.Player.Paused(ctx, sub.ID) || other.Paused(ctx, sub.ID) {
		t.Error("a bot that played again still sits out")
	}
}
