// Package sidequest is CodinGame Summer Challenge 2026's side-quest
// leaderboard on the platform (tracks, rules §6): beside the main
// ranking, the teams are ranked by the share of their games in which
// their bot earned the side-quest point. A game names the format in its
// metadata (game.Info.Formats) and says which stat of a player's result
// holds that point (game.Info.SideQuestStat).
//
// The board counts each team's active (final) submission's rated games,
// casual and final, that the arena played (not the promotion games
// against bosses, nor an older submission's); ties keep the main
// leaderboard's order (higher league, then rating). It adds its ranking
// to the event's results ("side_quest") without ranking results.csv.
package sidequest

import (
	"context"
	"sort"

	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// Line is one team's line of the board.
type Line struct {
	Rank    int
	Team    store.Team
	Games   int     // rated games of its active submission
	Points  int     // of which it earned the side-quest point
	Average float64 // Points / Games (0 without a game)
}

// ReadBoard is an event's side-quest board, the points read from each
// player's stat (the game's SideQuestStat). The event's rated games are
// read once for every team.
func ReadBoard(ctx context.Context, h format.Host, eventID int64, stat string) ([]Line, error) {
	teams, err := h.Ranked(ctx, eventID)
	if err != nil {
		return nil, err
	}
	var games []store.Match
	for _, kind := range []string{store.KindCasual, store.KindFinal} {
		ms, err := h.Store().MatchesOfKind(ctx, eventID, kind)
		if err != nil {
			return nil, err
		}
		games = append(games, ms...)
	}
	return Board(teams, games, stat), nil
}

// Board ranks teams, given in the main leaderboard's order, by the
// average side-quest points per game of their active submission over
// games (the event's rated ones); stat is the stat that holds a player's
// point. Games the arena could not play count nothing.
func Board(teams []store.Team, games []store.Match, stat string) []Line {
	tally := map[int64][2]int{} // by submission: games, points
	for _, m := range games {
		if m.Error != "" {
			continue
		}
		for seat, sub := range m.Submissions {
			if sub == 0 || seat >= len(m.Stats) {
				continue
			}
			t := tally[sub]
			t[0]++
			if m.Stats[seat][stat] >= 1 {
				t[1]++
			}
			tally[sub] = t
		}
	}
	var out []Line
	for _, tm := range teams {
		line := Line{Team: tm}
		if tm.Active != 0 {
			line.Games, line.Points = tally[tm.Active][0], tally[tm.Active][1]
		}
		if line.Games > 0 {
			line.Average = float64(line.Points) / float64(line.Games)
		}
		out = append(out, line)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Average > out[j].Average })
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}
