package rounds_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/tournament"
)

// TestRankedRounds: a territory event, five teams with the starter kit's
// bot, two ranked rounds of 4-player games set by the organiser (small
// arenas, then a multiplier of 2): each round draws five games, every
// team plays four, the games are played with the round's options and not
// rated, and the ladder adds 5·(4-p)·multiplier per game, ordered by
// points, first places, mean territory.
func TestRankedRounds(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "territory", "Ready", "turns=30")
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, worker.Options{Matches: 2, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond, TimeScale: 10}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	kit := platformtest.KitZip(t, "territory", "python", nil)
	var token string
	for i, name := range []string{"Ants", "Bees", "Cats", "Dogs", "Eels"} {
		tm, tok, err := p.Join(ctx, invite, name)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			token = tok
		}
		s, err := p.Submit(ctx, tm, "kit.zip", kit)
		if err != nil {
			t.Fatal(err)
		}
		if b := platformtest.WaitBuilt(t, p, s.ID); b.Status != store.StatusReady {
			t.Fatalf("%+v", b)
		}
	}
	// refused settings: more players than teams, a shape the game lacks
	if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 6}); !fault.IsUser(err) {
		t.Errorf("a 6-player round among 5 teams: %v", err)
	}
	if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, Shape: "star"}); !fault.IsUser(err) {
		t.Errorf("a round of star arenas: %v", err)
	}
	one, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, Size: "small", Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	// the second through the organiser's API
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	org := platformtest.OrganiserToken(t, p)
	code, b := platformtest.Call(t, ts, "POST", fmt.Sprintf("%sorganiser/events/%d/rounds", api.Prefix, ev.ID), org, "application/json",
		[]byte(`{"players":4,"size":"large","shape":"square","mix":"1:0:0:0","multiplier":2,"seed":12}`))
	var two rounds.Round
	if code != 201 || json.Unmarshal(b, &two) != nil {
		t.Fatalf("POST rounds: %d %s", code, b)
	}
	if one.Number != 1 || two.Number != 2 || len(one.Groups) != 5 || len(two.Groups) != 5 {
		t.Fatalf("rounds %+v %+v", one, two)
	}
	var ladder rounds.Board
	platformtest.WaitFor(t, 8*time.Minute, "the rounds' games", func() bool {
		ladder, err = rounds.ReadBoard(ctx, p.FormatHost(), ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		done := true
		for _, r := range ladder.Rounds {
			if r.Failed > 0 {
				t.Fatalf("round %d: %d games failed", r.Number, r.Failed)
			}
			done = done && r.Played == r.Games
		}
		return done
	})
	ms, _ := p.Store.Matches(ctx, ev.ID, 100)
	want := map[int64]float64{}
	total := 0.0
	for _, m := range ms {
		if m.Kind != store.KindRanked || len(m.Teams) != 4 || (m.Round != 1 && m.Round != 2) {
			t.Fatalf("a match that is no round game: %+v", m)
		}
		mult := float64(m.Round) // round 1: x1, round 2: x2
		for seat, team := range m.Teams {
			want[team] += tournament.LadderPoints(4, m.Ranks[seat], mult)
		}
		for _, rk := range m.Ranks {
			total += float64(5*(4-rk)) * mult
		}
		rep, err := p.Replays.Get(m.Key)
		if err != nil {
			t.Fatal(err)
		}
		if o := rep.Options; m.Round == 2 && (o["size"] != "large" || o["multiplier"] != "2" || o["turns"] != "30") {
			t.Errorf("round 2's game %s played with %v", m.Key, o)
		}
	}
	sum := 0.0
	for i, l := range ladder.Lines {
		if l.Games != 8 {
			t.Errorf("team %d played %d games, want 4 per round", l.Team, l.Games)
		}
		if l.Points != want[l.Team] {
			t.Errorf("team %d: %g points, its games give %g", l.Team, l.Points, want[l.Team])
		}
		if i > 0 && l.Points > ladder.Lines[i-1].Points {
			t.Errorf("ladder out of order: %+v", ladder.Lines)
		}
		sum += l.Points
	}
	if sum != total || len(ladder.Lines) != 5 {
		t.Errorf("the ladder holds %g points, the games gave %g", sum, total)
	}
	if rs, _ := p.Store.Ratings(ctx, ev.ID); len(rs) != 0 {
		t.Errorf("ranked games were rated: %+v", rs)
	}
	// the ladder is the exported ranking
	res, err := p.EventResults(ctx, ev.ID)
	if err != nil || len(platformtest.SectionOf[rounds.LadderLine](res, "ladder")) != 5 || platformtest.SectionOf[rounds.LadderLine](res, "ladder")[0].Points != ladder.Lines[0].Points {
		t.Errorf("results: %+v %v", platformtest.SectionOf[rounds.LadderLine](res, "ladder"), err)
	}
	var csvOut strings.Builder
	if apitypes.WriteResultsCSV(&csvOut, res); !strings.HasPrefix(csvOut.String(), "place,team,team_id,points,") || strings.Count(csvOut.String(), "\n") != 6 {
		t.Errorf("results.csv:\n%s", csvOut.String())
	}
	// the same ladder through the API
	code, b = platformtest.Call(t, ts, "GET", api.Prefix+"ladder", token, "", nil)
	var got struct {
		Rounds []struct {
			Number, Played int
			Mine           []rounds.TeamGame
			Draw           [][]string
		}
		Ladder []struct {
			Team   string
			Points float64
		}
	}
	if code != 200 || json.Unmarshal(b, &got) != nil || len(got.Rounds) != 2 || got.Rounds[1].Played != 5 || len(got.Ladder) != 5 ||
		got.Ladder[0].Points != ladder.Lines[0].Points || !slices.Contains([]string{"Ants", "Bees", "Cats", "Dogs", "Eels"}, got.Ladder[0].Team) {
		t.Errorf("GET ladder: %d %s", code, b)
	}
	// the team's own games in each round, with their points: its ladder points
	mine := 0.0
	for _, rd := range got.Rounds {
		// the draw by name: 5 games of 4 teams, each team in 4 of them
		seen := map[string]int{}
		for _, g := range rd.Draw {
			for _, name := range g {
				seen[name]++
			}
			if len(g) != 4 {
				t.Errorf("round %d: a game of the draw %v", rd.Number, g)
			}
		}
		if len(rd.Draw) != 5 || len(seen) != 5 || seen["Ants"] != 4 {
			t.Errorf("round %d's draw: %v", rd.Number, rd.Draw)
		}
		if len(rd.Mine) != 4 {
			t.Errorf("round %d: Ants's games %+v, want 4", rd.Number, rd.Mine)
		}
		for _, g := range rd.Mine {
			if g.Players != 4 || g.Rank < 1 || g.Points != tournament.LadderPoints(4, g.Rank, float64(rd.Number)) {
				t.Errorf("round %d: Ants's game %+v", rd.Number, g)
			}
			mine += g.Points
		}
	}
	for _, l := range got.Ladder {
		if l.Team == "Ants" && l.Points != mine {
			t.Errorf("Ants: %g ladder points, its games in the rounds give %g", l.Points, mine)
		}
	}
	// the organiser's ladder has no team's games
	code, b = platformtest.Call(t, ts, "GET", fmt.Sprintf("%sorganiser/events/%d/ladder", api.Prefix, ev.ID), org, "", nil)
	if code != 200 || strings.Contains(string(b), `"mine"`) {
		t.Errorf("GET organiser ladder: %d %s", code, b)
	}
}

