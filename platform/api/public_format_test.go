package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// publicFormat reads an event's public format tables, each raw.
func publicFormat(t *testing.T, call func(method, path, token string) (int, []byte), eventID int64) map[string]json.RawMessage {
	t.Helper()
	code, b := call("GET", fmt.Sprintf("%spublic/events/%d/format", api.Prefix, eventID), "")
	out := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &out); code != 200 || err != nil {
		t.Fatalf("public format: %d %s", code, b)
	}
	return out
}

// sameJSON says whether two JSON documents hold the same values.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%v: %s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return string(xs) == string(ys)
}

// An event's public page shows each format's tables as every team sees
// them: a Blitz event's ranked rounds and final, a territory event's
// rounds and ladder without any team's own games or a round's seed, a
// catmouse final's table only once the results are published and never
// its voted set, a tracks event's side quest, an event's leagues league
// by league; no token anywhere.
func TestPublicFormatTables(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	call := func(method, path, token string) (int, []byte) {
		return platformtest.Call(t, ts, method, path, token, "", nil)
	}
	var allTokens []string
	public := func(game string, leagues bool) (store.Event, []store.Team, []string) {
		ev, invite := platformtest.Event(t, p, game, "Public "+game)
		platformtest.ChangeSettings(t, p, ev.ID, func(s *store.Settings) { s.Public, s.Leagues = true, leagues })
		teams, tokens := platformtest.JoinReady(t, p, invite, "Owls", "Bats")
		allTokens = append(allTokens, tokens...)
		return ev, teams, tokens
	}

	// Blitz: the final as the teams read it
	jungle, jt, jtok := public("jungle", false)
	ids := []int64{jt[0].ID, jt[1].ID}
	res := &replay.Result{Players: []replay.PlayerResult{{PlayerResult: game.PlayerResult{Rank: 1}}, {PlayerResult: game.PlayerResult{Rank: 2}}}}
	f := blitz.Final{Teams: ids, Names: []string{"Owls", "Bats"}, Submissions: []int64{jt[0].Active, jt[1].Active}, Seed: 3, Size: 4,
		Played: map[int]blitz.FinalGame{0: {Teams: ids, Result: res, Match: fmt.Sprintf("final-%d-1", jungle.ID)}}}
	if err := store.WriteState(ctx, p.Store, jungle.ID, blitz.FinalDoc, f); err != nil {
		t.Fatal(err)
	}
	got := publicFormat(t, call, jungle.ID)
	_, team := call("GET", api.Prefix+"blitz", jtok[0])
	if got["blitz"] == nil || !sameJSON(t, got["blitz"], team) {
		t.Errorf("the public Blitz tables differ from the teams':\n%s\n%s", got["blitz"], team)
	}

	// territory: the rounds and the ladder, without a team's games or a seed
	territory, _, ttok := public("territory", false)
	if got := publicFormat(t, call, territory.ID); got["rounds"] != nil {
		t.Errorf("an event without rounds shows some: %s", got["rounds"])
	}
	if _, err := rounds.Start(ctx, p.FormatHost(), territory.ID, rounds.Round{Players: 4, Multiplier: 1, Seed: 987654321, At: time.Unix(2e9, 0)}); err != nil {
		t.Fatal(err)
	}
	got = publicFormat(t, call, territory.ID)
	var doc struct {
		Rounds []map[string]any `json:"rounds"`
		Ladder []any            `json:"ladder"`
	}
	if err := json.Unmarshal(got["rounds"], &doc); err != nil || len(doc.Rounds) != 1 || doc.Ladder == nil {
		t.Fatalf("the public rounds: %v %s", err, got["rounds"])
	}
	for _, key := range []string{"seed", "mine"} {
		if _, ok := doc.Rounds[0][key]; ok {
			t.Errorf("the public rounds give %q: %s", key, got["rounds"])
		}
	}
	if strings.Contains(string(got["rounds"]), "987654321") {
		t.Errorf("the public rounds give the round's seed: %s", got["rounds"])
	}
	if _, team := call("GET", api.Prefix+"ladder", ttok[0]); !strings.Contains(string(team), `"mine"`) {
		t.Errorf("the team's ladder lacks its own games (the test's premise): %s", team)
	}

	// catmouse: the final's table once published, never its voted set
	catmouse, ct, ctok := public("catmouse", false)
	cf := codinsa.Final{Teams: []int64{ct[0].ID, ct[1].ID}, Names: []string{"Owls", "Bats"}, Submissions: []int64{ct[0].Active, ct[1].Active},
		Seed: 5, Set: 424242, Done: true, Matches: map[int]codinsa.Match{},
		Standings: []tournament.Standing{{Place: 1, Bot: 0, Name: "Owls", Played: 1, Wins: 1}, {Place: 2, Bot: 1, Name: "Bats", Played: 1, Losses: 1}}}
	if err := store.WriteState(ctx, p.Store, catmouse.ID, codinsa.FinalState, cf); err != nil {
		t.Fatal(err)
	}
	if got := publicFormat(t, call, catmouse.ID); got["codinsa"] != nil {
		t.Errorf("the final's table before the results are published: %s", got["codinsa"])
	}
	if _, err := p.Publish(ctx, catmouse.ID); err != nil {
		t.Fatal(err)
	}
	got = publicFormat(t, call, catmouse.ID)
	_, team = call("GET", api.Prefix+"codinsa", ctok[0])
	if got["codinsa"] == nil || !sameJSON(t, got["codinsa"], team) || strings.Contains(string(got["codinsa"]), "424242") {
		t.Errorf("the public final differs from the teams' (or gives the voted set):\n%s\n%s", got["codinsa"], team)
	}

	// leagues: each league's leaderboard, the top league first
	if got := publicFormat(t, call, jungle.ID); got["leagues"] != nil {
		t.Errorf("an event without leagues shows some: %s", got["leagues"])
	}
	tracks, tt, trtok := public("tracks", true)
	// a team in no league yet is in the "not placed yet" lines, as it is
	// in the ranking
	if _, err := p.Store.SetLeague(ctx, tt[0].ID, 0, 5); err != nil { // as the scheduler places them
		t.Fatal(err)
	}
	var unplaced []struct{ Team string }
	if err := json.Unmarshal(publicFormat(t, call, tracks.ID)["unplaced"], &unplaced); err != nil || len(unplaced) != 1 || unplaced[0].Team != "Bats" {
		t.Errorf("the unplaced lines with Bats in no league: %v %+v", err, unplaced)
	}
	if _, err := p.Store.SetLeague(ctx, tt[1].ID, 0, 3); err != nil {
		t.Fatal(err)
	}
	got = publicFormat(t, call, tracks.ID)
	if err := json.Unmarshal(got["unplaced"], &unplaced); err != nil || len(unplaced) != 0 {
		t.Errorf("the unplaced lines with every team placed: %v %s", err, got["unplaced"])
	}
	var leagues []struct {
		Number int
		Name   string
		Lines  []struct{ Team string }
	}
	if err := json.Unmarshal(got["leagues"], &leagues); err != nil || len(leagues) < 2 || leagues[0].Number < leagues[1].Number {
		t.Fatalf("the public leagues: %v %s", err, got["leagues"])
	}
	placed := map[string]int{}
	for _, l := range leagues {
		for _, ln := range l.Lines {
			placed[ln.Team] = l.Number
		}
	}
	if len(placed) != 2 || placed["Owls"] != 5 || placed["Bats"] != 3 {
		t.Errorf("the leagues' lines: %v, want Owls in 5 and Bats in 3: %s", placed, got["leagues"])
	}

	// the side quest's board, as the teams read it
	if _, team := call("GET", api.Prefix+"sidequest", trtok[0]); got["sidequest"] == nil || !sameJSON(t, got["sidequest"], team) {
		t.Errorf("the public side quest differs from the teams':\n%s\n%s", got["sidequest"], team)
	}

	// nothing of a team's own anywhere
	seen := ""
	for _, ev := range []store.Event{jungle, territory, catmouse, tracks} {
		_, b := call("GET", fmt.Sprintf("%spublic/events/%d/format", api.Prefix, ev.ID), "")
		seen += string(b)
	}
	for _, secret := range append(allTokens, "stderr", "url", "submission", "invite") {
		if strings.Contains(seen, secret) {
			t.Errorf("the public format tables give away %q: %s", secret, seen)
		}
	}
}
