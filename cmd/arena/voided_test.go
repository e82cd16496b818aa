package main

import (
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// arena play says plainly, under the result, what the machine gave a bot
// it starved, unclipped, and on how many turns.
func TestPlayReportsStarvedTurns(t *testing.T) {
	starved := replay.Reply{Reply: game.Reply{Status: game.Timeout, Time: 100 * time.Millisecond}, CPU: 3 * time.Millisecond,
		Wait: 990 * time.Millisecond, Extra: 900 * time.Millisecond, Starved: true}
	rep := &replay.Replay{Game: "sum", Seed: 1, Players: []replay.Player{{Name: "a"}, {Name: "b"}},
		Turns: []replay.Turn{
			{Turn: 1, Replies: []replay.Reply{{Reply: game.Reply{Status: game.Answered}}, starved}},
			{Turn: 2, Replies: []replay.Reply{{Reply: game.Reply{Status: game.Answered}}, starved}},
		}}
	rep.Result = replay.BuildResult(game.Result{Players: []game.PlayerResult{{Rank: 1, Status: game.OK}, {Rank: 2, Status: game.TimedOut}}}, rep.Players, rep.Turns)
	var out strings.Builder
	printResult(&out, rep)
	for _, want := range []string{
		"b starved on turn 1: the machine gave the bot 3.0 ms of CPU in 1000 ms (limit 100 ms",
		"b was starved on 2 turns in all",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
}
