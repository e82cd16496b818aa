package api_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// An HTTP bot's URL is its team's: whoever knows it can call the bot with
// positions of its own choosing (the bot as an oracle) or flood it during
// a round. Another team's copy of a replay (GET matches/{id}/replay) names
// the seat's kind only, and the error texts that quote the URL (a refused
// connection, a bot not ready) quote neither it nor its host; the team's
// own copy keeps them. The match is recorded as the scheduler records one
// (no bot is played: the subject is the answer).
func TestAnotherTeamsReplayHidesItsHTTPBotURL(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "territory", "Ready", "turns=20")
	var teams, subs []int64
	var tokens []string
	for _, n := range []string{"Owls", "Bats"} {
		tm, tok, err := p.Join(ctx, invite, n)
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.Submit(ctx, tm, "still.py", []byte("print(0)\n"))
		if err != nil {
			t.Fatal(err)
		}
		teams, subs, tokens = append(teams, tm.ID), append(subs, s.ID), append(tokens, tok)
	}
	const (
		host = "owls-bot.example.org:8443"
		url  = "https://" + host + "/k7Qz-private-path"
	)
	gone := fmt.Sprintf(`Post "%s/Consciousness/OnNextMove/": dial tcp: lookup owls-bot.example.org: no such host`, url)
	notReady := fmt.Sprintf("not ready after 30s: GET %s/Consciousness/GetStatus/ gave status 502", url)
	rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "territory",
		Players: []replay.Player{{Name: "team1", Spec: "url:" + url}, {Name: "team2", Spec: "process:python3 still.py"}},
		Turns: []replay.Turn{{Replies: []replay.Reply{
			{Reply: game.Reply{Status: game.Gone, Error: gone}},
			{Reply: game.Reply{Status: game.Answered}, Stderr: "bats-log"}}}},
		Result: &replay.Result{Turns: 1, Players: []replay.PlayerResult{
			{Name: "team1", PlayerResult: game.PlayerResult{Rank: 2, Message: notReady}},
			{Name: "team2", PlayerResult: game.PlayerResult{Rank: 1}}}},
		Outcome: &game.Result{Players: []game.PlayerResult{{Rank: 2, Message: gone}, {Rank: 1}}},
		Started: time.Unix(1e9, 0)}
	key := "casual-url-1"
	if err := p.Replays.Put(key, rep); err != nil {
		t.Fatal(err)
	}
	rec := store.Match{EventID: ev.ID, Key: key, Kind: store.KindCasual, Seed: 5, Teams: teams, Submissions: subs,
		Ranks: []int{2, 1}, Scores: []float64{0, 1}, Stats: []map[string]float64{{}, {}}}
	if _, err := p.Store.RecordMatch(ctx, rec, nil); err != nil {
		t.Fatal(err)
	}
	ms, err := p.Store.Matches(ctx, ev.ID, 10)
	if err != nil || len(ms) != 1 {
		t.Fatalf("%v %+v", err, ms)
	}
	ts := platformtest.Server(t, p, nil)
	path := fmt.Sprintf("%smatches/%d/replay", api.Prefix, ms[0].ID)

	code, b := platformtest.Call(t, ts, "GET", path, tokens[1], "", nil)
	body := string(b)
	if code != 200 || !strings.Contains(body, "bats-log") || !strings.Contains(body, `"spec":"url"`) || !strings.Contains(body, "no such host") {
		t.Fatalf("Bats' copy: %d %s", code, body)
	}
	for _, secret := range []string{"k7Qz", "owls-bot", "example.org"} {
		if strings.Contains(body, secret) {
			t.Errorf("Bats' copy of the replay tells %q of Owls' URL: %s", secret, body)
		}
	}
	code, b = platformtest.Call(t, ts, "GET", path, tokens[0], "", nil)
	if body := string(b); code != 200 || strings.Count(body, url) != 4 || strings.Contains(body, "bats-log") {
		t.Errorf("Owls' own copy: %d %s", code, body)
	}
}
