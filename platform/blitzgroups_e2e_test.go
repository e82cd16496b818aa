package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/store"
)

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
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil { // no rating moves the first round's order
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, JobOptions{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.StopJobs(ctx) })
	kit := testKitZip(t, "jungle", "python", nil)
	var ids []int64
	var subs []int64
	var token string
	for i := range 8 {
		name, upload, file := fmt.Sprintf("Still-%d", i+1), []byte(stillJungle), "still.py"
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
		if b := waitBuilt(t, p, s); b.Status != store.StatusReady {
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

	ts := server(t, p, &fakeClock{t: time.Unix(1e9, 0)})
	code, body := call(t, ts, "GET", APIPrefix+"blitz", token, "", nil)
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
func movedByGroupsOfFour(t *testing.T, p *Platform, eventID int64, round int, ranking []int64) []int64 {
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
