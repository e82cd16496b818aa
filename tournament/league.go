package tournament

import (
	"context"
	"fmt"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/sandbox"
)

// Promotion rule of Arena's leagues: a bot is promoted from a league when it
// wins at least PromotionWins of PromotionGames games against the league's
// boss, on fresh seeds; a draw is not a win (ants §5, tracks §5).
const (
	PromotionGames = 5
	PromotionWins  = 3
)

// PromotionGame is one game of a promotion test.
type PromotionGame struct {
	Seed    int64
	Seat    int    // the candidate's seat
	Outcome string // "win", "loss" or "draw"
	Replay  *replay.Replay
}

// PromotionTest is the outcome of a league's promotion test.
type PromotionTest struct {
	League   game.League
	Games    []PromotionGame
	Wins     int
	Promoted bool
	// Voided lists the plays voided because a bot was starved (see
	// RunFair): each game's result is that of the play after them.
	Voided []Voided
}

// Promote plays the promotion test of one league: the candidate (a --bot
// spec) against the league's boss, PromotionGames games with seeds seed,
// seed+1, ..., the candidate in seat 0 in games 1, 3, 5 and in seat 1 in
// the others, unless the league keeps it in seat 0 (FirstSeatOnly). It stops
// early once the outcome is certain. onGame, when not nil, sees each game.
// sb, when not nil, runs the candidate contained (when it is a command).
func Promote(ctx context.Context, gameName, candidate string, league int, seed int64, opts []string, sb *sandbox.Limits, timeScale float64, onGame func(PromotionGame)) (*PromotionTest, error) {
	g, err := game.Lookup(gameName)
	if err != nil {
		return nil, err
	}
	info := g.Info()
	if len(info.Leagues) == 0 {
		return nil, fmt.Errorf("%s has no leagues", info.Name)
	}
	if league, err = info.CheckLeague(league); err != nil {
		return nil, err
	}
	var l game.League
	for _, x := range info.Leagues {
		if x.Number == league {
			l = x
		}
	}
	if l.Boss == "" {
		return nil, fmt.Errorf("%s league %d has no boss", info.Name, league)
	}
	test := &PromotionTest{League: l}
	for k := 0; k < PromotionGames; k++ {
		losses := k - test.Wins
		if test.Wins >= PromotionWins || losses > PromotionGames-PromotionWins {
			break // decided
		}
		seat := k % 2
		if l.FirstSeatOnly {
			seat = 0
		}
		bots := []string{candidate, "builtin:" + l.Boss}
		if seat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		s := seed + int64(k)
		m, err := match.Setup{Game: gameName, Bots: bots, Seed: &s, League: league, Options: opts, Sandbox: sb, TimeScale: timeScale}.Build()
		if err != nil {
			return nil, err
		}
		rep, voided, err := RunFair(ctx, m)
		test.Voided = append(test.Voided, voided...)
		if err != nil {
			return test, err
		}
		pg := PromotionGame{Seed: s, Seat: seat, Replay: rep, Outcome: outcome(rep.Result, seat)}
		if pg.Outcome == "win" {
			test.Wins++
		}
		test.Games = append(test.Games, pg)
		if onGame != nil {
			onGame(pg)
		}
	}
	test.Promoted = test.Wins >= PromotionWins
	return test, nil
}

// outcome reads a two-player result from the seat's point of view.
func outcome(res *replay.Result, seat int) string {
	me, boss := res.Players[seat].Rank, res.Players[1-seat].Rank
	switch {
	case me < boss:
		return "win"
	case me > boss:
		return "loss"
	}
	return "draw"
}
