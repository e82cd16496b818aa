package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/practice"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/replay"
)

type testGame struct {
	ID         int64
	State      string
	Opponent   string
	Submission int64
	Seed       string
	Result     string
	Replay     string
	Page       string
	Error      string
	Seats      []struct {
		Team       string
		TeamID     int64 `json:"team_id"`
		Submission int64
		Rank       int
	}
}

// A team's test games: refused with another team's build, against another
// team's bot until the organiser allows it, beyond its limits (429); once
// played, the replay holds its own bot's error output only, no other team
// reads them, and nothing rated changed: no rating, no match, no game on
// the leaderboard.
func TestTestGames(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := platformtest.Server(t, p, clock)
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil { // the test games alone play
		t.Fatal(err)
	}
	kit, err := os.ReadFile("../../kits/tracks/python/bot.py")
	if err != nil {
		t.Fatal(err)
	}
	var tokens []string
	var subs []int64
	for _, name := range []string{"Owls", "Bats"} {
		tm, tok := platformtest.Join(t, ts, invite, name)
		src := fmt.Sprintf("import sys\nprint(%q, file=sys.stderr, flush=True)\n%s", strings.ToLower(name)+"-secret", kit)
		// the kit (its bot.py imports the kit's library), with its bot.py
		s, err := p.Submit(ctx, tm, "kit.zip", platformtest.KitZip(t, "tracks", "python", map[string]string{"bot.py": src}))
		if err != nil {
			t.Fatal(err)
		}
		tokens, subs = append(tokens, tok), append(subs, s.ID)
	}
	owls, bats := tokens[0], tokens[1]
	start := func() {
		if err := p.StartJobs(ctx, worker.Options{Matches: 2, PollInterval: 50 * time.Millisecond, ScheduleEvery: time.Hour,
			TimeScale: 10, Build: build.Options{Unsafe: true}}); err != nil {
			t.Fatal(err)
		}
	}
	start()
	for _, id := range subs {
		if s := platformtest.WaitBuilt(t, p, id); s.Status != store.StatusReady {
			t.Fatalf("%+v", s)
		}
	}
	if err := p.StopJobs(ctx); err != nil { // the limits below, with nothing played
		t.Fatal(err)
	}
	ask := func(token, body string) (int, testGame, string) {
		t.Helper()
		code, b := platformtest.Call(t, ts, "POST", api.Prefix+"tests", token, "application/json", []byte(body))
		var tg testGame
		json.Unmarshal(b, &tg)
		return code, tg, string(b)
	}
	for _, c := range []struct {
		body string
		code int
		want string
	}{
		{fmt.Sprintf(`{"submission":%d}`, subs[1]), 404, "no submission"},                 // Bats' build
		{fmt.Sprintf(`{"vs":"submission:%d"}`, subs[1]), 404, "no submission"},            // Bats' build as the opponent
		{`{"vs":"team:Bats"}`, 403, "test_vs_teams"},                                      // not allowed yet
		{`{"vs":"house:nobody"}`, 400, "no house bot"},                                    // no such builtin
		{`{"vs":"everyone"}`, 400, "no opponent"},                                         // no such opponent
		{`{"seed":"12x"}`, 400, "not a 64-bit integer"},                                   // a bad seed
		{`{"vs":"house","extra":1}`, 400, "unknown field"},                                // what the route does not take
		{fmt.Sprintf(`{"submission":%d,"vs":"boss"}`, subs[0]+100), 404, "no submission"}, // none
	} {
		if code, _, b := ask(owls, c.body); code != c.code || !strings.Contains(b, c.want) {
			t.Errorf("%s: %d %s, want %d %q", c.body, code, b, c.code, c.want)
		}
	}
	clock.Add(time.Minute) // refused requests count against the minute's
	platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.TestVsTeams = true })
	code, vsBats, b := ask(owls, `{"vs":"team:Bats","seed":"9007199254740993"}`)
	if code != 202 || vsBats.State != store.TestQueued || vsBats.Seed != "9007199254740993" || vsBats.Submission != subs[0] ||
		len(vsBats.Seats) != 2 || vsBats.Seats[1].Team != "Bats" || vsBats.Seats[1].Submission != subs[1] {
		t.Fatalf("a test game against Bats: %d %s", code, b)
	}
	code, vsBoss, b := ask(owls, `{"vs":"boss","seed":7}`)
	if code != 202 || vsBoss.Seats[1].Team != "boss5" || vsBoss.Seed != "7" {
		t.Fatalf("a test game against the boss: %d %s", code, b)
	}
	code, vsSelf, b := ask(owls, fmt.Sprintf(`{"vs":"submission:%d"}`, subs[0]))
	if code != 202 || vsSelf.Seats[1].TeamID != vsSelf.Seats[0].TeamID {
		t.Fatalf("a test game against its own build: %d %s", code, b)
	}
	// three queued: a fourth is refused, saying why; then so many asked
	// in a minute are refused too, until the minute has passed
	if code, _, b := ask(owls, `{}`); code != 429 || !strings.Contains(b, "queued or playing") {
		t.Fatalf("a fourth test game: %d %s", code, b)
	}
	ask(owls, `{}`)
	ask(owls, `{}`)
	if code, _, b := ask(owls, `{}`); code != 429 || !strings.Contains(b, "a minute") {
		t.Fatalf("a seventh request in a minute: %d %s", code, b)
	}
	if code, _, b := ask(bats, `{"vs":"house"}`); code != 202 {
		t.Fatalf("another team's limits are its own: %d %s", code, b)
	}
	clock.Add(time.Minute)
	if code, _, b := ask(owls, `{}`); code != 429 || !strings.Contains(b, "queued or playing") {
		t.Fatalf("after a minute, still three queued: %d %s", code, b)
	}

	start()
	get := func(token, path string) (int, string) {
		code, b := platformtest.Call(t, ts, "GET", api.Prefix+path, token, "", nil)
		return code, string(b)
	}
	for _, tg := range []testGame{vsBats, vsBoss, vsSelf} {
		platformtest.WaitFor(t, 3*time.Minute, fmt.Sprintf("test game %d", tg.ID), func() bool {
			_, b := get(owls, fmt.Sprintf("tests/%d", tg.ID))
			var got testGame
			json.Unmarshal([]byte(b), &got)
			if got.State == store.TestFailed {
				t.Fatalf("test game %d failed: %s", tg.ID, b)
			}
			return got.State == store.TestDone
		})
	}
	_, b = get(owls, fmt.Sprintf("tests/%d", vsBats.ID))
	var done testGame
	json.Unmarshal([]byte(b), &done)
	if done.Result == "" || done.Replay != fmt.Sprintf("%stests/%d/replay", api.Prefix, vsBats.ID) || done.Page != fmt.Sprintf("/platform/replay/test-%d", vsBats.ID) {
		t.Fatalf("a played test game: %s", b)
	}
	code, rep := get(owls, fmt.Sprintf("tests/%d/replay", vsBats.ID))
	if code != 200 || !strings.Contains(rep, "owls-secret") || strings.Contains(rep, "bats-secret") || !strings.Contains(rep, `"seed":9007199254740993`) {
		t.Fatalf("Owls' replay of its game against Bats: %d owls %v bats %v %.300s", code,
			strings.Contains(rep, "owls-secret"), strings.Contains(rep, "bats-secret"), rep)
	}
	if code, rep := get(owls, fmt.Sprintf("tests/%d/replay", vsSelf.ID)); code != 200 || strings.Count(rep, "owls-secret") < 2 {
		t.Fatalf("a game against its own build keeps both seats' output: %d", code)
	}
	// Bats, whose bot played, reads nothing of Owls' test game
	for _, path := range []string{fmt.Sprintf("tests/%d", vsBats.ID), fmt.Sprintf("tests/%d/replay", vsBats.ID)} {
		if code, b := get(bats, path); code != 404 {
			t.Errorf("Bats reads %s: %d %.200s", path, code, b)
		}
	}
	if _, list := get(bats, "tests"); strings.Contains(list, fmt.Sprintf(`"id":%d,`, vsBats.ID)) || strings.Contains(list, "team:Bats") {
		t.Errorf("Bats' list holds Owls' game: %s", list)
	}
	if _, list := get(owls, "tests"); !strings.Contains(list, "team:Bats") || !strings.Contains(list, `"opponent":"boss"`) {
		t.Errorf("Owls' list: %s", list)
	}
	// unrated: no rating, no match, no game on the leaderboard
	if r, _ := p.Store.Ratings(ctx, ev.ID); len(r) != 0 {
		t.Errorf("test games rated: %+v", r)
	}
	if ms, _ := p.Store.Matches(ctx, ev.ID, 100); len(ms) != 0 {
		t.Errorf("test games listed as matches: %+v", ms)
	}
	if _, ms := get(owls, "matches"); strings.TrimSpace(ms) != "[]" {
		t.Errorf("the team's matches: %s", ms)
	}
	_, board := get(owls, "leaderboard")
	if !strings.Contains(board, `"games":0`) || strings.Contains(board, `"games":1`) {
		t.Errorf("the leaderboard counts test games: %s", board)
	}
}

