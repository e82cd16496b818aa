package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/web"
)

// publicServer is the API as arena serve mounts it, with o.
func publicServer(t *testing.T, p *platform.Platform, o api.Options) *httptest.Server {
	ws := &web.Server{Replays: t.TempDir(), Platform: p.Handler(o)}
	ts := httptest.NewServer(ws.Handler())
	t.Cleanup(func() { ts.Close(); ws.Close() })
	return ts
}

// publicEvent is a tracks event with two teams and a match between them
// whose replay holds both seats' stderr and a team's token in a log.
func publicEvent(t *testing.T, p *platform.Platform) (store.Event, []store.Team, []string) {
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	teams, tokens := platformtest.JoinReady(t, p, invite, "Owls", "Bats")
	rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "tracks",
		Turns: []replay.Turn{{Replies: []replay.Reply{{Stderr: "owls-log " + tokens[0]}, {Stderr: "bats-log"}}}}}
	if err := p.Replays.Put("casual-pub-1", rep); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: "casual-pub-1", Teams: []int64{teams[0].ID, teams[1].ID},
		Submissions: []int64{teams[0].Active, teams[1].Active}, Ranks: []int{1, 2}}, nil); err != nil {
		t.Fatal(err)
	}
	return ev, teams, tokens
}

var publicPaths = []string{"", "/leaderboard", "/games", "/format", "/matches/1/replay"}

// An event the organiser has not made public is a 404 on every public
// route, word for word as an event that does not exist.
func TestAPrivateEventIsNotFound(t *testing.T) {
	p := platformtest.Open(t)
	ts := publicServer(t, p, api.Options{})
	ev, _, _ := publicEvent(t, p)
	for _, path := range publicPaths {
		code, b := platformtest.Call(t, ts, "GET", fmt.Sprintf("%spublic/events/%d%s", api.Prefix, ev.ID, path), "", "", nil)
		code2, b2 := platformtest.Call(t, ts, "GET", api.Prefix+"public/events/999"+path, "", "", nil)
		if code != 404 || code2 != 404 || string(b) != string(b2) {
			t.Errorf("%s: private %d %s, missing %d %s", path, code, b, code2, b2)
		}
	}
	resp, err := ts.Client().Get(fmt.Sprintf("%s%spublic/events/%d/stream", ts.URL, api.Prefix, ev.ID))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("a private event's stream: %d", resp.StatusCode)
	}
}

// A public event shows its ranking, its games and their replays to
// anyone, with no bot's error output and no token anywhere.
func TestAPublicEventShowsNothingPrivate(t *testing.T) {
	p := platformtest.Open(t)
	ts := publicServer(t, p, api.Options{})
	ev, _, tokens := publicEvent(t, p)
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.Public = true })
	other, _ := platformtest.Event(t, p, "tracks", "Private")
	base := fmt.Sprintf("%spublic/events/%d", api.Prefix, ev.ID)
	seen := ""
	for _, path := range publicPaths {
		code, b := platformtest.Call(t, ts, "GET", base+path, "", "", nil)
		if code != 200 {
			t.Fatalf("%s: %d %s", path, code, b)
		}
		seen += string(b)
	}
	for _, secret := range append(tokens, "owls-log", "bats-log", "stderr\":\"o", "members", "submission") {
		if strings.Contains(seen, secret) {
			t.Errorf("the public routes give away %q: %s", secret, seen)
		}
	}
	for _, want := range []string{`"name":"Summer"`, `"game":"tracks"`, `"team":"Owls"`, `"team":"Bats"`, base + "/matches/1/replay"} {
		if !strings.Contains(seen, want) {
			t.Errorf("the public routes lack %s: %s", want, seen)
		}
	}
	// a match is read only through its own event
	code, _ := platformtest.Call(t, ts, "GET", fmt.Sprintf("%spublic/events/%d/matches/1/replay", api.Prefix, other.ID), "", "", nil)
	if code != 404 {
		t.Errorf("event 1's match through a private event: %d", code)
	}
}

// The public routes take no token: a client address that reads too much
// is refused for a while.
func TestPublicReadsAreRateLimited(t *testing.T) {
	p := platformtest.Open(t)
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := publicServer(t, p, api.Options{PublicPerMinute: 10, Now: clock.Now})
	ev, _, _ := publicEvent(t, p)
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.Public = true })
	path := fmt.Sprintf("%spublic/events/%d/leaderboard", api.Prefix, ev.ID)
	codes := map[int]int{}
	for range 20 {
		code, _ := platformtest.Call(t, ts, "GET", path, "", "", nil)
		codes[code]++
	}
	if codes[200] != 5 || codes[429] != 15 {
		t.Errorf("20 reads at 10 a minute (a burst of 5): %v", codes)
	}
	clock.Add(time.Minute)
	if code, _ := platformtest.Call(t, ts, "GET", path, "", "", nil); code != 200 {
		t.Errorf("a minute later: %d", code)
	}
}

