// Package blitz is the schedule and the ranking of Coveo Blitz 2022's
// ranked rounds (rules/jungle §7): rounds at a regular interval from a
// start time, each splitting the teams into groups by their current
// ranking (tournament.Groups plays a round and moves the teams). This
// package holds the pure parts: when a round is due, and how the ranking
// takes in teams that arrive or leave.
package blitz

import (
	"errors"
	"fmt"
	"time"
)

// Schedule is when the ranked rounds are played.
type Schedule struct {
	Start time.Time     `json:"start"`
	Every time.Duration `json:"every"`
	Size  int           `json:"size"` // teams per group: 2 or 4
	// Rounds caps the number of rounds (0: no cap; the organiser stops
	// them, or the event's end does).
	Rounds int `json:"rounds,omitempty"`
}

// MinEvery is the shortest interval between two rounds.
const MinEvery = time.Minute

// Check says what is wrong with a schedule.
func (s Schedule) Check() error {
	switch {
	case s.Start.IsZero():
		return errors.New("ranked rounds need a start time")
	case s.Every < MinEvery:
		return fmt.Errorf("ranked rounds are at least %s apart, not %s", MinEvery, s.Every)
	case s.Size != 2 && s.Size != 4:
		return fmt.Errorf("groups have 2 or 4 teams, not %d", s.Size)
	case s.Rounds < 0:
		return fmt.Errorf("rounds must be at least 0 (0: no cap), not %d", s.Rounds)
	}
	return nil
}

// At is when round n (from 1) is due, by the schedule alone.
func (s Schedule) At(n int) time.Time { return s.Start.Add(time.Duration(n-1) * s.Every) }

// Due says whether round played+1 is due at now, given when the last
// round started (zero: none yet). A round is due at its time, and never
// sooner than an interval after the last one began: rounds missed while
// the server was down are played one interval apart, not in a burst.
func (s Schedule) Due(now time.Time, played int, last time.Time) bool {
	if s.Check() != nil || (s.Rounds > 0 && played >= s.Rounds) {
		return false
	}
	if now.Before(s.At(played + 1)) {
		return false
	}
	return last.IsZero() || !now.Before(last.Add(s.Every))
}

// Merge is the ranking of the teams that play a round: the ranked teams
// still playing, in their order, then the teams new to the ranking, in
// the order given (the casual leaderboard's for the first round, or
// registration order).
func Merge(ranking, teams []int64) []int64 {
	playing := map[int64]bool{}
	for _, t := range teams {
		playing[t] = true
	}
	out := []int64{}
	seen := map[int64]bool{}
	for _, t := range ranking {
		if playing[t] && !seen[t] {
			out = append(out, t)
			seen[t] = true
		}
	}
	for _, t := range teams {
		if !seen[t] {
			out = append(out, t)
			seen[t] = true
		}
	}
	return out
}