// A team keeps the replays of its latest test games only: once a test game
// ends, the replays of those past practice.KeptReplays are deleted, and
// asking for one answers 410 saying why; the newer ones stay.
func TestOldTestGamesLoseTheirReplays(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ts := platformtest.Server(t, p, nil)
	_, invite := platformtest.Event(t, p, "tracks", "Summer")
	owls, token := platformtest.Join(t, ts, invite, "Owls")
	s, err := p.Submit(ctx, owls, "bot.py", []byte("print(1)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Store.FinishBuild(ctx, s.ID, store.StatusReady, "python", "", nil); err != nil {
		t.Fatal(err)
	}
	// played earlier: finished, each with its replay
	var ids []int64
	for i := range practice.KeptReplays + 3 {
		tg, err := p.Store.CreateTestGame(ctx, store.TestGame{EventID: owls.EventID, TeamID: owls.ID, Opponent: "house",
			Teams: []int64{owls.ID, 0}, Submissions: []int64{s.ID, 0}, Seed: int64(i)})
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := p.Store.StartTestGame(ctx, tg.ID); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if err := p.Store.FinishTestGame(ctx, tg.ID, []int{1, 2}, ""); err != nil {
			t.Fatal(err)
		}
		if err := p.Replays.Put(practice.MatchOf(tg).Key, &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "tracks", Seed: int64(i), Result: &replay.Result{}}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, tg.ID)
	}
	// one more ends here (its build's tree is missing: it ends in an error)
	tg, err := p.StartTest(ctx, owls, practice.Request{Vs: "house"})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.PlayTest(ctx, queue.Test{ID: tg.ID, Match: practice.MatchOf(tg)}); err != nil {
		t.Fatal(err)
	}
	// the newest KeptReplays are the one just ended and the last of ids
	kept := len(ids) - (practice.KeptReplays - 1)
	for i, id := range ids {
		code, b := platformtest.Call(t, ts, "GET", fmt.Sprintf("%stests/%d/replay", api.Prefix, id), token, "", nil)
		switch {
		case i < kept && (code != 410 || !strings.Contains(string(b), "latest test games")):
			t.Errorf("test game %d of %d, past the kept ones: %d %s", i+1, len(ids), code, b)
		case i >= kept && code != 200:
			t.Errorf("test game %d of %d, among the kept ones: %d %s", i+1, len(ids), code, b)
		}
	}
}