// openStream opens an event's stream from a local address and reads its
// first message; it returns the status and a reader of what follows.
func openStream(t *testing.T, ts *httptest.Server, path, token, from string) (int, *bufio.Reader, func()) {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c := &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
	req, _ := http.NewRequest("GET", ts.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(resp.Body)
	if resp.StatusCode == 200 {
		if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
			t.Fatalf("content type %q", ct)
		}
		if ev := readEvent(t, r); !strings.HasPrefix(ev, "event: hello\n") {
			t.Fatalf("first message %q", ev)
		}
	}
	return resp.StatusCode, r, func() { resp.Body.Close() }
}

// readEvent reads one server-sent event (comments skipped), in a time
// generous for a busy machine.
func readEvent(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	got := make(chan string, 1)
	go func() {
		var b strings.Builder
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				got <- "error: " + err.Error()
				return
			}
			if strings.HasPrefix(line, ":") {
				continue
			}
			if line == "\n" {
				if b.Len() > 0 {
					got <- b.String()
					return
				}
				continue
			}
			b.WriteString(line)
		}
	}()
	select {
	case s := <-got:
		return s
	case <-time.After(time.Minute):
		t.Fatal("no event in a minute")
		return ""
	}
}

// Streams are bounded by client address and in all: one more is refused
// (429), and a stream closed makes room again.
func TestStreamsAreBounded(t *testing.T) {
	p := platformtest.Open(t)
	ts := publicServer(t, p, api.Options{StreamsPerClient: 2, Streams: 3})
	ev, _, _ := publicEvent(t, p)
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.Public = true })
	path := fmt.Sprintf("%spublic/events/%d/stream", api.Prefix, ev.ID)
	_, _, close1 := openStream(t, ts, path, "", "127.0.0.1")
	defer close1()
	_, _, close2 := openStream(t, ts, path, "", "127.0.0.1")
	defer close2()
	if code, _, c := openStream(t, ts, path, "", "127.0.0.1"); code != 429 {
		t.Errorf("a third stream from one address: %d", code)
	} else {
		c()
	}
	_, _, close3 := openStream(t, ts, path, "", "127.0.0.2")
	defer close3()
	if code, _, c := openStream(t, ts, path, "", "127.0.0.3"); code != 429 {
		t.Errorf("a fourth stream in all: %d", code)
	} else {
		c()
	}
	close3()
	// the server sees the close when it next writes or its request ends:
	// poll for the room it makes, without timing assumptions
	platformtest.WaitFor(t, time.Minute, "a closed stream's room", func() bool {
		code, _, c := openStream(t, ts, path, "", "127.0.0.3")
		c()
		return code == 200
	})
}

// A match recorded, for the team's, the organiser's and the public
// streams of its event, is a change; another event's is not.
func TestStreamsTellOfRecordedMatches(t *testing.T) {
	p := platformtest.Open(t)
	ts := publicServer(t, p, api.Options{})
	ev, _, tokens := publicEvent(t, p)
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.Public = true })
	other, _ := platformtest.Event(t, p, "tracks", "Elsewhere")
	org := platformtest.OrganiserToken(t, p)
	var readers []*bufio.Reader
	for _, s := range []struct{ path, token string }{
		{fmt.Sprintf("%spublic/events/%d/stream", api.Prefix, ev.ID), ""},
		{api.Prefix + "stream", tokens[1]},
		{fmt.Sprintf("%sorganiser/events/%d/stream", api.Prefix, ev.ID), org},
	} {
		code, r, c := openStream(t, ts, s.path, s.token, "127.0.0.1")
		defer c()
		if code != 200 {
			t.Fatalf("%s: %d", s.path, code)
		}
		readers = append(readers, r)
	}
	ctx := context.Background()
	// another event's match first: its change must not reach these streams
	if err := p.PlayMatch(ctx, queue.Match{Event: other.ID, Key: "casual-other", Seed: 2, Teams: []int64{0, 0}, Submissions: []int64{0, 0}}); err != nil {
		t.Fatal(err)
	}
	if err := p.PlayMatch(ctx, queue.Match{Event: ev.ID, Key: "casual-pub-2", Seed: 3, Teams: []int64{0, 0}, Submissions: []int64{0, 0}}); err != nil {
		t.Fatal(err)
	}
	for _, r := range readers {
		got := readEvent(t, r)
		data, ok := strings.CutPrefix(got, "event: change\ndata: ")
		var c news.Change
		if !ok || json.Unmarshal([]byte(data), &c) != nil || c.Event != ev.ID || c.What != news.Match {
			t.Errorf("change %q, want event %d's match", got, ev.ID)
		}
	}
}
