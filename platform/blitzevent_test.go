package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// stillJungle is a jungle bot that never acts: its units never spawn.
const stillJungle = "import sys, json\nfor line in sys.stdin:\n    m = json.loads(line)\n    if m.get('type') == 'TICK':\n        print(json.dumps({'type': 'COMMAND', 'tick': m['tick'], 'actions': []}), flush=True)\n"

// TestBlitzEndToEnd (below): four teams (two still bots, two kit bots) built and
// sandboxed; the ranked rounds fall due on a fake clock, move the teams
// between groups of 2 as the rules say (the winner up, the loser down,
// the top winner and the bottom loser stay); the final, seeded by that
// ranking, plays every team, ends in a best-of-three grand final, and
// its bracket is served; every game is listed with its kind and map.
// blitzSetup4 makes a jungle event (map pool [clearing], 60 ticks) with
// four teams built and ready: Still-A, Kit-B, Still-C, Kit-D.
func blitzSetup4(t *testing.T) (*Platform, store.Event, string, []store.Team, []string) {
	t.Helper()
	needSandbox(t)
	ctx := context.Background()
	p, err := Open(ctx, dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	settings := store.DefaultSettings()
	settings.Maps = []string{"clearing"}
	ev, invite, err := p.CreateEventWith(ctx, "jungle", "Blitz 2022", []string{"nb_ticks=60"}, settings)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, JobOptions{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.StopJobs(ctx) })
	names := []string{"Still-A", "Kit-B", "Still-C", "Kit-D"}
	var teams []store.Team
	for i, n := range names {
		tm, _, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		upload, file := []byte(stillJungle), "still.py"
		if i%2 == 1 {
			upload, file = testKitZip(t, "jungle", "python", nil), "kit.zip"
		}
		s, err := p.Submit(ctx, tm, file, upload)
		if err != nil {
			t.Fatal(err)
		}
		if b := waitBuilt(t, p, s.ID); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s.ID)
			t.Fatalf("%+v\n%s", b, log)
		}
		teams = append(teams, tm)
	}
	return p, ev, invite, teams, names
}

