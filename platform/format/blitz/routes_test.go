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
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/format/blitz/blitztest"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// The finals page links each game of the final to its replay and names
// its map: GET blitz gives each recorded game its match's id and map, and
// the organiser's GET organiser/events/{id}/blitz carries the same
// document as "public". Every team of the event watches a game of the
// final (GET matches/{id}/replay), with only its own bots' error output;
// another team's casual game stays its own. The final's state and its
// games are written as the final writes them (no bot is played: the
// subject is the answer).
func TestBlitzFinalGamesHaveTheirMatch(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite, err := p.CreateEventWith(ctx, "jungle", "Blitz 2022", nil, store.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	var teams, subs []int64
	var names []string
	var tok string
	for _, n := range []string{"Owls", "Bats"} {
		tm, token, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "still.py", []byte(blitztest.StillBot))
		if err != nil {
			t.Fatal(err)
		}
		teams, subs, names, tok = append(teams, tm.ID), append(subs, s.ID), append(names, n), token
	}
	key := fmt.Sprintf("final-%d-1", ev.ID)
	rec := store.Match{EventID: ev.ID, Key: key, Kind: store.KindFinal, Round: 1, Map: "inter-4_14x20_3D.bmp", Seed: 7,
		Teams: teams, Submissions: subs, Ranks: []int{2, 1}, Scores: []float64{1, 3}, Stats: []map[string]float64{{}, {}}}
	rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "jungle",
		Turns: []replay.Turn{{Replies: []replay.Reply{{Stderr: "owls-log"}, {Stderr: "bats-log"}}}}}
	if err := p.Replays.Put(key, rep); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Store.RecordMatch(ctx, rec, nil); err != nil {
		t.Fatal(err)
	}
	casual := store.Match{EventID: ev.ID, Key: "casual-1", Kind: store.KindCasual, Seed: 8, Teams: teams, Submissions: subs, Ranks: []int{1, 2}}
	if err := p.Replays.Put(casual.Key, rep); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Store.RecordMatch(ctx, casual, nil); err != nil {
		t.Fatal(err)
	}
	_, foxes, err := p.Join(ctx, invite, "Foxes") // not in the final's game
	if err != nil {
		t.Fatal(err)
	}
	res := &replay.Result{Players: []replay.PlayerResult{{PlayerResult: game.PlayerResult{Rank: 2}}, {PlayerResult: game.PlayerResult{Rank: 1}}}}
	f := blitz.Final{Teams: teams, Names: names, Submissions: subs, Seed: 3, Size: 2,
		Played: map[int]blitz.FinalGame{0: {Teams: teams, Result: res, Match: key}, 1: {Teams: teams, Result: res, Match: "not-recorded"}}}
	if err := store.WriteState(ctx, p.Store, ev.ID, blitz.FinalDoc, f); err != nil {
		t.Fatal(err)
	}
	all, _ := p.Store.Matches(ctx, ev.ID, 10)
	var ms, casuals []store.Match
	for _, m := range all {
		if m.Kind == store.KindFinal {
			ms = append(ms, m)
		} else {
			casuals = append(casuals, m)
		}
	}
	if len(ms) != 1 || len(casuals) != 1 {
		t.Fatalf("matches %+v", all)
	}
	type doc struct {
		Final struct {
			Size  int
			Games []struct {
				Game  int
				ID    int64
				Map   string
				Seats []struct {
					Team string
					Rank int
				}
			}
		}
	}
	check := func(who string, d doc) {
		t.Helper()
		g := d.Final.Games
		if d.Final.Size != 2 || len(g) != 2 || g[0].ID != ms[0].ID || g[0].Map != "inter-4_14x20_3D.bmp" || g[0].Seats[1].Team != "Bats" || g[0].Seats[1].Rank != 1 {
			t.Errorf("%s: %+v", who, d)
		}
		if len(g) == 2 && (g[1].ID != 0 || g[1].Map != "") {
			t.Errorf("%s: a game with no record has a match: %+v", who, g[1])
		}
	}
	ts := platformtest.Server(t, p, nil)
	code, body := platformtest.Call(t, ts, "GET", api.Prefix+"blitz", tok, "", nil)
	var team doc
	if err := json.Unmarshal(body, &team); code != 200 || err != nil {
		t.Fatalf("GET blitz: %d %s", code, body)
	}
	check("GET blitz", team)
	replayOf := func(tok string, id int64) (int, string) {
		code, body := platformtest.Call(t, ts, "GET", fmt.Sprintf("%smatches/%d/replay", api.Prefix, id), tok, "", nil)
		return code, string(body)
	}
	if code, body := replayOf(foxes, ms[0].ID); code != 200 || strings.Contains(body, "owls-log") || strings.Contains(body, "bats-log") {
		t.Errorf("a game of the final, for a team not in it: %d %s", code, body)
	}
	if code, body := replayOf(tok, ms[0].ID); code != 200 || strings.Contains(body, "owls-log") || !strings.Contains(body, "bats-log") {
		t.Errorf("a game of the final, for Bats: %d %s", code, body)
	}
	if code, body := replayOf(foxes, casuals[0].ID); code != 404 {
		t.Errorf("another team's casual game: %d %s", code, body)
	}
	org := platformtest.OrganiserToken(t, p)
	code, body = platformtest.Call(t, ts, "GET", fmt.Sprintf("%sorganiser/events/%d/blitz", api.Prefix, ev.ID), org, "", nil)
	var orgDoc struct {
		Public doc
		Final  *blitz.Final
	}
	if err := json.Unmarshal(body, &orgDoc); code != 200 || err != nil || orgDoc.Final == nil {
		t.Fatalf("GET organiser blitz: %d %s", code, body)
	}
	check("the organiser's public", orgDoc.Public)
}

