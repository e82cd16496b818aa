package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/game/gametest"
)

func init() { game.Register(counted{}) }

// refereesMade counts the referees of the "counted" game: a start that is
// refused must make none (making one cost 150-200 ms for real games).
var refereesMade atomic.Int64

type counted struct{ gametest.Sum }

func (counted) Info() game.Info {
	info := gametest.Sum{}.Info()
	info.Name = "counted"
	return info
}

func (c counted) New(cfg game.Config) (game.Referee, error) {
	refereesMade.Add(1)
	return c.Sum.New(cfg)
}

// endOf follows a match's stream to its last message.
func endOf(t *testing.T, ts *httptest.Server, id string) streamMsg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/api/matches/"+id+"/live", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 26)
	for {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("the stream ended without an end: %v", err)
		}
		var m streamMsg
		json.Unmarshal(b, &m)
		if m.Type == "end" || m.Type == "error" || (m.Type == "replay" && (m.Error != "" || m.Replay.Result != nil)) {
			return m
		}
	}
}

// Matches started from the page stop at the server's bounds, whatever
// their options ask for: turns, replay size, total duration.
func TestStartBounds(t *testing.T) {
	cases := []struct {
		limits Limits
		opts   string
		want   error
	}{
		{Limits{MaxTurns: 5}, `"turns=1000"`, errTooMany},
		{Limits{MaxReplayBytes: 3000}, `"turns=1000"`, errTooBig},
		{Limits{MaxDuration: 300 * time.Millisecond}, `"turns=1000","realtime=true","turn_ms=20","first_ms=20"`, errTooLong},
	}
	for _, c := range cases {
		s := &Server{Replays: t.TempDir(), Cores: 4, Limits: c.limits}
		ts := httptest.NewServer(s.Handler())
		code, out := post(t, ts.URL+"/api/matches", `{"game":"sum","bots":["builtin:count","builtin:seeded"],"options":[`+c.opts+`]}`)
		if code != 201 {
			t.Fatalf("start: %d %v", code, out)
		}
		m := endOf(t, ts, out["id"])
		if !strings.Contains(m.Error, c.want.Error()) {
			t.Errorf("%+v: the match ended with %q %q, want %q", c.limits, m.Type, m.Error, c.want)
		}
		ts.Close()
		s.Close()
	}
	// The pause is bounded too.
	_, ts := newServer(t, false)
	if code, out := post(t, ts.URL+"/api/matches", `{"game":"sum","bots":["builtin:count"],"pauseMs":5001}`); code != 400 || !strings.Contains(out["error"], "pauseMs") {
		t.Errorf("a 5001 ms pause: %d %v", code, out)
	}
}

// The page that started a match stops it with its token; nobody else can.
func TestCancelFromThePage(t *testing.T) {
	s, ts := newServer(t, false)
	res, err := http.Post(ts.URL+"/api/matches", "application/json",
		strings.NewReader(`{"game":"sum","bots":["builtin:count","builtin:seeded"],"pauseMs":200,"options":["turns=1000"]}`))
	if err != nil {
		t.Fatal(err)
	}
	var started StartReply
	json.NewDecoder(res.Body).Decode(&started)
	res.Body.Close()
	if res.StatusCode != 201 || len(started.CancelToken) != 32 {
		t.Fatalf("start: %d %+v", res.StatusCode, started)
	}
	cancelURL := ts.URL + "/api/matches/" + started.ID + "/cancel"
	for _, body := range []string{`{"token":"0123456789abcdef0123456789abcdef"}`, `{"token":""}`, `{}`} {
		if code, out := post(t, cancelURL, body); code != 403 {
			t.Errorf("cancel with %s: %d %v", body, code, out)
		}
	}
	if code, out := post(t, ts.URL+"/api/matches/nope/cancel", `{"token":"`+started.CancelToken+`"}`); code != 404 {
		t.Errorf("cancel of an unknown match: %d %v", code, out)
	}
	// A cross-site form cannot stop it either.
	r := httptest.NewRequest("POST", "/api/matches/"+started.ID+"/cancel", strings.NewReader(`{"token":"`+started.CancelToken+`"}`))
	r.Header.Set("Content-Type", "text/plain")
	r.Host = "localhost"
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, r)
	if w.Code != 415 {
		t.Errorf("text/plain cancel: %d", w.Code)
	}
	if code, out := post(t, cancelURL, `{"token":"`+started.CancelToken+`"}`); code != 200 {
		t.Fatalf("cancel: %d %v", code, out)
	}
	if m := endOf(t, ts, started.ID); !strings.Contains(m.Error, errCancelled.Error()) {
		t.Errorf("the cancelled match ended with %q %q", m.Type, m.Error)
	}
}

// A start refused because the cores are taken, or because the client
// started too many, builds no referee.
func TestRefusedStartBuildsNoReferee(t *testing.T) {
	s := &Server{Replays: t.TempDir(), Cores: 1, Limits: Limits{StartBurst: 2, StartsPerMinute: 0.001}}
	ts := httptest.NewServer(s.Handler())
	defer s.Close()
	defer ts.Close()
	// The first match takes the only core for a while.
	code, out := post(t, ts.URL+"/api/matches", `{"game":"counted","bots":["builtin:count"],"pauseMs":100,"options":["turns=1000"]}`)
	if code != 201 {
		t.Fatalf("start: %d %v", code, out)
	}
	// It makes its own referee in the background: count from its first turn.
	for wait := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if l := s.liveMatch(out["id"]); l != nil && l.size() > 0 {
			break
		}
		if time.Now().After(wait) {
			t.Fatal("the first match played no turn")
		}
	}
	before := refereesMade.Load()
	code, out = post(t, ts.URL+"/api/matches", `{"game":"counted","bots":["builtin:count"]}`)
	if code != 429 || !strings.Contains(out["error"], "cores") {
		t.Fatalf("busy start: %d %v", code, out)
	}
	code, out = post(t, ts.URL+"/api/matches", `{"game":"counted","bots":["builtin:count"]}`)
	if code != 429 || !strings.Contains(out["error"], "too many matches") {
		t.Fatalf("a third start in a burst of 2: %d %v", code, out)
	}
	if n := refereesMade.Load() - before; n != 0 {
		t.Errorf("refused starts made %d referees", n)
	}
}

// errors.Is needs the bound errors to be distinct.
func TestBoundErrorsDistinct(t *testing.T) {
	all := []error{errTooLong, errTooMany, errTooBig, errCancelled, errServerStop}
	for i, a := range all {
		for j, b := range all {
			if i != j && errors.Is(a, b) {
				t.Errorf("%v is %v", a, b)
			}
		}
	}
}
