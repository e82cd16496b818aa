package play

import (
	"slices"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// replayOf is a replay of len(answers[0]) seats whose turns had these
// reply statuses.
func replayOf(answers ...[]game.ReplyStatus) *replay.Replay {
	rep := &replay.Replay{Players: make([]replay.Player, len(answers[0]))}
	for i, turn := range answers {
		t := replay.Turn{Turn: i + 1}
		for _, st := range turn {
			t.Replies = append(t.Replies, replay.Reply{Reply: game.Reply{Status: st}})
		}
		rep.Turns = append(rep.Turns, t)
	}
	return rep
}

// A match no bot played is no result; a bot that never answered ranks
// below those that did, which keep their order and ties; a match every
// bot played keeps the game's ranks.
func TestJudge(t *testing.T) {
	gone, ok, late := game.Gone, game.Answered, game.Timeout
	cases := []struct {
		name    string
		ranks   []int
		rep     *replay.Replay
		want    []int
		noScore bool
	}{
		{"neither bot started (jungle ranked seat 1 first)", []int{1, 2}, replayOf([]game.ReplyStatus{gone, gone}), []int{1, 2}, true},
		{"no turn at all", []int{1, 2}, &replay.Replay{Players: make([]replay.Player, 2)}, []int{1, 2}, true},
		{"the first seat never answered", []int{1, 2}, replayOf([]game.ReplyStatus{late, ok}, []game.ReplyStatus{gone, ok}), []int{2, 1}, false},
		{"four seats, two never answered", []int{1, 4, 2, 3}, replayOf([]game.ReplyStatus{gone, ok, gone, ok}), []int{3, 2, 3, 1}, false},
		{"ties among those that played", []int{1, 2, 2, 1}, replayOf([]game.ReplyStatus{gone, ok, ok, ok}), []int{3, 2, 2, 1}, false},
		{"every bot played", []int{1, 1, 3}, replayOf([]game.ReplyStatus{ok, ok, ok}), []int{1, 1, 3}, false},
	}
	for _, c := range cases {
		rec := store.Match{Ranks: slices.Clone(c.ranks)}
		Judge(&rec, c.rep)
		switch {
		case c.noScore && rec.Error != NoResult:
			t.Errorf("%s: error %q, want %q", c.name, rec.Error, NoResult)
		case !c.noScore && (rec.Error != "" || !slices.Equal(rec.Ranks, c.want)):
			t.Errorf("%s: ranks %v error %q, want %v", c.name, rec.Ranks, rec.Error, c.want)
		}
	}
}
