// Package rounds is Ready AI Code 2020's ladder of ranked rounds on the
// platform: the organiser sets each round (players per game, the arena's
// size class, shapes and obstacle mix, a points multiplier), the round
// draws its games among the teams (every team plays the same number of
// games), and each game adds 5·(n-p)·multiplier ladder points to the team
// placed p-th of n, shared places sharing the points. The ladder orders by
// points, then first places, then mean final territory (territory rules
// §5). The draw, the points and the order are tournament.PointRounds'; the
// package decides, the platform plays the games.
package rounds

import (
	"fmt"
	"strconv"
	"time"

	"github.com/seed27749672/arena/tournament"
)

// Round is one ranked round: the organiser's settings, then its draw.
type Round struct {
	Number  int `json:"number"` // 1, 2, ...
	Players int `json:"players"`
	// Size, Shape, Mix and Obstacles are the game's options of the same
	// names for the round's arenas ("": the event's, or the game's
	// default). Shape may be a set, "square,x": each game draws one of
	// its shapes (territory's option).
	Size       string  `json:"size,omitempty"`
	Shape      string  `json:"shape,omitempty"`
	Mix        string  `json:"mix,omitempty"`
	Obstacles  string  `json:"obstacles,omitempty"`
	Multiplier float64 `json:"multiplier"`
	Seed       int64   `json:"seed"`
	// Teams and Submissions are the round's field, in the draw's order;
	// Groups its games, as indices into Teams by seat.
	Teams       []int64 `json:"teams"`
	Submissions []int64 `json:"submissions"`
	Groups      [][]int `json:"groups"`
	// At is when the round is played: its field is taken and its games
	// drawn then (zero: at once). Queued says its games are queued; Error
	// why a round could not be played when its time came.
	At      time.Time `json:"at,omitzero"`
	Queued  bool      `json:"queued,omitempty"`
	Error   string    `json:"error,omitempty"`
	Started time.Time `json:"started,omitzero"`
	// Cancelled is when the organiser cancelled the round before it
	// started: it keeps its number and is never played.
	Cancelled time.Time `json:"cancelled,omitzero"`
}

// Due reports whether the round's time has come and it is neither
// launched nor cancelled.
func (r Round) Due(now time.Time) bool {
	return !r.Queued && r.Cancelled.IsZero() && !now.Before(r.At)
}

// Options are the game options of the round's games.
func (r Round) Options() []string {
	var o []string
	for _, kv := range [][2]string{{"size", r.Size}, {"shape", r.Shape}, {"mix", r.Mix}, {"obstacles", r.Obstacles}} {
		if kv[1] != "" {
			o = append(o, kv[0]+"="+kv[1])
		}
	}
	return append(o, "multiplier="+strconv.FormatFloat(r.Multiplier, 'f', -1, 64))
}

// Draw checks the round's settings against its field and draws its games.
func (r *Round) Draw() error {
	switch {
	case r.Multiplier <= 0:
		return fmt.Errorf("the round's multiplier must be positive, not %g", r.Multiplier)
	case r.Players < 2:
		return fmt.Errorf("a round's games need at least 2 players, not %d", r.Players)
	case len(r.Teams) < r.Players:
		return fmt.Errorf("games of %d players need at least %d teams with a bot; %d have one", r.Players, r.Players, len(r.Teams))
	case len(r.Submissions) != len(r.Teams):
		return fmt.Errorf("the round has %d teams and %d submissions", len(r.Teams), len(r.Submissions))
	}
	r.Groups = tournament.RoundGroups(len(r.Teams), r.Players, r.Seed, r.Number)
	return nil
}

// Game is one played game of a round: its teams, ranks and final scores
// (territory) by seat.
type Game struct {
	Round  int
	Teams  []int64
	Ranks  []int
	Scores []float64
}

// Line is one team's line of the ladder.
type Line struct {
	Team   int64   `json:"team_id"`
	Place  int     `json:"place"` // shared by teams equal on every key
	Points float64 `json:"points"`
	Firsts int     `json:"firsts"`
	Games  int     `json:"games"`
	Mean   float64 `json:"mean_territory"`
}

// Ladder adds up the games of the rounds (a game of an unknown round
// counts nothing) for the teams given, and orders them.
func Ladder(teams []int64, rs []Round, games []Game) []Line {
	mult := map[int]float64{}
	for _, r := range rs {
		mult[r.Number] = r.Multiplier
	}
	index := map[int64]int{}
	lines := make([]Line, len(teams))
	sums := make([]float64, len(teams))
	for i, t := range teams {
		index[t], lines[i].Team = i, t
	}
	for _, g := range games {
		m, ok := mult[g.Round]
		if !ok {
			continue
		}
		for seat, t := range g.Teams {
			i, ok := index[t]
			if !ok || seat >= len(g.Ranks) {
				continue
			}
			l := &lines[i]
			l.Points += tournament.LadderPoints(len(g.Teams), g.Ranks[seat], m)
			l.Games++
			if g.Ranks[seat] == 1 {
				l.Firsts++
			}
			if seat < len(g.Scores) {
				sums[i] += g.Scores[seat]
			}
		}
	}
	keys := make([]tournament.LadderKey, len(lines))
	for i := range lines {
		if lines[i].Games > 0 {
			lines[i].Mean = sums[i] / float64(lines[i].Games)
		}
		keys[i] = tournament.LadderKey{Points: lines[i].Points, Firsts: lines[i].Firsts, Mean: lines[i].Mean}
	}
	order, place := tournament.LadderOrder(keys)
	out := make([]Line, len(order))
	for k, i := range order {
		out[k] = lines[i]
		out[k].Place = place[k]
	}
	return out
}
