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
	// Rounds caps the number of rounds of this schedule (0: no cap; the
	// organiser stops them, or the event's end does: NextBefore, DueBefore).
	Rounds int `json:"rounds,omitempty"`
	// Before is the number of rounds begun before this schedule was
	// saved (by an earlier schedule, or run now): the schedule's first
	// round is the next one, due at Start, and Rounds counts from it. A
	// schedule saved anew thus starts at its own start time, not where
	// the old one had got to.
	Before int `json:"before,omitempty"`
	// Stopped: the organiser stopped the schedule; none of its rounds
	// falls due (a round run now still plays). Saving a schedule starts
	// it again.
	Stopped bool `json:"stopped,omitempty"`
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

// At is when the schedule's round n (from 1) is due, by the schedule
// alone: the event's round Before+n.
func (s Schedule) At(n int) time.Time { return s.Start.Add(time.Duration(n-1) * s.Every) }

// Next is when the event's round played+1 falls due, given when the last
// round started (zero: none yet); ok is false when none will: the
// schedule is stopped, not valid, or its rounds are all played. A round
// is due at its time, and never sooner than an interval after the last
// one began: rounds missed while the server was down are played one
// interval apart, not in a burst.
func (s Schedule) Next(played int, last time.Time) (at time.Time, ok bool) {
	n := max(played-s.Before, 0) // rounds of this schedule played
	if s.Stopped || s.Check() != nil || (s.Rounds > 0 && n >= s.Rounds) {
		return time.Time{}, false
	}
	at = s.At(n + 1)
	if !last.IsZero() && at.Before(last.Add(s.Every)) {
		at = last.Add(s.Every)
	}
	return at, true
}

// Due says whether the event's round played+1 is due at now (Next).
func (s Schedule) Due(now time.Time, played int, last time.Time) bool {
	at, ok := s.Next(played, last)
	return ok && !now.Before(at)
}

// NextBefore is Next in an event that ends at end (zero: it never does),
// seen at now: no round of the schedule starts at or after the end, so
// that the ranking at the end (which seeds the final) is the one kept.
// ok is false when the round would fall due at or after the end, and from
// the end on: a round due before it and not begun by then (the server
// was down) does not start after it.
func (s Schedule) NextBefore(end, now time.Time, played int, last time.Time) (at time.Time, ok bool) {
	at, ok = s.Next(played, last)
	if ok && !end.IsZero() && (!at.Before(end) || !now.Before(end)) {
		return time.Time{}, false
	}
	return at, ok
}

// DueBefore says whether the event's round played+1 starts at now in an
// event that ends at end (NextBefore).
func (s Schedule) DueBefore(end, now time.Time, played int, last time.Time) bool {
	at, ok := s.NextBefore(end, now, played, last)
	return ok && !now.Before(at)
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
