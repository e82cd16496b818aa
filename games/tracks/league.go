package tracks

import "github.com/seed27749672/arena/game"

// The leagues (rules §5). Leagues 1 and 2 are objective leagues for
// player 0 (the candidate) against the boss in seat 1; leagues 3 to 5 are
// the full game, won on points. Every league runs the full engine.
//
//   - 1 Wood 2: player 0 must score at least 1 point (an active connection
//     holding one of its tracks); the game ends as soon as it does.
//   - 2 Wood 1: an inking must destroy at least one track of player 1 in the
//     region of player 0's most recent successful DISRUPT.
//   - 3 Bronze, 4 Silver, 5 Gold (the default): the higher score wins.
//
// In leagues 1 and 2 the final scores are the verdict, 0 for the winner and
// -1 for the loser, and the early end when no connection is possible any
// more does not apply. Their promotion test keeps the candidate in seat 0
// (FirstSeatOnly), and a bot there plays only that test against the boss
// (BossOnly; the seed: "Dans les premières ligues, votre soumission
// affrontera uniquement le boss"); in leagues 3 to 5 seats alternate, and
// bots play each other too.
var leagues = []game.League{
	{Number: 1, Name: "Wood 2", Boss: "boss1", FirstSeatOnly: true, BossOnly: true,
		Goal: "score at least 1 point (an active connection holding one of its tracks); the game ends as soon as it does"},
	{Number: 2, Name: "Wood 1", Boss: "boss2", FirstSeatOnly: true, BossOnly: true,
		Goal: "make an inking destroy at least one of the boss's tracks in the region of its own most recent successful DISRUPT"},
	{Number: 3, Name: "Bronze", Boss: "boss3"},
	{Number: 4, Name: "Silver", Boss: "boss4"},
	{Number: 5, Name: "Gold", Boss: "boss5"},
}