// A final begun by a version that dealt it otherwise is not read as this
// version's deal: with 3 teams that version played one game of all 3,
// this one plays a duel of seeds 2 and 3 first. Its look fails, naming
// the game and both sets of teams, rather than taking the 3-team game's
// result for the duel's.
func TestBlitzFinalDealtOtherwiseBefore(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite, err := p.CreateEventWith(ctx, "jungle", "Blitz 2022", nil, store.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	var teams, subs []int64
	var names []string
	for _, n := range []string{"Owls", "Bats", "Foxes"} {
		tm, _, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "still.py", []byte(blitztest.StillBot))
		if err != nil {
			t.Fatal(err)
		}
		teams, subs, names = append(teams, tm.ID), append(subs, s.ID), append(names, n)
	}
	f := blitz.Final{Seed: 5, Size: 4, Teams: teams, Names: names, Submissions: subs, Played: map[int]blitz.FinalGame{}}
	if err := store.WriteState(ctx, p.Store, ev.ID, blitz.FinalDoc, f); err != nil {
		t.Fatal(err)
	}
	old := store.Match{EventID: ev.ID, Key: fmt.Sprintf("final-%d-1", ev.ID), Kind: store.KindFinal, Round: 1, Seed: 5,
		Teams: teams, Submissions: subs, Ranks: []int{3, 2, 1}}
	var ranks []replay.PlayerResult
	for _, r := range old.Ranks {
		ranks = append(ranks, replay.PlayerResult{PlayerResult: game.PlayerResult{Rank: r}})
	}
	if err := p.Replays.Put(old.Key, &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "jungle", Result: &replay.Result{Players: ranks}}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Store.RecordMatch(ctx, old, nil); err != nil {
		t.Fatal(err)
	}
	err = blitz.LookFinal(ctx, p.FormatHost(), ev.ID, &f)
	want := fmt.Sprintf("game %s is on record between teams %v, but is dealt now to teams %v", old.Key, teams, teams[1:])
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "dealt it otherwise") {
		t.Fatalf("the look: %v, want %q", err, want)
	}
	if len(f.Played) != 0 || f.Done {
		t.Errorf("the old game taken as the duel: %+v", f)
	}
}

// Games of a stage end in any order (the workers play them side by side):
// GET blitz lists every game of the final known so far, whatever gaps
// their numbers leave, in their order.
func TestBlitzGamesKnownOutOfOrderAreAllListed(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	jungle, invite := platformtest.Event(t, p, "jungle", "Blitz")
	var ids []int64
	var tok string
	for _, n := range []string{"Owls", "Bats"} {
		tm, token, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		ids, tok = append(ids, tm.ID), token
	}
	res := &replay.Result{Players: []replay.PlayerResult{{PlayerResult: game.PlayerResult{Rank: 1}}, {PlayerResult: game.PlayerResult{Rank: 2}}}}
	f := blitz.Final{Teams: ids, Names: []string{"Owls", "Bats"}, Submissions: []int64{0, 0}, Seed: 3, Size: 4, Played: map[int]blitz.FinalGame{}}
	for _, i := range []int{0, 3, 5} {
		f.Played[i] = blitz.FinalGame{Teams: ids, Result: res, Match: fmt.Sprintf("final-%d-%d", jungle.ID, i+1)}
	}
	if err := store.WriteState(ctx, p.Store, jungle.ID, blitz.FinalDoc, f); err != nil {
		t.Fatal(err)
	}
	code, body := platformtest.Call(t, ts, "GET", api.Prefix+"blitz", tok, "", nil)
	var d struct {
		Final struct{ Games []struct{ Game int } }
	}
	if err := json.Unmarshal(body, &d); code != 200 || err != nil {
		t.Fatalf("GET blitz: %d %s", code, body)
	}
	var got []int
	for _, g := range d.Final.Games {
		got = append(got, g.Game)
	}
	if !slices.Equal(got, []int{1, 4, 6}) {
		t.Errorf("games listed %v, want [1 4 6]", got)
	}
}
