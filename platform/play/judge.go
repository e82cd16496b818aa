package play

import (
	"slices"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// Judge ranks a rated match by who played: a bot that never answered a
// prompt (it did not start, crashed or never connected before its first
// answer) ranks below every bot that did, whatever the game ranked, and
// a match no bot played is no result (the record's error), not a win for
// the seat the game had to rank first. (A format's games keep the game's
// ranking: their rules read the replay's result.)
func Judge(rec *store.Match, rep *replay.Replay) {
	played := answered(rep)
	switch {
	case !slices.Contains(played, true):
		rec.Error = NoResult
	case slices.Contains(played, false):
		rec.Ranks = playedFirst(rec.Ranks, played)
	}
}

// NoResult is the error of a match in which no bot played.
const NoResult = "no result: no bot answered a single prompt"

// answered says, by seat, whether the bot answered at least one prompt.
func answered(rep *replay.Replay) []bool {
	out := make([]bool, len(rep.Players))
	for _, t := range rep.Turns {
		for i, r := range t.Replies {
			if i < len(out) && r.Status == game.Answered {
				out[i] = true
			}
		}
	}
	return out
}

// playedFirst re-ranks a match's seats: those that played keep their
// order (and their ties), ranked 1, 2...; those that did not share the
// rank after them.
func playedFirst(ranks []int, played []bool) []int {
	var distinct []int
	for i, r := range ranks {
		if played[i] && !slices.Contains(distinct, r) {
			distinct = append(distinct, r)
		}
	}
	slices.Sort(distinct)
	out := make([]int, len(ranks))
	for i, r := range ranks {
		out[i] = len(distinct) + 1
		if played[i] {
			out[i] = slices.Index(distinct, r) + 1
		}
	}
	return out
}
