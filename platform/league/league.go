// Package league is the CodinGame league ladder of an event (ants, tracks):
// a team's new submission starts in the team's league and takes that
// league's promotion test, PromotionGames games against the league's boss,
// promoted with PromotionWins wins (a draw is not a win); a promoted bot
// takes the next league's test at once, up to the top league, whose boss
// is only a benchmark. The package decides; the platform plays the games.
package league

import (
	"fmt"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/tournament"
)

// The promotion rule of the rules files (ants §5, tracks §5), as
// arena league plays it.
const (
	PromotionGames = tournament.PromotionGames
	PromotionWins  = tournament.PromotionWins
)

// Outcome of one promotion game from the candidate's side.
type Outcome int

const (
	Loss Outcome = iota
	Draw
	Win
)

func (o Outcome) String() string { return [...]string{"loss", "draw", "win"}[o] }

// OutcomeOf reads a game's ranks (by seat) from the candidate's seat.
func OutcomeOf(ranks []int, seat int) Outcome {
	if seat < 0 || seat >= len(ranks) || len(ranks) != 2 {
		return Loss
	}
	me, boss := ranks[seat], ranks[1-seat]
	switch {
	case me < boss:
		return Win
	case me > boss:
		return Loss
	}
	return Draw
}

// Seat is the candidate's seat in game k (0-based) of a league's test:
// 0 in games 1, 3, 5 and 1 in games 2, 4, or always 0 in a league that
// keeps it there (tracks' objective leagues).
func Seat(l game.League, k int) int {
	if l.FirstSeatOnly {
		return 0
	}
	return k % 2
}

// Test is the state of one submission's test in one league.
type Test struct {
	Played   int  // games played so far
	Wins     int  // of which won
	Decided  bool // no further game can change the outcome
	Promoted bool // decided, with enough wins
}

// Decide counts a test's outcomes so far; a test stops as soon as its
// outcome is certain (as arena league does).
func Decide(outcomes []Outcome) Test {
	var t Test
	for _, o := range outcomes {
		if t.Decided {
			break // games past the decision (none are queued) count nothing
		}
		t.Played++
		if o == Win {
			t.Wins++
		}
		losses := t.Played - t.Wins
		t.Decided = t.Wins >= PromotionWins || losses > PromotionGames-PromotionWins
	}
	t.Promoted = t.Wins >= PromotionWins
	return t
}

// First is the first league of a game; ok is false for a game without
// leagues.
func First(info game.Info) (game.League, bool) {
	if len(info.Leagues) == 0 {
		return game.League{}, false
	}
	return info.Leagues[0], true
}

// Top is the highest league of a game (its leaderboard is the event's).
func Top(info game.Info) (game.League, bool) {
	if len(info.Leagues) == 0 {
		return game.League{}, false
	}
	return info.Leagues[len(info.Leagues)-1], true
}

// Find is league number n of a game.
func Find(info game.Info, n int) (game.League, error) {
	for _, l := range info.Leagues {
		if l.Number == n {
			return l, nil
		}
	}
	return game.League{}, fmt.Errorf("%s has no league %d", info.Name, n)
}

// Next is the league a bot promoted from n goes to; ok is false from the
// top league (no promotion: its boss is a benchmark).
func Next(info game.Info, n int) (game.League, bool) {
	for i, l := range info.Leagues {
		if l.Number == n && i+1 < len(info.Leagues) {
			return info.Leagues[i+1], true
		}
	}
	return game.League{}, false
}
