package blitz_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/format/blitz/blitztest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// TestBlitzEndToEnd: four teams (two still bots, two kit bots) built and
// sandboxed; the ranked rounds fall due on a fake clock, move the teams
// between groups of 2 as the rules say (the winner up, the loser down,
// the top winner and the bottom loser stay); the final, seeded by that
// ranking, plays every team, ends in a best-of-three grand final, and
// its bracket is served; every game is listed with its kind and map.
func TestBlitzEndToEnd(t *testing.T) {
	p, ev, invite, teams, names := blitztest.Setup4(t)
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
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	org := platformtest.OrganiserToken(t, p)
	orgPath := fmt.Sprintf("%sorganiser/events/%d/blitz", api.Prefix, ev.ID)
	if code, body := platformtest.Call(t, ts, "POST", orgPath+"/schedule", org, "application/json", []byte(`{"start": "2022-01-21T18:00:00Z", "every": "soon", "size": 2}`)); code != 400 || !strings.Contains(string(body), "duration") {
		t.Errorf("a bad interval: %d %s", code, body)
	}
	if code, body := platformtest.Call(t, ts, "POST", orgPath+"/round", org, "application/json", []byte(`{}`)); code != 202 {
		t.Fatalf("round now: %d %s", code, body)
	}
	tick(friday.Add(6*time.Hour), true)
	tick(friday.Add(6*time.Hour), false) // asked once, played once
	if code, body := platformtest.Call(t, ts, "POST", orgPath+"/final", org, "application/json", []byte(`{"size": 4}`)); code != 202 {
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
	code, body := platformtest.Call(t, ts, "GET", api.Prefix+"blitz", tok, "", nil)
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
	p, ev, _, teams, _ := blitztest.Setup4(t)
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
	if err := store.WriteState(ctx, p.Store, ev.ID, blitz.RoundDoc, begun); err != nil {
		t.Fatal(err)
	}
	// while it plays, the status says so, and the next round is due an
	// interval after it began, not at its own (past) time
	playing, _ := blitz.Status(ctx, p.FormatHost(), ev.ID)
	if at, ok := playing.NextRound(friday.Add(10 * time.Minute)); playing.Playing == nil || playing.Playing.Number != 1 || !ok || !at.Equal(friday.Add(time.Hour)) {
		t.Errorf("while round 1 plays: %+v, next round %v %v", playing.Playing, at, ok)
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

// An odd field in groups of 2: the team alone sits the round out and
// keeps its place (only a game moves a team), and the next round rests
// it: the lowest-ranked team that did not sit out sits out instead. The
// rounds are set up begun with their one game known, so nothing plays.
func TestBlitzTeamWithoutOpponentKeepsItsPlace(t *testing.T) {
	p, ev, _, teams, _ := blitztest.Setup4(t)
	ctx := context.Background()
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	if err := blitz.SetSchedule(ctx, p.FormatHost(), ev.ID, blitz.Schedule{Start: friday, Every: time.Hour, Size: 2}); err != nil {
		t.Fatal(err)
	}
	var ids, subs []int64
	var names []string
	for _, tm := range teams[:3] { // A, B, C: the fourth stays out of these rounds
		got, _ := p.Store.Team(ctx, tm.ID)
		ids, subs, names = append(ids, got.ID), append(subs, got.Active), append(names, got.Name)
	}
	seat0Wins := &replay.Result{Players: []replay.PlayerResult{{PlayerResult: game.PlayerResult{Rank: 1}}, {PlayerResult: game.PlayerResult{Rank: 2}}}}
	play := func(r blitz.Round) blitz.Round {
		t.Helper()
		if err := store.WriteState(ctx, p.Store, ev.ID, blitz.RoundDoc, r); err != nil {
			t.Fatal(err)
		}
		if played, err := blitz.PlayDue(ctx, p.FormatHost(), ev.ID, friday.Add(-time.Hour)); err != nil || !played {
			t.Fatalf("round %d: played %v, %v", r.Number, played, err)
		}
		b, _ := blitz.Status(ctx, p.FormatHost(), ev.ID)
		if len(b.Rounds) != r.Number {
			t.Fatalf("%d rounds recorded after round %d", len(b.Rounds), r.Number)
		}
		return b.Rounds[r.Number-1]
	}
	// round 1 from [A B C]: {A, B}, A wins; C sits out and stays third
	r1 := play(blitz.Round{Number: 1, Started: friday, Seed: 11, Teams: ids, Names: names, Submissions: subs, Played: map[int]*replay.Result{0: seat0Wins}})
	if want := []int64{ids[0], ids[1], ids[2]}; r1.SatOut != ids[2] || !slices.Equal(r1.After, want) {
		t.Errorf("round 1: sat out %d (want %d), ranking %v (want %v)", r1.SatOut, ids[2], r1.After, want)
	}
	if m := r1.Groups.Matches; len(m) != 2 || !slices.Equal(m[1].Bots, []string{"Still-C"}) || m[1].Note != tournament.SitsOut {
		t.Errorf("round 1's groups %+v", m)
	}
	// the next round begun rests C
	next, err := blitz.BeginRound(ctx, p.FormatHost(), ev.ID, friday.Add(time.Hour))
	if err != nil || !slices.Equal(next.Rested, []int64{ids[2]}) {
		t.Fatalf("round 2 begun: %v, rested %v", err, next.Rested)
	}
	// round 2 from [A B C], C rested: B sits out, {A, C} plays
	r2 := play(blitz.Round{Number: 2, Started: friday.Add(time.Hour), Seed: 12, Teams: ids, Names: names, Submissions: subs,
		Played: map[int]*replay.Result{0: seat0Wins}, Rested: []int64{ids[2]}})
	if r2.SatOut != ids[1] || !slices.Equal(r2.Groups.Matches[0].Bots, []string{"Still-A", "Still-C"}) {
		t.Errorf("round 2: sat out %d (want %d), groups %+v", r2.SatOut, ids[1], r2.Groups.Matches)
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
	p, ev, _, _, _ := blitztest.Setup4(t)
	ctx := context.Background()
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	org := platformtest.OrganiserToken(t, p)
	orgPath := fmt.Sprintf("%sorganiser/events/%d/blitz", api.Prefix, ev.ID)
	post := func(rest, body string, want int) []byte {
		t.Helper()
		code, got := platformtest.Call(t, ts, "POST", orgPath+rest, org, "application/json", []byte(body))
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
	rounds := func(q *platform.Platform) *blitz.State {
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
		code, body := platformtest.Call(t, ts, "GET", orgPath, org, "", nil)
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
	q, err := platform.Open(ctx, p.Dir)
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

// TestBlitzGroupsOfFour: eight teams (four still bots and four Python
// kit bots, built and sandboxed, registered alternately) and a schedule
// of two ranked rounds in groups of 4, falling due on a fake clock. Each
// round splits the current ranking into two groups of four, each group
// plays one 4-player game, and the ranking is recomputed after the round
// as rules/jungle §7 says, checked against the games' recorded ranks:
// the top group's winner and ranks 2 and 3 stay, its last goes down; the
// bottom group's winner goes up, ranks 2 and 3 and its last stay; within
// a group, the team coming from a higher group first, then by the game's
// ranks. Round 2 is played from round 1's ranking. The teams see the
// ranking through the API.
func TestBlitzGroupsOfFour(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	settings := store.DefaultSettings()
	settings.Maps = []string{"clearing"}
	ev, invite, err := p.CreateEventWith(ctx, "jungle", "Blitz 2022", []string{"nb_ticks=60"}, settings)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil { // no rating moves the first round's order
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.StopJobs(ctx) })
	kit := platformtest.KitZip(t, "jungle", "python", nil)
	var ids []int64
	var subs []int64
	var token string
	for i := range 8 {
		name, upload, file := fmt.Sprintf("Still-%d", i+1), []byte(blitztest.StillBot), "still.py"
		if i%2 == 1 {
			name, upload, file = fmt.Sprintf("Kit-%d", i+1), kit, "kit.zip"
		}
		tm, tok, err := p.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, file, upload)
		if err != nil {
			t.Fatal(err)
		}
		ids, subs, token = append(ids, tm.ID), append(subs, s.ID), tok
	}
	for _, s := range subs {
		if b := platformtest.WaitBuilt(t, p, s); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	if err := blitz.SetSchedule(ctx, p.FormatHost(), ev.ID, blitz.Schedule{Start: friday, Every: time.Hour, Size: 4, Rounds: 2}); err != nil {
		t.Fatal(err)
	}
	tick := func(at time.Time, want bool) {
		t.Helper()
		played, err := blitz.PlayDue(ctx, p.FormatHost(), ev.ID, at)
		if err != nil || played != want {
			t.Fatalf("tick at %s: played %v, %v; want %v", at.Format("Mon 15:04"), played, err, want)
		}
	}

	// the first round is played from the leaderboard: nobody rated yet,
	// registration order
	from := ids
	for round := 1; round <= 2; round++ {
		at := friday.Add(time.Duration(round-1) * time.Hour)
		tick(at.Add(-time.Minute), false)
		tick(at, true)
		b, err := blitz.Status(ctx, p.FormatHost(), ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Rounds) != round {
			t.Fatalf("%d rounds after round %d's tick", len(b.Rounds), round)
		}
		r := b.Rounds[round-1]
		if !slices.Equal(r.Teams, from) {
			t.Fatalf("round %d played from %v, want the ranking %v", round, r.Teams, from)
		}
		want := movedByGroupsOfFour(t, p, ev.ID, round, from)
		if !slices.Equal(r.After, want) || !slices.Equal(b.Ranking, want) {
			t.Fatalf("after round %d: %v (event ranking %v), want %v from %v", round, r.After, b.Ranking, want, from)
		}
		if r.Groups == nil || len(r.Groups.Matches) != 2 || len(r.Groups.Matches[0].Advanced) != 1 || len(r.Groups.Matches[1].Advanced) != 1 {
			t.Errorf("round %d's log: %+v (one move out of each group)", round, r.Groups)
		}
		from = want
	}
	tick(friday.Add(5*time.Hour), false) // two rounds, no more

	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	code, body := platformtest.Call(t, ts, "GET", api.Prefix+"blitz", token, "", nil)
	var view struct {
		Ranking []struct{ Team string }
		Rounds  []json.RawMessage
	}
	if json.Unmarshal(body, &view); code != 200 || len(view.Ranking) != 8 || len(view.Rounds) != 2 {
		t.Fatalf("GET blitz: %d %s", code, body)
	}
	for i, tm := range from {
		got, _ := p.Store.Team(ctx, tm)
		if view.Ranking[i].Team != got.Name {
			t.Errorf("GET blitz ranks %s at %d, the ranking has %s", view.Ranking[i].Team, i+1, got.Name)
		}
	}
}

// movedByGroupsOfFour is the ranking after a round of two groups of four
// played from ranking, as the rules make it from the round's two recorded
// games: each game is one group's four teams, and its ranks move them.
func movedByGroupsOfFour(t *testing.T, p *platform.Platform, eventID int64, round int, ranking []int64) []int64 {
	t.Helper()
	ms, err := p.Store.Matches(context.Background(), eventID, 100)
	if err != nil {
		t.Fatal(err)
	}
	// byRank[g] is group g's teams by their rank in its game
	var byRank [2][]int64
	for _, m := range ms {
		if m.Kind != store.KindRanked || m.Round != int64(round) {
			continue
		}
		if m.Error != "" || len(m.Teams) != 4 {
			t.Fatalf("round %d game %s: %v, teams %v", round, m.Key, m.Error, m.Teams)
		}
		g := slices.Index(ranking, m.Teams[0]) / 4
		group := ranking[4*g : 4*g+4]
		order := make([]int64, 4)
		for seat, tm := range m.Teams {
			if !slices.Contains(group, tm) {
				t.Fatalf("round %d game %s: teams %v, not one group of %v", round, m.Key, m.Teams, ranking)
			}
			if r := m.Ranks[seat]; r < 1 || r > 4 || order[r-1] != 0 {
				t.Fatalf("round %d game %s: ranks %v (1 to 4, none shared)", round, m.Key, m.Ranks)
			} else {
				order[r-1] = tm
			}
		}
		if byRank[g] != nil {
			t.Fatalf("round %d: two games for group %d", round, g+1)
		}
		byRank[g] = order
	}
	if byRank[0] == nil || byRank[1] == nil {
		t.Fatalf("round %d: games recorded for groups %v", round, byRank)
	}
	top, bottom := byRank[0], byRank[1]
	// top group: its winner, 2nd and 3rd stay, then the bottom's winner
	// (from a lower group); bottom group: the top's last (from a higher
	// group) first, then its own 2nd, 3rd and last
	return []int64{top[0], top[1], top[2], bottom[0], top[3], bottom[1], bottom[2], bottom[3]}
}

// failingState fails the first update of one event state document.
type failingState struct {
	store.Store
	name   string
	failed bool
}

func (s *failingState) UpdateEventState(ctx context.Context, eventID int64, name string, update func([]byte) ([]byte, error)) ([]byte, error) {
	if name == s.name && !s.failed {
		s.failed = true
		return nil, fmt.Errorf("injected failure of %s", name)
	}
	return s.Store.UpdateEventState(ctx, eventID, name, update)
}

// A round whose games are all known but whose end was cut before the
// ranking moved (the server stopped between its two writes) is ended at
// the next look: the ranking moves once, and no round of the same number
// begins (its games' keys would be the ended round's).
func TestABlitzRoundCutAtItsEndEndsOnce(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "jungle", "Blitz")
	var ids []int64
	for _, n := range []string{"Owls", "Bats"} {
		tm, _, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, tm.ID)
	}
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	if err := blitz.SetSchedule(ctx, p.FormatHost(), ev.ID, blitz.Schedule{Start: friday, Every: time.Hour, Size: 2}); err != nil {
		t.Fatal(err)
	}
	// the round's one game is known (Bats beat Owls)
	won := &replay.Result{Players: []replay.PlayerResult{{PlayerResult: game.PlayerResult{Rank: 2}}, {PlayerResult: game.PlayerResult{Rank: 1}}}}
	begun := blitz.Round{Number: 1, Started: friday, Seed: 11, Teams: ids, Names: []string{"Owls", "Bats"}, Submissions: []int64{0, 0},
		Played: map[int]*replay.Result{0: won}}
	if err := store.WriteState(ctx, p.Store, ev.ID, blitz.RoundDoc, begun); err != nil {
		t.Fatal(err)
	}
	plain := p.Store
	p.Store = &failingState{Store: plain, name: blitz.StateDoc}
	if _, err := blitz.PlayDue(ctx, p.FormatHost(), ev.ID, friday.Add(-time.Hour)); err == nil {
		t.Fatal("no error from the cut end")
	}
	p.Store = plain
	if _, err := blitz.PlayDue(ctx, p.FormatHost(), ev.ID, friday.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	b, _ := blitz.Status(ctx, p.FormatHost(), ev.ID)
	if len(b.Rounds) != 1 || !slices.Equal(b.Ranking, []int64{ids[1], ids[0]}) || !b.Rounds[0].Started.Equal(friday) {
		t.Errorf("after the next look: rounds %+v, ranking %v (want Bats first, round 1 begun at 18:00)", b.Rounds, b.Ranking)
	}
	var r blitz.Round
	if _, err := store.ReadState(ctx, p.Store, ev.ID, blitz.RoundDoc, &r); err != nil || r.Number != 1 || r.After == nil {
		t.Errorf("the round's state: %+v %v", r, err)
	}
}