func TestBlitzEndToEnd(t *testing.T) {
	p, ev, invite, teams, names := blitzSetup4(t)
	ctx := context.Background()
	id := func(i int) int64 { return teams[i].ID }
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	if err := blitz.SetSchedule(ctx, p.FormatHost(), ev.ID, blitz.Schedule{Start: friday, Every: time.Hour, Size: 3}); err == nil {
		t.Error("groups of 3 accepted")
	}
	if err := blitz.SetSchedule(ctx, p.FormatHost(), ev.ID, blitz.Schedule{Start: friday, Every: time.Hour, Size: 2, Rounds: 2}); err != nil {
		t.Fatal(err)
	}
	tick := func(at time.Time, want bool) {
		t.Helper()
		played, err := blitz.PlayDue(ctx, p.FormatHost(), ev.ID, at)
		if err != nil || played != want {
			t.Fatalf("tick at %s: played %v, %v; want %v", at.Format("15:04"), played, err, want)
		}
	}
	tick(friday.Add(-time.Minute), false)
	tick(friday, true)
	b, err := blitz.Status(ctx, p.FormatHost(), ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	// round 1 from the leaderboard (all unrated: registration order):
	// {A, B} B wins and stays on top, A goes down; {C, D} D wins and goes
	// up, C stays at the bottom.
	if want := []int64{id(1), id(3), id(0), id(2)}; len(b.Rounds) != 1 || !slices.Equal(b.Ranking, want) {
		t.Fatalf("after round 1: %v, want %v (%+v)", b.Ranking, want, b.Rounds)
	}
	tick(friday.Add(30*time.Minute), false)
	tick(friday.Add(time.Hour), true)
	tick(friday.Add(5*time.Hour), false) // a cap of 2 rounds
	b, _ = blitz.Status(ctx, p.FormatHost(), ev.ID)
	// round 2: {B, D} and {A, C}, either way (the still bots tie up to
	// their response times): the top group's winner stays, its loser goes
	// down; the bottom group's winner goes up, its loser stays.
	if len(b.Rounds) != 2 || b.Rounds[1].Groups == nil || b.Rounds[1].Groups.Name != "ranked round 2" {
		t.Fatalf("rounds %+v", b.Rounds)
	}
	byName, nameOf := map[string]int64{}, map[int64]string{}
	for i, n := range names {
		byName[n], nameOf[id(i)] = id(i), n
	}
	top, bottom := b.Rounds[1].Groups.Matches[0].Ranking, b.Rounds[1].Groups.Matches[1].Ranking
	if want := []int64{byName[top[0]], byName[bottom[0]], byName[top[1]], byName[bottom[1]]}; !slices.Equal(b.Ranking, want) || !slices.Contains(top, "Kit-B") {
		t.Fatalf("after round 2: %v, want %v (%+v)", b.Ranking, want, b.Rounds[1].Groups)
	}
	// The organiser asks for a round now (beside the capped schedule),
	// then the final: the server's next looks play them.
	ts := server(t, p, &fakeClock{t: time.Unix(1e9, 0)})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orgPath := fmt.Sprintf("%sorganiser/events/%d/blitz", APIPrefix, ev.ID)
	if code, body := call(t, ts, "POST", orgPath+"/schedule", org, "application/json", []byte(`{"start": "2022-01-21T18:00:00Z", "every": "soon", "size": 2}`)); code != 400 || !strings.Contains(string(body), "duration") {
		t.Errorf("a bad interval: %d %s", code, body)
	}
	if code, body := call(t, ts, "POST", orgPath+"/round", org, "application/json", []byte(`{}`)); code != 202 {
		t.Fatalf("round now: %d %s", code, body)
	}
	tick(friday.Add(6*time.Hour), true)
	tick(friday.Add(6*time.Hour), false) // asked once, played once
	if code, body := call(t, ts, "POST", orgPath+"/final", org, "application/json", []byte(`{"size": 4}`)); code != 202 {
		t.Fatalf("final: %d %s", code, body)
	}
	tick(friday.Add(7*time.Hour), true)
	tick(friday.Add(8*time.Hour), false) // over
	b, _ = blitz.Status(ctx, p.FormatHost(), ev.ID)
	if len(b.Rounds) != 3 {
		t.Fatalf("%d rounds after the round asked for", len(b.Rounds))
	}
	f, err := blitz.ReadFinal(ctx, p.FormatHost(), ev.ID)
	if err != nil || f == nil {
		t.Fatal(f, err)
	}
	if !f.Done || len(f.Standings) != 4 || !slices.Equal(f.Teams, b.Ranking) {
		t.Fatalf("final %+v", f)
	}
	gf := f.Rounds[len(f.Rounds)-1]
	if gf.Name != "grand final" || len(gf.Matches) != 1 || gf.Matches[0].Games < 2 || gf.Matches[0].Games > 3 {
		t.Errorf("grand final %+v", gf)
	}
	played := map[int64]bool{}
	for _, g := range f.Played {
		for _, tm := range g.Teams {
			played[tm] = true
		}
	}
	if len(played) != 4 {
		t.Errorf("teams that played in the final: %v", played)
	}
	// Every game is listed with its kind, round and map, as the game page
	// shows "RANKED - #ID, Map: NAME".
	ms, _ := p.Store.Matches(ctx, ev.ID, 100)
	kinds := map[string]int{}
	for _, m := range ms {
		kinds[m.Kind]++
		if m.Map != "clearing.jmap" && m.Map != "clearing" {
			t.Errorf("match %d map %q", m.ID, m.Map)
		}
	}
	if kinds[store.KindRanked] != 6 || kinds[store.KindFinal] != len(f.Played) {
		t.Errorf("kinds %v, %d final games", kinds, len(f.Played))
	}
	_, tok, err := p.Join(ctx, invite, "Late")
	if err != nil {
		t.Fatal(err)
	}
	code, body := call(t, ts, "GET", APIPrefix+"blitz", tok, "", nil)
	var view struct {
		Ranking []struct{ Team string }
		Rounds  []json.RawMessage
		Final   struct {
			Rounds []struct{ Name string }
			Done   bool
		}
	}
	if json.Unmarshal(body, &view); code != 200 || len(view.Ranking) != 4 || view.Ranking[0].Team != nameOf[b.Ranking[0]] || view.Ranking[3].Team != nameOf[b.Ranking[3]] || len(view.Rounds) != 3 || !view.Final.Done ||
		view.Final.Rounds[len(view.Final.Rounds)-1].Name != "grand final" {
		t.Errorf("GET blitz: %d %s", code, body)
	}
}

// A round the server stopped halfway is finished at the next look, due
// or not, and the games it had played are not played again: here its
// first game is on record as Still-A beating Kit-B (a result the bots
// would not give), so that only the second game is played, and the moves
// follow the recorded result.
func TestABlitzRoundBegunIsFinished(t *testing.T) {
	p, ev, _, teams, _ := blitzSetup4(t)
	ctx := context.Background()
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	if err := blitz.SetSchedule(ctx, p.FormatHost(), ev.ID, blitz.Schedule{Start: friday, Every: time.Hour, Size: 2}); err != nil {
		t.Fatal(err)
	}
	var ids, subs []int64
	var names []string
	for _, tm := range teams {
		got, _ := p.Store.Team(ctx, tm.ID)
		ids, subs, names = append(ids, got.ID), append(subs, got.Active), append(names, got.Name)
	}
	// game 0 of round 1 is {A, B}, seats in ranking order: A first
	won := &replay.Result{Players: []replay.PlayerResult{{PlayerResult: game.PlayerResult{Rank: 1}}, {PlayerResult: game.PlayerResult{Rank: 2}}}}
	begun := blitz.Round{Number: 1, Started: friday, Seed: 11, Teams: ids, Names: names, Submissions: subs, Played: map[int]*replay.Result{0: won}}
	if err := p.writeState(ctx, ev.ID, blitz.RoundDoc, begun); err != nil {
		t.Fatal(err)
	}
	if played, err := blitz.PlayDue(ctx, p.FormatHost(), ev.ID, friday.Add(-time.Hour)); err != nil || !played {
		t.Fatalf("the begun round: played %v, %v", played, err)
	}
	b, _ := blitz.Status(ctx, p.FormatHost(), ev.ID)
	// A won {A, B}: A stays on top, B goes down; {C, D}: D (kit) beats C
	// and goes up.
	if want := []int64{ids[0], ids[3], ids[1], ids[2]}; len(b.Rounds) != 1 || !slices.Equal(b.Ranking, want) {
		t.Fatalf("ranking %v, want %v", b.Ranking, want)
	}
	ms, _ := p.Store.Matches(ctx, ev.ID, 10)
	if len(ms) != 1 || !slices.Equal(ms[0].Teams, []int64{ids[2], ids[3]}) {
		t.Errorf("games played: %+v (only {C, D} was left)", ms)
	}
	if played, _ := blitz.PlayDue(ctx, p.FormatHost(), ev.ID, friday.Add(-time.Hour)); played {
		t.Error("a round played before the start once the begun one was over")
	}
}

// TestBlitzScheduleStopped: the organiser stops the ranked rounds'
// schedule through the API while a round is being played: that round
// finishes, and no round of the schedule starts at any later look, even
// long past its due time, nor after a restart (another Platform on the
// data directory reads it stopped); a round asked now still plays. Saved
// anew, the schedule runs again, its first round at its own start (not
// where the old one had got to); the final still plays with it stopped.
func TestBlitzScheduleStopped(t *testing.T) {
	p, ev, _, _, _ := blitzSetup4(t)
	ctx := context.Background()
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	ts := server(t, p, &fakeClock{t: time.Unix(1e9, 0)})
	org, err := p.FirstOrganiserToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	orgPath := fmt.Sprintf("%sorganiser/events/%d/blitz", APIPrefix, ev.ID)
	post := func(rest, body string, want int) []byte {
		t.Helper()
		code, got := call(t, ts, "POST", orgPath+rest, org, "application/json", []byte(body))
		if code != want {
			t.Fatalf("POST %s: %d %s, want %d", rest, code, got, want)
		}
		return got
	}
	tick := func(at time.Time, want bool) {
		t.Helper()
		played, err := blitz.PlayDue(ctx, p.FormatHost(), ev.ID, at)
		if err != nil || played != want {
			t.Fatalf("tick at %s: played %v, %v; want %v", at.Format("Mon 15:04"), played, err, want)
		}
	}
	rounds := func(q *Platform) *blitz.State {
		t.Helper()
		b, err := blitz.Status(ctx, q.FormatHost(), ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// the next round the pages show: the server's
	next := func() *time.Time {
		t.Helper()
		code, body := call(t, ts, "GET", orgPath, org, "", nil)
		var doc struct {
			Public struct {
				Next *time.Time `json:"next_round"`
			}
		}
		if err := json.Unmarshal(body, &doc); code != 200 || err != nil {
			t.Fatalf("GET blitz: %d %s", code, body)
		}
		return doc.Public.Next
	}
	if body := post("/schedule/stop", `{}`, 400); !strings.Contains(string(body), "no schedule of ranked rounds to stop") {
		t.Errorf("stopping no schedule: %s", body)
	}
	post("/schedule", `{"start": "2022-01-21T18:00:00Z", "every": "1h", "size": 2}`, 200)
	// round 1 begun by the clock, its games not played yet
	if _, err := blitz.BeginRound(ctx, p.FormatHost(), ev.ID, friday); err != nil {
		t.Fatal(err)
	}
	if body := post("/schedule/stop", `{}`, 200); !strings.Contains(string(body), `"stopped":true`) {
		t.Errorf("the stop's answer: %s", body)
	}
	post("/schedule/stop", `{}`, 200) // stopped already: stays so
	if at := next(); at != nil {
		t.Errorf("a stopped schedule's next round: %s", at)
	}
	tick(friday.Add(time.Minute), true)
	if b := rounds(p); len(b.Rounds) != 1 || len(b.Ranking) != 4 || !b.Schedule.Stopped {
		t.Fatalf("the round being played when stopped did not finish: %+v", b)
	}
	tick(friday.Add(time.Hour), false)
	tick(friday.Add(50*time.Hour), false)
	// the server restarted: its clock reads the schedule stopped
	q, err := Open(ctx, p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if !rounds(q).Schedule.Stopped {
		t.Error("the schedule runs again after a restart")
	}
	if played, err := blitz.PlayDue(ctx, q.FormatHost(), ev.ID, friday.Add(60*time.Hour)); err != nil || played {
		t.Errorf("a restarted clock's look: played %v, %v", played, err)
	}
	q.Close()
	post("/round", `{}`, 202)
	tick(friday.Add(61*time.Hour), true)
	tick(friday.Add(61*time.Hour), false)
	if b := rounds(p); len(b.Rounds) != 2 {
		t.Fatalf("the round asked now: %d rounds", len(b.Rounds))
	}
	// saved anew from Sunday 16:00 (70 h on): the rounds start again there
	sunday := friday.Add(70 * time.Hour)
	if body := post("/schedule", `{"start": "2022-01-24T16:00:00Z", "every": "1h", "size": 2, "rounds": 1}`, 200); !strings.Contains(string(body), `"before":2`) || strings.Contains(string(body), "stopped") {
		t.Errorf("the schedule saved anew: %s", body)
	}
	if at := next(); at == nil || !at.Equal(sunday) {
		t.Errorf("the schedule saved anew: next round %v, want %s", at, sunday)
	}
	tick(sunday.Add(-time.Minute), false)
	tick(sunday, true)
	tick(sunday.Add(5*time.Hour), false) // its cap of 1 counts its own rounds
	if b := rounds(p); len(b.Rounds) != 3 || !b.Rounds[2].Started.Equal(sunday) {
		t.Fatalf("the schedule saved anew: %+v", b.Rounds)
	}
	// the final, with the schedule stopped
	post("/schedule/stop", `{}`, 200)
	post("/final", `{"size": 4}`, 202)
	tick(sunday.Add(6*time.Hour), true)
	if f, err := blitz.ReadFinal(ctx, p.FormatHost(), ev.ID); err != nil || f == nil || !f.Done {
		t.Fatalf("the final with the schedule stopped: %+v, %v", f, err)
	}
}