// TestScheduledRound: a round set for later keeps its settings and is
// drawn only when its time comes, among the teams that have a bot then;
// one whose time came with too few teams says why and is not tried again.
func TestScheduledRound(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "territory", "Ready")
	platformtest.JoinReady(t, p, invite, "Ants", "Bees", "Cats")
	if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4}); !fault.IsUser(err) || !strings.Contains(err.Error(), "3 have one") {
		t.Fatalf("a round now among 3 teams: %v", err)
	}
	later, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, Size: "small", At: time.Now().Add(time.Hour)})
	if err != nil || later.Queued || later.Groups != nil || later.Number != 1 {
		t.Fatalf("a round for later: %+v %v", later, err)
	}
	short, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 8, At: time.Now().Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	if err := (rounds.Format{}).Schedule(ctx, p.FormatHost(), ev, time.Now()); err != nil {
		t.Fatal(err)
	}
	if rs, _ := rounds.List(ctx, p.FormatHost(), ev.ID); rs[0].Queued || rs[1].Queued {
		t.Fatalf("rounds launched before their time: %+v", rs)
	}
	platformtest.JoinReady(t, p, invite, "Dogs", "Eels")
	// their time comes
	rounds.Update(ctx, p.FormatHost(), ev.ID, func(rs []rounds.Round) ([]rounds.Round, error) {
		for i := range rs {
			rs[i].At = time.Now().Add(-time.Second)
		}
		return rs, nil
	})
	for range 2 { // the second tick changes nothing
		if err := (rounds.Format{}).Schedule(ctx, p.FormatHost(), ev, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	rs, _ := rounds.List(ctx, p.FormatHost(), ev.ID)
	if r := rs[0]; !r.Queued || len(r.Teams) != 5 || len(r.Groups) != 5 || r.Error != "" {
		t.Errorf("the round at its time: %+v", r)
	}
	if r := rs[1]; r.Number != short.Number || !r.Queued || r.Groups != nil || !strings.Contains(r.Error, "at least 8 teams") {
		t.Errorf("an 8-player round among 5 teams: %+v", r)
	}
	l, err := rounds.ReadBoard(ctx, p.FormatHost(), ev.ID)
	if err != nil || len(l.Rounds) != 2 || l.Rounds[0].Games != 5 || l.Rounds[1].Games != 0 {
		t.Errorf("ladder: %+v %v", l.Rounds, err)
	}
}

// TestCancelAndChangeRound: the organiser changes a scheduled round (its
// seed kept unless given, its settings checked as a new round's) and
// cancels another, which its time never plays; a started round can be
// neither; through the API too, where the organiser's ladder gives each
// round's seed and the teams' does not.
func TestCancelAndChangeRound(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "territory", "Ready")
	_, tokens := platformtest.JoinReady(t, p, invite, "Ants", "Bees", "Cats", "Dogs", "Eels")
	token := tokens[4]
	hour := time.Now().Add(time.Hour)
	one, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, At: hour})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, At: hour}); err != nil {
		t.Fatal(err)
	}
	// changed: new settings, the same seed
	changed, err := rounds.Change(ctx, p.FormatHost(), ev.ID, 1, rounds.Round{Players: 4, Size: "large", Multiplier: 2, At: hour.Add(time.Hour)})
	if err != nil || changed.Number != 1 || changed.Seed != one.Seed || changed.Size != "large" || changed.Multiplier != 2 {
		t.Fatalf("changed: %+v %v", changed, err)
	}
	if _, err := rounds.Change(ctx, p.FormatHost(), ev.ID, 1, rounds.Round{Players: 6, Shape: "x"}); !fault.IsUser(err) || !strings.Contains(err.Error(), "6-player") {
		t.Errorf("a change the game refuses: %v", err)
	}
	if rs, _ := rounds.List(ctx, p.FormatHost(), ev.ID); rs[0].Players != 4 || rs[0].Size != "large" || rs[0].Seed != one.Seed || !rs[0].At.Equal(hour.Add(time.Hour).UTC()) {
		t.Errorf("round 1 after a refused change: %+v", rs[0])
	}
	cancelled, err := rounds.Cancel(ctx, p.FormatHost(), ev.ID, 2)
	if err != nil || cancelled.Cancelled.IsZero() {
		t.Fatalf("cancel: %+v %v", cancelled, err)
	}
	for _, c := range []struct {
		number int
		want   string
	}{{2, "round 2 is cancelled"}, {3, "no round 3"}, {0, "no round 0"}} {
		if _, err := rounds.Cancel(ctx, p.FormatHost(), ev.ID, c.number); !fault.IsUser(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("cancel %d: %v, want %q", c.number, err, c.want)
		}
		if _, err := rounds.Change(ctx, p.FormatHost(), ev.ID, c.number, rounds.Round{Players: 4, At: hour}); !fault.IsUser(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("change %d: %v, want %q", c.number, err, c.want)
		}
	}
	// their time comes: the cancelled round is not played, even launched
	// by a scheduler that read it due before the cancel
	rounds.Update(ctx, p.FormatHost(), ev.ID, func(rs []rounds.Round) ([]rounds.Round, error) {
		for i := range rs {
			rs[i].At = time.Now().Add(-time.Second)
		}
		return rs, nil
	})
	if err := (rounds.Format{}).Schedule(ctx, p.FormatHost(), ev, time.Now()); err != nil {
		t.Fatal(err)
	}
	if r, err := rounds.Launch(ctx, p.FormatHost(), ev, mustInfo(t, "territory"), 2); err != nil || r.Queued || r.Groups != nil {
		t.Errorf("launching a cancelled round: %+v %v", r, err)
	}
	rs, _ := rounds.List(ctx, p.FormatHost(), ev.ID)
	if !rs[0].Queued || len(rs[0].Groups) != 5 || rs[1].Queued || rs[1].Groups != nil || rs[1].Started != (time.Time{}) {
		t.Errorf("after their time: %+v", rs)
	}
	for _, try := range []func() (rounds.Round, error){
		func() (rounds.Round, error) { return rounds.Cancel(ctx, p.FormatHost(), ev.ID, 1) },
		func() (rounds.Round, error) {
			return rounds.Change(ctx, p.FormatHost(), ev.ID, 1, rounds.Round{Players: 4, At: hour})
		},
	} {
		if _, err := try(); !fault.IsUser(err) || !strings.Contains(err.Error(), "round 1 has started") {
			t.Errorf("a started round: %v", err)
		}
	}

	// through the API
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	org := platformtest.OrganiserToken(t, p)
	base := fmt.Sprintf("%sorganiser/events/%d/rounds", api.Prefix, ev.ID)
	if code, b := platformtest.Call(t, ts, "POST", base, org, "application/json", fmt.Appendf(nil, `{"players":4,"at":%q}`, hour.Format(time.RFC3339))); code != 201 {
		t.Fatalf("round 3: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "POST", base+"/3", org, "application/json", []byte(`{"players":5,"seed":7}`)); code != 400 || !strings.Contains(string(b), "5-player") {
		t.Errorf("a refused change: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "POST", base+"/3", org, "application/json", fmt.Appendf(nil, `{"players":4,"seed":7,"mix":"1:0:0:0","at":%q}`, hour.Format(time.RFC3339))); code != 200 || !strings.Contains(string(b), `"seed":7`) || !strings.Contains(string(b), `"mix":"1:0:0:0"`) {
		t.Errorf("change round 3: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "POST", base+"/3", org, "application/json", []byte(`{"players":4,"size":"small"}`)); code != 200 || !strings.Contains(string(b), `"seed":7`) || strings.Contains(string(b), `"queued":true`) {
		t.Errorf("a change without seed nor time keeps both: %d %s", code, b)
	}
	if rs, _ := rounds.List(ctx, p.FormatHost(), ev.ID); !rs[2].At.Equal(hour.Truncate(time.Second).UTC()) || rs[2].Size != "small" || rs[2].Mix != "" {
		t.Errorf("round 3 after a change without a time: %+v", rs[2])
	}
	if code, b := platformtest.Call(t, ts, "POST", base+"/3/cancel", org, "application/json", []byte(`{}`)); code != 200 || !strings.Contains(string(b), `"cancelled":"`) {
		t.Errorf("cancel round 3: %d %s", code, b)
	}
	for path, want := range map[string]string{base + "/1/cancel": "round 1 has started", base + "/9/cancel": "no round 9"} {
		if code, b := platformtest.Call(t, ts, "POST", path, org, "application/json", []byte(`{}`)); code != 400 || !strings.Contains(string(b), want) {
			t.Errorf("%s: %d %s, want 400 %q", path, code, b, want)
		}
	}
	if code, b := platformtest.Call(t, ts, "POST", base+"/x/cancel", org, "application/json", []byte(`{}`)); code != 404 {
		t.Errorf("round x: %d %s", code, b)
	}
	var org3 struct {
		Rounds []struct {
			Seed      string    `json:"seed"`
			Cancelled time.Time `json:"cancelled"`
		} `json:"rounds"`
	}
	code, b := platformtest.Call(t, ts, "GET", fmt.Sprintf("%sorganiser/events/%d/ladder", api.Prefix, ev.ID), org, "", nil)
	if err := json.Unmarshal(b, &org3); code != 200 || err != nil || len(org3.Rounds) != 3 {
		t.Fatalf("organiser's ladder: %d %s", code, b)
	}
	if r := org3.Rounds; r[0].Seed != fmt.Sprint(one.Seed) || !r[0].Cancelled.IsZero() || r[1].Cancelled.IsZero() || r[2].Seed != "7" || r[2].Cancelled.IsZero() {
		t.Errorf("organiser's ladder: %s", b)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"ladder", token, "", nil); code != 200 || strings.Contains(string(b), `"seed"`) || !strings.Contains(string(b), `"cancelled"`) {
		t.Errorf("team's ladder: %d %s", code, b)
	}
}

func mustInfo(t *testing.T, name string) game.Info {
	t.Helper()
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g.Info()
}

// TestRoundShapeSet: territory's organiser sets a round's shape set (rules
// §8): a set is tried on the game when the round is set, a bad one refused
// then with the game's reason (an unknown or repeated shape, no shape the
// player count allows), a set partly allowed accepted; through the API
// too; the round's games are queued with the set as their shape option.
func TestRoundShapeSet(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "territory", "Ready")
	platformtest.JoinReady(t, p, invite, "Ants", "Bees", "Cats", "Dogs")
	hour := time.Now().Add(time.Hour)
	for _, c := range []struct {
		players int
		shape   string
		want    string
	}{
		{4, "square,hex", `unknown shape "hex"`},
		{4, "square,x,square", "the shape square is listed twice"},
		{4, "square,,x", "an empty shape"},
		{4, "random,x", "random cannot be part of a set"},
		{6, "x", "6-player round with these settings: the x shape is not used with 6 players"},
	} {
		if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: c.players, Shape: c.shape, At: hour}); !fault.IsUser(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("a %d-player round of shapes %q: %v, want %q", c.players, c.shape, err, c.want)
		}
	}
	one, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 4, Shape: "square,x", At: hour})
	if err != nil || one.Shape != "square,x" {
		t.Fatalf("a round of shapes square,x: %+v %v", one, err)
	}
	// x is left out of 6-player games: the set draws its other shapes
	if _, err := rounds.Start(ctx, p.FormatHost(), ev.ID, rounds.Round{Players: 6, Shape: "x,narrow", At: hour}); err != nil {
		t.Errorf("a 6-player round of shapes x,narrow: %v", err)
	}
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Now()})
	org := platformtest.OrganiserToken(t, p)
	base := fmt.Sprintf("%sorganiser/events/%d/rounds", api.Prefix, ev.ID)
	if code, b := platformtest.Call(t, ts, "POST", base, org, "application/json", []byte(`{"players":6,"shape":"x","at":"2099-01-01T00:00:00Z"}`)); code != 400 || !strings.Contains(string(b), "x shape is not used with 6 players") {
		t.Errorf("POST a refused set: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "POST", base+"/2", org, "application/json", []byte(`{"players":4,"shape":"cut,wide"}`)); code != 200 || !strings.Contains(string(b), `"shape":"cut,wide"`) {
		t.Errorf("change round 2 to shapes cut,wide: %d %s", code, b)
	}
	// round 1's time comes: its game is queued with the set
	rounds.Update(ctx, p.FormatHost(), ev.ID, func(rs []rounds.Round) ([]rounds.Round, error) {
		rs[0].At = time.Now().Add(-time.Second)
		return rs, nil
	})
	if err := (rounds.Format{}).Schedule(ctx, p.FormatHost(), ev, time.Now()); err != nil {
		t.Fatal(err)
	}
	games := 0
	for _, j := range platformtest.MatchJobs(t, p) {
		var a queue.Match
		if err := json.Unmarshal(j.EncodedArgs, &a); err != nil || a.MatchKind != store.KindRanked {
			continue
		}
		games++
		if a.Round != 1 || !slices.Contains(a.Options, "shape=square,x") {
			t.Errorf("a round game queued with %v (round %d)", a.Options, a.Round)
		}
	}
	if games != 1 {
		t.Errorf("%d games of round 1 queued, want 1 (4 teams, 4 players)", games)
	}
}

// TestFlowsOnPostgres runs again, on PostgreSQL, the tests that open their
// platform with platformtest.Open: the same flows on both drivers.
func TestFlowsOnPostgres(t *testing.T) {
	platformtest.OnPostgres(t, map[string]func(*testing.T){
		"ScheduledRound": TestScheduledRound,
	})
}

func TestMain(m *testing.M) { pgtest.Main(m) }
